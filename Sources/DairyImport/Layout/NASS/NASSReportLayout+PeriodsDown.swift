import DairyFormats
import DairyModel
import Foundation

// MARK: - Periods down: a row per month, quarter or year, a series per column

/// The period a row of a periods-down table names: whole (`January 2020`, `2020`, `2019/20`), or
/// a month or quarter whose year its column (`2020`), its group (a `2020` row above it) or the
/// table's title gives; or the year's total (`Total`, `Annual`), for that year.
struct RowPeriod {
  /// The period, when the label names its year.
  var whole: Period?
  /// The frequency and part of the year of a month or quarter named without it.
  var part: (frequency: Frequency, part: Int)?
  /// Whether the row is the year's total.
  var annual = false

  /// The labels of a year's total under its months.
  static let totals: Set<String> = [
    "total", "annual", "annual total", "year", "total for year", "year total", "annual average",
    "average", "annual totals",
  ]

  init?(_ label: String) {
    if let (measure, period) = NASSPeriodText.read(label), measure.isEmpty {
      whole = period
    } else if let part = NASSPeriodText.partOfYear(label) {
      self.part = part
    } else {
      return nil
    }
  }

  /// A row of months' table that totals them, or nil.
  init?(total label: String) {
    guard Self.totals.contains(CaptionText.letterWords(label).joined(separator: " ")) else {
      return nil
    }
    annual = true
  }

  /// The period in `year`, for a month, a quarter or a year's total; the whole period otherwise.
  func period(in year: Int64?) -> Period? {
    if let whole { return whole }
    guard let year else { return nil }
    if annual { return .year(year) }
    guard let part else { return nil }
    return part.frequency == .monthly
      ? .month(part.part, of: year) : .quarter(part.part, of: year)
  }
}

extension NASSReportLayout {
  /// A row of a periods-down table (`January` under `2020`, or `January 2020`): each column is
  /// a series (its measure, the table's when its caption is only a year, or a place when its
  /// caption names one: States across), with this row's period; a change column is a series
  /// of its own, as down a table of rows.
  mutating func readPeriod(
    _ row: TableRow, _ rowPeriod: RowPeriod, _ header: Header, _ units: Units, caption: Caption,
    path: [String], _ table: inout TableImport
  ) throws {
    let labelColumn = NASSReportHeader.labelColumn
    // The year of a month or quarter named alone: its column's, else its group's (`2020`).
    let groupYear = path.reversed().lazy.compactMap { label -> Int64? in
      guard let (measure, period) = NASSPeriodText.read(label), measure.isEmpty,
        period.frequency == .annual
      else { return nil }
      return period.key
    }.first
    let latestYear = header.columns.columns.compactMap { column -> Int64? in
      guard case .level(_, let period) = column.kind, period.frequency == .annual else {
        return nil
      }
      return period.key
    }.max()
    let rowNotes = caption.footnotes.compactMap { reading.footnotes[$0] }.map {
      "\(caption.text): \($0)"
    }
    var cells: [(cell: Int, key: String, period: Int64)] = []
    for column in header.columns.columns {
      let hasValue = column.index < row.count && !row.isBlank(at: column.index)
      var measure = column.caption.text
      var columnYear: Int64?
      var derived = false
      switch column.kind {
      case .empty:
        guard hasValue else { continue }
        throw DairyError.importFailed(table.location(row, column.index), unreadMessage(column))
      case .derived:
        derived = true
      case .level, .unread:
        if let (words, period) = NASSPeriodText.read(measure) {
          guard period.frequency == .annual, rowPeriod.whole == nil else {
            guard hasValue else { continue }
            throw DairyError.importFailed(
              table.location(row, column.index),
              "both this row (\"\(TextEscaping.visible(caption.text))\") and its column "
                + "(\"\(TextEscaping.visible(column.caption.text))\") name a period")
          }
          (measure, columnYear) = (words, period.key)
        }
      }
      let titleYear = reading.titlePeriod?.year
      let year =
        derived ? groupYear ?? latestYear ?? titleYear : columnYear ?? groupYear ?? titleYear
      guard let period = rowPeriod.period(in: year) else {
        guard hasValue else { continue }
        throw DairyError.importFailed(
          table.location(row, labelColumn),
          "\"\(TextEscaping.visible(caption.text))\" names no year, and neither its column nor "
            + "a row above it (a year) gives one")
      }
      note(period)
      let draft = periodSeries(
        column, measure: measure, derived: derived, frequency: period.frequency, units: units)
      let here = table.location(row, labelColumn)
      let section = try table.section(draft, at: here)
      if reading.explainedKeys.insert(draft.key).inserted {
        reading.explanation.series.append(
          TableExplanation.Series(
            key: draft.key, column: column.index + 1, line: nil,
            footnotes: column.caption.footnotes))
      }
      for note in columnNotes(column) + rowNotes {
        try table.book.addNote(note, section: section)
      }
      if column.index < row.count {
        try table.store(row, column.index, year: period.key, section: section)
      } else {
        table.missing += 1
        try table.book.addMissing(marker: "", year: period.key, section: section)
      }
      cells.append((column.index, draft.key, period.key))
    }
    reading.dataRows += 1
    reading.explanation.add(.data, lines: row.line...row.line)
    reading.reference(caption.footnotes, at: table.location(row, labelColumn))
    placed[row.line] = cells
  }

  /// The series of a periods-down table's column: keyed and titled by its measure (the table's,
  /// for a column headed by a year alone), or at the place its caption names; a second
  /// frequency of one column (quarters under its months) is a series of its own, its key
  /// naming the frequency.
  private mutating func periodSeries(
    _ column: NASSReportHeader.Column, measure: String, derived: Bool, frequency: Frequency,
    units: Units
  ) -> SectionFields {
    let tableMeasure = reading.measure.isEmpty ? "Value" : reading.measure
    let place = derived ? nil : NASSPlaces.place(measure)
    if let place, !reading.places.contains(place) { reading.places.append(place) }
    let key = measure.isEmpty ? tableMeasure : SectionKey.escaped(measure)
    var draft = SectionFields(
      key: key, title: place != nil || measure.isEmpty ? tableMeasure : measure,
      unit: units.unit(column.index))
    if derived {
      draft.key = SectionKey.escaped(tableMeasure) + " | " + key
      draft.title = tableMeasure + ", " + NASSReportTitle.lowercasingFirst(measure)
    }
    let first = reading.keyFrequencies[draft.key, default: frequency]
    reading.keyFrequencies[draft.key] = first
    if first != frequency { draft.key += " | " + frequency.rawValue }
    Self.locate(&draft, frequency: frequency, place: place)
    return draft
  }
}
