import DairyFormats
import DairyModel
import Foundation

// MARK: - The data lines: rows, their groups, places, series and values

extension NASSReportLayout {
  /// What the table's rows are: periods when two thirds of its rows with values or more name
  /// one (`January`, `January 2020`, `Jan-Mar`); else places when two thirds or more name one
  /// (States down, then `Other States`, `United States`, the regions); else series.
  mutating func orientation(_ table: inout TableImport) throws -> Orientation {
    var rowsWithValues = 0
    var places = 0
    var periods = 0
    for row in rows where Self.type(row) == "d" {
      guard row.count > NASSReportHeader.firstDataColumn,
        (NASSReportHeader.firstDataColumn..<row.count).contains(where: { !row.isBlank(at: $0) })
      else { continue }
      rowsWithValues += 1
      let label = Caption(
        try row.count > NASSReportHeader.labelColumn
          ? table.text(row, NASSReportHeader.labelColumn) : "", footnotes: reading.known)
      if NASSPlaces.place(label.text) != nil { places += 1 }
      if RowPeriod(label.text) != nil { periods += 1 }
    }
    if periods >= 2 && periods * 3 >= rowsWithValues * 2 { return .periodsDown }
    if places >= 2 && places * 3 >= rowsWithValues * 2 { return .placesDown }
    return .rowsDown
  }

  /// What a table's rows are.
  enum Orientation: String {
    case rowsDown = "rows down"
    case placesDown = "places down"
    case periodsDown = "periods down"
  }

  /// Reads the header, unit and data lines in order: each `h` run after data starts a new
  /// header, each `u` line sets the units of the lines below it.
  mutating func readData(_ table: inout TableImport) throws {
    var headerLines: [TableRow] = []
    var header: Header?
    var units = Units()
    var stack: [(indent: Int, text: String)] = []
    var rowKeys: Set<String> = []
    for row in rows {
      switch Self.type(row) {
      case "h":
        if header != nil { (header, headerLines) = (nil, []) }
        headerLines.append(row)
        reading.explanation.add(.header, lines: row.line...row.line)
      case "u":
        units = try Units(row, &table)
        stack = []
        reading.explanation.add(.unit, lines: row.line...row.line)
      case "d":
        if header == nil { header = try start(headerLines, &table) }
        try read(row, header!, units, &stack, &rowKeys, &table)
      default: continue
      }
    }
    if reading.dataRows == 0 {
      throw DairyError(
        .input, at: table.tableLocation,
        "this NASS report table has no data (no \"d\" line with values)")
    }
  }

  /// A header and what its columns hold, for the rows under it.
  struct Header {
    var columns: NASSReportHeader
    /// Whether its levels are of more than one measure, or of more than one frequency: the
    /// series' titles and keys then name them.
    var measures: Bool
    var frequencies: Bool
  }

  /// The units a `u` line gives: per column, and the label cell's for columns with none.
  struct Units {
    var byColumn: [Int: String] = [:]
    var label: String?

    init() {}

    init(_ row: TableRow, _ table: inout TableImport) throws {
      for column in row.filledColumns where column >= NASSReportHeader.labelColumn {
        let text = SectionFields.collapsingWhitespace(try table.text(row, column))
        let unit = UnitText.unit(ofLine: text) ?? Self.unparenthesized(text)
        if column == NASSReportHeader.labelColumn { label = unit } else { byColumn[column] = unit }
      }
    }

    func unit(_ column: Int) -> String? { byColumn[column] ?? label }

    /// `(1,000 pounds)` without its parentheses.
    static func unparenthesized(_ text: String) -> String {
      guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
      return String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
    }
  }

  /// The header of the `h` lines above the first data line under them.
  private mutating func start(_ lines: [TableRow], _ table: inout TableImport) throws -> Header {
    let columns = NASSReportHeader(
      rows: lines, footnotes: reading.known, titlePeriod: reading.titlePeriod,
      locate: table.source.location(of:))
    if let (column, first) = columns.repeatedLevel() {
      throw DairyError(
        .input, at: column.location,
        "\"\(TextEscaping.visible(column.caption.text))\" heads two columns, here and at "
          + "\(first.location.map(\.description) ?? "column \(first.index + 1)"); a table gives "
          + "each period once")
    }
    var measures: Set<String> = []
    var frequencies: Set<Frequency> = []
    let periodsDown = reading.orientation == .periodsDown
    for column in columns.columns where column.kind != .empty {
      let part: String
      if periodsDown && NASSReportHeader.isDerived(column.caption.text) {
        reading.explanation.columns.append(
          .init(
            column: column.index + 1, name: column.caption.text,
            part: "a change, for the rows' periods"))
        continue
      } else if periodsDown {
        let year = NASSPeriodText.read(column.caption.text).map { " in \($0.period.text)" } ?? ""
        reading.explanation.columns.append(
          .init(
            column: column.index + 1, name: column.caption.text,
            part: "a series, for the rows' periods\(year)"))
        continue
      }
      switch column.kind {
      case .level(let measure, let period):
        part =
          (measure.isEmpty ? "" : measure + ", ") + period.frequency.rawValue + " "
          + period.text
      case .derived(let period?): part = "a change, for \(period.text)"
      case .derived(nil): part = "a change, for no period the table has"
      default: part = "neither a period nor a change"
      }
      reading.explanation.columns.append(
        .init(column: column.index + 1, name: column.caption.text, part: part))
    }
    for column in columns.columns {
      reading.reference(
        column.caption.footnotes, at: column.location ?? table.source.location(of: lines[0]))
      switch column.kind {
      case .level(let measure, let period):
        measures.insert(measure)
        frequencies.insert(period.frequency)
        if !periodsDown { note(period) }
      case .derived(let period?): if !periodsDown { note(period) }
      default: break
      }
    }
    return Header(
      columns: columns, measures: measures.count > 1, frequencies: frequencies.count > 1)
  }

  mutating func note(_ period: Period) {
    if !reading.frequencies.contains(period.frequency) {
      reading.frequencies.append(period.frequency)
    }
    reading.periods.insert(period)
  }

  /// One `d` line: a blank one separates; a label with no values groups the rows indented
  /// under it; a label with values is a row of series.
  private mutating func read(
    _ row: TableRow, _ header: Header, _ units: Units,
    _ stack: inout [(indent: Int, text: String)], _ rowKeys: inout Set<String>,
    _ table: inout TableImport
  ) throws {
    let labelColumn = NASSReportHeader.labelColumn
    let raw = row.count > labelColumn ? try table.text(row, labelColumn) : ""
    let indent = raw.prefix { $0 == " " || $0 == "\u{A0}" || $0 == "\t" }.count
    let caption = Caption(raw, footnotes: reading.known)
    let values = (NASSReportHeader.firstDataColumn..<max(row.count, 3)).filter {
      !row.isBlank(at: $0)
    }
    guard !caption.text.isEmpty else {
      guard let first = values.first else { return }
      throw DairyError.importFailed(
        table.location(row, first), "a data line with values and no label (its third cell)")
    }
    while let last = stack.last, last.indent >= indent { stack.removeLast() }
    let path = stack.map(\.text)
    stack.append((indent, caption.text))
    guard !values.isEmpty else { return }
    reading.dataRows += 1
    reading.explanation.add(.data, lines: row.line...row.line)
    reading.reference(caption.footnotes, at: table.location(row, labelColumn))
    if reading.orientation == .periodsDown,
      let period = RowPeriod(caption.text) ?? RowPeriod(total: caption.text)
    {
      try readPeriod(row, period, header, units, caption: caption, path: path, &table)
      return
    }
    let place = reading.orientation == .placesDown ? NASSPlaces.place(caption.text) : nil
    if let place, !reading.places.contains(place) { reading.places.append(place) }
    var rowKey = (path + [caption.text]).map(SectionKey.escaped).joined(separator: " / ")
    if !rowKeys.insert(rowKey).inserted {
      var number = 2
      while !rowKeys.insert("\(rowKey) (\(number))").inserted { number += 1 }
      rowKey += " (\(number))"
    }
    let rowNotes = caption.footnotes.compactMap { reading.footnotes[$0] }
    let levelTitle =
      place == nil ? caption.text : (reading.measure.isEmpty ? caption.text : reading.measure)
    var sections: [String: Int] = [:]
    var cells: [(cell: Int, key: String, period: Int64)] = []
    for column in header.columns.columns {
      let hasValue = column.index < row.count && !row.isBlank(at: column.index)
      let period: Period
      let draft: SectionFields
      // A column whose measure is a place (States across, under the title's period) puts the
      // row's series at that place, titled by the row.
      var columnPlace: NASSPlaces.Place?
      switch column.kind {
      case .empty, .unread, .derived(nil):
        guard hasValue else { continue }
        throw DairyError.importFailed(table.location(row, column.index), unreadMessage(column))
      case .level(let measure, let levelPeriod):
        period = levelPeriod
        var key = rowKey
        if !measure.isEmpty && header.measures { key += " | " + SectionKey.escaped(measure) }
        if header.frequencies { key += " | " + period.frequency.rawValue }
        var title = levelTitle
        if place == nil, !measure.isEmpty, let across = NASSPlaces.place(measure) {
          columnPlace = across
          if !reading.places.contains(across) { reading.places.append(across) }
        } else if !measure.isEmpty && header.measures {
          title = place == nil ? title + ", " + NASSReportTitle.lowercasingFirst(measure) : measure
        }
        draft = SectionFields(
          key: key, title: title, unit: units.unit(column.index),
          group: path.isEmpty ? nil : path.joined(separator: ", "), notes: Self.joined(rowNotes))
      case .derived(let changePeriod?):
        period = changePeriod
        // A change under a measure's caption (`Milk production` over `Change from 2019`) is
        // that measure's.
        var title = levelTitle
        var change = column.caption.text
        if let measure = header.columns.measure(startingChange: change) {
          change = String(change.dropFirst(measure.count)).trimmingCharacters(in: .whitespaces)
          title =
            place == nil ? title + ", " + NASSReportTitle.lowercasingFirst(measure) : measure
        }
        draft = SectionFields(
          key: rowKey + " | " + SectionKey.escaped(column.caption.text),
          title: title + ", " + NASSReportTitle.lowercasingFirst(change),
          unit: units.unit(column.index),
          group: path.isEmpty ? nil : path.joined(separator: ", "), notes: Self.joined(rowNotes))
      }
      let section: Int
      if let known = sections[draft.key] {
        section = known
      } else {
        var located = draft
        Self.locate(&located, frequency: period.frequency, place: place ?? columnPlace)
        let here = table.location(row, labelColumn)
        section = try table.section(located, at: here)
        sections[draft.key] = section
        reading.explanation.series.append(
          TableExplanation.Series(
            key: draft.key, column: nil, line: row.line,
            footnotes: caption.footnotes + column.caption.footnotes))
      }
      for note in columnNotes(column) { try table.book.addNote(note, section: section) }
      if column.index < row.count {
        try table.store(row, column.index, year: period.key, section: section)
      } else {
        table.missing += 1
        try table.book.addMissing(marker: "", year: period.key, section: section)
      }
      cells.append((column.index, draft.key, period.key))
    }
    placed[row.line] = cells
  }

  /// The notes the footnotes of `column`'s caption give the series it holds values of: a
  /// measure's footnote as it is (`Milk cows 2/` over `2019` and `2020`), a period's with the
  /// period (`November 2020 2/`: `November 2020: Preliminary.`), as it marks those values only.
  func columnNotes(_ column: NASSReportHeader.Column) -> [String] {
    let texts = column.caption.footnotes.compactMap { reading.footnotes[$0] }
    guard case .level(let measure, _) = column.kind, measure.isEmpty else { return texts }
    return texts.map { "\(column.caption.text): \($0)" }
  }

  /// Why a value under `column` cannot be read.
  func unreadMessage(_ column: NASSReportHeader.Column) -> String {
    let caption = TextEscaping.visible(column.caption.text)
    switch column.kind {
    case .empty: return "a value under no caption of the table's header"
    case .derived: return "\"\(caption)\" is a change, and the table has no period it is for"
    default:
      return "\"\(caption)\" heads this column, which is neither a period nor a change, and the "
        + "table's title names no period; dairy reads a NASS table's values by period"
    }
  }

  static func joined(_ notes: [String]) -> String? {
    notes.isEmpty ? nil : notes.joined(separator: "\n")
  }

  /// Gives `draft` its frequency and place.
  static func locate(_ draft: inout SectionFields, frequency: Frequency, place: NASSPlaces.Place?) {
    draft.frequency = frequency
    draft.place = place?.name
    draft.placeLevel = place?.level
    draft.placeCode = place?.code
  }
}
