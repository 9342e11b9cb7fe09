#!/usr/bin/env python3
"""Usage: Scripts/generate-long-csv.py ROWS OUT.csv [SERIES]

Writes a long-format CSV `product,year,amount` of ROWS rows: SERIES series (default 1000) of
ROWS/SERIES consecutive years each, amounts with 6 decimals. Deterministic (fixed seed), so runs
compare.
"""
import random
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = int(sys.argv[1])
    out = sys.argv[2]
    series = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    years = rows // series
    rng = random.Random(42)
    with open(out, "w", newline="") as f:
        f.write("product,year,amount\n")
        for s in range(series):
            name = f"product_{s:05d}"
            lines = [f"{name},{1000 + y},{rng.uniform(0, 1000):.6f}\n" for y in range(years)]
            f.write("".join(lines))


if __name__ == "__main__":
    main()
