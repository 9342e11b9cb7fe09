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

/// The format-neutral part of the import: layout detection on rows, a table's rows turned into
/// observations through a real target, and the run. The `///` examples of these types are here.
@Suite("The import run")
struct ImportRunTests {
  /// A CSV file read through its source: the source, its header row and columns, its data rows.
  static func read(_ text: String) throws -> (CSVSource, TableRow, HeaderColumns, [TableRow]) {
    let source = try CSVSource(path: try TestSupport.file("milk.csv", text))
    _ = try source.nextTable()
    var header = TableRow()
    _ = try source.nextRow(into: &header)
    let names = (0..<header.count).map { header.string(at: $0)! }
    let columns = HeaderColumns(names: names, locate: { source.location(of: header.cells[$0]) })
    var rows: [TableRow] = []
    var row = TableRow()
    while try source.nextRow(into: &row) { rows.append(row) }
    return (source, header, columns, rows)
  }

  @Test func detectionTellsWideFromLong() throws {
    let (_, _, columns, rows) = try Self.read("Year,Milk,Butter\n1975,247,4.7\n1976,247,4.3\n")
    // From LayoutDetection's docs
    // Year,Milk,Butter over numbers: wide
    let layout = try LayoutDetection.detect(
      header: columns, sample: rows, options: ImportOptions(), numbers: NumberParser())
    let wide = try #require(layout as? WideLayout)
    // From WideLayout's docs
    // Year,Milk,Butter
    let expected = WideLayout(
      year: 0, series: [.init(column: 1, key: "Milk"), .init(column: 2, key: "Butter")])
    #expect(wide.year == expected.year && wide.series == expected.series)

    let (_, _, longColumns, longRows) = try Self.read("state,year,value\nOhio,1975,1\n")
    let long = try #require(
      try LayoutDetection.detect(
        header: longColumns, sample: longRows, options: ImportOptions(), numbers: NumberParser())
        as? LongLayout)
    // From LongLayout's docs
    // state,year,value
    let expectedLong = LongLayout(year: 1, value: 2, sections: [0])
    #expect(long.year == expectedLong.year && long.value == expectedLong.value)
    #expect(long.sections == expectedLong.sections && long.notes == nil && !long.routesDatasets)
  }

  @Test func detectionReadsTypedCellsAsItReadsText() throws {
    // Given a header over rows whose cells a typed source gave as numbers and text
    let (_, _, columns, _) = try Self.read("state,year,value\nOhio,1975,1\n")
    var row = TableRow()
    row.append(text: Array("Ohio".utf8), at: CellPlace(line: 2, offset: 0))
    row.append(.number(1975, decimals: nil), at: CellPlace(line: 2, offset: 1))
    row.append(.number(1.5, decimals: 2), at: CellPlace(line: 2, offset: 2))
    // Then the layout is the one the same text gives
    let layout = try LayoutDetection.detect(
      header: columns, sample: [row], options: ImportOptions(), numbers: NumberParser())
    #expect((layout as? LongLayout)?.value == 2)
  }

  @Test func aLayoutTurnsTypedCellsIntoObservations() throws {
    // Given a wide header, and rows of stored numbers as a workbook would give them
    var (source, header, columns, rows) = try Self.read("Year,Milk\n1975,247\n")
    for (year, amount) in [(1976.0, 8.25), (1977.0, 9.0)] {
      var row = TableRow()
      row.append(.number(year, decimals: nil), at: CellPlace(line: rows.count + 2, offset: 0))
      row.append(.number(amount, decimals: 1), at: CellPlace(line: rows.count + 2, offset: 1))
      rows.append(row)
    }
    var empty = TableRow()
    empty.append(.number(1978, decimals: nil), at: CellPlace(line: 5, offset: 0))
    empty.append(.empty, at: CellPlace(line: 5, offset: 1))
    rows.append(empty)
    let database = try DairyDatabase.inMemory()
    // When a layout reads them, with the text row, into a real target
    try database.writer.write { db in
      var table = TableImport(
        source: source, header: header, names: columns.names, dataset: "milk", metadata: nil,
        numbers: NumberParser(), unit: "lb",
        book: SectionBook(target: try TransactionTarget(db: db)))
      // From TableLayout's docs
      var layout = try LayoutDetection.detect(
        header: columns, sample: rows, options: ImportOptions(), numbers: NumberParser())
      try layout.start(&table)
      for row in rows { try layout.read(row, into: &table) }
      try table.book.target.flush()
      try table.book.finish()
      #expect(table.observations == 3 && table.missing == 1)
    }
    // Then they land as the text would, with the decimals of the format
    #expect(try TestSupport.contents(database) == ["Milk": [1975: 247, 1976: 8.25, 1977: 9]])
    let section = try #require(try database.read { try $0.sections() }.first)
    #expect(section.decimals == 1 && section.unit == "lb")
  }

  @Test func theTableImportExample() throws {
    let (source, header, columns, rows) = try Self.read("Year,Milk\n1975,247\n")
    let row = rows[0]
    let database = try DairyDatabase.inMemory()
    try database.writer.write { db in
      var table = TableImport(
        source: source, header: header, names: columns.names, dataset: "milk", metadata: nil,
        numbers: NumberParser(), unit: nil, book: SectionBook(target: try TransactionTarget(db: db))
      )
      // From TableImport's docs
      let year = try table.year(row, 0)
      let here = source.location(of: header.cells[1])
      let section = try table.section(key: "Milk", underscores: true, at: here)
      try table.store(row, 1, year: year, section: section)
      try table.book.target.flush()
      // And a cell that is not a number says where, with its column's name
      var bad = TableRow()
      bad.append(.number(1976, decimals: nil), at: CellPlace(line: 3, offset: 0))
      bad.append(.bool(false), at: CellPlace(line: 3, offset: 1))
      #expect {
        try table.store(bad, 1, year: 1976, section: section)
      } throws: { error in
        (error as? DairyError)?.message == "\"FALSE\" is not a number (column \"Milk\")"
      }
    }
    #expect(try TestSupport.contents(database) == ["Milk": [1975: 247]])
  }

  @Test func theImportRunExample() throws {
    let path = try TestSupport.file("milk.csv", "Year,Milk\n1975,247\n1976,240\n")
    let database = try DairyDatabase.inMemory()
    let summary = try database.writer.write { db in
      var target = try TransactionTarget(db: db)
      // From ImportRun's docs
      var options = ImportOptions()
      options.dataset = "usda"
      let summary = try ImportRun.importFiles([path], options: options, into: &target)
      return summary
    }
    #expect(summary.datasets.map(\.name) == ["usda"])
    #expect(summary.observations == 2 && summary.files.map(\.rows) == [2])
    #expect(try TestSupport.contents(database) == ["Milk": [1975: 247, 1976: 240]])
  }
}
