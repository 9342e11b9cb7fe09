#!/usr/bin/env python3
"""Usage: Scripts/generate-quickstats.py county OUT.csv [SEED]
       Scripts/generate-quickstats.py bench ROWS QUICKSTATS.csv LONG.csv [SEED [SORTED.csv]]

Writes NASS Quick Stats downloads (the web page's 21 columns, every field quoted, values with
thousands separators) that are deterministic (SEED, default 2517), so that tests and runs compare.

county: a census county file of a few thousand rows, as Quick Stats gives one: 2012 and 2017, two
data items (milk sales in $, operations with sales), the size class SALES: (50,000 OR MORE $),
60 counties in each of ten States (ANSI codes with their leading zeros) and an OTHER (COMBINED)
COUNTIES row per State without a county code; values withheld as " (D)" (a leading space, as
Quick Stats writes it) and "(Z)", CVs as numbers, "(D)", "(H)" and "(L)". The test
(QuickStatsTests) knows its rules, not its rows.

bench: ROWS rows of monthly survey values for 5 data items at county level (1,000 counties in
20 States, months from 1900 on), rows ordered by place, then period, the items alternating as in
a real download; and LONG.csv, a tidy long CSV of the same values at its fastest (series,year,value:
one column names the series, whose rows follow one another; the year is the month's key yyyymm),
for Scripts/bench-quickstats to compare. SORTED.csv, if named, gets the same rows in the order
Quick Stats itself sorts a download: by period (the latest first), then place, then item, so
that a series comes back a whole period of rows later.
"""
import random
import sys

HEADER = [
    "Program", "Year", "Period", "Week Ending", "Geo Level", "State", "State ANSI",
    "Ag District", "Ag District Code", "County", "County ANSI", "Zip Code", "Region",
    "watershed_code", "Watershed", "Commodity", "Data Item", "Domain", "Domain Category",
    "Value", "CV (%)",
]
STATES = [
    ("ALABAMA", "01"), ("CALIFORNIA", "06"), ("IDAHO", "16"), ("NEW YORK", "36"),
    ("PENNSYLVANIA", "42"), ("WISCONSIN", "55"), ("IOWA", "19"), ("MINNESOTA", "27"),
    ("MICHIGAN", "26"), ("TEXAS", "48"), ("OHIO", "39"), ("VERMONT", "50"),
    ("WASHINGTON", "53"), ("INDIANA", "18"), ("KANSAS", "20"), ("COLORADO", "08"),
    ("ARIZONA", "04"), ("NEW MEXICO", "35"), ("OREGON", "41"), ("UTAH", "49"),
]
NAMES = [
    "ADAMS", "BENTON", "CLARK", "DE KALB", "ESSEX", "FRANKLIN", "GRANT", "HOWARD", "JACKSON",
    "KNOX", "LAKE", "MCLEAN", "MADISON", "O'BRIEN", "PIKE", "ST. CLAIR", "UNION", "WAYNE",
]
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]


def county_name(index):
    base = NAMES[index % len(NAMES)]
    return base if index < len(NAMES) else f"{base} {index // len(NAMES) + 1}"


def quoted(fields):
    return ",".join('"' + f.replace('"', '""') + '"' for f in fields) + "\n"


def grouped(value):
    return f"{value:,}"


def row(program, year, period, level, state, ansi, county, county_ansi, item, domain,
        category, value, cv, district="", district_code=""):
    return [program, str(year), period, "", level, state, ansi, district, district_code,
            county, county_ansi, "", "", "00000000", "", "MILK", item, domain, category, value,
            cv]


def county_file(path, rng):
    items = [
        ("MILK - SALES, MEASURED IN $", lambda: rng.randrange(50_000, 90_000_000)),
        ("MILK - OPERATIONS WITH SALES", lambda: rng.randrange(1, 400)),
    ]
    with open(path, "w", newline="") as out:
        out.write(quoted(HEADER))
        for year in (2017, 2012):
            for state, ansi in STATES[:10]:
                counties = [(county_name(i), f"{2 * i + 1:03d}", "", "") for i in range(60)]
                counties.append(("OTHER (COMBINED) COUNTIES", "", "NORTHERN", "10"))
                for county, code, district, district_code in counties:
                    for item, amount in items:
                        draw = rng.random()
                        if draw < 0.06:
                            value, cv = " (D)", "(D)"
                        elif draw < 0.07:
                            value, cv = "(Z)", "(L)"
                        else:
                            value = grouped(amount())
                            cv = "(H)" if draw > 0.99 else f"{rng.uniform(0.5, 60):.1f}"
                        out.write(quoted(row(
                            "CENSUS", year, "YEAR", "COUNTY", state, ansi, county, code, item,
                            "SALES", "SALES: (50,000 OR MORE $)", value, cv, district,
                            district_code)))


def bench_files(rows, quickstats_path, long_path, rng, sorted_path=None):
    items = [
        "MILK - PRODUCTION, MEASURED IN LB",
        "MILK - PRODUCTION, MEASURED IN LB / HEAD",
        "MILK - PRICE RECEIVED, MEASURED IN $ / CWT",
        "MILK - SALES, MEASURED IN $",
        "CATTLE, COWS, MILK - INVENTORY",
    ]
    places = [(state, ansi, county_name(c), f"{c + 1:03d}")
              for state, ansi in STATES for c in range(50)]
    written = 0
    with open(quickstats_path, "w", newline="") as qs, open(long_path, "w", newline="") as long:
        qs.write(quoted(HEADER))
        long.write("series,year,value\n")
        per_place = -(-rows // len(places))
        by_period = []
        for state, ansi, county, code in places:
            # The long file's rows of a place, by series: the tidy file at its fastest.
            tidy = {item: [] for item in items}
            for index in range(per_place):
                if written == rows:
                    break
                month = index // len(items)
                item = items[index % len(items)]
                year, period = 1900 + month // 12, MONTHS[month % 12]
                value = rng.randrange(1, 2_000_000_000)
                line = quoted(row(
                    "SURVEY", year, period, "COUNTY", state, ansi, county, code, item, "TOTAL",
                    "NOT SPECIFIED", grouped(value), ""))
                qs.write(line)
                if sorted_path:
                    by_period.append((-month, len(by_period), line))
                tidy[item].append(f'"{item} @ {county}, {state}",{year * 100 + month % 12 + 1},{value}\n')
                written += 1
            for item in items:
                long.writelines(tidy[item])
    if sorted_path:
        # Places were written in order, and each place's items in order: sorting by period
        # (latest first), then by the position written, gives period, place, item.
        by_period.sort()
        with open(sorted_path, "w", newline="") as out:
            out.write(quoted(HEADER))
            out.writelines(line for _, _, line in by_period)


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("county", "bench"):
        sys.exit(__doc__)
    if sys.argv[1] == "county":
        county_file(sys.argv[2], random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2517))
    else:
        if len(sys.argv) < 5:
            sys.exit(__doc__)
        seed = int(sys.argv[5]) if len(sys.argv) > 5 else 2517
        sorted_path = sys.argv[6] if len(sys.argv) > 6 else None
        bench_files(int(sys.argv[2]), sys.argv[3], sys.argv[4], random.Random(seed), sorted_path)


if __name__ == "__main__":
    main()
