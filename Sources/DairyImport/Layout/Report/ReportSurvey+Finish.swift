import DairyFormats
import DairyModel

// MARK: - From what the survey found to a plan

extension ReportSurvey {
  /// The most notes lines warned of one by one as not understood.
  static let maxNotesWarnings = 20

  /// The plan of the table, once its last row is added.
  package mutating func finish() -> ReportPlan {
    if let waiting = candidate, !stopped {
      candidate = nil
      held.append(waiting)
    }
    reading = false
    var notes = NotesBlock()
    if !stopped {
      for row in held {
        let filled = row.filledColumns
        guard let first = filled.first else { continue }
        notes.add(Self.line(of: row, filled), at: locate(row.cells[first]))
        plan.roles.append(.init(role: .notes, lines: row.line...row.line))
        if notes.legend.count > NotesBlock.maxLegendEntries {
          plan.fail(
            at: row.line,
            DairyError.importFailed(
              locate(row.cells[first]),
              "more than \(NotesBlock.maxLegendEntries) legend entries (`MARKER = meaning`), "
                + "the limit for a report"))
          break
        }
      }
    }
    var builder = ReportSeriesBuilder(known: Set(notes.footnotes.keys))
    var titles: [TableRow] = []
    let subtitles = stackedSubtitles()
    for index in drafts.indices where !(subAnnual && index == drafts.count - 1) {
      let blockTitles = build(drafts[index], subtitle: subtitles[index], &builder)
      if index == 0 { titles = blockTitles.filter { $0.line != subtitles[0]?.line } }
    }
    if drafts.allSatisfy({ $0.lines == nil }), !stopped, !interrupted {
      if let (row, column) = firstSplitYear() {
        plan.fail(
          at: row.line,
          DairyError.importFailed(
            place(row, column),
            "\"\(TextEscaping.visible(row.trimmedText(at: column)))\" is a split year (a "
              + "marketing or fiscal year across two calendar years); dairy stores calendar "
              + "years, and found no data rows"))
        return plan
      }
      let row = held.first ?? drafts.first?.head.first
      plan.fail(
        at: row?.line ?? 0,
        DairyError(
          .input, at: row.map { locate($0.cells[0]) },
          "found no data rows: a report's data rows start with a year, or stand under a row "
            + "of three years or more across"))
    }
    builder.qualifyTitles()
    describeDataset(titles: titles, notes: notes, &builder)
    if let failure = builder.failure { plan.fail(at: failure.location?.line ?? 0, failure) }
    plan.series = builder.series
    plan.roles.sort { $0.lines.lowerBound < $1.lines.lowerBound }
    return plan
  }

  /// The first row held whose first filled cell is a split year (`2019/20`), and that cell.
  private func firstSplitYear() -> (TableRow, Int)? {
    for row in held + drafts.flatMap(\.head) {
      if let column = row.filledColumns.first,
        ReportCells.isSplitYear(row.trimmedText(at: column))
      {
        return (row, column)
      }
    }
    return nil
  }

  /// Years-down blocks stacked one under another, each under a title line of its own over
  /// captions that may repeat (`Butter`, then `Cheese`, each over `Production`, `Imports`): each
  /// such line is its block's subtitle, the group of the block's series, by draft index. A
  /// block's subtitle is the last of its title rows, but not the first block's only title row
  /// or a unit line (`(million pounds)`); a block that continues the one above (its title line
  /// says so, `…--continued`, `(cont.)`, or repeats the table's title; or it has none) takes
  /// the subtitle above. None unless a block below the first has one of its own.
  package func stackedSubtitles() -> [Int: TableRow] {
    var subtitles: [Int: TableRow] = [:]
    var current: TableRow?
    var tableTitle: String?
    var stacked = false
    for (index, draft) in drafts.enumerated() {
      guard case .down(let column) = draft.kind else { continue }
      let titles = draft.continues ? [] : ReportHeader.titles(of: draft.head, yearColumn: column)
      let texts = titles.compactMap { row in row.titleColumns.first.map(row.trimmedText) }
      if index == 0 {
        tableTitle = texts.first
        if texts.count >= 2, let last = texts.last, UnitText.unit(ofLine: last) == nil {
          current = titles.last
        }
      } else if let last = texts.last, !Self.continues(last), last != tableTitle {
        current = titles.last
        stacked = true
      }
      subtitles[index] = current
    }
    return stacked ? subtitles : [:]
  }

  /// Whether a title line says its block continues the table above (`Table 5--Cheese: supply
  /// and use--continued`, `(cont.)`, `cont'd`, `concluded`).
  package static func continues(_ title: String) -> Bool {
    let words = title.lowercased().split { !$0.isLetter && $0 != "'" }
    guard let last = words.last else { return false }
    return ["continued", "cont", "cont'd", "contd", "concluded"].contains(String(last))
  }

  /// The text of a notes row: its cells joined as a CSV line cut at its commas was (`, `), or
  /// with a space after a label (`Last update:` and a date in the next cell).
  package static func line(of row: TableRow, _ filled: [Int]) -> String {
    var line = ""
    for column in filled {
      let text = row.trimmedText(at: column)
      if !line.isEmpty { line += line.hasSuffix(":") ? " " : ", " }
      line += text
    }
    return line
  }

  /// The dataset's title, unit, notes and facts; the footnotes and the warnings about them.
  private mutating func describeDataset(
    titles: [TableRow], notes: NotesBlock, _ builder: inout ReportSeriesBuilder
  ) {
    var parts: [String] = []
    var titleFootnotes: [FootnoteMark] = []
    for row in titles {
      guard let first = row.titleColumns.first else { continue }
      let caption = builder.caption(row.trimmedText(at: first), at: locate(row.cells[first]))
      titleFootnotes += caption.footnotes
      if Self.isPivotCaption(caption.text) { continue }
      if let unit = UnitText.unit(ofLine: caption.text) {
        plan.unit = plan.unit ?? unit
        continue
      }
      let (rest, unit) = UnitText.splitUnit(from: caption.text)
      plan.unit = plan.unit ?? unit ?? UnitText.unit(after: rest)
      if !rest.isEmpty { parts.append(rest) }
    }
    let referencedBySeries = Set(builder.series.flatMap(\.footnotes))
    let unreferenced = notes.footnoteOrder.filter {
      !referencedBySeries.contains($0) && !titleFootnotes.contains($0)
    }
    let datasetNotes =
      titleFootnotes.compactMap { notes.footnotes[$0] } + notes.notes + plan.spanNotes
      + unreferenced.compactMap { notes.footnotes[$0] }
    plan.facts = DatasetFacts(
      title: parts.isEmpty ? nil : CaptionText.joinParts(parts),
      source: notes.sources.isEmpty ? nil : notes.sources.joined(separator: " "),
      updated: notes.updated, contact: notes.contact,
      notes: datasetNotes.isEmpty ? nil : datasetNotes.joined(separator: "\n"),
      legend: notes.legend)
    // The first lines the notes block does not understand, one by one; the rest counted.
    plan.warnings += notes.warnings.prefix(Self.maxNotesWarnings)
    if notes.warnings.count > Self.maxNotesWarnings {
      plan.warnings.append(
        LayoutWarning(
          nil,
          "\(Grouping.digits(notes.warnings.count - Self.maxNotesWarnings)) more notes lines "
            + "dairy does not understand, kept as dataset notes"))
    }
    for number in builder.referenceOrder where notes.footnotes[number] == nil {
      plan.warnings.append(
        LayoutWarning(
          builder.referenced[number] ?? nil,
          "footnote \(number) is marked here, but the file has no text for it"))
    }
    let all = Set(notes.footnoteOrder + builder.referenceOrder).sorted()
    plan.footnotes = all.map { TableExplanation.Footnote(mark: $0, text: notes.footnotes[$0]) }
    for index in builder.series.indices {
      let texts = builder.series[index].footnotes.compactMap { notes.footnotes[$0] }
      builder.series[index].draft.notes = texts.isEmpty ? nil : texts.joined(separator: "\n")
    }
  }
}
