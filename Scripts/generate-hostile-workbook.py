#!/usr/bin/env python3
# Usage: Scripts/generate-hostile-workbook.py KIND COUNT OUT.xlsx
#
# Writes a small workbook that costs far more than its size to read (issue 22), to measure
# `dairy import` on it (`/usr/bin/time -v dairy import OUT.xlsx --db /tmp/x.sqlite`). KIND:
#   merges   COUNT merged ranges, each over the whole sheet (A1:XFD1048576), over one row
#   shared   COUNT shared-string cells above the sheet's first number, 16,384 a row
#   inline   COUNT inline strings of 100 characters above the first number, 1,000 a row
#   aliases  COUNT ZIP directory entries (and sheets) all pointing at one 25 MB sheet part
#   sheets   COUNT sheets, each of a small part of its own
#   one-part COUNT sheets, all pointing at one small part (a 90 KB file for 9,000)
# Python's standard library only; deterministic.
import struct
import sys
import zlib

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DATA_ROW = '<row><c><v>1975</v></c><c><v>1.5</v></c></row>'


def workbook(sheet_count, targets, strings=("Milk",)):
    """The workbook part and its relationships: sheet i is part targets[i]."""
    sheets = "".join(
        f'<sheet name="S{i + 1}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i in range(sheet_count))
    rels = "".join(
        f'<Relationship Id="rId{i + 1}" Type="{REL}/worksheet" Target="{targets[i]}"/>'
        for i in range(sheet_count))
    rels += f'<Relationship Id="rIdS" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
    return [
        ("xl/workbook.xml",
         f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{sheets}</sheets></workbook>'.encode()),
        ("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{PKG}">{rels}</Relationships>'.encode()),
        ("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}">'.encode()
         + b"".join(b"<si><t>%s</t></si>" % text.encode() for text in strings) + b"</sst>"),
    ]


def sheet(chunks, merges=""):
    """A sheet part from its rows (an iterable of byte strings), streamed into one bytes."""
    return (f'<worksheet xmlns="{MAIN}"><sheetData>'.encode() + b"".join(chunks)
            + f"</sheetData>{merges}</worksheet>".encode())


def column_name(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def rows_of(count, per_row, cell):
    """count cells, per_row a row, each cell(reference, n) for the n-th, then a row of numbers."""
    columns = [column_name(i) for i in range(per_row)]
    for start in range(0, count, per_row):
        row = start // per_row + 1
        cells = b"".join(cell(f"{columns[i]}{row}", start + i)
                         for i in range(min(per_row, count - start)))
        yield b'<row r="%d">' % row + cells + b"</row>"
    yield DATA_ROW.encode()


def deflate(data):
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def write_zip(path, entries, aliases=()):
    """entries: [(name, bytes)], deflated; aliases: [(name, index)] more directory entries
    pointing at entry index's local header and bytes."""
    out = bytearray()
    records = []
    for name, data in entries:
        packed = deflate(data)
        crc = zlib.crc32(data)
        records.append((name, len(out), crc, len(packed), len(data)))
        encoded = name.encode()
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(packed),
                           len(data), len(encoded), 0) + encoded + packed
    listed = records + [(name, *records[index][1:]) for name, index in aliases]
    directory = bytearray()
    for name, offset, crc, packed, size in listed:
        encoded = name.encode()
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc,
                                 packed, size, len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    start = len(out)
    out += directory + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(listed), len(listed),
                                   len(directory), start, 0)
    with open(path, "wb") as file:
        file.write(out)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: generate-hostile-workbook.py KIND COUNT OUT.xlsx")
    kind, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    part = "xl/worksheets/sheet1.xml"
    if kind == "merges":
        merges = '<mergeCell ref="A1:XFD1048576"/>' * count
        data = sheet([DATA_ROW.encode()], f'<mergeCells count="{count}">{merges}</mergeCells>')
        write_zip(path, workbook(1, ["worksheets/sheet1.xml"]) + [(part, data)])
    elif kind == "shared":
        # Sixteen strings, picked at random, so that the part deflates as a real one does
        strings = [f"Milk {i}" for i in range(16)]
        data = sheet(rows_of(count, 16_384,
                             lambda r, n: b'<c t="s"><v>%d</v></c>' % ((n * 2654435761) >> 13 & 15)))
        write_zip(path, workbook(1, ["worksheets/sheet1.xml"], strings) + [(part, data)])
    elif kind == "inline":
        words = ["milk", "cheese", "butter", "cream", "whey", "yogurt", "lactose", "curd"]

        def cell(reference, n):
            # 100 characters, a different run of words for every cell
            text = " ".join(words[(n * 2654435761 >> k) % 8] for k in range(0, 96, 6))[:100]
            return f'<c r="{reference}" t="inlineStr"><is><t>{text}</t></is></c>'.encode()
        data = sheet(rows_of(count, 1_000, cell))
        write_zip(path, workbook(1, ["worksheets/sheet1.xml"]) + [(part, data)])
    elif kind == "aliases":
        # Years 1900 to 2099 down, 6,000 series across: 25 MB of XML
        header = b'<row><c t="s"><v>0</v></c>' + b"".join(
            b'<c t="inlineStr"><is><t>M%d</t></is></c>' % j for j in range(6_000)) + b"</row>"
        rows = [b"<row><c><v>%d</v></c>" % (1900 + i) + b"".join(
            b"<c><v>%d.5</v></c>" % ((i * 7919 + j * 104729) % 100_003) for j in range(6_000))
            + b"</row>" for i in range(200)]
        data = sheet([header] + rows)
        targets = [f"worksheets/sheet{i + 1}.xml" for i in range(count)]
        aliases = [(f"xl/worksheets/sheet{i + 1}.xml", 3) for i in range(1, count)]
        write_zip(path, workbook(count, targets, ["Year", "Milk"]) + [(part, data)], aliases)
    elif kind in ("sheets", "one-part"):
        header = b'<row><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row>'
        data = sheet([header, DATA_ROW.encode(), DATA_ROW.replace("1975", "1976").encode()])
        shared = kind == "one-part"
        names = ["sheet1.xml" if shared else f"sheet{i + 1}.xml" for i in range(count)]
        parts = [(f"xl/worksheets/{name}", data) for name in sorted(set(names))]
        write_zip(path, workbook(count, [f"worksheets/{name}" for name in names], ["Year", "Milk"])
                  + parts)
    else:
        sys.exit(f"unknown kind {kind}: merges, shared, inline, aliases, sheets or one-part")


if __name__ == "__main__":
    main()
