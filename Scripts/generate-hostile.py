#!/usr/bin/env python3
"""Usage: Scripts/generate-hostile.py SHAPE SCALE OUT
       Scripts/generate-hostile.py --list

Writes one hostile input of issue 22 at SCALE (1, 10 or 100; any positive integer works) to OUT
(a metadata shape also writes OUT's sidecar, STEM.metadata.json, beside it). Scale 100 is the
size the adversarial round measured on main fbb08c5; every count in a shape grows with SCALE, so
a shape whose cost is a product of two counts (ZIP entries x part size, columns x metadata
entries) grows as SCALE^2 on a reader that multiplies them. Python's standard library only
(zipfile, zlib, struct); deterministic (fixed seeds and dates), so runs compare. Used by
Scripts/bench-hostile; `--list` prints the shapes, one `NAME EXTENSION` a line.

Shapes (counts at scale 100):
  merges-full     .xlsx  1,000 <mergeCell ref="A1:XFD1048576"/> over a small valid table
  merges-small    .xlsx  100,000 two-cell merges: 100 header rows of 1,000 merged group captions
                         over 2,000 series (legitimate: it should import)
  shared-text     .xlsx  23,000,000 shared-string cells (<c t="s"><v>N</v></c>) above the data
  inline-text     .xlsx  1,000,000 inline strings of about 100 characters above the data
  zip-overlap     .xlsx  500 directory entries, all at one local header: a 25 MB sheet part
  long-datasets   .csv   long file, a dataset column naming 20,000 datasets
  same-title      .csv   long file (export columns), 20,000 sections whose titles are all "Milk"
  many-sheets     .xlsx  9,000 sheets (one sheet part, named by every sheet)
  legend          .csv   report with 40,000 legend lines ("Abc = missing") in its notes
  footnotes       .csv   report with 100,000 footnote lines ("N/ text", N from 1 to 99) in its notes
  footnote-one    .csv   report with 100,000 footnote lines, all "1/ text": one footnote of 2.5 MB
  metadata-300    .csv   wide file of 300 columns; sidecar of 100,000 entries, none matching
  metadata-3000   .csv   wide file of 3,000 columns; the same sidecar
  backup-number   .json  backup (dairy export JSON) whose one amount has 50,000,000 digits
  backup-notes    .json  backup whose one section has 50,000,000 bytes of notes
"""
import itertools
import json
import random
import string
import struct
import sys
import zipfile
import zlib

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml."
DATE = (2024, 8, 29, 0, 0, 0)

# The small valid table every workbook shape holds, so that it would import without its hostile
# part: a title, a header (Year, Milk, Cheese, Butter) and five years down.
TABLE_STRINGS = ["Hostile table (million pounds)", "Year", "Milk", "Cheese", "Butter"]


def column(index):
    """The letters of a 0-based column index: 0 is A, 16383 is XFD."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def table_rows(first_row, string_base=0):
    """The small table's rows from `first_row`; its strings are TABLE_STRINGS at `string_base`."""
    s = string_base
    rows = [f'<row r="{first_row}"><c r="A{first_row}" t="s"><v>{s}</v></c></row>']
    header = first_row + 1
    rows.append(f'<row r="{header}">' + "".join(
        f'<c r="{column(i)}{header}" t="s"><v>{s + 1 + i}</v></c>' for i in range(4)) + "</row>")
    for y in range(5):
        r = header + 1 + y
        rows.append(f'<row r="{r}"><c r="A{r}"><v>{2000 + y}</v></c>' + "".join(
            f'<c r="{column(i + 1)}{r}"><v>{100 * (i + 1) + y}.5</v></c>' for i in range(3))
            + "</row>")
    return "".join(rows)


def sst(strings):
    return (DECL + f'<sst xmlns="{MAIN}" count="{len(strings)}" uniqueCount="{len(strings)}">'
            + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>")


STYLES = (DECL + f'<styleSheet xmlns="{MAIN}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs>'
          "</styleSheet>")


def package(sheet_names, targets, strings):
    """The parts around the sheets: sheet_names[i] is read from worksheets/targets[i]."""
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/{t}" ContentType="{OFFICE}worksheet+xml"/>'
        for t in sorted(set(targets)))
    listed = "".join(f'<sheet name="{name}" sheetId="{i + 1}" r:id="rId{i + 1}"/>'
                     for i, name in enumerate(sheet_names))
    rels = "".join(f'<Relationship Id="rId{i + 1}" Type="{REL}/worksheet" '
                   f'Target="worksheets/{t}"/>' for i, t in enumerate(targets))
    return {
        "[Content_Types].xml": DECL
        + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}sheet.main+xml"/>'
        f'{overrides}'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{OFFICE}sharedStrings+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{OFFICE}styles+xml"/></Types>',
        "_rels/.rels": DECL + f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
        f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": DECL + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{listed}'
        "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": DECL + f'<Relationships xmlns="{PKG}">{rels}'
        f'<Relationship Id="rIdS" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
        f'<Relationship Id="rIdY" Type="{REL}/styles" Target="styles.xml"/></Relationships>',
        "xl/sharedStrings.xml": sst(strings),
        "xl/styles.xml": STYLES,
    }


def write_workbook(out, sheet_pieces, strings, sheet_names=("Data",), targets=("sheet1.xml",)):
    """A workbook whose part xl/worksheets/sheet1.xml is written from the `sheet_pieces`
    generator of text pieces (streamed, so a part of hundreds of MB costs little memory)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in package(list(sheet_names), list(targets), strings).items():
            archive.writestr(zipfile.ZipInfo(name, DATE), text, zipfile.ZIP_DEFLATED)
        info = zipfile.ZipInfo("xl/worksheets/sheet1.xml", DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w", force_zip64=False) as part:
            for piece in sheet_pieces:
                part.write(piece.encode())


def worksheet(rows, after=""):
    yield DECL + f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}"><sheetData>'
    yield from rows
    yield "</sheetData>" + after + "</worksheet>"


# MARK: - 1. Merged ranges


def merges_full(scale, out):
    """10 * SCALE merged ranges that each cover the whole sheet, after a valid table."""
    count = 10 * scale
    merges = (f'<mergeCells count="{count}">' + '<mergeCell ref="A1:XFD1048576"/>' * count
              + "</mergeCells>")
    write_workbook(out, worksheet([table_rows(1)], merges), TABLE_STRINGS)


PER_ROW = 1000


def merges_small(scale, out):
    """1,000 * SCALE two-cell merges, the way a report merges a group caption over its two
    series: a title row, SCALE header rows of 1,000 group captions each merged across two
    columns, a leaf row naming the 2,000 series, three years of data. Legitimate: it should
    import (2,000 sections at every scale)."""
    count = 1000 * scale
    per_row = min(count, PER_ROW)
    header_rows = -(-count // per_row)
    series = 2 * per_row
    strings = ["Wide table with merged captions (pounds)", "Year"]
    captions = len(strings)
    strings += [f"Group {g}" for g in range(per_row)]
    leaves = len(strings)
    strings += ["A", "B"]

    def rows():
        yield '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
        for h in range(header_rows):
            r = 2 + h
            cells = [f'<c r="{column(1 + 2 * g)}{r}" t="s"><v>{captions + g}</v></c>'
                     for g in range(per_row)]
            yield f'<row r="{r}">' + "".join(cells) + "</row>"
        r = 2 + header_rows
        yield (f'<row r="{r}"><c r="A{r}" t="s"><v>1</v></c>' + "".join(
            f'<c r="{column(1 + s)}{r}" t="s"><v>{leaves + s % 2}</v></c>' for s in range(series))
            + "</row>")
        for y in range(3):
            r = 3 + header_rows + y
            yield (f'<row r="{r}"><c r="A{r}"><v>{2000 + y}</v></c>' + "".join(
                f'<c r="{column(1 + s)}{r}"><v>{s % 97 + y}.5</v></c>' for s in range(series))
                + "</row>")

    def merges():
        yield f'<mergeCells count="{count}">'
        done = 0
        for h in range(header_rows):
            r = 2 + h
            n = min(per_row, count - done)
            yield "".join(f'<mergeCell ref="{column(1 + 2 * g)}{r}:{column(2 + 2 * g)}{r}"/>'
                          for g in range(n))
            done += n
        yield "</mergeCells>"

    def pieces():
        yield DECL + f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}"><sheetData>'
        yield from rows()
        yield "</sheetData>"
        yield from merges()
        yield "</worksheet>"

    write_workbook(out, pieces(), strings)


# MARK: - 2. Rows of text above the data


def shared_text(scale, out):
    """230,000 * SCALE shared-string cells (no cell references, as `<c t="s"><v>N</v></c>`, N a
    random one of four strings, so that the part deflates about 75:1, under the reader's 200:1)
    in rows of 1,000 above the small table."""
    cells = 230_000 * scale
    per_row = 1000
    rows_count = cells // per_row
    strings = [f"Text {i}" for i in range(10)] + TABLE_STRINGS
    pieces_of = [f'<c t="s"><v>{i}</v></c>' for i in range(10)]
    rng = random.Random(22)

    def rows():
        for r in range(1, rows_count + 1):
            yield (f'<row r="{r}">' + "".join(pieces_of[b % 4] for b in rng.randbytes(per_row))
                   + "</row>")
        yield table_rows(rows_count + 1, string_base=10)

    write_workbook(out, worksheet(rows()), strings)


WORDS = ["milk", "cheese", "butter", "cream", "whey", "yogurt", "curd", "lactose", "casein",
         "ghee", "kefir", "skim", "powder", "condensed", "evaporated", "frozen"]


def inline_text(scale, out):
    """10,000 * SCALE inline strings (`t="inlineStr"`) of about 100 characters (random words)
    in rows of 100 above the small table."""
    cells = 10_000 * scale
    per_row = 100
    rng = random.Random(22)

    def text():
        words, length = [], 0
        while length < 100:
            word = WORDS[rng.randrange(16)]
            words.append(word)
            length += len(word) + 1
        return " ".join(words)

    def rows():
        for r in range(1, cells // per_row + 1):
            yield (f'<row r="{r}">' + "".join(
                f'<c t="inlineStr"><is><t>{text()}</t></is></c>' for _ in range(per_row))
                + "</row>")
        yield table_rows(cells // per_row + 1)

    write_workbook(out, worksheet(rows()), TABLE_STRINGS)


# MARK: - 3. ZIP entries that share one local header


def zip_overlap(scale, out):
    """A ZIP written by hand: 5 * SCALE central-directory entries (xl/worksheets/sheetN.xml),
    each pointing at the local header of one sheet part of 250 KB * SCALE (a years-down table
    of 500 years, random one-decimal amounts: it deflates about 2.5:1); the workbook names
    every entry as a sheet, so a reader that trusts the directory parses the part once per
    entry."""
    entries = 5 * scale
    target = 250_000 * scale
    rng = random.Random(22)
    years = 500
    cell = 22  # bytes of an amount cell, about: <c r="XX1234"><v>123.4</v></c> without r
    columns = max(1, target // (years * cell))
    strings = TABLE_STRINGS + [f"Series {c}" for c in range(columns)]
    parts = [DECL + f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}"><sheetData>',
             '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c>'
             + "".join(f'<c r="{column(c + 1)}2" t="s"><v>{5 + c}</v></c>' for c in range(columns))
             + "</row>"]
    for y in range(years):
        r = 3 + y
        parts.append(f'<row r="{r}"><c r="A{r}"><v>{1700 + y}</v></c>' + "".join(
            f"<c><v>{rng.uniform(0, 1000):.1f}</v></c>" for _ in range(columns)) + "</row>")
    parts.append("</sheetData></worksheet>")
    sheet = "".join(parts).encode()
    names = [f"Sheet{i + 1}" for i in range(entries)]
    targets = [f"sheet{i + 1}.xml" for i in range(entries)]
    files = [(name, text.encode()) for name, text in package(names, targets, strings).items()]

    def deflated(data):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()

    body, directory = b"", b""

    def header(name, method, data, crc, size):
        return struct.pack("<HHHHHIIIHH", 20, 0, method, 0, 0x5921, crc, len(data), size,
                           len(name), 0)

    def central(name, method, data, crc, size, offset):
        return (b"PK\x01\x02" + struct.pack("<H", 20) + header(name, method, data, crc, size)
                + struct.pack("<HHHII", 0, 0, 0, 0, offset) + name)

    count = 0
    for name, data in files:
        packed, encoded = deflated(data), name.encode()
        fields = (encoded, 8, packed, zlib.crc32(data), len(data))
        directory += central(*fields, len(body))
        body += b"PK\x03\x04" + header(*fields) + encoded + packed
        count += 1
    packed, crc = deflated(sheet), zlib.crc32(sheet)
    local = len(body)
    first = b"xl/worksheets/sheet1.xml"
    body += b"PK\x03\x04" + header(first, 8, packed, crc, len(sheet)) + first + packed
    for i in range(entries):
        directory += central(f"xl/worksheets/sheet{i + 1}.xml".encode(), 8, packed, crc,
                             len(sheet), local)
        count += 1
    end = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, count, count, len(directory), len(body),
                                      0)
    with open(out, "wb") as file:
        file.write(body + directory + end)


# MARK: - 4. Long files: many datasets, one title


def long_datasets(scale, out):
    """A long file whose `dataset` column names 200 * SCALE datasets, one row each."""
    with open(out, "w", newline="") as f:
        f.write("dataset,section,year,amount\n")
        f.writelines(f"d{d:06d},Milk,2000,{d % 1000}.5\n" for d in range(200 * scale))


def same_title(scale, out):
    """A long file with the export's columns: 200 * SCALE sections of one dataset, each its own
    key, every title "Milk" and no group, so that titles are made distinct as Milk, Milk (2),
    Milk (3), …"""
    with open(out, "w", newline="") as f:
        f.write("dataset,section,year,amount,unit,key,group,notes\n")
        f.writelines(f"d,Milk,2000,{k % 1000}.5,,k{k:06d},,\n" for k in range(200 * scale))


# MARK: - 5. Many sheets


def many_sheets(scale, out):
    """90 * SCALE sheets (S1, S2, …), every one read from the same small sheet part (a valid
    table), so that the file stays small: each sheet is a dataset."""
    count = 90 * scale
    names = [f"S{i + 1}" for i in range(count)]
    write_workbook(out, worksheet([table_rows(1)]), TABLE_STRINGS, names,
                   ["sheet1.xml"] * count)


# MARK: - 6. Report notes: legends and footnotes


def report_table(f):
    """A small report: a title, a unit line, a header, five years down."""
    f.write('"Table 1--Hostile report 1/"\n(million pounds)\nYear,Milk,Cheese 2/,Butter\n')
    for y in range(5):
        f.write(f'{2000 + y},"1,{100 + y}.5 ","{200 + y}.5 ",NA\n')


def legend_markers():
    """Distinct legend markers of three letters, either case: AAA, AAB, … (a legend marker has
    one to three letters; none of these starts another label, such as Note: or Source:)."""
    letters = string.ascii_uppercase + string.ascii_lowercase
    return ("".join(m) for m in itertools.product(letters, repeat=3))


def legend(scale, out):
    """A report whose notes block holds 400 * SCALE legend lines, each defining a marker of its
    own (`Abc = missing`, 14 bytes)."""
    markers = legend_markers()
    with open(out, "w", newline="") as f:
        report_table(f)
        f.write('"1/ Generated for the hostile benchmark."\n')
        f.writelines(f"{next(markers)} = missing\n" for _ in range(400 * scale))
        f.write('"Source: dairy, Scripts/generate-hostile.py."\n')


def footnotes(scale, out, one=False):
    """A report whose notes block holds 1,000 * SCALE footnote lines, `N/ Footnote text K.` with
    N running 1 to 99 over and over (a footnote's number has one or two digits, so a repeated
    number adds to that footnote's text); with `one`, N is always 1 (the footnote the title
    marks), so that one footnote's text grows to 22 bytes * 1,000 * SCALE."""
    with open(out, "w", newline="") as f:
        report_table(f)
        f.writelines(f'"{1 if one else k % 99 + 1}/ Footnote text {k}."\n'
                     for k in range(1000 * scale))
        f.write('"Source: dairy, Scripts/generate-hostile.py."\n')


# MARK: - 7. Metadata sidecars no column matches


def metadata(columns_at_100, scale, out):
    """A wide file of columns_at_100 * SCALE / 100 series columns (at least 3), two years, and
    its sidecar OUT's STEM.metadata.json of 1,000 * SCALE series, none keyed by a column's
    name (so each column's lookup finds no exact match)."""
    columns = max(3, columns_at_100 * scale // 100)
    with open(out, "w", newline="") as f:
        f.write("Year," + ",".join(f"Column {c:05d}" for c in range(columns)) + "\n")
        for y in range(2):
            f.write(f"{2000 + y}," + ",".join(f"{c % 100 + y}.5" for c in range(columns)) + "\n")
    sidecar = out.rsplit(".", 1)[0] + ".metadata.json"
    with open(sidecar, "w") as f:
        f.write('{"title": "Hostile metadata", "series": {\n')
        f.write(",\n".join(f'"Series {k:07d}": {{"title": "Series {k}", "unit": "pounds"}}'
                           for k in range(1000 * scale)))
        f.write("\n}}\n")


# MARK: - 8. Backups


def backup(out, pieces, field):
    """A backup of one dataset and one section of one row, in which `field` (amount or notes)
    is written from the generator `pieces` (streamed: 50 MB cost little memory here)."""
    with open(out, "w") as f:
        f.write('{"datasets":[{"name":"d","title":"Hostile backup"}],\n"sections":[\n'
                '{"dataset":"d","key":"k","title":"Milk","unit":null,"group":null,"notes":')
        if field == "notes":
            f.write('"')
            f.writelines(pieces)
            f.write('"')
        else:
            f.write("null")
        f.write(',"rows":[{"year":2000,"amount":')
        if field == "amount":
            f.writelines(pieces)
        else:
            f.write("1.5")
        f.write("}]}\n]}\n")


def backup_number(scale, out):
    """A backup whose one amount is a number of 500,000 * SCALE digits (1.234…)."""
    rng = random.Random(22)

    def digits():
        yield "1."
        left = 500_000 * scale - 1
        while left:
            n = min(left, 1 << 20)
            yield "".join(str(b % 10) for b in rng.randbytes(n))
            left -= n

    backup(out, digits(), "amount")


def backup_notes(scale, out):
    """A backup whose one section's notes hold 500,000 * SCALE bytes (random words)."""
    rng = random.Random(22)

    def words():
        left = 500_000 * scale
        while left:
            chunk = " ".join(WORDS[b % 16] for b in rng.randbytes(1 << 17))[:min(left, 1 << 20)]
            yield chunk
            left -= len(chunk)

    backup(out, words(), "notes")


SHAPES = {
    "merges-full": ("xlsx", merges_full),
    "merges-small": ("xlsx", merges_small),
    "shared-text": ("xlsx", shared_text),
    "inline-text": ("xlsx", inline_text),
    "zip-overlap": ("xlsx", zip_overlap),
    "long-datasets": ("csv", long_datasets),
    "same-title": ("csv", same_title),
    "many-sheets": ("xlsx", many_sheets),
    "legend": ("csv", legend),
    "footnotes": ("csv", footnotes),
    "footnote-one": ("csv", lambda s, o: footnotes(s, o, one=True)),
    "metadata-300": ("csv", lambda s, o: metadata(300, s, o)),
    "metadata-3000": ("csv", lambda s, o: metadata(3000, s, o)),
    "backup-number": ("json", backup_number),
    "backup-notes": ("json", backup_notes),
}


def main():
    if sys.argv[1:] == ["--list"]:
        for name, (extension, _) in SHAPES.items():
            print(name, extension)
        return
    if len(sys.argv) != 4 or sys.argv[1] not in SHAPES:
        sys.exit(__doc__)
    SHAPES[sys.argv[1]][1](int(sys.argv[2]), sys.argv[3])


if __name__ == "__main__":
    main()
