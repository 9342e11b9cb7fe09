#!/usr/bin/env python3
# Usage: dump-cells.py BOOK.xlsx > BOOK.cells.txt
#
# Writes every stored value of a workbook as openpyxl reads it, one line per cell, for
# WorkbookReaderTests to compare with dairy's reader: `SHEET<TAB>CELL<TAB>KIND<TAB>VALUE`, KIND
# n (number, Python's shortest repr of the double), s (text, JSON-quoted), b, e, or d (a
# date-formatted number, as an ISO date). Then one line per sheet with its merged ranges, in
# order. Needs `pip install openpyxl`; the dumps are checked in, so the tests do not.
import datetime
import json
import sys

import openpyxl


def value(cell):
    v = cell.value
    if isinstance(v, bool):
        return "b", "1" if v else "0"
    if isinstance(v, datetime.datetime):
        text = v.date().isoformat()
        if v.time() != datetime.time(0):
            text += "T" + v.time().isoformat()
        return "d", text
    if isinstance(v, (int, float)):
        return "n", repr(float(v))
    if cell.data_type == "e":
        return "e", v
    return "s", json.dumps(v, ensure_ascii=False)


book = openpyxl.load_workbook(sys.argv[1])
for sheet in book.worksheets:
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is not None:
                kind, text = value(cell)
                print(f"{sheet.title}\t{cell.coordinate}\t{kind}\t{text}")
    ranges = sorted(sheet.merged_cells.ranges, key=lambda r: (r.min_row, r.min_col))
    print(f"{sheet.title}\tmerged\t{' '.join(str(r) for r in ranges)}")
