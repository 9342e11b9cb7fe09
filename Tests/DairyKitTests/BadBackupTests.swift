import Foundation
import Testing

@testable import DairyKit

/// A bad backup is one line with its line and column, exit code 65, and no change.
@Suite("Bad backups")
struct BadBackupTests {
  static let good = """
    {"datasets":[
    {"name":"d","title":null,"source":null,"updated":null,"contact":null,"notes":null,"legend":[]}
    ],
    "sections":[
    {"dataset":"d","key":"k","title":"K","unit":null,"group":null,"notes":null,"decimals":1,\
    "rows":[{"year":1990,"amount":1.5}],"missing":[]}
    ]}

    """

  static let cases: [(String, String)] = [
    (
      good.replacingOccurrences(of: "1.5}", with: "1.5"), "5:122: expected ',' or '}' after a field"
    ),
    (String(good.dropLast(4)), "5:138: expected ',' or ']', but the file ends"),
    (good.replacingOccurrences(of: "\"unit\"", with: "\"units\""), "5:38: unknown field \"units\""),
    (good.replacingOccurrences(of: "1990", with: "\"1990\""), "5:105: expected a year, found '\"'"),
    (good.replacingOccurrences(of: "1.5", with: "1e999"), "5:119: 1e999 is out of range"),
    (good.replacingOccurrences(of: "1.5", with: "01.5"), "5:119: \"01.5\" is not a JSON number"),
    (good.replacingOccurrences(of: "\"K\"", with: "\"K\\u0000\""), "5:37: a NUL character"),
    (good.replacingOccurrences(of: "\"key\":\"k\",", with: ""), "5:1: this section has no \"key\""),
    (
      good.replacingOccurrences(of: "1.5}]", with: "1.5},{\"year\":1990,\"amount\":2}]"),
      "5:124: year 1990 is given twice in this section"
    ),
    (
      good.replacingOccurrences(of: "\n]}", with: ",\n" + good.split(separator: "\n")[4] + "\n]}")
        .replacingOccurrences(of: "\"missing\":[]}\n]}", with: "\"missing\":[]}\n]}"),
      "6:1: section \"k\" of dataset \"d\" is given twice: here and at"
    ),
    ("{\"sections\":[]} x", "1:17: expected the end of the file"),
    (
      "{\"sections\":[{\"dataset\":\"d\",\"key\":\"k\",\"title\":\"t\",\"decimals\":-1}]}",
      "1:62: decimals must be from 0 to 1000"
    ),
  ]

  @Test(arguments: cases.indices)
  func aBadBackupNamesItsPlaceAndChangesNothing(_ index: Int) throws {
    let (text, expected) = Self.cases[index]
    let folder = try TestSupport.temporaryFolder()
    let database = folder.appendingPathComponent("d.sqlite").path
    let path = folder.appendingPathComponent("backup.json").path
    try Data(Self.good.utf8).write(to: URL(fileURLWithPath: path))
    var output = ""
    var errors = ""
    let flow = { () -> Int32 in
      ImportFlow.run(
        [path], options: ImportOptions(), database: database, terminal: Terminal(),
        output: &output, errors: &errors)
    }
    #expect(flow() == 0)
    let before = try TestSupport.dump(DairyDatabase.open(path: database))
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    errors = ""
    #expect(flow() == 65)
    let (place, message) = expected.split(separator: " ", maxSplits: 1).map(String.init)
      .splat()
    #expect(errors.hasPrefix("dairy: \(path):\(place) error: \(message)"), "\(errors)")
    #expect(errors.split(separator: "\n").count == 1)
    #expect(try TestSupport.dump(DairyDatabase.open(path: database)) == before)
  }

  @Test func aBackupTakesNoDatasetName() throws {
    let path = try TestSupport.file("b.json", Self.good)
    var options = ImportOptions()
    options.dataset = "other"
    let error = TestSupport.importError(
      [path], into: try DairyDatabase.inMemory(), options: options)
    #expect(error?.kind == .usage)
  }
}

extension Array where Element == String {
  /// The two parts of a split in two.
  fileprivate func splat() -> (String, String) { (self[0], self[1]) }
}
