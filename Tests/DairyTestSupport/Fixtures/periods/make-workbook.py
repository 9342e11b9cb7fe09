#!/usr/bin/env python3
"""Usage: python3 make-workbook.py

Writes quarterly.xlsx beside this script: an ERS-style workbook of quarterly tables (openpyxl),
one sheet per shape: quarters across under years merged over them (with Annual columns, Roman
quarter numbers, years stored as numbers), a Year and a Quarter column with the year on each
year's first row alone, marketing years down, months across as date cells (`mmm-yy`), and
weeks' ending dates down as date cells. The .xlsx is committed: CI needs no Python.
"""
import datetime
import os
from openpyxl import Workbook
from openpyxl.styles import Alignment

here = os.path.dirname(os.path.abspath(__file__))
book = Workbook()

across = book.active
across.title = "Quarters across"
across["A1"] = "Milk supply and use, quarterly (billion pounds)"
years = [(2022, "B"), (2023, "G")]
for year, start in years:
    across[f"{start}2"] = year
    first = ord(start) - ord("A")
    across.merge_cells(start_row=2, start_column=first + 1, end_row=2, end_column=first + 5)
    across[f"{start}2"].alignment = Alignment(horizontal="center")
    for offset, label in enumerate(["I", "II", "III", "IV", "Annual"]):
        across.cell(row=3, column=first + 1 + offset, value=label)
rows = [
    ("Milk production", [56.3, 57.9, 56.1, 55.8, 226.1, 56.9, 58.1, 56.2, 55.9, 227.1]),
    ("Farm use", [0.2, 0.3, 0.2, 0.2, 0.9, 0.2, 0.3, 0.2, 0.2, 0.9]),
    ("Imports", [1.5, 1.6, 1.7, 1.9, 6.7, 1.6, 1.7, 1.8, 2.0, 7.1]),
]
for index, (name, values) in enumerate(rows):
    across.cell(row=4 + index, column=1, value=name)
    for offset, value in enumerate(values):
        across.cell(row=4 + index, column=2 + offset, value=value).number_format = "0.0"
across["A8"] = "Source: USDA-ERS."

down = book.create_sheet("Quarters down")
down["A1"] = "U.S. milk production and prices, quarterly"
down.append(["Year", "Quarter", "Milk production (million pounds)", "All-milk price ($/cwt)"])
data = [
    (2022, "Q1", 56290, 24.10), (None, "Q2", 57850, 26.00), (None, "Q3", 56100, 24.53),
    (None, "Q4", 55850, 23.87), (None, "Annual", 226090, 25.34), (2023, "Q1", 56900, 20.73),
    (None, "Q2", 58110, 19.50),
]
for row in data:
    down.append(list(row))
down.append([])
down.append(["Last update: 5/19/2023"])

marketing = book.create_sheet("Marketing years")
marketing["A1"] = "Cheese imports, marketing years (metric tons)"
marketing.append(["Marketing year", "Imports", "Exports"])
for row in [("2019/20", 12000, 3000), ("2020/21", 13000, 3500), ("2021/22", 14000, 2500)]:
    marketing.append(list(row))

months = book.create_sheet("Months as dates")
months["A1"] = "Cheese prices, monthly (dollars per pound)"
months.append(["Item"] + [datetime.datetime(2023, month, 1) for month in range(1, 5)])
for cell in months[2][1:]:
    cell.number_format = "mmm-yy"
months.append(["Cheddar blocks", 1.90, 1.80, 1.75, 1.70])
months.append(["Cheddar barrels", 1.80, 1.70, 1.65, 1.60])

weeks = book.create_sheet("Weeks as dates")
weeks["A1"] = "Butter price, weekly (dollars per pound)"
weeks.append(["Week ending", "Butter"])
for index, day in enumerate([7, 14, 21, 28]):
    weeks.append([datetime.datetime(2020, 3, day), round(1.60 - index * 0.01, 2)])
    weeks.cell(row=3 + index, column=1).number_format = "m/d/yyyy"

book.save(os.path.join(here, "quarterly.xlsx"))
