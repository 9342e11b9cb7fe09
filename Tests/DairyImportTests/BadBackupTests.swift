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

/// A bad backup is one line with its line and column, exit code 65, and no change.
@Suite("Bad backups")
struct BadBackupTests {
  static let good = TestSupport.goodBackup

  static let cases: [(String, String)] = [
    (
      good.replacingOccurrences(of: "1.5}", with: "1.5"),
      #"5:122: expected "," or "}" after the value of "amount", found "]""#
    ),
    (
      String(good.dropLast(4)),
      #"5:138: expected "," or "]" after an element of the array, found the end of the file"#
    ),
    (good.replacingOccurrences(of: "\"unit\"", with: "\"units\""), "5:38: unknown field \"units\""),
    (
      good.replacingOccurrences(of: "1990", with: "\"1990\""),
      "5:105: expected a year, found a double quote"
    ),
    (good.replacingOccurrences(of: "1.5", with: "1e999"), "5:119: \"1e999\" is out of range"),
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
    // The JSON reader's messages, which a metadata sidecar's share.
    (
      good.replacingOccurrences(of: "\"K\"", with: "\"K\\q\""),
      #"5:36: expected an escape (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX), found "\q""#
    ),
    (
      good.replacingOccurrences(of: "\"unit\":null", with: "\"unit\":nul"),
      #"5:45: expected a string, found "nul""#
    ),
    // A key given twice, at any depth: the top level, a dataset or section, a row.
    (
      "{\"sections\":[],\n \"sections\":[]}",
      "2:2: \"sections\" is given twice in this object: here and at 1:2"
    ),
    (
      good.replacingOccurrences(of: "\"legend\":[]}", with: "\"legend\":[],\"name\":\"\"}"),
      "2:95: \"name\" is given twice in this object: here and at 2:2"
    ),
    (
      good.replacingOccurrences(of: "\"missing\":[]}", with: "\"missing\":[],\"rows\":[]}"),
      "5:138: \"rows\" is given twice in this object: here and at 5:89"
    ),
    (
      good.replacingOccurrences(of: "1.5}", with: "1.5,\"amount\":2}"),
      "5:123: \"amount\" is given twice in this object: here and at 5:110"
    ),
    // A year both given and missing (found by Scripts/fuzz-backup: it was stored both ways).
    (
      good.replacingOccurrences(
        of: "\"missing\":[]", with: "\"missing\":[{\"year\":1990,\"marker\":\"NA\"}]"),
      "5:136: year 1990 is both a missing cell and a row in this section"
    ),
    (
      good.replacingOccurrences(
        of: "\"rows\"", with: "\"missing\":[{\"year\":1990,\"marker\":\"NA\"}],\"rows\""
      )
      .replacingOccurrences(of: ",\"missing\":[]}", with: "}"),
      "5:137: year 1990 is both a row and a missing cell in this section"
    ),
    // Years as a CSV file's: within ±2^53.
    (
      good.replacingOccurrences(of: "1990", with: "9007199254740993"),
      "5:105: \"9007199254740993\" is out of range for a year"
    ),
    (
      good.replacingOccurrences(of: "1990", with: "-9223372036854775808"),
      "5:105: \"-9223372036854775808\" is out of range for a year"
    ),
    (
      good.replacingOccurrences(of: "1990", with: "99999999999999999999"),
      "5:105: \"99999999999999999999\" is out of range for a year"
    ),
    (
      good.replacingOccurrences(of: "1990", with: "1990.0"),
      "5:105: a year must be a whole number, not \"1990.0\""
    ),
  ]

  @Test(arguments: cases.indices)
  func aBadBackupNamesItsPlaceAndChangesNothing(_ index: Int) throws {
    let (text, expected) = Self.cases[index]
    let (path, errors) = try Self.refusal(of: Array(text.utf8))
    let (place, message) = expected.split(separator: " ", maxSplits: 1).map(String.init)
      .splat()
    #expect(errors.hasPrefix("dairy: \(path):\(place) error: \(message)"), "\(errors)")
  }

  /// The error of an import of `bytes` as a backup into a database holding ``good``, checked to
  /// be one line, with status 65 and the database unchanged; and the backup's path.
  static func refusal(of bytes: [UInt8]) throws -> (path: String, errors: String) {
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
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    errors = ""
    #expect(flow() == 65)
    #expect(errors.split(separator: "\n").count == 1)
    #expect(try TestSupport.dump(DairyDatabase.open(path: database)) == before)
    return (path, errors)
  }

  // MARK: - Limits: 1 MiB a value, 40 characters of it in a message

  @Test func aNumberLongerThanAFieldMayBeIsRefusedAtItsStart() throws {
    // Given a backup whose amount is 50 MiB of digits
    let number = String(repeating: "1", count: 50 << 20)
    let text = Self.good.replacingOccurrences(of: "1.5}", with: number + "}")
    // When it is imported, then it is refused where the number starts, in a short line
    let (path, errors) = try Self.refusal(of: Array(text.utf8))
    #expect(
      errors
        == "dairy: \(path):5:119: error: this number is longer than 1 MiB, the most a field may "
        + "hold\n")
  }

  @Test func aStringLongerThanAFieldMayBeIsRefusedAtItsStart() throws {
    // Given a backup whose section notes are 50 MiB of text
    let notes = "\"" + String(repeating: "a", count: 50 << 20) + "\""
    let text = Self.good.replacingOccurrences(
      of: "\"notes\":null,\"decimals\"", with: "\"notes\":\(notes),\"decimals\"")
    // When it is imported, then it is refused where the string starts, in a short line
    let (path, errors) = try Self.refusal(of: Array(text.utf8))
    #expect(
      errors
        == "dairy: \(path):5:71: error: this string is longer than 1 MiB, the most a field may "
        + "hold\n")
  }

  @Test func aValueJustUnderTheLimitIsQuotedToFortyCharacters() throws {
    // Given a number of a million digits and a point, and a field name of a million letters
    let number = String(repeating: "1", count: 1 << 20 - 1) + "."
    let key = String(repeating: "k", count: 1 << 20)
    for (text, message) in [
      (
        Self.good.replacingOccurrences(of: "1.5}", with: number + "}"),
        "5:119: error: \"\(String(repeating: "1", count: 40))…\" (1048576 bytes) is not a JSON "
          + "number"
      ),
      (
        Self.good.replacingOccurrences(of: "\"unit\"", with: "\"\(key)\""),
        "5:38: error: unknown field \"\(String(repeating: "k", count: 40))…\" (1048576 bytes) "
          + "(a backup has dataset, key, title, unit, group, notes, link, frequency, place, "
          + "placeLevel, placeCode, decimals, rows, missing, marks)"
      ),
    ] {
      // When it is imported, then the message quotes 40 characters of it and says its length
      let (path, errors) = try Self.refusal(of: Array(text.utf8))
      #expect(errors == "dairy: \(path):\(message)\n")
    }
  }

  @Test func aValueOfTheLimitIsRead() throws {
    // Given a backup whose section notes are 1 MiB exactly, and a year of 2^53
    let notes = "\"" + String(repeating: "a", count: 1 << 20) + "\""
    let text = Self.good.replacingOccurrences(
      of: "\"notes\":null,\"decimals\"", with: "\"notes\":\(notes),\"decimals\""
    )
    .replacingOccurrences(of: "1990", with: "9007199254740992")
    let path = try TestSupport.file("b.json", text)
    // When it is imported, then both are stored
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    #expect(summary.observations == 1)
    #expect(try TestSupport.dump(database).contains("9007199254740992"))
  }

  @Test func aWordAcrossTheReadBufferIsReadWhole() throws {
    // Given backups whose `null` (good) or `nul` (bad) sits across the end of the first 64 KiB
    // the reader reads, at every offset
    for padding in 65_500..<65_512 {
      let head = #"{"datasets":[{"name":"d","title":""# + String(repeating: "a", count: padding)
      let good = head + #"","source":null}],"sections":[]}"#
      _ = try DairyDatabase.inMemory().importFiles([TestSupport.file("b.json", good)])
      let bad = head + #"","source":nul}],"sections":[]}"#
      // When they are imported, then the good one is read and the bad one names the word
      let (path, errors) = try Self.refusal(of: Array(bad.utf8))
      let column = head.utf8.count + #"","source":"#.utf8.count + 1
      #expect(
        errors == "dairy: \(path):1:\(column): error: expected a string, found \"nul\"\n")
    }
  }

  // MARK: - Encodings

  @Test(arguments: [
    (String.Encoding.utf16LittleEndian, [0xFF, 0xFE] as [UInt8], "UTF-16LE"),
    (.utf16BigEndian, [], "UTF-16BE"),
    (.utf32LittleEndian, [0xFF, 0xFE, 0, 0], "UTF-32LE"),
    (.utf32BigEndian, [], "UTF-32BE"),
  ])
  func aBackupInUTF16OrUTF32IsNamedAndRefused(
    _ encoding: String.Encoding, _ mark: [UInt8], _ name: String
  ) throws {
    // Given the good backup saved in UTF-16 or UTF-32, with or without a byte-order mark
    let bytes = mark + [UInt8](Self.good.data(using: encoding)!)
    // When it is imported, then it is refused at its start, saying what it is and what to do
    let (path, errors) = try Self.refusal(of: bytes)
    #expect(
      errors
        == "dairy: \(path):1:1: error: this backup is \(name) text, and dairy reads backups as "
        + "UTF-8, as dairy export writes them: save it as UTF-8 (iconv -f \(name) -t UTF-8) and "
        + "import it again\n")
  }

  @Test func aCSVFileInUTF16IsStillReadAsCSV() throws {
    // Given a CSV file in UTF-16 with a byte-order mark
    let bytes: [UInt8] =
      [0xFF, 0xFE] + [UInt8]("Year,Milk\n1990,2\n".data(using: .utf16LittleEndian)!)
    // When it is imported, then it is a CSV file, not a backup
    let summary = try DairyDatabase.inMemory().importFiles([try TestSupport.file("m.csv", bytes)])
    #expect(summary.observations == 1)
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
