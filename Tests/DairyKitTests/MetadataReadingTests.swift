import Foundation
import Testing

@testable import DairyKit

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
      #"2:1: error: invalid metadata: "series" has the key "Milk" twice: here and at 1:13"#
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
    #expect(metadata.title == expected["title"] as? String)
    #expect(metadata.source == nil)
    let series = try #require(expected["series"] as? [String: [String: Any]])
    #expect(Set(metadata.series.keys) == Set(series.keys))
    for (key, fields) in series {
      #expect(metadata.series[key]?.title == fields["title"] as? String)
      #expect(metadata.series[key]?.notes == fields["notes"] as? String)
      #expect(metadata.series[key]?.group == fields["group"] as? String)
    }
  }
}
