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

/// How a report's header is read, rule by rule, on small headers: cells stacked in one column
/// joined into one caption, captions over other captions heading spans of columns (from a
/// merge, a centring across the selection, or where the caption stands), Total columns closing
/// their groups, leaves' words weighing a guess, and unit rows spread by the same rules.
@Suite("Header spans")
struct HeaderSpansTests {
  /// One header, its columns as a reader names them (`GROUP > GROUP: CAPTION`, a leaf's lines
  /// joined with spaces) and the spans of its groups, with how each was found.
  struct Case: CustomTestStringConvertible, Sendable {
    var rule: String
    /// Header rows as CSV lines (no quoting); the year column is column 0. The data fills
    /// every column that has a caption in the last row, unless `empty` says otherwise.
    var lines: [String]
    var columns: [String]
    var spans: [String] = []
    var units: [String?]? = nil
    var testDescription: String { rule }
  }

  static let cases: [Case] = [
    Case(
      rule: "a caption saved from a merged range starts its span, up to the next caption",
      lines: [",Whole milk,,,Lower fat,,", "Year,Plain,Flavored,Total,Plain,Flavored,Total"],
      columns: [
        "Whole milk: Plain", "Whole milk: Flavored", "Whole milk: Total", "Lower fat: Plain",
        "Lower fat: Flavored", "Lower fat: Total",
      ],
      spans: [
        "Whole milk 1...3 caption at the span's start",
        "Lower fat 4...6 caption at the span's start",
      ]),
    Case(
      rule: "a caption in the middle of its free columns is centred over them",
      lines: [",,Cheese,,,", "Year,American,Swiss,Blue,,Butter"],
      columns: ["Cheese: American", "Cheese: Swiss", "Cheese: Blue", "Butter"],
      spans: ["Cheese 1...3 centred caption"]),
    Case(
      rule: "a centred caption covers its free columns rather than leave one under none",
      lines: [",,Cheese,,", "Year,American,Swiss,Blue,Brick"],
      columns: ["Cheese: American", "Cheese: Swiss", "Cheese: Blue", "Cheese: Brick"],
      spans: ["Cheese 1...4 centred caption"]),
    Case(
      rule: "a spacer column bounds a centred caption",
      lines: [",,Cheese,,,", "Year,American,Swiss,,Butter"],
      columns: ["Cheese: American", "Cheese: Swiss", "Butter"],
      spans: ["Cheese 1...2 centred caption"]),
    Case(
      rule: "a Total column closes its group where no spacer does",
      lines: [
        ",,Butter,,,Cheese,,",
        "Year,Production,Imports,Total supply,Production,Imports,Total supply,Stocks",
      ],
      columns: [
        "Butter: Production", "Butter: Imports", "Butter: Total supply", "Cheese: Production",
        "Cheese: Imports", "Cheese: Total supply", "Stocks",
      ],
      spans: ["Butter 1...3 centred caption", "Cheese 4...6 centred caption"]),
    Case(
      rule: "a leaf that names its group (Other American) belongs under it",
      lines: [",,American,,Italian,", "Year,Cheddar,Colby,Other American,Provolone,Romano"],
      columns: [
        "American: Cheddar", "American: Colby", "American: Other American", "Italian: Provolone",
        "Italian: Romano",
      ],
      spans: ["American 1...3 centred caption", "Italian 4...5 centred caption"]),
    Case(
      rule: "a leaf that names the group otherwise (Cottage cheese) is a kind of its own",
      lines: [",,Cheese,,", ",,,Cottage,", "Year,American,Other,cheese"],
      columns: ["Cheese: American", "Cheese: Other", "Cottage cheese"],
      spans: ["Cheese 1...2 centred caption"]),
    Case(
      rule: "cells continuing the caption above join it: lower case, hyphen, comma, `and`",
      lines: [
        ",Dry,,All dairy,Evaporated and", ",whole,,milk-,condensed",
        "Year,milk,Butter,equivalent,Milk",
      ],
      columns: [
        "Dry whole milk", "Butter", "All dairy milk-equivalent", "Evaporated and condensed Milk",
      ]),
    Case(
      rule: "among centred captions, a caption on top of another in its column is its first line",
      lines: [",,,,,,Cheese,", ",Fluid,,,,,,", "Year,Milk,Yogurt,Butter,,American,Other,Swiss"],
      columns: [
        "Fluid Milk", "Yogurt", "Butter", "Cheese: American", "Cheese: Other", "Cheese: Swiss",
      ],
      spans: ["Cheese 5...7 centred caption"]),
    Case(
      rule: "a leaf reaching up to a group's row stands beside the group, not under it",
      lines: [",,Cheese,,Cottage", "Year,American,Other,Swiss,cheese"],
      columns: ["Cheese: American", "Cheese: Other", "Cheese: Swiss", "Cottage cheese"],
      spans: ["Cheese 1...3 centred caption"]),
    Case(
      rule: "groups stacked over groups: each within the span of the one above",
      lines: [
        ",,,Fluid milk,,,", ",Whole,,,Lower fat,,",
        "Year,Plain,Flavored,Total,Plain,Flavored,Total",
      ],
      columns: [
        "Fluid milk > Whole: Plain", "Fluid milk > Whole: Flavored", "Fluid milk > Whole: Total",
        "Fluid milk > Lower fat: Plain", "Fluid milk > Lower fat: Flavored",
        "Fluid milk > Lower fat: Total",
      ],
      spans: [
        "Fluid milk 1...6 centred caption", "Whole 1...3 caption at the span's start",
        "Lower fat 4...6 caption at the span's start",
      ]),
    Case(
      rule: "in a run that opens with a Total, each group opens with its Total",
      lines: [",American,,,Italian,,", "Year,Total,Cheddar,Other,Total,Mozzarella,Other"],
      columns: [
        "American: Total", "American: Cheddar", "American: Other", "Italian: Total",
        "Italian: Mozzarella", "Italian: Other",
      ],
      spans: [
        "American 1...3 caption at the span's start", "Italian 4...6 caption at the span's start",
      ]),
    Case(
      rule: "a unit row may hold a ratio",
      lines: ["Year,Milk cows,Milk-feed ratio", ",Thousand head,Ratio"],
      columns: ["Milk cows", "Milk-feed ratio"],
      units: ["Thousand head", "Ratio"]),
    Case(
      rule: "the only unit of a unit row is every column's",
      lines: [",,Cheese,,,", "Year,American,Swiss,Blue,,Butter", ",,,Pounds,,"],
      columns: ["Cheese: American", "Cheese: Swiss", "Cheese: Blue", "Butter"],
      spans: ["Cheese 1...3 centred caption"],
      units: ["Pounds", "Pounds", "Pounds", "Pounds"]),
    Case(
      rule: "in a CSV file, a unit under a group spreads to the blank unit cells after it",
      lines: [",Stocks,,Price", "Year,Butter,Cheese,Butter", ",million pounds,,dollars per pound"],
      columns: ["Stocks: Butter", "Stocks: Cheese", "Price Butter"],
      spans: ["Stocks 1...2 caption at the span's start"],
      units: ["million pounds", "million pounds", "dollars per pound"]),
    Case(
      rule: "outside any group, a blank unit cell gives no unit",
      lines: ["Year,Cows,Ratio,Price", ",thousand,,dollars"],
      columns: ["Cows", "Ratio", "Price"],
      units: ["thousand", nil, "dollars"]),
  ]

  @Test(arguments: cases)
  func headerReadsAsAPersonReadsIt(_ example: Case) {
    let header = Self.header(example.lines)
    #expect(Self.columns(header) == example.columns)
    #expect(Self.spans(header) == example.spans)
    if let units = example.units { #expect(header.columns.map(\.unit) == units) }
  }

  @Test func aCaptionTheEvidenceDoesNotPlaceIsMarkedUndecided() {
    // Given two captions each centred in one cell, over spans that tile either way
    let header = Self.header([",,Ice cream,,Frozen,", "Year,Regular,Lowfat,Sherbet,Novelties,Bars"])
    // Then a reading is kept, and both captions are marked undecided
    let groups = header.captions.filter { !$0.isLeaf }
    #expect(groups.map(\.undecided) == [true, true])
    #expect(
      Set(Self.columns(header).map { $0.split(separator: ":")[0] }) == ["Ice cream", "Frozen"])
  }

  @Test func aWorkbookSaysWhichCaptionsAreCentredAcrossTheirSelection() {
    // Given a sheet's header: `American` in the middle of the empty cells it is centred
    // across, `Italian` at the start of its own, no merges
    var top = Self.row(1, ["", "", "American", "", "Italian", "", ""])
    top.knowsAlignment = true
    top.alignments = [1, 2, 3, 4, 5, 6].map {
      CellAlignment(cell: $0, horizontal: .centreAcrossSelection)
    }
    var leaves = Self.row(2, ["Year", "Cheddar", "Colby", "Other", "Provolone", "Romano", "Other"])
    leaves.knowsAlignment = true
    // When the header is read
    let header = ReportHeader(
      head: [top, leaves], yearColumn: 0, filled: Array(repeating: true, count: 7))
    // Then each caption heads its selection, read rather than guessed
    #expect(
      Self.spans(header) == [
        "American 1...3 centre across selection", "Italian 4...6 centre across selection",
      ])
  }

  @Test func aWorkbookUnitCentredInItsCellIsItsColumnsOnly() {
    // Given a sheet where every unit is centred in its own cell and one column has none
    var unit = Self.row(3, ["", "thousand", "dollars per cwt", "", "pounds"])
    unit.knowsAlignment = true
    unit.alignments = [1, 2, 4].map { CellAlignment(cell: $0, horizontal: .centre) }
    var captions = Self.row(2, ["Year", "Cows", "Price", "Ratio", "Yield"])
    captions.knowsAlignment = true
    let header = ReportHeader(
      head: [captions, unit], yearColumn: 0, filled: Array(repeating: true, count: 5))
    #expect(header.columns.map(\.unit) == ["thousand", "dollars per cwt", nil, "pounds"])
  }

  @Test func manyCentredGroupsAreReadWithoutCountingTheirTilings() {
    // Given 60 groups of three, each caption in its middle column: more tilings fit than an
    // Int counts
    let groups = 60
    var top = [""]
    var leaves = ["Year"]
    for group in 0..<groups {
      top += ["", "State \(group)", ""]
      leaves += ["Cows", "Per cow", "Production"]
    }
    let header = Self.header([top.joined(separator: ","), leaves.joined(separator: ",")])
    // Then each caption heads its three columns
    let spans = header.captions.filter { !$0.isLeaf }.map(\.span)
    #expect(spans == (0..<groups).map { (3 * $0 + 1)...(3 * $0 + 3) })
  }

  @Test func captionsLeftInTheFirstCellOfTheirGroupsByUnmergingStartThem() {
    // Given a sheet whose group captions were merged, then unmerged: each stays centred in the
    // first cell of its group
    var top = Self.row(1, ["", "Butter", "", "Cheese", ""])
    top.knowsAlignment = true
    top.alignments = [1, 3].map { CellAlignment(cell: $0, horizontal: .centre) }
    var leaves = Self.row(2, ["Year", "Imports", "Exports", "Imports", "Exports"])
    leaves.knowsAlignment = true
    let header = ReportHeader(
      head: [top, leaves], yearColumn: 0, filled: Array(repeating: true, count: 5))
    // Then each heads its pair: no reading puts one leaf twice under one caption
    #expect(
      Self.columns(header) == [
        "Butter: Imports", "Butter: Exports", "Cheese: Imports", "Cheese: Exports",
      ])
  }

  @Test func aCaptionInsideAnotherCaptionsMergeHeadsItsOwnColumn() {
    // Given `Cheese` merged over B–E and a stray value in D, inside the merge
    var top = Self.row(1, ["", "Cheese", "", "Oops", "", ""])
    top.knowsAlignment = true
    top.merges = (1...4).map {
      CellMerge(cell: $0, anchor: CellReference(column: 1, row: 1), rows: 1, columns: 4)
    }
    var leaves = Self.row(2, ["Year", "American", "Swiss", "Blue", "Brick", "Butter"])
    leaves.knowsAlignment = true
    let header = ReportHeader(
      head: [top, leaves], yearColumn: 0, filled: Array(repeating: true, count: 6))
    // Then the merge is read, and nothing traps
    #expect(Self.spans(header) == ["Cheese 1...4 merge"])
  }

  @Test func aHeaderDeeperThanAnyTablesIsNotRead() {
    let lines = (0...ReportHeader.maxRows).map { ",G\($0)" } + ["Year,Milk"]
    let header = Self.header(lines)
    #expect(header.isTooDeep && header.columns.isEmpty && header.captions.isEmpty)
  }

  @Test func rowsOfCaptionsPastTheLimitAreNotKept() throws {
    // Given a report with 70 rows of captions above its data, each as wide as the table
    let captions = (1...70).map { row in ",G\(row)" + String(repeating: ",x", count: 200) }
    let text =
      (["Title"] + captions + ["Year,Milk" + String(repeating: ",C", count: 200), "2020,1"])
      .joined(separator: "\n")
    let path = try TestSupport.file("deep-header.csv", text)
    // When it is imported, the survey stops at the 66th, and says how to name the header
    let error = TestSupport.importError([path], into: try DairyDatabase.inMemory())
    #expect(error?.location?.line == 67)
    #expect(error?.message.hasPrefix("more than 64 rows of captions above the data") == true)
  }

  @Test func aWideRunIsSplitMidwayRatherThanWeighedTile() {
    // Given two centred captions over a run far wider than real headers
    let width = 3_000
    var top = Array(repeating: "", count: width)
    top[700] = "First"
    top[2_200] = "Second"
    var leaves = (0..<width).map { "C\($0)" }
    leaves[0] = "Year"
    let header = Self.header([top.joined(separator: ","), leaves.joined(separator: ",")])
    // Then the captions share the run midway between them, undecided
    let groups = header.captions.filter { !$0.isLeaf }
    #expect(groups.map(\.span) == [1...1_450, 1_451...2_999])
    #expect(groups.allSatisfy { $0.undecided })
  }

  // MARK: - Helpers

  static func row(_ line: Int, _ cells: [String]) -> TableRow {
    var row = TableRow()
    for (column, text) in cells.enumerated() {
      if text.isEmpty {
        row.append(.empty, at: CellPlace(line: line, offset: column))
      } else {
        row.append(text: Array(text.utf8), at: CellPlace(line: line, offset: column))
      }
    }
    return row
  }

  /// The header of `lines`, the data filling every column the last caption row names (or the
  /// row above a unit row).
  static func header(_ lines: [String]) -> ReportHeader {
    let rows = lines.enumerated().map { index, line in
      row(index + 1, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }
    let last = rows.last { row in !ReportHeader.isUnitRow(row, yearColumn: 0) } ?? rows[0]
    let width = rows.map(\.count).max() ?? 0
    let filled = (0..<width).map { $0 > 0 && !last.isBlank(at: $0) }
    return ReportHeader(head: rows, yearColumn: 0, filled: filled)
  }

  static func columns(_ header: ReportHeader) -> [String] {
    header.columns.map { column in
      let groups = column.components.filter(\.isGroup).map { Self.text($0.raw) }
      let leaf = column.components.filter { !$0.isGroup }.map { Self.text($0.raw) }
      return (groups.isEmpty ? "" : groups.joined(separator: " > ") + ": ")
        + CaptionText.joinParts(leaf)
    }
  }

  static func spans(_ header: ReportHeader) -> [String] {
    header.captions.filter { !$0.isLeaf && $0.span.count >= 2 }.map {
      "\(Self.text($0.text)) \($0.span) \($0.evidence.rawValue)"
    }
  }

  static func text(_ raw: String) -> String {
    CaptionText.joinParts(raw.split(separator: "\n").map(String.init))
  }
}
