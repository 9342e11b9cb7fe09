#!/usr/bin/env python3
"""Usage: Scripts/import-workbook-openpyxl.py BOOK.xlsx DATABASE

What a Python user would write to load a USDA-style workbook into SQLite, the baseline of
Scripts/bench-workbook: openpyxl in read-only mode reads the first sheet's cells; the row
whose first cell is `Year` is the header (its captions name the series), each row below it
whose first cell is a whole number is a year, every numeric cell after it an observation;
all go into obs(series, year, amount) with one executemany in one transaction.
(pip install openpyxl)
"""
import sqlite3
import sys

import openpyxl


def observations(path):
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    sheet = book.worksheets[0]
    captions = None
    for row in sheet.iter_rows(values_only=True):
        if not row:
            continue
        first = row[0]
        if captions is None:
            if isinstance(first, str) and first.strip() == "Year":
                captions = [str(c).strip() if c is not None else "" for c in row]
            continue
        if not isinstance(first, (int, float)) or first != int(first):
            continue
        year = int(first)
        for index in range(1, len(row)):
            value = row[index]
            if isinstance(value, (int, float)):
                yield (captions[index], year, float(value))
    book.close()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.splitlines()[0])
    database = sqlite3.connect(sys.argv[2])
    database.execute(
        "CREATE TABLE IF NOT EXISTS obs(series TEXT, year INT, amount REAL, "
        "PRIMARY KEY(series, year)) WITHOUT ROWID")
    with database:
        database.executemany("INSERT INTO obs VALUES (?, ?, ?)", observations(sys.argv[1]))
    count = database.execute("SELECT count(*) FROM obs").fetchone()[0]
    database.close()
    print(f"{count} observations")


if __name__ == "__main__":
    main()
