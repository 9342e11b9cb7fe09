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

/// The report layout on rows as a workbook gives them: numbers as numbers, merged cells, years
/// as number cells; built here by hand, as the workbook source will give them.
@Suite("Report layout on typed cells")
struct ReportTypedCellsTests {
  /// A cell value of a sheet row.
  enum Value {
    case text(String)
    case number(Double)
    case empty
  }

  /// A row of a sheet: its cells by column from A, and the merged ranges (first column, rows,
  /// columns; anchored on this row unless `anchorRow` says) its cells lie in.
  static func row(
    _ line: Int, _ values: [Value], merges: [(column: Int, columns: Int, anchorRow: Int?)] = []
  ) -> TableRow {
    var row = TableRow()
    for (column, value) in values.enumerated() {
      let place = CellPlace(line: line, offset: column)
      switch value {
      case .text(let text): row.append(text: Array(text.utf8), at: place)
      case .number(let number): row.append(.number(number, decimals: nil), at: place)
      case .empty: row.append(.empty, at: place)
      }
    }
    for merge in merges {
      for column in merge.column..<min(merge.column + merge.columns, values.count) {
        row.merges.append(
          CellMerge(
            cell: column,
            anchor: CellReference(column: merge.column, row: merge.anchorRow ?? line),
            rows: 1, columns: merge.columns))
      }
    }
    return row
  }

  static func t(_ text: String) -> Value { .text(text) }
  static func n(_ number: Double) -> Value { .number(number) }

  /// Runs the survey and the layout over `rows` into a new database, as the import run does.
  static func importRows(_ rows: [TableRow]) throws -> (DairyDatabase, ReportPlan, DatasetFacts) {
    let source = try CSVSource(path: try TestSupport.file("book.csv", "x\n"))
    var survey = ReportSurvey(
      options: ImportOptions(), numbers: NumberParser(),
      locate: {
        SourceLocation(
          file: "book.xlsx", sheet: "MPRDFAC",
          cell: CellReference(column: $0.place.offset, row: $0.place.line))
      })
    for row in rows { survey.add(row) }
    let plan = survey.finish()
    let database = try DairyDatabase.inMemory()
    var facts = DatasetFacts()
    try database.writer.write { db in
      var table = TableImport(
        source: source, header: TableRow(), names: [], dataset: "book", metadata: nil,
        numbers: NumberParser(), unit: nil, book: SectionBook(target: try TransactionTarget(db: db))
      )
      var layout = ReportLayout(plan: plan)
      try layout.start(&table)
      for row in rows { try layout.read(row, into: &table) }
      facts = try layout.finish(&table)
      try table.book.target.flush()
      try table.book.finish()
    }
    return (database, plan, facts)
  }

  @Test func aGroupedHeaderOfMergedCellsWithAUnitRow() throws {
    // Given a sheet like MPRDFAC: a title, three header rows with captions merged across and
    // down, a unit row with a unit merged over three columns, numbers, footnotes and dates
    let rows = [
      Self.row(1, [Self.t("Milk production and factors affecting supply")]),
      Self.row(
        2,
        [
          Self.t("Year"), Self.t(" January 1 inventory"), .empty, .empty,
          Self.t("Average price paid for milk 1"), Self.t("Milk-feed ratio 2"),
          Self.t("Milk cow cost"), .empty,
        ], merges: [(0, 1, nil), (1, 3, nil), (6, 2, nil)]),
      Self.row(
        3,
        [
          .empty, Self.t("Milk cows and heifers that have calved"),
          Self.t("Replace-ment heifers, 500+ lbs."), Self.t("Replace-ments per 100 cows"),
          .empty, .empty, Self.t("Price"), Self.t("Milk volume required to buy a cow"),
        ], merges: [(4, 1, 2), (5, 1, 2)]),
      Self.row(
        4,
        [
          .empty, Self.t("thousand"), .empty, .empty, Self.t("dollars per cwt"), .empty,
          Self.t("dollars per head"), Self.t("pounds"),
        ], merges: [(1, 3, nil)]),
      Self.row(
        5,
        [
          Self.n(1980), Self.n(10758.2), Self.n(4158.5), Self.n(38.654), Self.n(13),
          Self.n(2.7171), Self.n(1190), Self.n(9153.846153846154),
        ]),
      Self.row(
        6,
        [
          Self.n(1981), Self.n(10849), Self.n(4341.6), Self.n(40.018), Self.n(13.8),
          Self.n(2.759), Self.n(1200), Self.n(8695.65),
        ]),
      Self.row(
        7, [Self.t("1 For the all-milk price, calendar-year averages are reported.")],
        merges: [(0, 8, nil)]),
      Self.row(8, [Self.t("2 Pounds of 16-percent dairy feed equal in value to 1 pound of milk.")]),
      Self.row(9, [Self.t("Sources:  U.S. Dept. of Agriculture.")]),
      Self.row(10, [Self.t("For further information, contact Jerry Cessna.")]),
      Self.row(
        11,
        [
          .empty, .empty, .empty, .empty, .empty, .empty, Self.t("Last update:"),
          Self.t("3/26/2019"),
        ]),
    ]
    // When the report layout reads them
    let (database, plan, facts) = try Self.importRows(rows)
    // Then each column is a series, with its group from the merged caption and its unit from
    // the unit row, spread where the unit cell is merged
    let sections = try database.read { try $0.sections() }
    #expect(
      sections.map(\.title) == [
        "Milk cows and heifers that have calved", "Replacement heifers, 500+ lbs.",
        "Replacements per 100 cows", "Average price paid for milk", "Milk-feed ratio", "Price",
        "Milk volume required to buy a cow",
      ])
    #expect(
      sections.map(\.group) == [
        "January 1 inventory", "January 1 inventory", "January 1 inventory", nil, nil,
        "Milk cow cost", "Milk cow cost",
      ])
    #expect(
      sections.map(\.unit) == [
        "thousand", "thousand", "thousand", "dollars per cwt", nil, "dollars per head", "pounds",
      ])
    #expect(sections[3].notes == "For the all-milk price, calendar-year averages are reported.")
    #expect(
      sections[4].notes == "Pounds of 16-percent dairy feed equal in value to 1 pound of milk.")
    #expect(
      sections.map(\.key)[0] == "January 1 inventory / Milk cows and heifers that have calved")
    #expect(
      try TestSupport.contents(database)[sections[6].key] == [
        1980: 9153.846153846154, 1981: 8695.65,
      ])
    #expect(facts.title == "Milk production and factors affecting supply")
    #expect(facts.source == "U.S. Dept. of Agriculture.")
    #expect(facts.contact == "Jerry Cessna")
    #expect(facts.updated == "2019-03-26")
    #expect(
      plan.roles.map(\.role) == [
        .title, .header, .header, .unit, .data, .notes, .notes, .notes, .notes, .notes,
      ])
    #expect(plan.warnings.isEmpty && plan.failure == nil)
  }

  @Test func yearsAcrossAsNumbersMergedOverTwoColumns() throws {
    // Given a sheet like 'Milk production': years as numbers merged over two columns, a
    // sub-header, regions in column B and states indented under them, NA as text
    var years: [Value] = [.empty, Self.t("Back to content page.")]
    var captions: [Value] = [.empty, .empty]
    for year in 2019...2021 {
      years += [Self.n(Double(year)), .empty]
      captions += [Self.t("Million pounds"), Self.t("Percent of U.S. milk production")]
    }
    let rows = [
      Self.row(1, [Self.t("Milk production, 1970–current ")], merges: [(0, 2, nil)]),
      Self.row(2, years, merges: [(2, 2, nil), (4, 2, nil), (6, 2, nil)]),
      Self.row(3, captions),
      Self.row(
        5,
        [
          .empty, Self.t("Pacific"), Self.n(48000), Self.n(22.1), Self.n(48500),
          Self.n(21.7), Self.n(48895), Self.n(22.7),
        ]),
      Self.row(
        6,
        [
          .empty, Self.t("    Alaska"), Self.n(3), Self.n(0.001), Self.t("NA"),
          Self.t("NA"), Self.t("NA"), Self.t("NA"),
        ]),
      Self.row(
        7,
        [
          .empty, Self.t("    California"), Self.n(40600), Self.n(18.6), Self.n(41300),
          Self.n(18.5), Self.n(39798), Self.n(18.47),
        ]),
      Self.row(
        9,
        [
          .empty, Self.t("United States"), Self.n(218382), Self.n(100), Self.n(223277),
          Self.n(100), Self.n(226259), Self.n(100),
        ]),
      Self.row(10, [Self.t("NA = Not available. ")], merges: [(0, 2, nil)]),
      Self.row(11, [Self.t("Last update: May 6, 2024")]),
    ]
    // When the report layout reads them
    let (database, _, facts) = try Self.importRows(rows)
    // Then each row gives a series per sub-column, states in their region's group
    let sections = try database.read { try $0.sections() }
    #expect(
      sections.map(\.title) == [
        "Pacific, Million pounds", "Pacific, Percent of U.S. milk production",
        "Alaska, Million pounds", "Alaska, Percent of U.S. milk production",
        "California, Million pounds", "California, Percent of U.S. milk production",
        "United States, Million pounds", "United States, Percent of U.S. milk production",
      ])
    #expect(
      sections.map(\.group) == [nil, nil, "Pacific", "Pacific", "Pacific", "Pacific", nil, nil])
    #expect(sections[2].key == "Pacific / Alaska | Million pounds")
    #expect(sections[2].observationCount == 1)
    let gaps = try database.read { try $0.missingCells() }
    #expect(
      gaps.map { "\($0.section) \($0.year) \($0.marker)" } == [
        "Pacific / Alaska | Million pounds 2020 NA", "Pacific / Alaska | Million pounds 2021 NA",
        "Pacific / Alaska | Percent of U.S. milk production 2020 NA",
        "Pacific / Alaska | Percent of U.S. milk production 2021 NA",
      ])
    #expect(try TestSupport.contents(database)["United States | Million pounds"]?[2021] == 226259)
    #expect(facts.title == "Milk production, 1970–current")
    #expect(facts.updated == "2024-05-06")
    #expect(facts.legend == [.init(marker: "NA", meaning: "Not available")])
  }
}
