import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The one JSON encoder of `show`, `sections` and `export`: its layout, its numbers, its nulls,
/// and that it streams.
@Suite("JSON output")
struct JSONOutputTests {
  struct Listing: Encodable {
    var title: String
    var unit: String?
    var rows: [[Int]]
    var span: Span?
  }

  struct Span: Encodable {
    var from: Int64
    var to: Int64
  }

  @Test func oneLinePerTopLevelKeyAndPerElementOfAnArrayRightUnderIt() {
    let listing = Listing(
      title: "Milk", unit: nil, rows: [[1], [2, 3]], span: Span(from: 1, to: 2))
    #expect(
      JSONOutput.string(listing)
        == "{\"title\":\"Milk\",\n\"unit\":null,\n\"rows\":[\n[1],\n[2,3]\n],\n"
        + "\"span\":{\"from\":1,\"to\":2}}\n")
    let empty = Listing(title: "", unit: "lb", rows: [], span: nil)
    #expect(
      JSONOutput.string(empty)
        == "{\"title\":\"\",\n\"unit\":\"lb\",\n\"rows\":[],\n\"span\":null}\n")
  }

  @Test func numbersAreTheShortestTextThatReadsBackToTheSameDouble() throws {
    let amounts: [Double] = [
      247, 0.1, 17_469_899_999.999996, 1e-7, .leastNonzeroMagnitude, -0.0, 1e300,
    ]
    let text = JSONOutput.string(["amounts": amounts])
    #expect(
      text
        == "{\"amounts\":[\n247.0,\n0.1,\n17469899999.999996,\n1e-07,\n5e-324,\n-0.0,\n1e+300\n]}\n"
    )
    let decoded = try JSONDecoder().decode([String: [Double]].self, from: Data(text.utf8))
    #expect(decoded["amounts"]!.map(\.bitPattern) == amounts.map(\.bitPattern))
    // JSON cannot spell these; a database edited by hand might hold an infinity.
    #expect(
      JSONOutput.string(["x": [Double.infinity, -.infinity, .nan]])
        == "{\"x\":[\nnull,\nnull,\nnull\n]}\n")
  }

  @Test func stringsEscapeQuotesBackslashesAndControlsOnly() {
    #expect(JSONText.string("a\"b\\c\n\u{1B}é\u{7F}") == "\"a\\\"b\\\\c\\n\\u001bé\\u007f\"")
    #expect(JSONText.string("牛乳 \u{202E}") == "\"牛乳 \u{202E}\"")
  }

  @Test func theOutputIsHandedOverInPiecesAsItIsEncoded() throws {
    // Given a stream that keeps the size of each piece it is handed
    struct Pieces: TextOutputStream {
      var sizes: [Int] = []
      var text = ""
      mutating func write(_ string: String) {
        sizes.append(string.utf8.count)
        text += string
      }
    }
    var produced = 0
    let rows = StreamedArray<Observation> { write in
      for year in 0..<100_000 {
        produced += 1
        try write(Observation(year: Int64(year), amount: Double(year) / 8))
      }
    }
    let document = ExportDocument(
      datasets: [],
      sections: StreamedArray { write in
        try write(
          ExportDocument.Section(
            SectionInfo(
              id: 1, dataset: "d", position: 0, fields: SectionFields(key: "k", title: "t")),
            rows: rows,
            missing: []))
      })

    // When 100,000 rows are written
    var pieces = Pieces()
    try JSONOutput.write(document, to: &pieces)

    // Then they arrive in pieces of about 64 KiB, not as one text at the end
    #expect(produced == 100_000)
    #expect(pieces.sizes.count > 20)
    #expect(pieces.sizes.max()! < JSONSink.bufferSize + 100)
    let object = try JSONSerialization.jsonObject(with: Data(pieces.text.utf8)) as? [String: Any]
    let sections = try #require(object?["sections"] as? [[String: Any]])
    #expect((sections[0]["rows"] as? [Any])?.count == 100_000)
  }

  @Test func aValueThatWritesNothingIsAnEmptyObject() {
    struct Nothing: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }
    #expect(JSONOutput.string(["a": Nothing()]) == "{\"a\":{}}\n")
  }
}
