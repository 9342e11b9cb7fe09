#!/usr/bin/env python3
# Usage: Tests/DairyTestSupport/Fixtures/headers/make-fixtures.py  (needs openpyxl)
#
# Writes the header fixtures next to this script: report tables whose captions are stacked over
# several rows and centred over the columns they head without merged cells, as ERS publishes
# them, each as a workbook and as the CSV a spreadsheet saves of it. The tests read the files;
# run this again only to change them (the output is committed, CI needs no Python library).
import csv
import os

from openpyxl import Workbook
from openpyxl.styles import Alignment

HERE = os.path.dirname(os.path.abspath(__file__))
CENTRE = Alignment(horizontal="center", wrap_text=True)
ACROSS = Alignment(horizontal="centerContinuous")


def write(name, sheets):
    """sheets: [(title, rows, merges, alignments)]; rows are lists, None for an empty cell."""
    book = Workbook()
    book.remove(book.active)
    for title, rows, merges, aligned in sheets:
        sheet = book.create_sheet(title)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value is not None:
                    sheet.cell(row=r, column=c, value=value)
        for (r, c), alignment in aligned.items():
            sheet.cell(row=r, column=c).alignment = alignment
        for merge in merges:
            sheet.merge_cells(merge)
    book.save(os.path.join(HERE, name + ".xlsx"))
    title, rows, _, _ = sheets[0]
    with open(os.path.join(HERE, name + ".csv"), "w", newline="") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        width = max(len(row) for row in rows)
        for row in rows:
            cells = ["" if v is None else (f"{v:,}" if isinstance(v, float) else str(v)) for v in row]
            writer.writerow(cells + [""] * (width - len(cells)))


def grid(header, width):
    """Header rows given as {row: {column: text}} (0-based), as lists of `width` cells."""
    return [[header.get(r, {}).get(c) for c in range(width)] for r in range(max(header) + 1)]


def centred(rows, first_row, last_row):
    """Every text cell of rows first_row..last_row (1-based) centred in its cell."""
    return {(r, c + 1): CENTRE for r in range(first_row, last_row + 1)
            for c, v in enumerate(rows[r - 1]) if v is not None}


# --- The per-capita table: a six-row stacked header, no merges, captions centred in one cell,
# leaves split over two or three rows, spacer columns between the groups, one unit cell.
PERCAPITA_COLUMNS = 24
header = {
    0: {23: "All dairy"},
    1: {23: "products,"},
    2: {19: "Dry milk products", 23: "milk-"},
    3: {6: "Cheese", 10: "Frozen dairy", 15: "Evaporated and", 18: "Dry", 23: "equivalent,"},
    4: {1: "Fluid", 7: "Cottage", 10: "products", 15: "condensed milk", 18: "whole", 19: "Nonfat",
        20: "Dry", 21: "Dry", 23: "milkfat basis"},
    5: {0: "Year", 1: "Milk 2/", 2: "Yogurt", 3: "Butter", 5: "American", 6: "Other", 7: "cheese",
        9: "Ice cream", 10: "Lowfat ice cream", 11: "Sherbet", 12: "Other", 14: "Canned whole milk",
        15: "Bulk whole milk", 16: "Skim milk", 18: "milk", 19: "dry milk", 20: "buttermilk",
        21: "whey"},
}
series = [c for c in range(1, PERCAPITA_COLUMNS) if c not in (4, 8, 13, 17, 22)]
values = {
    2019: [141.2, 13.6, 6.2, 15.6, 24.6, 2.1, 12.7, 6.3, 1.0, 0.7, 1.6, 2.0, 0.2, 0.3, 2.9, 0.1, 2.8, 646.0],
    2020: [139.1, 14.0, 6.3, 15.4, 24.1, 1.9, 13.2, 6.5, 1.0, 0.7, 1.5, 2.1, 0.2, 0.3, 2.7, 0.1, 2.6, 654.0],
    2021: [137.3, 14.2, 6.5, 15.8, 25.0, 1.9, 13.3, 6.6, 1.0, 0.8, 1.4, 2.2, 0.2, 0.3, 2.5, 0.1, 2.7, 655.0],
    2022: [134.2, 14.0, 6.5, 16.3, 25.7, 1.8, 12.9, 6.4, 0.9, 0.8, 1.3, 2.1, 0.2, 0.3, 2.4, 0.1, 2.5, 661.0],
}
rows = [["Table 1--Dairy products: Per capita consumption, United States, 2019-2022 1/"],
        ["(pounds per person)"], []]
rows += grid(header, PERCAPITA_COLUMNS)
unit = [None] * PERCAPITA_COLUMNS
unit[12] = "Pounds"
rows.append(unit)
for year, amounts in values.items():
    row = [None] * PERCAPITA_COLUMNS
    row[0] = year
    for column, amount in zip(series, amounts):
        row[column] = amount
    rows.append(row)
rows += [[], ["1/ Per capita figures are disappearance: total domestic use divided by the U.S. population."],
         ["2/ Plain and flavored."], ["Source: USDA, Economic Research Service, Dairy Data."],
         ["Last update: 9/5/2024"]]
write("percapita-stacked", [("Per capita", rows, [], centred(rows, 4, 10))])

# --- Cheese by type: group captions over their columns, three ways: merged, centred across the
# selection (the caption in the selection's first cell), centred in one cell.
CHEESE_COLUMNS = 16
leaves = ["Year", "Cheddar", "Colby", "Other American", "Provolone", "Romano", "Parmesan",
          "Mozzarella", "Ricotta", "Other Italian", "Swiss", "Brick", "Muenster", "Blue",
          "Other miscellaneous", "cheese"]
amounts = {2021: [10.9, 0.6, 1.6, 0.4, 0.1, 0.5, 12.0, 0.8, 0.3, 0.9, 0.1, 0.3, 0.2, 1.3, 40.8],
           2022: [11.2, 0.6, 1.7, 0.4, 0.1, 0.5, 12.2, 0.8, 0.3, 0.9, 0.1, 0.3, 0.2, 1.4, 41.9]}


def cheese(groups, merges, across):
    rows = [["Cheese: Per capita consumption by type, 2021-2022 (pounds)"], []]
    top = [None] * CHEESE_COLUMNS
    for column, text in groups.items():
        top[column] = text
    top[15] = "Total"
    rows += [top, leaves]
    for year, values in amounts.items():
        rows.append([year] + values)
    rows += [[], ["Source: USDA, Economic Research Service."]]
    aligned = centred(rows, 3, 4)
    for (first, last) in across:
        for column in range(first, last + 1):
            aligned[(3, column + 1)] = ACROSS
    return rows, merges, aligned


merged = cheese({1: "American", 4: "Italian", 10: "Miscellaneous"}, ["B3:D3", "E3:J3", "K3:O3"], [])
across = cheese({1: "American", 4: "Italian", 10: "Miscellaneous"}, [], [(1, 3), (4, 9), (10, 14)])
one_cell = cheese({2: "American", 7: "Italian", 12: "Miscellaneous"}, [], [])
write("cheese-by-type", [("Centred in a cell",) + one_cell, ("Merged",) + merged,
                         ("Centred across",) + across])

# --- Totals close their groups where no spacer column does, and a caption the evidence does not
# place: `Frozen` centred in one of the two middle columns of four, beside a group of two.
totals = [["Supply (million pounds)"], [],
          [None, None, "Butter", None, None, "Cheese", None, None],
          ["Year", "Production", "Imports", "Total supply", "Production", "Imports", "Total supply",
           "Stocks"],
          [2021, 2085.0, 150.0, 2235.0, 14010.0, 180.0, 14190.0, 1400.0],
          [2022, 2110.0, 160.0, 2270.0, 14350.0, 170.0, 14520.0, 1450.0]]
write("totals-close-groups", [("Supply", totals, [], centred(totals, 3, 4))])
undecided = [["Frozen products (million gallons)"], [],
             [None, None, "Ice cream", None, "Frozen", None],
             ["Year", "Regular", "Lowfat", "Sherbet", "Novelties", "Bars"],
             [2021, 1300.0, 420.0, 40.0, 90.0, 5.0],
             [2022, 1290.0, 430.0, 41.0, 92.0, 4.0]]
write("undecided-span", [("Frozen", undecided, [], centred(undecided, 3, 4))])
