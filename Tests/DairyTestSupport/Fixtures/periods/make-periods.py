#!/usr/bin/env python3
"""Writes periods.json: a dairy backup of sections that are not annual or have places, made from
the values of the NASS samples (/work/shared/data/nass) so that the reading side (show, browse,
chart, sections, export, --since, --place, --by place) is tested on real figures without the
readers that import them. Run it from this folder; it needs only the standard library."""
import csv, json, os

NASS = os.environ.get("NASS", "/work/shared/data/nass")

def quickstats(name):
    with open(os.path.join(NASS, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))

months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
monthly = {}
for row in quickstats("qs_national_monthly_milk_2019_2020.csv"):
    item = row["Data Item"]
    key = f"{row['Year']}-{months.index(row['Period']) + 1:02d}"
    monthly.setdefault(item, {})[key] = float(row["Value"].replace(",", ""))

def rows(series):
    return [{"period": p, "amount": series[p]} for p in sorted(series)]

production = monthly["MILK - PRODUCTION, MEASURED IN LB"]
per_head = monthly["MILK - PRODUCTION, MEASURED IN LB / HEAD"]
# Quarters: sums of the monthly production, million pounds.
quarters = {}
for p, v in production.items():
    year, month = p.split("-")
    quarters.setdefault(f"{year}-Q{(int(month) - 1) // 3 + 1}", []).append(v)
quarterly = {q: round(sum(v) / 1e6, 1) for q, v in quarters.items() if len(v) == 3}

sections = [
    {"dataset": "nass-monthly", "key": "MILK - PRODUCTION, MEASURED IN LB", "title": "Milk production",
     "unit": "pounds", "group": None, "notes": None, "link": "qs_national_monthly_milk_2019_2020.csv",
     "frequency": "monthly", "place": "United States", "placeLevel": "nation", "decimals": 0,
     "rows": rows(production), "missing": []},
    {"dataset": "nass-monthly", "key": "MILK - PRODUCTION, MEASURED IN LB / HEAD",
     "title": "Milk production per head", "unit": "pounds per head", "group": None, "notes": None,
     "link": "qs_national_monthly_milk_2019_2020.csv", "frequency": "monthly",
     "place": "United States", "placeLevel": "nation", "decimals": 0,
     "rows": rows(per_head), "missing": []},
    {"dataset": "nass-monthly", "key": "quarterly", "title": "Milk production by quarter",
     "unit": "million pounds", "group": None, "notes": "Sums of the monthly figures.", "link": None,
     "frequency": "quarterly", "place": "United States", "placeLevel": "nation", "decimals": 1,
     "rows": rows(quarterly), "missing": []},
    {"dataset": "nass-monthly", "key": "weekly", "title": "Cheddar block price",
     "unit": "dollars per pound", "group": None, "notes": None, "link": None,
     "frequency": "weekly", "decimals": 4,
     "rows": [{"period": p, "amount": a} for p, a in [
         ("2020-01-04", 1.8757), ("2020-01-11", 1.8910), ("2020-01-18", 1.9111),
         ("2020-02-01", 1.8542), ("2020-02-08", 1.8325)]],
     "missing": [{"period": "2020-01-25", "marker": "(NA)"}]},
]

sales = {}
codes = {}
for row in quickstats("qs_milk_sales_by_state_2012_2017.csv"):
    state = row["State"].title()
    codes[state] = row["State ANSI"]
    value = row["Value"].strip()
    sales.setdefault(state, {})[row["Year"]] = value
for state in sorted(sales):
    entry = {"dataset": "nass-sales", "key": f"MILK - SALES @ {state.upper()}",
             "title": "Milk sales", "unit": "dollars", "group": "Operations with sales of $50,000 or more",
             "notes": None, "link": "qs_milk_sales_by_state_2012_2017.csv",
             "place": state, "placeLevel": "state", "placeCode": codes[state], "decimals": 0,
             "rows": [], "missing": []}
    for year in sorted(sales[state]):
        value = sales[state][year]
        if value.startswith("("):
            entry["missing"].append({"year": int(year), "marker": value})
        else:
            entry["rows"].append({"year": int(year), "amount": float(value.replace(",", ""))})
    sections.append(entry)

document = {
    "datasets": [
        {"name": "nass-monthly", "title": "Milk production, United States, monthly",
         "source": "USDA NASS Quick Stats", "link": "qs_national_monthly_milk_2019_2020.csv",
         "updated": None, "contact": None, "notes": None, "legend": [
             {"marker": "(NA)", "meaning": "Not available"}]},
        {"name": "nass-sales", "title": "Milk sales by State, Census of Agriculture",
         "source": "USDA NASS Quick Stats", "link": "qs_milk_sales_by_state_2012_2017.csv",
         "updated": None, "contact": None, "notes": None, "legend": [
             {"marker": "(D)", "meaning": "Withheld to avoid disclosing data for individual operations"}]},
    ],
    "sections": sections,
}
with open("periods.json", "w", encoding="utf-8") as f:
    json.dump(document, f, ensure_ascii=False)
    f.write("\n")
