#!/usr/bin/env python3
"""Usage: Scripts/generate-report-csv.py SERIES YEARS REPORT.csv WIDE.csv [SEED]

Writes the same SERIES x YEARS cells (years from 1750: a report's years run to 2199) twice:
REPORT.csv as the USDA publishes a table (two title rows, the second a unit; a group caption over
every ten series with a spacer column between groups; numbers with thousands separators, quoted,
with a trailing space; NA in one cell in fifty; a notes block with a footnote, a legend, a source
and a last-update line), and WIDE.csv as a plain wide file (a year column, then one column per
series; the same numbers without separators). Deterministic (SEED, default 4180), so runs
compare; the differential test (DifferentialReportTests) imports both with several seeds and
sizes and compares every value.
"""
import random
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    series, years = int(sys.argv[1]), int(sys.argv[2])
    report_path, wide_path = sys.argv[3], sys.argv[4]
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 4180)
    groups = (series + 9) // 10
    with open(report_path, "w", newline="") as report, open(wide_path, "w", newline="") as wide:
        report.write('"Table 1--Generated dairy series, United States 1/"\n')
        report.write("(thousand pounds)\n")
        captions, leaves = ["Year"], [""]
        for group in range(groups):
            members = range(group * 10, min(series, group * 10 + 10))
            captions += [f"Group {group:03d}"] + [""] * (len(members) - 1) + [""]
            leaves += [f"Series {s:05d}" for s in members] + [""]
        report.write(",".join(captions) + "\n")
        report.write(",".join(leaves) + "\n")
        wide.write(",".join(["Year"] + [f"series_{s:05d}" for s in range(series)]) + "\n")
        for year in range(1750, 1750 + years):
            cells, plain = [str(year)], [str(year)]
            for s in range(series):
                if rng.random() < 0.02:
                    shown, bare = "NA", "NA"
                else:
                    value = rng.uniform(0, 100000)
                    shown, bare = f'"{value:,.1f} "', f"{value:.1f}"
                cells.append(shown)
                plain.append(bare)
                if s % 10 == 9 or s == series - 1:
                    cells.append("")
            report.write(",".join(cells) + "\n")
            wide.write(",".join(plain) + "\n")
        report.write('"1/ Generated for the dairy benchmark; not real data."\n')
        report.write("NA = not available.\n")
        report.write('"Source: dairy, Scripts/generate-report-csv.py."\n')
        report.write('"Last updated: September 5, 2024"\n')


if __name__ == "__main__":
    main()
