#!/usr/bin/env python3
# Usage: Scripts/generate-hostile-header.py [COLUMNS ROWS] > FILE.csv   (default: 16000 40)
#
# Writes a report CSV whose header is as hard to read as a header can be made small: ROWS header
# rows of random captions (30 % of cells; words that stack, close groups and name groups:
# `Cheese3`, `Other7`, `total1`, `milk-2`), a row of leaves, three years of data. Seeded, so the
# same file every run. For docs/benchmarks.md ("Report headers").
import random
import sys

columns = int(sys.argv[1]) if len(sys.argv) > 1 else 16000
header_rows = int(sys.argv[2]) if len(sys.argv) > 2 else 40
random.seed(1)
rows = [["Title of a hostile table"]]
for r in range(header_rows):
    row = [""] * columns
    for c in range(1, columns):
        if random.random() < 0.3:
            row[c] = random.choice(["Cheese", "Other", "total", "and", "milk-", "Total x", "Dry"]) + str(r)
    rows.append(row)
rows.append(["Year"] + ["C%d" % c for c in range(1, columns)])
for year in range(2000, 2003):
    rows.append([str(year)] + [str(c) for c in range(1, columns)])
sys.stdout.write("\n".join(",".join(row) for row in rows) + "\n")
