import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The XML tokenizer of workbook parts: what it reads, what it refuses and where.
@Suite("XML tokenizer")
struct XMLTokenizerTests {
  /// The events of `xml` as text (`<a x=1>`, `"text"`, `</a>`), read `readSize` bytes at a time;
  /// the error's description last, if one stops it.
  static func transcript(
    _ xml: String, readSize: Int = .max, limits: WorkbookLimits = .standard
  ) -> [String] {
    var tokenizer = XMLTokenizer(
      source: MemoryPartSource(Array(xml.utf8), readSize: readSize),
      location: WorkbookLocation(file: "t.xlsx", part: "p.xml"), limits: limits)
    var lines: [String] = []
    do {
      while true {
        switch try tokenizer.next() {
        case .start:
          let attributes = tokenizer.attributes.prefix(tokenizer.attributeCount).map {
            " \(text(tokenizer.bytes($0.name)))=\(text(tokenizer.bytes($0.value)))"
          }
          lines.append("<\(text(tokenizer.localName))\(attributes.joined())>")
        case .end:
          lines.append("</\(text(tokenizer.localName))>")
        case .text:
          lines.append(JSONText.string(text(tokenizer.text)))
        case .endOfDocument:
          return lines
        }
      }
    } catch {
      return lines + ["\(error)"]
    }
  }

  static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// The error `xml` is refused with.
  static func refusal(_ xml: String, limits: WorkbookLimits = .standard) -> String? {
    let lines = transcript(xml, limits: limits)
    return lines.last.flatMap { $0.hasPrefix("t.xlsx: ") ? $0 : nil }
  }

  @Test func readsElementsAttributesAndText() {
    #expect(
      Self.transcript(
        "<?xml version=\"1.0\"?>\n<a x=\"1\" y = '2'>\n <b/>text<c>more</c></a>\n")
        == [
          "<a x=1 y=2>", #""\n ""#, "<b>", "</b>", #""text""#, "<c>", #""more""#, "</c>", "</a>",
        ])
  }

  @Test func decodesEntitiesReferencesAndLineEnds() {
    #expect(
      Self.transcript(
        "<a v=\"&lt;&amp;&#65;&#x42;\tx\r\ny\">&quot;&apos;&gt;&#x1F600;\r\nb\rc</a>")
        == ["<a v=<&AB x y>", #""\"'>😀\nb\nc""#, "</a>"])
  }

  @Test func readsCDATAAndSkipsCommentsAndInstructions() {
    #expect(
      Self.transcript("<!-- c --><a><![CDATA[<b> & </b>]]><!-- <x> --><?pi <y>?></a><!--z-->")
        == ["<a>", #""<b> & </b>""#, "</a>"])
  }

  @Test func comparesNamesByTheirLocalPart() throws {
    var tokenizer = XMLTokenizer(
      source: MemoryPartSource(Array(#"<x:a xmlns:x="u"><x:b r:id="7" id2="8"/></x:a>"#.utf8)),
      location: WorkbookLocation(file: "t.xlsx"))
    #expect(try tokenizer.next() == .start && tokenizer.nameIs("a") && tokenizer.depth == 1)
    #expect(try tokenizer.next() == .start && tokenizer.nameIs("b") && tokenizer.depth == 2)
    #expect(tokenizer.attribute("id").map(Self.text) == "7")
    #expect(tokenizer.attribute("r") == nil)
    #expect(try tokenizer.next() == .end && tokenizer.nameIs("b") && tokenizer.depth == 1)
    #expect(try tokenizer.next() == .end && tokenizer.depth == 0)
    #expect(try tokenizer.next() == .endOfDocument)
    #expect(try tokenizer.next() == .endOfDocument)
  }

  @Test func passesOverAByteOrderMark() {
    #expect(Self.transcript("\u{FEFF}<a/>") == ["<a>", "</a>"])
  }

  @Test(arguments: [
    (
      "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>",
      "t.xlsx: p.xml, byte 21: error: a DOCTYPE is not allowed in a workbook part; entity "
        + "declarations are refused"
    ),
    (
      "<!ENTITY e SYSTEM \"file:///etc/passwd\"><a/>",
      "t.xlsx: p.xml, byte 0: error: an entity declaration is not allowed in a workbook part; "
        + "entity declarations are refused"
    ),
    (
      "<a>x&nbsp;</a>",
      "t.xlsx: p.xml, byte 3: error: unknown entity &nbsp;; only &lt; &gt; &amp; &quot; &apos; "
        + "are read"
    ),
    ("<a>&#0;</a>", "t.xlsx: p.xml, byte 3: error: &#0; is not a character XML allows"),
    ("<a>&#xD800;</a>", "t.xlsx: p.xml, byte 3: error: &#xD800; is not a character XML allows"),
    ("<a>AT&T</a>", "t.xlsx: p.xml, byte 3: error: '&' starts no entity; write it as &amp;"),
    ("<a><b></a>", "t.xlsx: p.xml, byte 6: error: </a> where </b> was expected"),
    ("<a><b>", "t.xlsx: p.xml, byte 6: error: the XML ends inside <b>; the part is cut short"),
    (
      "<a><b x=\"1",
      "t.xlsx: p.xml, byte 3: error: the XML ends inside a tag; the part is cut short"
    ),
    ("<a/><b/>", "t.xlsx: p.xml, byte 4: error: a second root element; a part has one"),
    ("x<a/>", "t.xlsx: p.xml, byte 0: error: text before the root element"),
    ("<a/>x", "t.xlsx: p.xml, byte 4: error: text after the root element"),
    ("</a>", "t.xlsx: p.xml, byte 0: error: </a> closes no element"),
    ("", "t.xlsx: p.xml, byte 0: error: the XML has no root element"),
    ("<!-- only -->\n", "t.xlsx: p.xml, byte 14: error: the XML has no root element"),
    ("<a x=\"<\"/>", "t.xlsx: p.xml, byte 0: error: '<' in an attribute value; write it as &lt;"),
    ("<a x=1/>", "t.xlsx: p.xml, byte 0: error: an attribute value must be in quotes"),
    ("<a x/>", "t.xlsx: p.xml, byte 0: error: an attribute without a value (name=\"value\")"),
    (
      "<a x=\"1\"y=\"2\"/>",
      "t.xlsx: p.xml, byte 0: error: a tag's attributes must be separated by white space"
    ),
    ("<a></ a>", "t.xlsx: p.xml, byte 3: error: a malformed end tag"),
    ("< a/>", "t.xlsx: p.xml, byte 0: error: '<' starts no tag; write it as &lt; in text"),
    ("<a/ >", "t.xlsx: p.xml, byte 0: error: '/' inside a tag"),
    ("<![CDATA[x]]><a/>", "t.xlsx: p.xml, byte 0: error: CDATA outside the root element"),
    ("<a><!x></a>", "t.xlsx: p.xml, byte 3: error: malformed markup after '<!'"),
    ("\u{FEFF}\u{FEFF}<a/>", "t.xlsx: p.xml, byte 3: error: text before the root element"),
  ])
  func refuses(_ xml: String, _ message: String) {
    #expect(Self.refusal(xml) == message)
  }

  @Test func refusesUTF16() {
    var tokenizer = XMLTokenizer(
      source: MemoryPartSource([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00]),
      location: WorkbookLocation(file: "t.xlsx", part: "p.xml"))
    #expect(
      throws: DairyError(
        .input, at: SourceLocation(file: "t.xlsx: p.xml, byte 0"),
        "the XML is UTF-16 (little-endian, with a byte-order mark); dairy reads workbook parts "
          + "in UTF-8, which Excel writes: open the file in Excel and save it again as .xlsx")
    ) { try tokenizer.next() }
  }

  @Test func refusesATokenOverTheLimitAtAnyReadSize() {
    var limits = WorkbookLimits()
    limits.maxTokenBytes = 8
    let message = "t.xlsx: p.xml, byte 3: error: a tag or text runs over 8 bytes"
    for readSize in [1, 2, 3, 5, 8, 9, 64, .max] {
      #expect(
        Self.transcript("<a>123456789</a>", readSize: readSize, limits: limits).last == message)
      #expect(
        Self.transcript("<a><b c=\"12\"/></a>", readSize: readSize, limits: limits).last
          == "t.xlsx: p.xml, byte 3: error: a tag or text runs over 8 bytes")
    }
    #expect(Self.transcript("<a>12345678</a>", limits: limits) == ["<a>", #""12345678""#, "</a>"])
  }

  @Test func refusesALongName() {
    let name = String(repeating: "n", count: 1025)
    #expect(
      Self.transcript("<\(name.dropLast())/>") == ["<\(name.dropLast())>", "</\(name.dropLast())>"])
    #expect(
      Self.refusal("<\(name)/>") == "t.xlsx: p.xml, byte 0: error: an element name over 1024 bytes")
  }

  @Test func refusesNestingPastTheLimit() {
    var limits = WorkbookLimits()
    limits.maxElementDepth = 3
    #expect(Self.transcript("<a><b><c/></b></a>", limits: limits).count == 6)
    #expect(
      Self.refusal("<a><b><c><d/></c></b></a>", limits: limits)
        == "t.xlsx: p.xml, byte 9: error: elements nest deeper than 3")
  }

  static let documents = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n<sst count=\"2\">"
      + "<si><t xml:space=\"preserve\">a &amp; b&#10;</t></si><si><r><t>x</t></r><rPh><t>y</t>"
      + "</rPh></si></sst>",
    "<w:a xmlns:w='u'><!-- <b> --><w:c r=\"B3\" s=\"4\"><w:v>15241.100000000002</w:v></w:c>"
      + "<![CDATA[]]]]><![CDATA[>]]><?pi ?></w:a>",
    "\u{FEFF}<a>\u{1F600}&#x1F600;</a>  \n",
    "<a><b></a>", "<a>&bogus;</a>", "<a x='1' x2=\"2\"/><b/>", "<a><!DOCTYPE x></a>",
  ]

  @Test(arguments: documents)
  func readsTheSameEventsAtEveryReadSize(_ xml: String) {
    // Given a document read whole
    let whole = Self.transcript(xml)
    // When it is read 1 to 9 bytes at a time
    for readSize in 1...9 {
      // Then the events and any error are the same: tokens straddle every boundary
      #expect(Self.transcript(xml, readSize: readSize) == whole, "read size \(readSize)")
    }
  }
}
