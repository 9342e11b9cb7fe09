#!/usr/bin/env python3
# Usage: Tests/DairyTestSupport/Fixtures/food-availability/convert-dyfluid.py [PATH/TO/dyfluid.xls]
#
# Converts ERS Food Availability's legacy workbook dyfluid.xls (Excel 97, which dairy refuses)
# into the fixtures beside this script, as Excel would save them:
#   dyfluid.xlsx        every sheet, with its values, merged ranges, horizontal alignment
#                       (centre across selection included), wrapping and number formats;
#   dyfluid-SHEET.csv   each data sheet "saved as CSV": cells as displayed (number formats
#                       applied: `9,643`, `106.6`), commas, quotes round the captions that hold
#                       line breaks or commas, CRLF at the end of each row, up to the last column
#                       that holds something.
# Needs xlrd and openpyxl (run it once; the output is committed, so the tests need neither).
# The default input is ../shared/data/usda-published/dyfluid.xls from the repository's root.
# Deterministic: fixed document dates and zip timestamps, so a second run writes the same bytes.
import csv
import io
import os
import re
import sys
import zipfile

import openpyxl
import xlrd
from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
DEFAULT = os.path.join(ROOT, "..", "shared", "data", "usda-published", "dyfluid.xls")

# xlrd's horizontal alignment codes, as openpyxl names them.
HORIZONTAL = {0: None, 1: "left", 2: "center", 3: "right", 4: "fill", 5: "justify",
              6: "centerContinuous", 7: "distributed"}


def last_filled_column(sheet):
    last = -1
    for row in range(sheet.nrows):
        for column in range(sheet.ncols):
            if sheet.cell_type(row, column) not in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
                last = max(last, column)
    return last


def last_filled_row(sheet):
    for row in reversed(range(sheet.nrows)):
        if any(sheet.cell_type(row, c) not in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK)
               for c in range(sheet.ncols)):
            return row
    return -1


def displayed(value, code):
    """A number as Excel shows it with the formats dyfluid.xls uses."""
    if code in ("General", "@"):
        return str(int(value)) if value == int(value) else "%.10g" % value
    decimals = code.split(".")[1].count("0") if "." in code else 0
    return f"{value:,.{decimals}f}" if code.startswith("#,##") else f"{value:.{decimals}f}"


def convert(path):
    book = xlrd.open_workbook(path, formatting_info=True)
    out = openpyxl.Workbook()
    out.remove(out.active)
    for sheet in book.sheets():
        target = out.create_sheet(sheet.name)
        width = last_filled_column(sheet) + 1
        height = last_filled_row(sheet) + 1
        rows = []
        for r in range(height):
            texts = []
            for c in range(width):
                kind = sheet.cell_type(r, c)
                value = sheet.cell_value(r, c)
                xf = book.xf_list[sheet.cell_xf_index(r, c)]
                code = book.format_map[xf.format_key].format_str
                cell = target.cell(row=r + 1, column=c + 1)
                if kind == xlrd.XL_CELL_NUMBER:
                    cell.value = value
                    cell.number_format = code
                    texts.append(displayed(value, code))
                elif kind == xlrd.XL_CELL_TEXT:
                    cell.value = value
                    texts.append(value)
                else:
                    texts.append("")
                horizontal = HORIZONTAL.get(xf.alignment.hor_align)
                wrap = bool(xf.alignment.text_wrapped)
                if horizontal or wrap:
                    cell.alignment = Alignment(horizontal=horizontal, wrap_text=wrap or None)
            rows.append(texts)
        for low_row, high_row, low_col, high_col in sheet.merged_cells:
            target.merge_cells(f"{get_column_letter(low_col + 1)}{low_row + 1}:"
                               f"{get_column_letter(high_col)}{high_row}")
        if sheet.name != "TableOfContents":
            name = os.path.join(HERE, f"dyfluid-{sheet.name}.csv")
            with open(name, "w", newline="", encoding="utf-8") as file:
                csv.writer(file, lineterminator="\r\n").writerows(rows)
    out.properties.creator = "convert-dyfluid.py"
    fixed = __import__("datetime").datetime(2020, 11, 1)
    out.properties.created = out.properties.modified = fixed
    buffer = io.BytesIO()
    out.save(buffer)
    # The same bytes on every run: the zip entries get one fixed date.
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as source, \
            zipfile.ZipFile(os.path.join(HERE, "dyfluid.xlsx"), "w", zipfile.ZIP_DEFLATED) as dest:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=(2020, 11, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the time of saving
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2020-11-01T00:00:00Z", data)
            dest.writestr(entry, data)


if __name__ == "__main__":
    convert(sys.argv[1] if len(sys.argv) > 1 else DEFAULT)
