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

/// Files that are not UTF-8: UTF-16 with a byte-order mark, and Windows-1252 or ISO 8859-1 as
/// `--encoding` names them, transcoded as they are read; and what an import says of a file that
/// is not UTF-8 when no encoding was named.
@Suite("Text encodings")
struct TextEncodingTests {
  @Test func utf16LittleEndianWithAByteOrderMarkImports() throws {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/utf16le-wide.csv")])
    #expect(
      try TestSupport.contents(database) == [
        "Crème fraîche": [1975: 1.5, 1976: 1.75], "牛乳 (Japan)": [1975: 2.25, 1976: 2.5],
        "Emoji 🐄": [1975: 3, 1976: 4],
      ])
  }

  @Test func utf16BigEndianWithSemicolonsImports() throws {
    let path = TestSupport.fixture("good/utf16be-long.csv")
    let source = try CSVSource(path: path)
    #expect(source.encoding == .utf16BE && source.separator == .semicolon)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path])
    #expect(
      try TestSupport.contents(database) == [
        "NorthEast / Québec": [1975: 12.5, 1976: 13], "West / Zürich": [1975: 7],
      ])
  }

  @Test func windows1252ImportsWithTheOption() throws {
    var options = ImportOptions()
    options.encoding = .windows1252
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles(
      [TestSupport.fixture("good/windows-1252-wide.csv")], options: options)
    #expect(
      try TestSupport.contents(database).keys.sorted() == [
        "Café", "Crème fraîche", "Farmers’ share – all",
      ])
  }

  @Test func windows1252WithoutTheOptionIsRefusedWithTheOptionToUse() throws {
    let error = TestSupport.importError(
      [TestSupport.fixture("good/windows-1252-wide.csv")], into: try DairyDatabase.inMemory())
    #expect(error?.location?.line == 1 && error?.location?.column == 8)
    #expect(
      error?.message
        == "invalid UTF-8 (as Windows-1252 it reads \"Crème\"); import it with --encoding "
        + "windows-1252, or save the file as UTF-8")
  }

  @Test func aByteOrderMarkDecidesOverTheOption() throws {
    var options = ImportOptions()
    options.encoding = .windows1252
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/utf16le-wide.csv")], options: options)
    #expect(try TestSupport.contents(database)["Crème fraîche"] == [1975: 1.5, 1976: 1.75])
    // A UTF-8 byte-order mark too: "ï»¿" is not read as Windows-1252
    let path = try TestSupport.file(
      "bom.csv", [0xEF, 0xBB, 0xBF] + Array("Year,Crème\n1975,1\n".utf8))
    let second = try DairyDatabase.inMemory()
    _ = try second.importFiles([path], options: options)
    #expect(try TestSupport.contents(second) == ["Crème": [1975: 1]])
  }

  @Test func latin1ReadsEveryByteAsItsCodePoint() throws {
    // Given a name with 0x80 (€ in Windows-1252, a C1 control in ISO 8859-1) and 0xE9 (é)
    let bytes = Array("Year,Caf".utf8) + [0xE9, 0x20, 0x80] + Array("\n1975,1\n".utf8)
    let path = try TestSupport.file("latin.csv", bytes)
    for (encoding, key) in [(TextEncoding.latin1, "Café \u{80}"), (.windows1252, "Café €")] {
      var options = ImportOptions()
      options.encoding = encoding
      let database = try DairyDatabase.inMemory()
      _ = try database.importFiles([path], options: options)
      #expect(try TestSupport.contents(database) == [key: [1975: 1]])
    }
  }

  @Test func locationsInATranscodedFileCountCharacters() throws {
    // Given a Windows-1252 long file whose bad amount follows accented letters on its line
    let text = "product,year,amount\nCafé crème,1975,1\nCafé crème,1976,x\n"
    let bytes = text.unicodeScalars.map { UInt8($0.value) }
    let path = try TestSupport.file("cafe.csv", bytes)
    var options = ImportOptions()
    options.encoding = .windows1252
    // When it is imported
    let error = TestSupport.importError(
      [path], into: try DairyDatabase.inMemory(), options: options)
    // Then the column counts characters: 17, not the 19 bytes of the line's UTF-8
    #expect(error?.description == "\(path):3:17: error: \"x\" is not a number (column \"amount\")")
  }

  @Test func utf16ReadsTheSameRecordsAtEveryReadSize() throws {
    // Given a UTF-16 file with characters of one, two, three and four UTF-8 bytes
    let text = "Year,\"Crème\nfraîche\",牛乳,🐄🐄\r\n1975,1.5,\"2,25\",3\r\n1976,1.75,2.5,4"
    for (mark, encoding) in [
      ([UInt8]([0xFF, 0xFE]), String.Encoding.utf16LittleEndian),
      ([0xFE, 0xFF], .utf16BigEndian),
    ] {
      let path = try TestSupport.file("u16.csv", mark + Array(text.data(using: encoding)!))
      let whole = try Self.records(path, readSize: nil)
      // Then every read size, cutting characters and surrogate pairs, reads the same
      #expect(
        whole.map { $0.fields } == [
          ["Year", "Crème\nfraîche", "牛乳", "🐄🐄"], ["1975", "1.5", "2,25", "3"],
          ["1976", "1.75", "2.5", "4"],
        ])
      for readSize in [2, 3, 4, 5, 7, 16] {
        #expect(try Self.records(path, readSize: readSize) == whole, "read size \(readSize)")
      }
      // And columns count characters on the line a field starts on: 牛乳 and 🐄🐄 are on the
      // quoted field's second line
      #expect(whole[0].columns == [1, 6, 10, 13])
      #expect(whole[1].columns == [1, 6, 10, 17])
    }
  }

  /// Each record's fields and the column of each, as the reader gives them.
  static func records(_ path: String, readSize: Int?) throws -> [Record] {
    let reader =
      try readSize.map { try CSVReader(path: path, readSize: $0) } ?? CSVReader(path: path)
    var row = TableRow()
    var records: [Record] = []
    while try reader.next(into: &row) {
      records.append(
        Record(
          fields: row.cells.indices.map { row.string(at: $0) ?? "?" },
          columns: row.cells.map { reader.location(of: $0).column ?? 0 }))
    }
    return records
  }

  struct Record: Equatable {
    var fields: [String]
    var columns: [Int]
  }

  @Test func encodingNamesAsTyped() {
    #expect(TextEncoding(name: "UTF-8") == .utf8)
    #expect(TextEncoding(name: "cp1252") == .windows1252)
    #expect(TextEncoding(name: "Windows-1252") == .windows1252)
    #expect(TextEncoding(name: "latin1") == .latin1)
    #expect(TextEncoding(name: "ISO-8859-1") == .latin1)
    #expect(TextEncoding(name: "utf-16le") == .utf16LE)
    #expect(TextEncoding(name: "ebcdic") == nil)
  }
}
