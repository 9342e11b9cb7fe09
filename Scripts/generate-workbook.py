#!/usr/bin/env python3
"""Usage: Scripts/generate-workbook.py SERIES YEARS OUT.xlsx [FIRST_YEAR]

Writes a report-shaped .xlsx of SERIES series x YEARS years (SERIES * YEARS numeric cells), as the
USDA publishes its tables: a title row, a caption row of shared strings, the years down column A,
one column per series with one-decimal amounts in a `#,##0.0` style, and a footnote block with a
`Last update:` date. Python's standard library only; deterministic (fixed seed and dates).
Years run from FIRST_YEAR (default 1700: `dairy import` reads 1700-2199 as years, so a sheet of
years down holds at most 500 of them).
"""
import random
import sys
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml."


def column(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def sheet(series, years, rng, first=1700):
    """The sheet's XML, in pieces; shared strings: 0 title, 1 Year, 2.. captions, then notes."""
    last = column(series)
    yield (DECL + f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}">'
           f'<dimension ref="A1:{last}{years + 5}"/><sheetData>')
    yield '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c>'
    yield "".join(f'<c r="{column(s + 1)}2" t="s"><v>{s + 2}</v></c>' for s in range(series))
    yield "</row>"
    names = [column(s + 1) for s in range(series)]
    for y in range(years):
        r = y + 3
        cells = "".join(f'<c r="{names[s]}{r}" s="1"><v>{rng.uniform(0, 50000):.1f}</v></c>'
                        for s in range(series))
        yield f'<row r="{r}"><c r="A{r}"><v>{first + y}</v></c>{cells}</row>'
    notes = years + 4
    yield (f'<row r="{notes}"><c r="A{notes}" t="s"><v>{series + 2}</v></c></row>'
           f'<row r="{notes + 1}"><c r="A{notes + 1}" t="s"><v>{series + 3}</v></c>'
           f'<c r="B{notes + 1}" s="2"><v>45533</v></c></row>')
    yield (f'</sheetData><mergeCells count="1"><mergeCell ref="A{notes}:{last}{notes}"/>'
           "</mergeCells></worksheet>")


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    series, years, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    first = int(sys.argv[4]) if len(sys.argv) == 5 else 1700
    strings = (["Generated dairy table (million pounds)", "Year"]
               + [f"Series {s + 1} {s % 7 + 1}" for s in range(series)]
               + ["1 A footnote for the benchmark.", "Last update:"])
    parts = {
        "[Content_Types].xml": DECL
        + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{OFFICE}worksheet+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{OFFICE}sharedStrings+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{OFFICE}styles+xml"/></Types>',
        "_rels/.rels": DECL + f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
        f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": DECL + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
        '<sheet name="Generated" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": DECL + f'<Relationships xmlns="{PKG}">'
        f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
        f'<Relationship Id="rId3" Type="{REL}/styles" Target="styles.xml"/></Relationships>',
        "xl/sharedStrings.xml": DECL + f'<sst xmlns="{MAIN}" count="{len(strings)}" '
        f'uniqueCount="{len(strings)}">' + "".join(f"<si><t>{s}</t></si>" for s in strings)
        + "</sst>",
        "xl/styles.xml": DECL + f'<styleSheet xmlns="{MAIN}"><numFmts count="1">'
        '<numFmt numFmtId="164" formatCode="#,##0.0"/></numFmts><cellXfs count="3">'
        '<xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>',
    }
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(zipfile.ZipInfo(name, (2024, 8, 29, 0, 0, 0)), text,
                             zipfile.ZIP_DEFLATED)
        info = zipfile.ZipInfo("xl/worksheets/sheet1.xml", (2024, 8, 29, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w") as part:
            for piece in sheet(series, years, random.Random(42), first):
                part.write(piece.encode())


if __name__ == "__main__":
    main()
