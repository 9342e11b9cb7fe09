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

/// A workbook imports the sheets that read: a sheet that cannot be read is skipped with one
/// warning naming its file, sheet and cell, and leaves nothing behind; `--strict` and `--sheet`
/// refuse the import instead, and a workbook none of whose sheets reads is refused.
@Suite("Workbook sheets that cannot be read")
struct SkippedSheetsTests {
  /// A sheet part of `rows` (``HostileWorkbook/sheet(cells:)``).
  static func sheet(_ rows: [[String?]]) -> String { HostileWorkbook.sheet(cells: rows) }

  /// A workbook `name` of `sheets` (name, rows), in a new temporary folder; its path.
  static func workbook(_ name: String, _ sheets: [(String, [[String?]])]) throws -> String {
    try HostileWorkbook.file(name, tables: sheets)
  }

  /// A wide sheet of `years` rows from 2001: Milk is the year's offset, Butter ten times it.
  static func wide(years: Int = 3) -> [[String?]] {
    [["Year", "Milk", "Butter"]] + (1...years).map { ["\(2000 + $0)", "\($0)", "\($0 * 10)"] }
  }

  /// Every observation of the database, as `dataset / key: year=amount …`, one line a section.
  static func contents(_ database: DairyDatabase) throws -> [String] {
    try database.read { db in
      try db.sections().map { section in
        let rows = try db.observations(of: section.id)
        return "\(section.dataset) / \(section.key): "
          + rows.map { "\($0.year)=\(Grouping.digits(Int($0.amount)))" }.joined(separator: " ")
      }
    }
  }

  /// Each way a sheet cannot be read, between two sheets that can, with the cell and message
  /// its warning gives. Long sheets fail after chunks of their observations were written.
  static let unreadable: [(String, [[String?]], cell: String, message: String)] = [
    (
      "no year column", [["State", "Pounds"], ["Maine", "630"], ["Vermont", "2729"]],
      "A1", "the header has no year column (\"State\", \"Pounds\"); name it with --year-column"
    ),
    (
      "a bad number late",
      wide(years: 40) + [["2041", "12", "lots"]],
      "C42", "\"lots\" is not a number"
    ),
    (
      "a year twice", wide(years: 30) + [["2005", "9", "9"]],
      "A32", "year 2005 appears twice: here and at "
    ),
    (
      "an empty-headed year column with a total",
      [[nil, "Milk"], ["2001", "1"], ["2002", "2"], ["Total", "3"]],
      "A4",
      "\"Total\" is not a year; column 1, whose header is empty, holds years in its other rows, "
        + "and a year column holds one in every data row"
    ),
  ]

  @Test(arguments: unreadable.indices)
  func aSheetThatCannotBeReadIsSkippedAndLeavesNothing(_ index: Int) throws {
    let (name, rows, cell, message) = Self.unreadable[index]
    let path = try Self.workbook(
      "book.xlsx", [("First", Self.wide()), ("Bad", rows), ("Last", Self.wide(years: 2))])
    // Given an empty database, when the workbook is imported with chunks of four observations
    // (a failing sheet's first ones are written before it fails)
    let database = try DairyDatabase.inMemory()
    let summary = try ObservationBuffer.$chunkSizes.withValue(
      ObservationBuffer.ChunkSizes(inOrder: 4, outOfOrder: 8)
    ) {
      try database.importFiles([path])
    }
    // Then the two other sheets are imported, and the bad one is skipped with one warning
    #expect(summary.datasets.map(\.name) == ["book.first", "book.last"], "\(name)")
    #expect(summary.skippedSheets.count == 1)
    let skipped = try #require(summary.skippedSheets.first)
    #expect(skipped.location?.sheet == "Bad" && skipped.location?.cell?.description == cell)
    #expect(skipped.message.hasPrefix(message), "\(name): \(skipped.message)")
    let warning = "\(path): sheet 'Bad', cell \(cell): skipped: \(message)"
    #expect(summary.warnings.filter { $0.hasPrefix(warning) }.count == 1, "\(summary.warnings)")
    #expect(summary.lines.last?.hasSuffix("s; 1 unreadable sheet skipped") == true)
    // And nothing of it is stored: no dataset, section or observation
    #expect(
      try Self.contents(database) == [
        "book.first / Milk: 2001=1 2002=2 2003=3", "book.first / Butter: 2001=10 2002=20 2003=30",
        "book.last / Milk: 2001=1 2002=2", "book.last / Butter: 2001=10 2002=20",
      ])
    #expect(try database.read { try $0.datasets() }.map(\.name) == ["book.first", "book.last"])
  }

  @Test(arguments: unreadable.indices)
  func strictRefusesTheWorkbookAtTheSheetAndLeavesTheDatabaseAsItWas(_ index: Int) throws {
    let (name, rows, cell, message) = Self.unreadable[index]
    let path = try Self.workbook("book.xlsx", [("First", Self.wide()), ("Bad", rows)])
    // Given a database that holds a dataset of the workbook's name already
    let database = try DairyDatabase.inMemory()
    let earlier = try Self.workbook("book.xlsx", [("First", Self.wide(years: 1)), ("Other", [])])
    _ = try database.importFiles([earlier])
    let before = try TestSupport.dump(database)
    // When the workbook is imported with --strict
    var options = ImportOptions()
    options.strict = true
    let error = TestSupport.importError([path], into: database, options: options)
    // Then the import is refused at the sheet's cell, and the database is as it was
    #expect(error?.location?.sheet == "Bad" && error?.location?.cell?.description == cell)
    #expect(error?.message.hasPrefix(message) == true, "\(name)")
    #expect(try TestSupport.dump(database) == before)
  }

  /// A sheet skipped whose dataset the database holds from an earlier import: that dataset
  /// stays as it was (the savepoint undoes its replacement), the others are replaced.
  @Test func aSkippedSheetLeavesTheDatasetOfItsNameAsItWas() throws {
    let database = try DairyDatabase.inMemory()
    let earlier = try Self.workbook(
      "book.xlsx", [("First", Self.wide(years: 1)), ("Bad", Self.wide(years: 2))])
    _ = try database.importFiles([earlier])
    let later = try Self.workbook(
      "book.xlsx", [("First", Self.wide()), ("Bad", Self.wide(years: 40) + [["2041", "x", "1"]])])
    let summary = try ObservationBuffer.$chunkSizes.withValue(
      ObservationBuffer.ChunkSizes(inOrder: 4, outOfOrder: 8)
    ) {
      try database.importFiles([later], options: TestSupport.replacing)
    }
    #expect(summary.datasets.map(\.name) == ["book.first"])
    #expect(summary.replaced.map(\.name) == ["book.first"])
    #expect(
      try Self.contents(database) == [
        "book.first / Milk: 2001=1 2002=2 2003=3", "book.first / Butter: 2001=10 2002=20 2003=30",
        "book.bad / Milk: 2001=1 2002=2", "book.bad / Butter: 2001=10 2002=20",
      ])
  }

  @Test func aSheetNamedWithSheetThatCannotBeReadRefusesTheImport() throws {
    let path = try Self.workbook(
      "book.xlsx", [("First", Self.wide()), ("Bad", [["State", "Pounds"], ["Maine", "630"]])])
    var options = ImportOptions()
    options.sheets = ["First", "Bad"]
    let error = TestSupport.importError(
      [path], into: try DairyDatabase.inMemory(), options: options)
    #expect(
      error?.description
        == "\(path): sheet 'Bad', cell A1: error: the header has no year column (\"State\", "
        + "\"Pounds\"); name it with --year-column")
  }

  @Test func aWorkbookNoneOfWhoseSheetsReadsIsRefused() throws {
    let noYear: [[String?]] = [["State", "Pounds"], ["Maine", "630"]]
    let path = try Self.workbook(
      "book.xlsx", [("Contents", [["About"]]), ("A", noYear), ("B", noYear), ("C", noYear)])
    let database = try DairyDatabase.inMemory()
    // Alone, or beside a file that reads: all files land, or none
    for files in [[path], [try TestSupport.milk(3), path]] {
      let error = TestSupport.importError(files, into: database)
      #expect(
        error?.description
          == "\(path): sheet 'A', cell A1: error: the header has no year column (\"State\", "
          + "\"Pounds\"); name it with --year-column; no other sheet can be read either ('B', "
          + "'C')")
    }
    #expect(try database.isEmpty())
  }

  @Test func aSkippedSheetBesideOtherFilesIsSkippedAsAlone() throws {
    let csv = try TestSupport.milk(3)
    let path = try Self.workbook(
      "book.xlsx", [("First", Self.wide()), ("Bad", [["State", "Pounds"], ["Maine", "630"]])])
    let summary = try DairyDatabase.inMemory().importFiles([csv, path])
    #expect(summary.datasets.count == 2 && summary.skippedSheets.count == 1)
    #expect(summary.lines.last?.hasSuffix("; 1 unreadable sheet skipped") == true)
  }

  /// A sheet that writes to the dataset and series of a sheet before it (a long table whose
  /// rows name their dataset), then fails: the series are as the first sheet left them.
  @Test func aSkippedSheetUndoesWhatItAddedToEarlierSeries() throws {
    let header: [String?] = ["dataset", "section", "year", "amount"]
    let path = try Self.workbook(
      "book.xlsx",
      [
        ("One", [header, ["milk", "Cows", "2019", "1"], ["milk", "Cows", "2020", "2"]]),
        (
          "Two",
          [
            header, ["milk", "Cows", "2021", "3"], ["milk", "Butter", "2021", "4"],
            ["cheese", "Cheddar", "2021", "5"], ["milk", "Cows", "2022", "lots"],
          ]
        ),
      ])
    // Into storage, and into the target `dairy inspect` records into
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    #expect(summary.skippedSheets.first?.location?.cell?.description == "D5")
    #expect(try Self.contents(database) == ["milk / Cows: 2019=1 2020=2"])
    #expect(summary.datasets == [.init(name: "milk", sections: 1, observations: 2, missing: 0)])
    var target = RecordingTarget()
    let run = try ImportRun.perform([path], options: ImportOptions(), into: &target)
    #expect(target.datasets.map(\.name) == ["milk"])
    #expect(target.sections.map(\.draft.key) == ["Cows"])
    #expect(target.sections.map { $0.years.sorted() } == [[2019, 2020]])
    #expect(run.explained.map(\.sheet) == ["One"])
    #expect(run.fileWarnings.contains { $0.contains("sheet 'Two', cell D5: skipped: ") })
  }

  @Test func inspectShowsTheSkippedSheetAndWhy() throws {
    let path = try Self.workbook(
      "book.xlsx", [("First", Self.wide()), ("Bad", [["State", "Pounds"], ["Maine", "630"]])])
    let inspection = ImportRun.inspect(path, options: ImportOptions())
    #expect(inspection.error == nil)
    #expect(inspection.datasets.map(\.name) == ["book.first"])
    #expect(
      inspection.warnings == [
        "\(path): sheet 'Bad', cell A1: skipped: the header has no year column (\"State\", "
          + "\"Pounds\"); name it with --year-column"
      ])
    var strict = ImportOptions()
    strict.strict = true
    #expect(ImportRun.inspect(path, options: strict).error?.location?.sheet == "Bad")
  }

  /// Thousands of sheets that cannot be read: twenty warnings and a count, soon.
  @Test func manyUnreadableSheetsAreCountedNotListed() throws {
    let noYear = Self.sheet([["State", "Pounds"], ["Maine", "630"]])
    let sheets =
      [("First", Self.sheet(Self.wide()), String?.none)]
      + (1...2_000).map { ("S\($0)", noYear, String?.none) }
    let path = try HostileWorkbook.file("many.xlsx", sheets: sheets)
    let started = ContinuousClock.now
    let summary = try DairyDatabase.inMemory().importFiles([path])
    #expect(ContinuousClock.now - started < .seconds(20))
    #expect(summary.skippedSheets.count == 2_000)
    #expect(summary.warnings.count == ImportRun.skippedSheetsNamed + 1)
    #expect(
      summary.warnings.last
        == "\(path): 1,980 more sheets skipped, which cannot be read either")
  }
}
