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

/// Metadata errors give the line and column, and say what was expected there.
@Suite("Metadata errors at their place")
struct MetadataReadingTests {
  /// A sidecar's text and the message its import gives (after `w.metadata.json:`).
  static let cases: [(json: String, message: String)] = [
    (
      "[]",
      #"1:1: error: invalid metadata: expected an object at the top level, like {"series": "#
        + #"{"KEY": {"title": …}}}, found an array"#
    ),
    (
      #"{"series": {"Milk": {"title": ""}}}"#,
      #"1:31: error: invalid metadata: "series.Milk.title" is empty; give the series a title, "#
        + #"or leave "title" out"#
    ),
    (
      "{\"series\":\n  {\"Milk\": {\"title\": \"Milk\"}}\n",
      #"3:1: error: invalid metadata: expected "," or "}" after the value of "series", found "#
        + "the end of the file"
    ),
    (
      #"{"series": {"Milk": {"title": "Milk",}}}"#,
      #"1:38: error: invalid metadata: expected a key in double quotes after ",", found "}""#
    ),
    (
      "{\"series\": {\n  \"Milk\": {\"title\": 3}}}",
      #"2:21: error: invalid metadata: "series.Milk.title" should be text in double quotes "#
        + "(or null), found a number"
    ),
    (
      "",
      "1:1: error: invalid metadata: expected a value after the start of the file (an object, "
        + "an array, text in double quotes, a number, true, false or null), found the end of "
        + "the file"
    ),
    (
      #"{"title": "Dairy"}"#,
      #"1:1: error: invalid metadata: the top-level object has no "series"; expected "#
        + #"{"series": {"KEY": {"title": …}}}"#
    ),
    (
      "{\"series\": {\"Milk\": {}, \r\n\"Milk\": {}}}",
      #"2:1: error: invalid metadata: "Milk" is given twice in this object: here and at 1:13"#
    ),
    (
      #"{"series": {"Milk": {"title": "a\q"}}}"#,
      #"1:33: error: invalid metadata: expected an escape (\", \\, \/, \b, \f, \n, \r, \t or "#
        + #"\uXXXX), found "\q""#
    ),
    (
      #"{"series": {"Müsli": {"title": "a"#,
      "1:32: error: invalid metadata: the text that starts here has no closing double quote"
    ),
    (
      #"{"series": {"Milk": {"title": "a\ud800"}}}"#,
      #"1:33: error: invalid metadata: \uD800 is half a character: expected \uDC00 to \uDFFF "#
        + "after it"
    ),
    (
      #"{"series": {"Milk": {"title": tru}}}"#,
      #"1:31: error: invalid metadata: expected a value after "title": (an object, an array, "#
        + #"text in double quotes, a number, true, false or null), found "tru""#
    ),
    (
      "{\"series\": {\"Milk\": {\"title\": \"a\tb\"}}}",
      #"1:33: error: invalid metadata: a control character (\t) must be written as an escape "#
        + "in JSON text"
    ),
    (
      #"{"series": {}} {"#,
      #"1:16: error: invalid metadata: expected the end of the file after the top-level value, "#
        + #"found "{""#
    ),
    (
      #"{"series": {"Milk": "Milk"}}"#,
      #"1:21: error: invalid metadata: expected an object at "series.Milk", like "#
        + #"{"title": …, "unit": …}, found text"#
    ),
    (
      String(repeating: "[", count: 100_000),
      "1:65: error: invalid metadata: the JSON nests deeper than 64 levels"
    ),
    // A CR alone ends a line, as CRLF and LF do.
    (
      "{\"series\":\r {}\r,}",
      #"3:2: error: invalid metadata: expected a key in double quotes after ",", found "}""#
    ),
    // A key given twice where the reader never looks, and in an object of many keys.
    (
      #"{"series": {}, "other": {"a": 1, "a": 2}}"#,
      #"1:34: error: invalid metadata: "a" is given twice in this object: here and at 1:26"#
    ),
    (
      #"{"series": {"# + (0..<40).map { #""k\#($0)": {}, "# }.joined() + #""k3": {}}}"#,
      #"1:443: error: invalid metadata: "k3" is given twice in this object: here and at 1:43"#
    ),
  ]

  @Test(arguments: cases.indices)
  func eachProblemIsAtItsPlace(index: Int) throws {
    let (json, message) = Self.cases[index]
    let csv = try TestSupport.file("w.csv", "Year,Milk\n1990,1\n")
    let sidecar = DatasetMetadata.sidecarPath(for: csv)
    try Data(json.utf8).write(to: URL(fileURLWithPath: sidecar))
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([csv], into: database))
    #expect(error.description == sidecar + ":" + message)
    #expect(try database.isEmpty())
  }

  /// A byte that is not UTF-8 is refused at its place, in text or between values.
  static let notUTF8: [(bytes: [UInt8], place: String)] = [
    (Array(#"{"series": {"Mé"#.utf8) + [0xFF] + Array(#"k": {}}}"#.utf8), "1:16"),
    (Array(#"{"series": "#.utf8) + [0xC3] + Array("}".utf8), "1:12"),
  ]

  @Test(arguments: notUTF8.indices)
  func aByteThatIsNotUTF8IsRefusedAtItsPlace(_ index: Int) throws {
    let (bytes, place) = Self.notUTF8[index]
    #expect {
      try DatasetMetadata.read(bytes, file: "m.json")
    } throws: { error in
      (error as? DairyError)?.description
        == "m.json:\(place): error: invalid metadata: this byte is not UTF-8; save the file as "
        + "UTF-8"
    }
  }

  /// What the reader accepts, it reads as Foundation's JSON parser does.
  @Test func validMetadataReadsAsFoundationReadsIt() throws {
    let json = """
      \u{FEFF}{"title": "Dairy \\"products\\"", "source": null, "other": [1, -0.5e+3, true, {}],
       "series": {"Milk\\u00e9": {
                    "title": "Lait \\ud83e\\udd5b\\n\\/\\\\\\b\\f\\r\\t", "unit": null},
                  "Butter": {"title": "Butter", "group": "Fats", "notes": "é 😀"}}}
      """
    let metadata = try DatasetMetadata.read(Array(json.utf8), file: "m.json")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8).dropFirst(3))
    let expected = try #require(object as? [String: Any])
    #expect(metadata.facts.title == expected["title"] as? String)
    #expect(metadata.facts.source == nil)
    let series = try #require(expected["series"] as? [String: [String: Any]])
    #expect(Set(metadata.series.keys) == Set(series.keys))
    for (key, fields) in series {
      #expect(metadata.series[key]?[.title] == fields["title"] as? String)
      #expect(metadata.series[key]?[.notes] == fields["notes"] as? String)
      #expect(metadata.series[key]?[.group] == fields["group"] as? String)
    }
  }

  /// A sidecar is read whole: one past the size limit is refused before it is parsed, and one
  /// at the limit is read.
  @Test func aSidecarLargerThanTheLimitIsRefusedUnread() throws {
    // Given a valid sidecar padded with spaces to one byte past the limit
    let csv = try TestSupport.file("w.csv", "Year,Milk\n1990,1\n")
    let sidecar = DatasetMetadata.sidecarPath(for: csv)
    let json = #"{"series": {"Milk": {"title": "Milk"}}}"#
    let padding = String(repeating: " ", count: DatasetMetadata.maxBytes - json.utf8.count)
    try Data((json + padding + " ").utf8).write(to: URL(fileURLWithPath: sidecar))

    // When the table is imported, it is refused, naming the file and the limit
    let database = try DairyDatabase.inMemory()
    let error = try #require(TestSupport.importError([csv], into: database))
    #expect(
      error.description
        == sidecar
        + ": error: the metadata file is larger than 16 MiB, the limit for a metadata file")
    #expect(error.exitCode == 65)
    #expect(try database.isEmpty())

    // And one byte less is read
    try Data((json + padding).utf8).write(to: URL(fileURLWithPath: sidecar))
    _ = try database.importFiles([csv])
    #expect(try database.read { try $0.sections() }.map(\.title) == ["Milk"])
  }

  /// Its values are a tree in memory: a small file of many tiny values is refused at the value
  /// past the limit, where it stands.
  @Test func aSidecarOfMoreValuesThanTheLimitIsRefusedAtThePlacePastIt() throws {
    // Given a 1 MB sidecar whose title is an array of 500,001 zeros
    let csv = try TestSupport.file("w.csv", "Year,Milk\n1990,1\n")
    let sidecar = DatasetMetadata.sidecarPath(for: csv)
    let zeros = Array(repeating: "0", count: JSONNode.maximumValues).joined(separator: ",")
    let json = #"{"series": {"Milk": {"title": ["# + zeros + "]}}}"
    try Data(json.utf8).write(to: URL(fileURLWithPath: sidecar))

    // When it is imported, the value past the limit is refused: the 500,001st value of the
    // file, the 499,997th zero (after the object, "series", "Milk" and the array)
    let error = try #require(
      TestSupport.importError([csv], into: try DairyDatabase.inMemory()))
    let column =
      #"{"series": {"Milk": {"title": ["#.utf8.count + 2 * (JSONNode.maximumValues - 4) + 1
    #expect(
      error.description
        == "\(sidecar):1:\(column): error: invalid metadata: more than 500,000 values, the limit "
        + "for a metadata file")
  }
}
