import DairyFormats
import DairyModel

// MARK: - The series of each block

extension ReportSurvey {
  /// Adds a block's series to `builder` and the block to the plan. Returns its title rows.
  /// A years-down block's `subtitle` (``stackedSubtitles()``) heads its series' keys and groups.
  package mutating func build(
    _ draft: Draft, subtitle: TableRow? = nil, _ builder: inout ReportSeriesBuilder
  ) -> [TableRow] {
    // A caption too long to read is refused before the header spreads it over its columns,
    // where reading it once a column would cost its length times theirs.
    if let (row, cell) = Self.overlongCaption(in: draft.head + [subtitle].compactMap { $0 }) {
      _ = builder.caption(row.trimmedText(at: cell), at: locate(row.cells[cell]))
      return []
    }
    switch draft.kind {
    case .down(let column): return buildDown(draft, column, subtitle: subtitle, &builder)
    case .across(let years): return buildAcross(draft, years, &builder)
    }
  }

  /// The first cell of `rows` whose text is longer than a caption may be.
  package static func overlongCaption(in rows: [TableRow]) -> (TableRow, Int)? {
    for row in rows {
      for cell in row.cells.indices
      where row.range(at: cell).count > ReportSeriesBuilder.maxCaptionBytes {
        return (row, cell)
      }
    }
    return nil
  }

  private mutating func buildDown(
    _ draft: Draft, _ yearColumn: Int, subtitle: TableRow?, _ builder: inout ReportSeriesBuilder
  ) -> [TableRow] {
    let header = ReportHeader(head: draft.head, yearColumn: yearColumn, filled: draft.filled)
    guard let lines = draft.lines else { return header.titles }
    if !draft.continues {
      mark(header.titles, .title)
      mark(header.rows, .header)
      mark([header.unitRow].compactMap { $0 }, .unit)
      noteSpans(header)
    }
    plan.roles.append(.init(role: .data, lines: lines))
    // A problem of the header is placed at its first row, or the data's when it has none.
    let firstHeader = header.rows.first ?? draft.firstRow
    guard !header.isTooDeep else {
      failHeader(
        firstHeader, at: lines.lowerBound,
        "the header has \(Grouping.digits(header.rows.count)) rows above the data, more than the "
          + "\(ReportHeader.maxRows) a report's header may have; name the header's rows with "
          + "--header-rows and the data's with --data-rows")
      return header.titles
    }
    guard !header.columns.isEmpty else {
      failHeader(firstHeader, at: lines.lowerBound, "the header names no series")
      return header.titles
    }
    let subtitleText = subtitle.flatMap { row in row.titleColumns.first.map(row.trimmedText) }
    let subtitleCaption = subtitle.flatMap { row in
      row.titleColumns.first.map {
        builder.caption(row.trimmedText(at: $0), at: locate(row.cells[$0]))
      }
    }
    var columns: [Int] = []
    var series: [Int] = []
    // Each key's first (row, cell) in the header; its location is only found for an error.
    var keys: [String: (row: Int, cell: Int)] = [:]
    let periods = draft.periods
    for column in header.columns where column.column != periods.partColumn {
      let locate = self.locate
      let place = { (row: Int, cell: Int) in locate(header.rows[row].cells[cell]) }
      let leaves = column.components.filter { !$0.isGroup }
      guard !leaves.isEmpty else {
        failUnnamed(
          column.column, under: header.rows.last ?? draft.firstRow,
          firstValue: draft.firstValues[column.column], at: lines.lowerBound)
        continue
      }
      let key = ([subtitleText].compactMap { $0 } + column.components.map(\.raw)).map {
        ReportSeriesBuilder.escaped(SectionFields.collapsingWhitespace($0))
      }.joined(separator: " / ")
      let last = (row: leaves.last!.row, cell: leaves.last!.column)
      if let first = keys[key] {
        let here = place(last.row, last.cell)
        plan.fail(
          at: here.line ?? 0,
          DairyError(
            .input, at: here,
            "the header names \"\(TextEscaping.visible(key))\" twice: here and at "
              + "\(place(first.row, first.cell))"))
        continue
      }
      keys[key] = last
      let captions = leaves.map { builder.caption($0.raw, at: place($0.row, $0.column)) }
      let groups =
        [subtitleCaption].compactMap { $0 }
        + column.components.filter(\.isGroup).map {
          builder.caption($0.raw, at: place($0.row, $0.column))
        }
      let group = groups.map(\.text).filter { !$0.isEmpty }.joined(separator: " – ")
      columns.append(column.column)
      // A caption that is only a footnote marker (`1/`) is its own title: nothing else names it.
      let title = CaptionText.joinParts(captions.map(\.text))
      let raw = SectionFields.collapsingWhitespace(leaves.map(\.raw).joined(separator: " "))
      series.append(
        builder.add(
          key: key, title: title.isEmpty ? raw : title,
          group: group.isEmpty ? nil : group, unit: column.unit,
          footnotes: captions.flatMap(\.footnotes) + groups.flatMap(\.footnotes),
          column: column.column + 1, line: nil))
    }
    var block = ReportPlan.Block(
      kind: .yearsDown(yearColumn: yearColumn, columns: columns, series: series), lines: lines)
    if periods.frequency != nil || periods.marketingYears || periods.partColumn != nil {
      block.periods = blockPeriods(periods, series: series, &builder)
    }
    plan.blocks.append(block)
    return header.titles
  }

  /// The periods of a block whose series are of `periods`' frequency: they are set to it,
  /// and a block of quarters or months with rows (or columns) of whole years gets an annual
  /// series beside each (``PeriodColumns/annualKey(_:)``).
  package func blockPeriods(
    _ periods: DraftPeriods, series: [Int], _ builder: inout ReportSeriesBuilder
  ) -> ReportPlan.Periods {
    var frequency = periods.seriesFrequency
    var result = ReportPlan.Periods(
      frequency: frequency, partColumn: periods.partColumn,
      marketingYears: periods.marketingYears)
    // Dates down a month apart are months (``PeriodColumns/areWeeks(_:)``).
    if frequency == .weekly, !periods.dates.isEmpty, !PeriodColumns.areWeeks(periods.dates) {
      frequency = .monthly
      result.frequency = .monthly
      result.weeklyDates = false
    }
    for index in series { builder.series[index].draft.frequency = frequency }
    guard frequency.isSubAnnual, periods.wholeYears else { return result }
    result.annualSeries = series.map { index in
      let main = builder.series[index]
      let annual = builder.add(
        key: PeriodColumns.annualKey(main.draft.key),
        title: PeriodColumns.annualTitle(main.draft.title), group: main.draft.group,
        unit: main.draft.unit, footnotes: main.footnotes, column: main.column, line: main.line)
      return annual
    }
    return result
  }

  /// Records the header's captions that head several columns, and warns of each whose span
  /// the evidence does not decide.
  private mutating func noteSpans(_ header: ReportHeader) {
    let groups = header.captions.filter { !$0.isLeaf && $0.span.count >= 2 }
      .sorted {
        ($0.span.lowerBound, $0.rows.lowerBound) < ($1.span.lowerBound, $1.rows.lowerBound)
      }
    let units = header.unitCaptions.filter { $0.span.count >= 2 }
    var undecided = 0
    for (kind, caption) in groups.map({ ("group", $0) }) + units.map({ ("unit", $0) }) {
      let row = kind == "unit" ? header.unitRow! : header.rows[caption.rows.lowerBound]
      // A sheet's cell by its reference; a CSV file's by its line (its column would be counted
      // by reading the line again, for each of a wide header's captions).
      let inSheet = row.knowsAlignment
      let cell =
        inSheet
        ? CellReference(column: caption.column, row: row.line).description : "line \(row.line)"
      // A unit as it is read (`million pounds`, not its dash rules).
      let text =
        kind == "unit"
        ? UnitText.normalized(caption.text) : SectionFields.collapsingWhitespace(caption.text)
      plan.spans.append(
        TableExplanation.Span(
          caption: text, cell: cell, kind: kind,
          columns: (caption.span.lowerBound + 1)...(caption.span.upperBound + 1),
          evidence: caption.evidence, undecided: caption.undecided))
      guard caption.undecided else { continue }
      undecided += 1
      guard undecided <= Self.maxSpanWarnings else { continue }
      let columns =
        inSheet
        ? "columns \(CellReference.columnName(caption.span.lowerBound))–"
          + CellReference.columnName(caption.span.upperBound)
        : "cols \(caption.span.lowerBound + 1)–\(caption.span.upperBound + 1)"
      plan.warnings.append(
        LayoutWarning(
          locate(row.cells[caption.column]),
          "\"\(TextEscaping.visible(text))\" is read as the \(kind) of \(columns), a guess: "
            + "it stands centred in one cell, and other columns fit as well (merging it over "
            + "its columns in the sheet would say which)"))
    }
    if undecided > Self.maxSpanWarnings {
      plan.warnings.append(
        LayoutWarning(
          nil,
          "\(Grouping.digits(undecided - Self.maxSpanWarnings)) more captions are read as "
            + "the group of columns guessed as well (dairy inspect lists every span)"))
    }
  }

  /// The most captions warned of one by one as read over guessed columns.
  static let maxSpanWarnings = 5

  /// Records a column with values under no caption, at its cell in the header's last row (or
  /// the data's first, when the header has no row): a sheet's `V6` although the row's last
  /// cell is `T6`; a CSV line that ends before the column has no such cell, and the column's
  /// first value is named instead.
  private mutating func failUnnamed(
    _ column: Int, under row: TableRow?, firstValue: TableCell?, at line: Int
  ) {
    var cell = row.map { place($0, column) }
    if let row, column >= row.count, cell?.cell == nil, let firstValue {
      cell = locate(firstValue)
    }
    plan.fail(
      at: row?.line ?? line,
      DairyError(
        .input, at: cell, "column \(column + 1) has values but the header names no series for it"))
  }

  /// Records a header problem at its first row, or at the data when there is no header row.
  private mutating func failHeader(_ row: TableRow?, at line: Int, _ message: String) {
    plan.fail(
      at: row?.line ?? line, DairyError(.input, at: row.map { locate($0.cells[0]) }, message))
  }

  /// Gives each row of `rows` a role in the explanation.
  package mutating func mark(_ rows: [TableRow], _ role: TableExplanation.Role) {
    for row in rows { plan.roles.append(.init(role: role, lines: row.line...row.line)) }
  }
}
