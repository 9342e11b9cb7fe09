import DairyFormats
import DairyModel

// MARK: - The series of a years-across block

extension ReportSurvey {
  /// The series of a block of years across: one per row that has values (and per sub-column
  /// when each year spans several). A row whose name is further out than the rows under it
  /// (in an outer column, or less indented) is their group.
  package mutating func buildAcross(
    _ draft: Draft, _ years: [ReportPlan.YearColumn], _ builder: inout ReportSeriesBuilder
  ) -> [TableRow] {
    plan.orientation = "years across"
    let yearsIndex =
      draft.yearsLine.flatMap { line in draft.head.lastIndex { $0.line == line } }
      ?? draft.head.lastIndex { ReportCells.yearsAcross($0) != nil } ?? 0
    let titleRows = Array(draft.head[..<yearsIndex].prefix { $0.titleColumns.count <= 1 })
    // A pivot table's caption over its values (`Sum of Value`) is a header, not a title.
    let titles = titleRows.filter { row in
      !Self.isPivotCaption(row.titleColumns.first.map(row.trimmedText) ?? "")
    }
    guard let lines = draft.lines else { return titles }
    mark(titles, .title)
    mark(draft.head.filter { row in !titles.contains { $0.line == row.line } }, .header)
    plan.spanNotes += yearSpanNotes(
      Array(draft.head[titleRows.count..<yearsIndex]), years)
    var seen: [Int64: Int] = [:]
    let periodsRow = draft.yearsLine == nil ? nil : draft.head.last
    for year in years {
      if let first = seen[year.year] {
        let row = periodsRow ?? draft.head[yearsIndex]
        let what =
          periodsRow == nil
          ? "year \(year.year)" : "period " + Period(frequency: year.frequency, key: year.year).text
        plan.fail(
          at: row.line,
          DairyError.importFailed(
            locate(row.cells[year.column]),
            "\(what) appears twice: here and at \(locate(row.cells[first]))"))
        return titles
      }
      seen[year.year] = year.column
    }
    // Periods across are a column each, wherever they stand.
    let strides =
      draft.yearsLine != nil
      ? [1] : Set(zip(years, years.dropFirst()).map { $1.column - $0.column })
    guard strides.count == 1, let stride = strides.first else {
      let row = draft.head[yearsIndex]
      plan.fail(
        at: row.line,
        DairyError.importFailed(
          locate(row.cells[years[0].column]),
          "the years across are not evenly spaced; each year must span as many columns"))
      return titles
    }
    let subRow =
      draft.yearsLine != nil
      ? nil
      : draft.head[(yearsIndex + 1)...].first { row in
        (0..<stride).contains { !row.isBlank(at: years[0].column + $0) }
      }
    guard let offsets = subColumns(draft, years, stride: stride, subRow: subRow) else {
      return titles
    }
    let subs = offsets.map { offset in
      SubColumn(
        offset: offset, raw: subRaw(subRow, years, offset),
        caption: stride == 1
          ? nil
          : subRow.map {
            builder.caption(
              subRaw($0, years, offset), at: place($0, years[0].column + offset))
          },
        unit: unit(subRow, years, offset, stride: stride))
    }
    let rows = acrossRows(draft.names, subs, &builder)
    for name in draft.names { plan.roles.append(.init(role: .data, lines: name.line...name.line)) }
    var block = ReportPlan.Block(
      kind: .yearsAcross(years: years, offsets: offsets, rows: rows), lines: lines)
    if draft.yearsLine != nil {
      plan.orientation = "periods across"
      var periods = ReportPlan.Periods(
        frequency: draft.periods.seriesFrequency, marketingYears: draft.periods.marketingYears)
      for (line, series) in rows.sorted(by: { $0.key < $1.key }) {
        let found = blockPeriods(draft.periods, series: series, &builder)
        if !found.annualSeries.isEmpty { periods.annualRows[line] = found.annualSeries }
      }
      block.periods = periods
    }
    plan.blocks.append(block)
    return titles
  }

  /// A column a year spans that holds a series: its offset from the year's column, and its
  /// caption (when a year spans several) and unit.
  private struct SubColumn {
    var offset: Int
    var raw: String
    var caption: Caption?
    var unit: String?
  }

  /// The series of each row of names that has values, per sub-column, by the row's line.
  private func acrossRows(
    _ names: [NameRow], _ subs: [SubColumn], _ builder: inout ReportSeriesBuilder
  ) -> [Int: [Int]] {
    var rows: [Int: [Int]] = [:]
    var parents: [(depth: [Int], caption: Caption, key: String, heading: Bool)] = []
    for name in names where !Self.isOrderCode(name) {
      let depth = [name.column, name.indent]
      if Self.closesGroups(name) { parents.removeAll() }
      // A heading (a name without values) stays the parent of the rows at its own depth
      // under it, up to the next heading at that depth or further out.
      while let last = parents.last, !last.depth.lexicographicallyPrecedes(depth),
        !(last.heading && last.depth == depth && name.hasValues)
      {
        parents.removeLast()
      }
      let parent = parents.last
      let caption = builder.caption(name.raw, at: name.location)
      let key =
        (parent.map { $0.key + " / " } ?? "")
        + ReportSeriesBuilder.escaped(SectionFields.collapsingWhitespace(name.raw))
      parents.append((depth, caption, key, !name.hasValues))
      guard name.hasValues else { continue }
      rows[name.line] = subs.map { sub in
        builder.add(
          key: key + (sub.caption == nil ? "" : " | " + ReportSeriesBuilder.escaped(sub.raw)),
          title: caption.text + (sub.caption.map { ", " + $0.text } ?? ""),
          group: parent?.caption.text, unit: sub.unit,
          footnotes: caption.footnotes + (parent?.caption.footnotes ?? [])
            + (sub.caption?.footnotes ?? []),
          column: nil, line: name.line)
      }
    }
    return rows
  }

  private func subRaw(_ row: TableRow?, _ years: [ReportPlan.YearColumn], _ offset: Int) -> String {
    SectionFields.collapsingWhitespace(row?.trimmedText(at: years[0].column + offset) ?? "")
  }

  /// The unit of a sub-column: its caption when a year spans several columns; when it spans
  /// one, the caption under the years if that is a unit.
  private func unit(
    _ row: TableRow?, _ years: [ReportPlan.YearColumn], _ offset: Int, stride: Int
  ) -> String? {
    let text = subRaw(row, years, offset)
    guard !text.isEmpty, stride > 1 || UnitText.isUnit(text) else { return nil }
    return UnitText.normalized(text)
  }

  /// The offsets from each year's column that hold series: those with a caption or a value.
  private mutating func subColumns(
    _ draft: Draft, _ years: [ReportPlan.YearColumn], stride: Int, subRow: TableRow?
  ) -> [Int]? {
    guard stride > 1 else { return [0] }
    var offsets: [Int] = []
    var warned = false
    for offset in 0..<stride {
      let caption = subRaw(subRow, years, offset)
      let filled = years.contains { year in
        year.column + offset < draft.filled.count && draft.filled[year.column + offset]
      }
      if caption.isEmpty {
        guard filled else { continue }
        let row = subRow ?? draft.head[draft.head.count - 1]
        plan.fail(
          at: row.line,
          DairyError.importFailed(
            place(row, years[0].column + offset),
            "each year spans \(stride) columns, and column \(years[0].column + offset + 1) "
              + "has values but no caption under the year names them"))
        return nil
      }
      offsets.append(offset)
      if !warned, let subRow,
        let other = years.first(where: {
          subRow.trimmedText(at: $0.column + offset).lowercased() != caption.lowercased()
        })
      {
        warned = true
        plan.warnings.append(
          LayoutWarning(
            place(subRow, other.column + offset),
            "the caption under \(other.year) differs from \"\(TextEscaping.visible(caption))\" "
              + "under \(years[0].year); the series are named after the first"))
      }
    }
    return offsets
  }
}
