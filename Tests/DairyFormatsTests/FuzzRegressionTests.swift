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

#if canImport(Glibc)
  import Glibc
#endif

/// Inputs that `Scripts/fuzz` kept in its corpus because they reach a path of their own, replayed
/// through the reader and the importer as the fuzz target does: each reads the same records at
/// every read size, and imports or fails with the located error recorded here.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// One input and what importing it gives.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// The error's description with the file written `input.csv`; nil when the file imports.
    var error: String?
    var rows = 0
    var observations = 0
    var missing = 0
    /// The layout it is imported as (`--format`), as the fuzz target imports every input twice.
    var format = ImportOptions.Format.auto

    var testDescription: String { name }

    static func fails(
      _ name: String, _ bytes: [UInt8], _ error: String, format: ImportOptions.Format = .auto
    ) -> Case {
      Case(name: name, bytes: bytes, error: error, format: format)
    }

    static func imports(
      _ name: String, _ bytes: [UInt8], rows: Int, observations: Int, missing: Int
    ) -> Case {
      Case(name: name, bytes: bytes, rows: rows, observations: observations, missing: missing)
    }
  }

  static let cases: [Case] = [
    .fails(
      "a long series given a year twice, found again by re-reading the file",
      Array("state,year,value\nOhio,1975,1\nOhioowa,1975,3\nOhio,1975,4\n".utf8),
      #"input.csv:4:11: error: "Ohio" has year 1975 twice: here and at input.csv:2:11"#),
    .fails(
      "a wide year twice",
      Array("Year,Milk<0.0\n1975,2\n1975,247\n1976,-)nf\n".utf8),
      "input.csv:3:1: error: year 1975 appears twice: here and at input.csv:2:1"),
    .fails(
      "a unit that changes within a series",
      Array("state,year,value,unit\nOhio,1975,1,lb\nOhio,1975,2,kg\n".utf8),
      #"input.csv:3:13: error: unit "kg" differs from "lb" given for this series at "#
        + "input.csv:2:13"),
    .fails(
      "a byte-order mark inside a year, after a missing one",
      Array("Year,Milk\n,71952E7\n19".utf8) + [0xEF, 0xBB, 0xBF] + Array("76,NaN\n".utf8),
      "input.csv:2:1: error: the year is missing"),
    .fails(
      "a year whose exponent overflows",
      Array("Year,Milk\n1975,247\n1e30975,247\n,240\n".utf8),
      #"input.csv:3:1: error: "1e30975" is out of range for a year"#),
    .fails(
      "a UTF-8 sequence cut short in the header, without a line end",
      Array("Ye".utf8) + [0xE2, 0xA2] + Array("i-o".utf8),
      "input.csv:1:3: error: invalid UTF-8; save the file as UTF-8"),
    .fails(
      "NUL first on a line",
      Array("Ye\n".utf8) + [0] + Array("11.4".utf8) + [0],
      "input.csv:2:1: error: NUL byte in the file; it is binary or not UTF-8 text"),
    .fails(
      "a quote opened on the last line and never closed",
      Array("Yea35\n\"7\n".utf8),
      "input.csv:2:1: error: a quoted field opened here is never closed"),
    .fails(
      "text after a closing quote, before a NUL and bad UTF-8",
      Array("\"\"\"ag\"".utf8) + [0] + Array("t".utf8) + [0xF0, 0xEE] + Array("(t\n \")".utf8),
      "input.csv:1:7: error: text after the closing quote of a quoted field; "
        + #"double a quote inside quotes ("")"#),
    .fails(
      "only a byte-order mark",
      [0xEF, 0xBB, 0xBF],
      "input.csv: error: the file is empty"),
    .fails(
      "a header without a line end and nothing else",
      Array("Fe".utf8),
      "input.csv:1: error: the file has a header but no data rows"),
    .imports(
      "a negative year and an empty cell",
      Array("Year,Milk\n-475,\n".utf8), rows: 1, observations: 0, missing: 1),
    .imports(
      "a control character as a series name",
      Array("state,year,".utf8) + [0xC3, 0xA9] + Array("unds,dollars\nOhio,1975,\u{11},2\n".utf8),
      rows: 1, observations: 1, missing: 0),
    .imports(
      "a blank cell and a numeric series name in a wide file",
      Array("stawe,year,import[hio,1\n ,197 ,1976,2\n".utf8), rows: 1, observations: 2, missing: 1),
    .imports(
      "a lone CR as the last line end",
      Array("Year,Nilk,Butter\n0987,27,4.7\n1976,247,4.3\n1975,246,4.6\r".utf8),
      rows: 3, observations: 6, missing: 0),
    .imports(
      "a byte-order mark inside a header name",
      Array("15.0st".utf8) + [0xEF, 0xBB, 0xBF]
        + Array("ate,year,alue\nOhio,79906,2\nIowa591,37,\nOhio,1975,4\n".utf8),
      rows: 3, observations: 2, missing: 1),
    .fails(
      "a report of data rows and no header row",
      Array("\n1975,247\n0\n29,\"Milk A)\nlk\n1975,247\n0\n29,278".utf8) + [0xC4]
        + Array(",2,6\n".utf8),
      "input.csv:2:6: error: column 2 has values but the header names no series for it",
      format: .report),
  ]

  /// The records of a file and the error that stopped the reader, read `readSize` bytes at a time.
  static func read(_ path: String, readSize: Int?) -> (records: [TableRow], error: DairyError?) {
    var records: [TableRow] = []
    do {
      let reader =
        try readSize.map { try CSVReader(path: path, readSize: $0) } ?? CSVReader(path: path)
      var record = TableRow()
      while try reader.next(into: &record) { records.append(record) }
      return (records, nil)
    } catch {
      return (records, error as? DairyError)
    }
  }

  @Test(arguments: cases)
  func readsTheSameRecordsAtEveryReadSize(_ input: Case) throws {
    // Given the input as a file
    let path = try TestSupport.file("input.csv", input.bytes)
    // When it is read whole, and 2 to 9 bytes at a time
    let whole = Self.read(path, readSize: nil)
    for readSize in 2...9 {
      let chunked = Self.read(path, readSize: readSize)
      // Then the fields, their places in the file and the error are the same
      #expect(chunked.records.map(\.bytes) == whole.records.map(\.bytes), "read size \(readSize)")
      #expect(chunked.records.map(\.cells) == whole.records.map(\.cells), "read size \(readSize)")
      #expect(chunked.error == whole.error, "read size \(readSize)")
    }
    // And a file the reader refuses is one whose error it locates
    if let error = whole.error {
      #expect(error.location?.file == path && error.location?.line != nil)
    }
  }

  @Test(arguments: cases)
  func importsOrFailsWithALocatedError(_ input: Case) throws {
    // Given the input as a file and an empty database
    let path = try TestSupport.file("input.csv", input.bytes)
    let database = try DairyDatabase.inMemory()
    // When it is imported
    let summary: ImportSummary
    var options = ImportOptions()
    options.format = input.format
    do {
      summary = try database.importFiles([path], options: options)
    } catch let error as DairyError {
      // Then a failure is an input error in this file, worded as recorded, and nothing landed
      #expect(error.kind == .input)
      #expect(error.location?.file == path)
      #expect(error.description.replacingOccurrences(of: path, with: "input.csv") == input.error)
      #expect(try database.isEmpty())
      return
    }
    // Then a success counts every row and cell, and the same bytes again change nothing
    #expect(input.error == nil)
    let file = try #require(summary.files.first)
    #expect(file.rows == input.rows)
    #expect(file.observations == input.observations)
    #expect(file.missing == input.missing)
    #expect(try database.importFiles([path], options: options).unchanged)
  }

  /// Amounts where the parser leaves its fast path, against the C library's correctly rounded
  /// `strtod`, as the fuzz target checks every field.
  @Test(arguments: [
    "9007199254740993", "17469899999.999996", "3e-324", "-0", "0.00000000000000000000000012345",
    "123456789012345678901234567890", "4.9406564584124654e-324", " 2.2250738585072011e-308\t",
  ])
  func amountsAgreeWithStrtod(_ text: String) throws {
    let parsed = NumberParser().amount(Array(text.utf8))
    guard case .value(let value, _) = parsed else {
      Issue.record("\(text) is not read as a number: \(parsed)")
      return
    }
    #expect(value.bitPattern == strtod(text, nil).bitPattern)
  }
}
