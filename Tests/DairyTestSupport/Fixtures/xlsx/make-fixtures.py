#!/usr/bin/env python3
# Usage: Tests/DairyTestSupport/Fixtures/xlsx/make-fixtures.py
#
# Writes the synthetic workbooks the tests read, next to this script: features/ (small valid
# workbooks with every kind of cell, part and format the reader handles) and hostile/ (one bad or
# hostile file per refusal, each with NAME.expected holding the exact error line). Python's
# standard library only (zipfile, zlib, struct); deterministic: fixed dates, fixed bytes, so a
# second run rewrites the same files. The USDA workbooks beside them are real and not made here.
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml."
CONTENT_KINDS = {"workbook": "sheet.main", "worksheets": "worksheet", "chartsheets": "chartsheet",
                 "sharedStrings": "sharedStrings", "styles": "styles"}


def content_types(parts):
    """[Content_Types].xml, with an override for each workbook part (openpyxl needs them)."""
    overrides = ""
    for name, _ in parts:
        for key, kind in CONTENT_KINDS.items():
            if name.startswith("xl/" + key):
                overrides += f'<Override PartName="/{name}" ContentType="{OFFICE}{kind}+xml"/>'
    return (DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Default Extension="xml" ContentType="application/xml"/>{overrides}</Types>')
ROOT_RELS = (
    DECL + f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
    f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>')


def workbook_xml(sheets, date1904=False):
    """sheets: [(name, rid, state or None)]"""
    listed = "".join(
        f'<sheet name="{name}" sheetId="{i + 1}" r:id="{rid}"'
        + (f' state="{state}"' if state else "") + "/>"
        for i, (name, rid, state) in enumerate(sheets))
    pr = '<workbookPr date1904="1"/>' if date1904 else "<workbookPr/>"
    return (DECL + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}">{pr}<sheets>{listed}</sheets>'
            "</workbook>")


def rels_xml(targets):
    """targets: [(rid, kind, target)]"""
    listed = "".join(
        f'<Relationship Id="{rid}" Type="{REL}/{kind}" Target="{target}"/>'
        for rid, kind, target in targets)
    return DECL + f'<Relationships xmlns="{PKG}">{listed}</Relationships>'


def sheet_xml(rows, merges=(), before="", after=""):
    merged = ""
    if merges:
        merged = f'<mergeCells count="{len(merges)}">' + "".join(
            f'<mergeCell ref="{ref}"/>' for ref in merges) + "</mergeCells>"
    return (DECL + f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}">{before}<sheetData>{rows}'
            f"</sheetData>{merged}{after}</worksheet>")


def styles_xml(formats, xf_format_ids):
    """formats: {id: code}; xf_format_ids: the numFmtId of each cell style."""
    fmts = "".join(f'<numFmt numFmtId="{i}" formatCode="{code}"/>' for i, code in formats.items())
    xfs = "".join(f'<xf numFmtId="{i}" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                  for i in xf_format_ids)
    return (DECL + f'<styleSheet xmlns="{MAIN}"><numFmts count="{len(formats)}">{fmts}</numFmts>'
            f'<cellXfs count="{len(xf_format_ids)}">{xfs}</cellXfs></styleSheet>')


def sst_xml(items):
    """items: the inner XML of each <si>."""
    return (DECL + f'<sst xmlns="{MAIN}" count="{len(items)}" uniqueCount="{len(items)}">'
            + "".join(f"<si>{item}</si>" for item in items) + "</sst>")


def zip_bytes(entries, level=None):
    """entries: [(name, bytes or str)], deflated (at zlib's `level`), with a fixed date."""
    path = os.path.join(HERE, ".tmp.zip")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 5, 6, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            archive.writestr(info, data.encode() if isinstance(data, str) else data,
                             compresslevel=level)
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    return bytearray(data)


def workbook(sheets, strings=None, styles=None, date1904=False, extra=(), sheet_rels=None):
    """sheets: [(name, sheet XML or None for a chart sheet, state)]; the parts of a workbook."""
    listed, targets, parts = [], [], []
    for i, (name, xml, state) in enumerate(sheets):
        rid = f"rId{i + 1}"
        listed.append((name, rid, state))
        if xml is None:
            targets.append((rid, "chartsheet", f"chartsheets/sheet{i + 1}.xml"))
            parts.append((f"xl/chartsheets/sheet{i + 1}.xml",
                          DECL + f'<chartsheet xmlns="{MAIN}"/>'))
            parts.append((f"xl/chartsheets/_rels/sheet{i + 1}.xml.rels", rels_xml([])))
        else:
            targets.append((rid, "worksheet", f"worksheets/sheet{i + 1}.xml"))
            parts.append((f"xl/worksheets/sheet{i + 1}.xml", xml))
    if strings is not None:
        targets.append(("rIdS", "sharedStrings", "sharedStrings.xml"))
        parts.append(("xl/sharedStrings.xml", strings))
    if styles is not None:
        targets.append(("rIdY", "styles", "/xl/styles.xml"))
        parts.append(("xl/styles.xml", styles))
    parts = [("xl/workbook.xml", workbook_xml(listed, date1904)),
             ("xl/_rels/workbook.xml.rels", rels_xml(sheet_rels or targets))] + parts
    return ([("[Content_Types].xml", content_types(parts)), ("_rels/.rels", ROOT_RELS)] + parts
            + list(extra))


def one_sheet(rows, strings=("Text",), name="Sheet1", merges=(), styles=None, **options):
    items = [f"<t>{s}</t>" for s in strings]
    return workbook([(name, sheet_xml(rows, merges), None)], strings=sst_xml(items),
                    styles=styles or styles_xml({}, [0]), **options)


def raw_zip(entries):
    """A ZIP archive written by hand: entries are (name, method, data as stored, CRC-32,
    uncompressed size), so that the data can be any bytes."""
    out, directory = b"", b""
    for name, method, data, crc, size in entries:
        encoded = name.encode()
        header = struct.pack("<HHHHHIIIHH", 20, 0, method, 0, 0, crc, len(data), size,
                             len(encoded), 0)
        directory += (b"PK\x01\x02" + struct.pack("<H", 20) + header
                      + struct.pack("<HHHII", 0, 0, 0, 0, len(out)) + encoded)
        out += b"PK\x03\x04" + header + encoded + data
    return (out + directory + b"PK\x05\x06"
            + struct.pack("<HHHHIIH", 0, 0, len(entries), len(entries), len(directory), len(out),
                          0))


def central_header(data, name):
    """The offset of `name`'s header in the central directory."""
    offset = data.find(b"PK\x01\x02")
    while offset >= 0:
        length = struct.unpack_from("<H", data, offset + 28)[0]
        if data[offset + 46:offset + 46 + length] == name.encode():
            return offset
        offset = data.find(b"PK\x01\x02", offset + 46)
    raise KeyError(name)


def local_data(data, name):
    """The offset and size of `name`'s compressed bytes."""
    header = central_header(data, name)
    size, = struct.unpack_from("<I", data, header + 20)
    local, = struct.unpack_from("<I", data, header + 42)
    name_length, extra_length = struct.unpack_from("<HH", data, local + 26)
    return local + 30 + name_length + extra_length, size


def compound_file(streams):
    """A minimal OLE2 compound file: header, one FAT sector, one directory sector, one sector of
    stream data: enough for its magic number and its directory's stream names."""
    header = bytearray(512)
    header[0:8] = bytes.fromhex("D0CF11E0A1B11AE1")
    struct.pack_into("<HHHHH", header, 24, 0x3E, 3, 0xFFFE, 9, 6)
    struct.pack_into("<IIIIIIIII", header, 40, 0, 1, 1, 0, 4096, 0xFFFFFFFE, 0, 0xFFFFFFFE, 0)
    header[76:512] = b"\xff" * 436
    struct.pack_into("<I", header, 76, 0)
    fat = bytearray(b"\xff" * 512)
    struct.pack_into("<III", fat, 0, 0xFFFFFFFD, 0xFFFFFFFE, 0xFFFFFFFE)
    directory = bytearray(512)
    for index, (name, kind) in enumerate([("Root Entry", 5)] + [(s, 2) for s in streams]):
        entry = index * 128
        encoded = (name + "\0").encode("utf-16-le")
        directory[entry:entry + len(encoded)] = encoded
        struct.pack_into("<HBB", directory, entry + 64, len(encoded), kind, 1)
        struct.pack_into("<III", directory, entry + 68, 0xFFFFFFFF, 0xFFFFFFFF,
                         1 if index == 0 and streams else 0xFFFFFFFF)
        struct.pack_into("<II", directory, entry + 116, 0xFFFFFFFE if kind == 5 else 2,
                         0 if kind == 5 else 512)
    return bytes(header + fat + directory + b"\0" * 512)


def save(folder, name, data, expected=None):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as file:
        file.write(bytes(data))
    if expected is not None:
        stem = os.path.splitext(name)[0]
        with open(os.path.join(HERE, folder, stem + ".expected"), "w") as file:
            file.write(expected.replace("FILE", name) + "\n")


# MARK: - Valid workbooks: every kind of cell, part and format


def features():
    strings = sst_xml([
        "<t>Caption</t>",
        "<t>line_x000D_break</t>",
        '<r><t xml:space="preserve">Flavored </t></r><r><rPr><vertAlign val="superscript"/>'
        '</rPr><t>whole 1</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh>'
        '<phoneticPr fontId="1"/>',
    ])
    styles = styles_xml({164: "0.0", 165: "0.0%", 166: "yyyy-mm-dd hh:mm"}, [0, 164, 165, 166, 3])
    types = sheet_xml(
        '<row r="1">'
        '<c r="A1" t="s"><v>0</v></c>'
        '<c r="B1" s="1"><v>1.5</v></c>'
        '<c r="C1" t="inlineStr"><is><r><t xml:space="preserve">Rich </t></r><r><rPr><b/></rPr>'
        '<t>text</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></is></c>'
        '<c r="D1" t="b"><v>1</v></c>'
        '<c r="E1" t="e"><v>#N/A</v></c>'
        '<c r="F1" t="str"><f>A1&amp;"x"</f><v>Captionx</v></c>'
        '<c r="G1" t="d"><v>2019-03-26</v></c>'
        '<c r="H1"><f>SUM(B1:B2)</f></c>'
        '<c r="I1" s="4"><f>1+1</f><v>2</v></c>'
        "</row>"
        '<row><c><v>10</v></c><c s="2"><v>0.256</v></c><c s="3"><v>43550.5</v></c>'
        '<c t="b"><v>0</v></c></row>'
        '<row r="4" spans="1:4">'
        '<c r="A4" t="inlineStr"><is><t>a &lt; b &amp; c &#8212; &#x2014; &quot;q&apos;</t>'
        "</is></c>"
        '<c r="B4" t="s"><v>1</v></c>'
        '<c r="C4" t="inlineStr"><is><t><![CDATA[<raw> & text]]></t></is></c>'
        '<c r="D4" t="s"><v>2</v></c>'
        '<c r="E4" s="1"/>'
        "</row>",
        merges=["A1:B1", "C2:D3"],
        before='<dimension ref="A1:XFD1048576"/><!-- not trusted -->',
        after='<?some-instruction here?>')
    hidden = sheet_xml('<row r="1"><c r="A1"><v>1</v></c></row>')
    book = workbook(
        [("Types", types, None), ("Hidden Sheet's \u2713", hidden, "hidden"),
         ("Chart", None, None), ("Macro", hidden, "veryHidden")],
        strings=strings, styles=styles)
    save("features", "features.xlsx", zip_bytes(book))

    save("features", "date1904.xlsx", zip_bytes(workbook(
        [("Dates", sheet_xml('<row r="1"><c r="A1" s="1"><v>41</v></c>'
                             '<c r="B1" t="d"><v>2019-03-26</v></c></row>'), None)],
        strings=None, styles=styles_xml({}, [0, 14]), date1904=True)))

    # A report whose years are dates shown as their year alone (`yyyy`, and `[$-409]yy` with a
    # locale), as some sheets keep a year column; a full date (`m/d/yyyy`) stays a date.
    year_rows = ('<row r="1"><c r="A1" t="inlineStr"><is><t>All milk price (dollars per cwt)</t>'
                 '</is></c></row>'
                 '<row r="2"><c r="A2" t="inlineStr"><is><t>Year</t></is></c>'
                 '<c r="B2" t="inlineStr"><is><t>All milk</t></is></c></row>')
    for row, (serial, style, price) in enumerate(
            [(43831, 1, "18.24"), (44197, 2, "18.69"), (44562, 1, "25.34")], start=3):
        year_rows += (f'<row r="{row}"><c r="A{row}" s="{style}"><v>{serial}</v></c>'
                      f'<c r="B{row}"><v>{price}</v></c></row>')
    year_rows += ('<row r="7"><c r="A7" t="inlineStr"><is><t>Last update:</t></is></c>'
                  '<c r="B7" s="3"><v>45545</v></c></row>')
    save("features", "year-dates.xlsx", zip_bytes(workbook(
        [("Prices", sheet_xml(year_rows), None)], strings=None,
        styles=styles_xml({164: "yyyy", 165: "[$-409]yy", 166: "m/d/yyyy"}, [0, 164, 165, 166]))))

    # The OpenXML SDK's style: every element prefixed; pretty-printed with CRLF line ends.
    x = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    prefixed_sheet = (
        DECL + f'<x:worksheet xmlns:x="{x}">\r\n  <x:sheetData>\r\n    <x:row r="2">\r\n'
        '      <x:c r="B2" t="s">\r\n        <x:v>0</x:v>\r\n      </x:c>\r\n'
        '      <x:c r="C2" t="inlineStr"><x:is><x:t>two\r\nlines</x:t></x:is></x:c>\r\n'
        "    </x:row>\r\n  </x:sheetData>\r\n</x:worksheet>\r\n")
    prefixed_book = (
        DECL + f'<x:workbook xmlns:x="{x}" xmlns:rel="{REL}"><x:sheets>'
        '<x:sheet name="Prefixed" sheetId="1" rel:id="rId1"/></x:sheets></x:workbook>')
    entries = workbook([("Prefixed", prefixed_sheet, None)],
                       strings=f'<x:sst xmlns:x="{x}"><x:si><x:t>Year</x:t></x:si></x:sst>')
    entries[2] = ("xl/workbook.xml", prefixed_book)
    save("features", "prefixed.xlsx", zip_bytes(entries))

    path = os.path.join(HERE, "features", "stored.xlsx")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for name, data in one_sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'):
            info = zipfile.ZipInfo(name, date_time=(2024, 5, 6, 0, 0, 0))
            info.create_system = 3
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


# MARK: - Hostile and broken files, each with the exact error it gets

ROW = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1.5</v></c></row>'
SHEET = "xl/worksheets/sheet1.xml"
IN_SHEET = f"FILE: sheet 'Sheet1', {SHEET}"


def patched(entries, name, offset, fmt, value):
    """The ZIP of `entries` with a field of `name`'s central-directory header overwritten."""
    data = zip_bytes(entries)
    struct.pack_into(fmt, data, central_header(data, name) + offset, value)
    return data


def hostile_archives():
    good = zip_bytes(one_sheet(ROW))
    save("hostile", "truncated.xlsx", good[:len(good) // 2],
         "FILE: error: the ZIP archive is truncated or corrupt (no end-of-directory record)")
    save("hostile", "not-a-zip.xlsx", b"Year,Milk\n1975,247\n",
         "FILE: error: is not an .xlsx workbook (it is not a ZIP archive)")
    save("hostile", "no-workbook.xlsx", zip_bytes([("word/document.xml", "<document/>")]),
         "FILE: error: is a ZIP archive but not an .xlsx workbook (it holds no xl/workbook.xml)")
    eocd = bytearray(good)
    struct.pack_into("<HH", eocd, len(eocd) - 22 + 8, 0xFFFF, 0xFFFF)
    save("hostile", "zip64.xlsx", eocd,
         "FILE: error: is a ZIP64 archive, which dairy does not read")
    save("hostile", "unsafe-name.xlsx", zip_bytes(one_sheet(ROW) + [("../../evil.txt", "x")]),
         "FILE: error: the ZIP entry '../../evil.txt' has an unsafe name (an absolute path or a "
         "'..' part); the file was not made by a spreadsheet program and is not read")
    save("hostile", "absolute-name.xlsx", zip_bytes(one_sheet(ROW) + [("/etc/passwd", "x")]),
         "FILE: error: the ZIP entry '/etc/passwd' has an unsafe name (an absolute path or a "
         "'..' part); the file was not made by a spreadsheet program and is not read")
    save("hostile", "duplicate-entry.xlsx",
         zip_bytes(one_sheet(ROW) + [("XL/Workbook.xml", "<workbook/>")]),
         "FILE: error: the ZIP archive lists 'XL/Workbook.xml' twice; it is corrupt")
    save("hostile", "encrypted-entry.xlsx", patched(one_sheet(ROW), SHEET, 8, "<H", 1),
         "FILE: error: the ZIP entry 'xl/worksheets/sheet1.xml' is encrypted; save the workbook "
         "without a password")
    save("hostile", "unknown-method.xlsx", patched(one_sheet(ROW), SHEET, 10, "<H", 12),
         f"{IN_SHEET}: error: is compressed with method 12, which dairy does not read (only "
         "stored and deflated entries)")
    save("hostile", "crc-mismatch.xlsx", patched(one_sheet(ROW), SHEET, 16, "<I", 0x12345678),
         f"{IN_SHEET}: error: is corrupt: its CRC-32 does not match the ZIP directory")
    save("hostile", "lying-size.xlsx", patched(one_sheet(ROW), SHEET, 24, "<I", 100),
         f"{IN_SHEET}: error: is corrupt: it inflates past the 100 bytes the ZIP directory states")
    corrupt = zip_bytes(one_sheet(ROW))
    start, size = local_data(corrupt, SHEET)
    corrupt[start + 4:start + size - 4] = b"\xff" * (size - 8)
    save("hostile", "corrupt-deflate.xlsx", corrupt,
         f"{IN_SHEET}: error: is corrupt: its compressed data does not inflate")
    # The directory says the sheet's data is 12 bytes: the stream goes on with the zeros the
    # reader pads the last chunk with, which do not inflate.
    save("hostile", "deflate-cut-short.xlsx", patched(one_sheet(ROW), SHEET, 20, "<I", 12),
         f"{IN_SHEET}: error: is corrupt: its compressed data does not inflate")
    # A stored deflate block of 65,535 bytes with only 12 bytes in the entry: zlib would wait for
    # more input forever (ZIPFoundation's Archive.extract hands it empty chunks, and hangs).
    big = sheet_xml('<row r="1"><c r="A1" t="inlineStr"><is><t>' + "x" * 70000
                    + "</t></is></c></row>")
    entries = with_part(one_sheet(ROW), SHEET, big)
    stored_block = zip_bytes(entries, level=0)
    struct.pack_into("<I", stored_block, central_header(stored_block, SHEET) + 20, 12)
    save("hostile", "deflate-runs-past-entry.xlsx", stored_block,
         f"{IN_SHEET}: error: is corrupt: its compressed data ends before the deflate stream does")
    # A stored deflate block of 65,535 bytes with 10 of them in the entry, and the entry last:
    # zlib waits for input past the end of the file. ZIPFoundation's Archive.extract hands it
    # empty chunks and never returns (checked with a 20-second timeout).
    never_ends = [(n, 8, zlib.compress(d.encode(), 9)[2:-4], zlib.crc32(d.encode()), len(d))
                  for n, d in one_sheet(ROW) if n != SHEET]
    never_ends.append((SHEET, 8, b"\x00\xff\xff\x00\x00" + b"x" * 10, 0, 65535))
    save("hostile", "deflate-never-ends.xlsx", raw_zip(never_ends),
         f"{IN_SHEET}: error: is corrupt: its compressed data ends before the deflate stream does")
    # 4 MiB of empty elements deflate to 4 KiB: a ratio near 1,000, refused as soon as the
    # ratio passes 200 after the first MiB.
    bomb = sheet_xml(ROW, after="<x/>" * (1 << 20))
    save("hostile", "bomb.xlsx", zip_bytes(workbook([("Sheet1", bomb, None)])),
         f"{IN_SHEET}: error: inflates to over 200 times its compressed size; refused as a "
         "possible ZIP bomb")


def hostile_budget():
    # 1,000,000 spaces deflate to 1 KiB: each sheet inflates within the first MiB a part may
    # inflate to whatever its ratio, but seven of them pass 200 times the whole file's size.
    rows = ('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
            '<row r="2"><c r="A2"><v>2000</v></c><c r="B2"><v>1</v></c></row>')
    sheet = sheet_xml(rows, after=" " * 1_000_000)
    sheets = [(f"S{i}", sheet, None) for i in range(1, 21)]
    data = zip_bytes(workbook(sheets, strings=sst_xml(["<t>Year</t>", "<t>Milk</t>"]),
                              styles=styles_xml({}, [0])))
    save("hostile", "archive-bomb.xlsx", data,
         "FILE: sheet 'S7', xl/worksheets/sheet7.xml: error: the workbook's parts together "
         "inflate to over 200 times the file's size; refused as a possible ZIP bomb")


def hostile_formats():
    save("hostile", "legacy.xls", compound_file(["Workbook", "\x05SummaryInformation"]),
         "FILE: error: is a legacy Excel 97-2003 workbook (.xls), which dairy does not read; save "
         "it as .xlsx in Excel, or convert it with: libreoffice --headless --convert-to xlsx "
         "'FILE'")
    save("hostile", "encrypted.xlsx",
         compound_file(["EncryptionInfo", "EncryptedPackage", "\x06DataSpaces"]),
         "FILE: error: is an encrypted (password-protected) workbook, which dairy cannot read; "
         "open it in Excel, remove the password and save it as .xlsx")
    save("hostile", "binary.xlsb",
         zip_bytes([("[Content_Types].xml", content_types([])), ("xl/workbook.bin", b"\x83\x01")]),
         "FILE: error: is an Excel binary workbook (.xlsb), which dairy does not read; save it as "
         ".xlsx in Excel, or convert it with: libreoffice --headless --convert-to xlsx 'FILE'")
    save("hostile", "sheet.ods",
         zip_bytes([("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
                    ("content.xml", "<office:document-content/>")]),
         "FILE: error: is an OpenDocument spreadsheet (.ods), which dairy does not read; save it "
         "as .xlsx, or convert it with: libreoffice --headless --convert-to xlsx 'FILE'")


def offset(xml, token):
    """The byte offset of `token` in a part's XML."""
    return len(xml[:xml.index(token)].encode())


def with_part(entries, name, xml):
    return [(n, xml if n == name else d) for n, d in entries]


def refused_part(name, part, xml, token, message):
    """A workbook whose `part` is `xml`, refused at `token` in it with `message`."""
    place = IN_SHEET if part == SHEET else f"FILE: {part}"
    save("hostile", name, zip_bytes(with_part(one_sheet(ROW), part, xml)),
         f"{place}, byte {offset(xml, token)}: error: {message}")


def hostile_xml():
    doctype = "a DOCTYPE is not allowed in a workbook part; entity declarations are refused"
    laughs = ('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
              f'<workbook xmlns="{MAIN}"><sheets/></workbook>')
    refused_part("doctype.xlsx", "xl/workbook.xml", DECL + laughs, "<!DOCTYPE", doctype)
    xxe = ('<!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
           f'<sst xmlns="{MAIN}"><si><t>&xxe;</t></si></sst>')
    refused_part("external-entity.xlsx", "xl/sharedStrings.xml", DECL + xxe, "<!DOCTYPE", doctype)
    refused_part("unknown-entity.xlsx", "xl/sharedStrings.xml", sst_xml(["<t>a&nbsp;b</t>"]),
                 "a&nbsp;", "unknown entity &nbsp;; only &lt; &gt; &amp; &quot; &apos; are read")
    refused_part("mismatched-tags.xlsx", SHEET, sheet_xml('<row r="1"><c r="A1"><v>1</v></row>'),
                 "</row>", "</row> where </c> was expected")
    cut = sheet_xml(ROW)
    cut = cut[:cut.index("</sheetData>")]
    save("hostile", "cut-short.xlsx", zip_bytes(with_part(one_sheet(ROW), SHEET, cut)),
         f"{IN_SHEET}, byte {len(cut.encode())}: error: the XML ends inside <sheetData>; the part "
         "is cut short")
    deep = sheet_xml(ROW, after="<a>" * 300 + "</a>" * 300)
    depth_offset = offset(deep, "<a>") + 3 * 255
    save("hostile", "deep-nesting.xlsx", zip_bytes(with_part(one_sheet(ROW), SHEET, deep)),
         f"{IN_SHEET}, byte {depth_offset}: error: elements nest deeper than 256")
    invalid = sst_xml(["<t>caf\udce9</t>"])
    save("hostile", "invalid-utf8.xlsx",
         zip_bytes(with_part(one_sheet(ROW), "xl/sharedStrings.xml",
                             invalid.encode("utf-8", "surrogateescape"))),
         f"FILE: xl/sharedStrings.xml, byte {offset(invalid, '<si>')}: error: invalid UTF-8; a "
         "workbook part is UTF-8")


def hostile_cells():
    def sheet(name, rows, expected, **options):
        save("hostile", name, zip_bytes(one_sheet(rows, **options)), expected)

    sheet("missing-shared-string.xlsx", '<row r="2"><c r="B2" t="s"><v>7</v></c></row>',
          "FILE: sheet 'Sheet1', cell B2: error: shared string 7 does not exist; the workbook "
          "has 1")
    sheet("missing-style.xlsx", '<row r="3"><c r="C3" s="9"><v>1</v></c></row>',
          "FILE: sheet 'Sheet1', cell C3: error: the cell's style 9 does not exist; the workbook "
          "has 1 cell styles")
    sheet("column-past-xfd.xlsx", '<row r="1"><c r="XFE1"><v>1</v></c></row>',
          "FILE: sheet 'Sheet1', row 1: error: \"XFE1\" is not a cell reference within "
          "A1:XFD1048576")
    sheet("too-many-columns.xlsx", '<row r="1">' + "<c><v>1</v></c>" * 16385 + "</row>",
          "FILE: sheet 'Sheet1', row 1: error: the row has cells past column XFD, the last a "
          "sheet can have")
    rows = '<row r="1048577"><c><v>1</v></c></row>'
    sheet("row-past-limit.xlsx", rows,
          f"{IN_SHEET}, byte {offset(sheet_xml(rows), '<row')}: error: row number \"1048577\" is "
          "not between 1 and 1048576")
    sheet("cells-out-of-order.xlsx", '<row r="1"><c r="B1"><v>1</v></c><c r="A1"><v>2</v></c>'
          "</row>",
          "FILE: sheet 'Sheet1', cell A1: error: the cell comes after cell B1; cells must be in "
          "ascending order")
    sheet("rows-out-of-order.xlsx", '<row r="3"/><row r="2"/>',
          "FILE: sheet 'Sheet1', row 2: error: row 2 comes after row 3; rows must be in ascending "
          "order")
    sheet("bad-number.xlsx", '<row r="1"><c r="A1"><v>12abc</v></c></row>',
          "FILE: sheet 'Sheet1', cell A1: error: \"12abc\" is not a number")
    sheet("bad-boolean.xlsx", '<row r="1"><c r="D1" t="b"><v>yes</v></c></row>',
          "FILE: sheet 'Sheet1', cell D1: error: a boolean cell holds \"yes\", not 0 or 1")
    sheet("unknown-cell-type.xlsx", '<row r="1"><c r="A1" t="x"><v>1</v></c></row>',
          "FILE: sheet 'Sheet1', cell A1: error: unknown cell type t=\"x\"")
    sheet("bad-date.xlsx", '<row r="1"><c r="A1" t="d"><v>2019-02-30</v></c></row>',
          "FILE: sheet 'Sheet1', cell A1: error: a date cell holds \"2019-02-30\", not an ISO "
          "8601 date")
    merges = sheet_xml(ROW, merges=["A1:B1", "A2:ZZZZ9"])
    BAD_MERGE = '<mergeCell ref="A2'  # noqa: N806
    save("hostile", "bad-merge.xlsx", zip_bytes(with_part(one_sheet(ROW), SHEET, merges)),
         f"{IN_SHEET}, byte {offset(merges, BAD_MERGE)}: error: merged range "
         "\"A2:ZZZZ9\" is not a range within A1:XFD1048576")


def hostile_structure():
    two = workbook([("Data", sheet_xml(ROW), None), ("DATA", sheet_xml(ROW), None)],
                   strings=sst_xml(["<t>Text</t>"]))
    save("hostile", "duplicate-sheet-names.xlsx", zip_bytes(two),
         "FILE: sheet 'DATA': error: the workbook has two sheets of this name (ignoring case); "
         "it is corrupt")
    missing = one_sheet(ROW, sheet_rels=[("rId1", "worksheet", "worksheets/sheet9.xml")])
    save("hostile", "missing-sheet-part.xlsx", zip_bytes(missing),
         "FILE: sheet 'Sheet1': error: its part xl/worksheets/sheet9.xml is missing from the "
         "archive")
    unlisted = one_sheet(ROW, sheet_rels=[("rId7", "worksheet", "worksheets/sheet1.xml")])
    save("hostile", "missing-relationship.xlsx", zip_bytes(unlisted),
         "FILE: sheet 'Sheet1': error: its relationship rId1 is missing from "
         "xl/_rels/workbook.xml.rels")
    rels = rels_xml([("rId1", "worksheet", "../../../etc/passwd")])
    outside = with_part(one_sheet(ROW), "xl/_rels/workbook.xml.rels", rels)
    save("hostile", "relationship-outside.xlsx", zip_bytes(outside),
         f"FILE: xl/_rels/workbook.xml.rels, byte {offset(rels, '<Relationship ')}: error: "
         "relationship rId1 points outside the workbook ('../../../etc/passwd')")


if __name__ == "__main__":
    features()
    hostile_archives()
    hostile_budget()
    hostile_formats()
    hostile_xml()
    hostile_cells()
    hostile_structure()
