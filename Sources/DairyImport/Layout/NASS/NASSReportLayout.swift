import DairyFormats
import DairyModel
import Foundation

/// A table of a NASS report's CSV file (``NASSReportSource``): lines that each start with the
/// table number and a record type, `t` title, `h` header, `u` unit, `d` data, `c` comment, `f`
/// footnote.
///
/// The lines are checked as they come (a table number, a record type, no data before a header,
/// no cell past the header's width) and held; the table is read at its end, once its footnotes
/// and legend (`-  Represents zero.`, `(NA)  Not available.`) are known:
/// - the first `t` line, the release (`Dairy Products: Released January 6, 2021, by … (NASS)
///   …`), gives the dataset's source and last update; the other `t` lines its title;
/// - the `h` lines are the header (``NASSReportHeader``): data columns that are periods, or
///   changes kept apart from the levels;
/// - a `u` line gives the unit of each column (`(1,000 pounds)`) for the lines below it, until
///   the next one;
/// - a `d` line is a row: its label's indentation nests it in the rows above it (`Cheese` >
///   `  American types 1/` > `    Cheddar`: group `Cheese, American types`), a row with no
///   values only groups the rows under it, and a blank line separates;
/// - `c` and `f` lines are the notes: footnotes go to the rows and columns they mark.
///
/// A row is a series per measure of its columns (the table's own measure, or `Milk cows` and
/// `Milk per cow` side by side), with an observation per period; each change column is a
/// series of its own per row, titled `ROW, change from …`, for the table's latest period. When
/// the rows are places (States, regions, `United States`: two thirds of the rows with values
/// or more), each row is a series at its place, titled by the table's measure.
///
/// ```swift
/// var layout: any TableLayout = NASSReportLayout()
/// for row in rows { try layout.read(row, into: &table) }
/// let facts = try layout.finish(&table)
/// ```
package struct NASSReportLayout: TableLayout {
  /// The most bytes of lines a table holds until its end: far more than a NASS table's (a
  /// county table of 3,000 rows is 200 KB).
  package static let maxTableBytes = 64 << 20

  var rows: [TableRow] = []
  private var heldBytes = 0
  /// The widest `h` line of the header being read, and whether a `d` line followed it.
  private var headerWidth: Int?
  /// What the table was found to be, once finished.
  var reading = Reading()
  /// Per data line, the cells it gave and their series and periods, for a duplicate's places.
  var placed: [Int: [(cell: Int, key: String, period: Int64)]] = [:]

  package init() {}

  package var readsRaggedRows: Bool { true }

  /// The record type of a held line (checked as it was read).
  static func type(_ row: TableRow) -> Character {
    row.trimmedText(at: 1).lowercased().first ?? " "
  }

  package mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    guard row.count >= 2 else {
      throw DairyError.importFailed(
        table.source.location(of: row),
        "a NASS report line starts with its table number and its record type (t, h, u, d, c "
          + "or f)")
    }
    let number = row.trimmedText(at: 0)
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw DairyError.importFailed(
        table.location(row, 0),
        "\"\(TextEscaping.visible(number))\" is not a table number; a NASS report line starts "
          + "with its table's number")
    }
    let type = row.trimmedText(at: 1)
    guard NASSReportSource.recordTypes.contains(type.lowercased()) else {
      throw DairyError.importFailed(
        table.location(row, 1),
        "\"\(TextEscaping.visible(type))\" is not a record type of a NASS report line (t "
          + "title, h header, u unit, d data, c comment, f footnote)")
    }
    switch Self.type(row) {
    case "h":
      headerWidth = max(headerWidth ?? 0, row.count)
    case "d", "u":
      guard let width = headerWidth else {
        throw DairyError.importFailed(
          table.location(row, 1),
          "a \(type == "u" ? "unit" : "data") line before the table's header (its \"h\" "
            + "lines)")
      }
      if let extra = (width..<max(width, row.count)).first(where: { !row.isBlank(at: $0) }) {
        throw DairyError.importFailed(
          table.location(row, extra),
          "a value past the table's header: the header (its \"h\" lines) has \(width) "
            + "columns")
      }
    default: break
    }
    heldBytes += row.bytes.count + 16 * row.count
    guard heldBytes <= Self.maxTableBytes else {
      throw DairyError.importFailed(
        table.source.location(of: row),
        "a NASS report table of more than \(Self.maxTableBytes >> 20) MiB, more than dairy "
          + "holds for one")
    }
    rows.append(row)
  }

  package mutating func finish(_ table: inout TableImport) throws -> DatasetFacts {
    var notes = NotesBlock()
    var comments: [String] = []
    var titleLines: [String] = []
    var release: NASSReportTitle.Release?
    for row in rows {
      let type = Self.type(row)
      guard type == "t" || type == "c" || type == "f" else { continue }
      let filled = row.filledColumns.filter { $0 >= NASSReportHeader.labelColumn }
      for column in filled { _ = try table.text(row, column) }
      let line = ReportSurvey.line(of: row, filled)
      guard !line.isEmpty else { continue }
      switch type {
      case "f":
        notes.add(line, at: table.location(row, filled[0]))
        reading.explanation.add(.notes, lines: row.line...row.line)
      case "c":
        // A legend written as a comment defines its markers as one in a footnote line does.
        if NotesBlock.legend(SectionFields.collapsingWhitespace(line)) != nil {
          notes.add(line, at: table.location(row, filled[0]))
        } else {
          comments.append(SectionFields.collapsingWhitespace(line))
        }
        reading.explanation.add(.notes, lines: row.line...row.line)
      default:
        reading.explanation.add(.title, lines: row.line...row.line)
        if release == nil, titleLines.isEmpty, let found = NASSReportTitle.release(line) {
          release = found
        } else {
          titleLines.append(SectionFields.collapsingWhitespace(line))
        }
      }
    }
    let known = Set(notes.footnotes.keys)
    let title = Caption(titleLines.joined(separator: " "), footnotes: known)
    reading.footnotes = notes.footnotes
    reading.known = known
    reading.measure = NASSReportTitle.measure(ofTitle: title.text)
    reading.titlePeriod = NASSPeriodText.periods(inTitle: title.text).last
    table.read(legend: notes.legend)
    reading.orientation = try orientation(&table)
    try readData(&table)
    table.rows = reading.dataRows
    rows = []

    // The dataset: the table's title, the release's source and date, the notes.
    let referenced = reading.referenced.union(title.footnotes)
    let unreferenced = notes.footnoteOrder.filter { !referenced.contains($0) }
    let datasetNotes =
      title.footnotes.compactMap { notes.footnotes[$0] } + comments + notes.notes
      + unreferenced.compactMap { notes.footnotes[$0] }
    reading.explanation.warnings += notes.warnings
    for mark in reading.referenceOrder where notes.footnotes[mark] == nil {
      reading.explanation.warnings.append(
        LayoutWarning(
          reading.referencePlaces[mark],
          "footnote \(mark) is marked here, but the table has no text for it"))
    }
    let all = Set(notes.footnoteOrder + reading.referenceOrder).sorted()
    reading.explanation.footnotes = all.map {
      TableExplanation.Footnote(mark: $0, text: notes.footnotes[$0])
    }
    return DatasetFacts(
      title: title.text.isEmpty ? nil : title.text, source: release?.source,
      updated: release?.updated,
      notes: datasetNotes.isEmpty ? nil : datasetNotes.joined(separator: "\n"),
      legend: notes.legend)
  }
}

// MARK: - What the reading found

extension NASSReportLayout {
  /// What the table was found to be: its title's measure and period, its footnotes, its rows'
  /// series, and the explanation `dairy inspect` prints.
  struct Reading {
    var measure = ""
    var titlePeriod: Period?
    var orientation = Orientation.rowsDown
    var footnotes: [FootnoteMark: String] = [:]
    var known: Set<FootnoteMark> = []
    /// The footnotes the rows and columns mark, in order, and where each is marked first.
    var referenced: Set<FootnoteMark> = []
    var referenceOrder: [FootnoteMark] = []
    var referencePlaces: [FootnoteMark: SourceLocation] = [:]
    var dataRows = 0
    var frequencies: [Frequency] = []
    var periods: Set<Period> = []
    var places: [NASSPlaces.Place] = []
    /// The keys of the series the explanation lists already (a period down's, written row by
    /// row).
    var explainedKeys: Set<String> = []
    /// The frequency each periods-down series key was first written with.
    var keyFrequencies: [String: Frequency] = [:]
    var explanation = TableExplanation(layout: "NASS report")

    mutating func reference(_ marks: [FootnoteMark], at place: @autoclosure () -> SourceLocation) {
      for mark in marks where referenced.insert(mark).inserted {
        referenceOrder.append(mark)
        referencePlaces[mark] = place()
      }
    }
  }

  package func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    placed[row.line]?.first { $0.key == key.section && $0.period == key.year }?.cell
  }

  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = reading.explanation
    let frequencies = reading.frequencies.map(\.rawValue).joined(separator: ", ")
    explanation.layout =
      "NASS report (\(frequencies.isEmpty ? "no periods" : frequencies), "
      + reading.orientation.rawValue + ")"
    let periods = reading.periods.sorted()
    if !periods.isEmpty {
      let shown = periods.count <= 12 ? periods : Array(periods.prefix(6) + periods.suffix(6))
      var text = shown.map(\.text).joined(separator: ", ")
      if periods.count > 12 {
        text =
          shown.prefix(6).map(\.text).joined(separator: ", ") + " … "
          + shown.suffix(6).map(\.text).joined(separator: ", ")
      }
      explanation.findings.append(TableExplanation.Finding("periods", "\(periods.count): \(text)"))
    }
    if !reading.places.isEmpty {
      explanation.findings.append(TableExplanation.Finding("places", placesText))
    }
    return explanation
  }

  /// `16 (11 States, the nation, 4 regions): California, Connecticut, …`.
  private var placesText: String {
    let places = reading.places
    var counts: [String] = []
    for (level, one, many) in [
      (PlaceLevel.state, "State", "States"), (.nation, "the nation", "the nation"),
      (.region, "region", "regions"), (.county, "county", "counties"),
    ] {
      let count = places.filter { $0.level == level }.count
      if count == 1 && level == .nation { counts.append(one) }
      if count >= 1 && level != .nation { counts.append("\(count) \(count == 1 ? one : many)") }
    }
    let names = places.prefix(40).map(\.name).joined(separator: ", ")
    return "\(places.count) (\(counts.joined(separator: ", "))): \(names)"
      + (places.count > 40 ? ", …" : "")
  }
}
