import DairyFormats
import DairyModel

// MARK: - How a Quick Stats file reads, for `dairy inspect`

extension QuickStatsLayout {
  /// The series, then what the whole file gave: its data items, places, periods, markers and
  /// CVs, a line each.
  ///
  /// ```text
  ///   items    1: MILK - SALES, MEASURED IN $ → Milk sales (dollars)
  ///   places   50 States: Alabama; Alaska; Arizona; Arkansas; California; …; Wyoming
  ///   periods  annual: 2012, 2017
  ///   marked   (D) withheld to avoid disclosing data for individual operations: 8 values, 8 CVs
  /// ```
  package func explanation(_ table: TableImport) -> TableExplanation {
    var explanation = TableExplanation(layout: "Quick Stats")
    explanation.blocks = table.plainBlocks
    let companions = Set(series.compactMap(\.cv))
    explanation.series = table.sectionsSeen.sorted().map { section in
      let isCV = companions.contains(section)
      return TableExplanation.Series(
        key: table.book.sections[section].fields.key,
        column: (isCV ? columns.cv! : columns.value) + 1)
    }
    explanation.findings = [
      TableExplanation.Finding("items", items(table)),
      TableExplanation.Finding("places", places()),
      TableExplanation.Finding("periods", periodsFound()),
      TableExplanation.Finding("marked", markers()),
      TableExplanation.Finding("CV (%)", cvs()),
    ]
    return explanation
  }

  /// How many shown in a list before `… and N more`.
  static let listed = 6

  /// `2: ITEM → Title (unit); …`, each distinct data item once.
  private func items(_ table: TableImport) -> String {
    var seen: Set<String> = []
    var lines: [String] = []
    for item in series where seen.insert(item.item).inserted {
      let title = itemTitles[item.item] ?? item.item
      lines.append("\(item.item) → \(title)" + (item.unit.map { " (\($0))" } ?? ""))
    }
    return Self.list(lines, count: seen.count)
  }

  /// `1 nation: United States · 50 States: Alabama; …`, `3,077 counties: …`.
  private func places() -> String {
    var byLevel: [PlaceLevel: [String]] = [:]
    var seen: Set<String> = []
    for item in series where seen.insert(item.place.key).inserted {
      byLevel[item.place.level, default: []].append(item.place.name)
    }
    let levels: [(PlaceLevel, String, String)] = [
      (.nation, "nation", "nations"), (.region, "region", "regions"), (.state, "State", "States"),
      (.county, "county", "counties"),
    ]
    let parts = levels.compactMap { level, one, many -> String? in
      guard let names = byLevel[level] else { return nil }
      let shown =
        names.count <= Self.listed
        ? names : names.prefix(Self.listed - 1) + ["…", names[names.count - 1]]
      return "\(Grouping.digits(names.count)) \(names.count == 1 ? one : many): "
        + shown.joined(separator: "; ")
    }
    return parts.isEmpty ? "none" : parts.joined(separator: " · ")
  }

  /// `monthly: 2019-01 to 2020-08, 20 periods`, a part per frequency.
  private func periodsFound() -> String {
    let parts = Frequency.allCases.compactMap { frequency -> String? in
      guard let keys = periodKeys[frequency], let first = keys.min(), let last = keys.max()
      else { return nil }
      let text = { Period(frequency: frequency, key: $0).text }
      if keys.count <= 3 {
        return "\(frequency.text): " + keys.sorted().map(text).joined(separator: ", ")
      }
      return "\(frequency.text): \(text(first)) to \(text(last)), "
        + "\(Grouping.digits(keys.count)) periods"
    }
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }

  /// `(D) withheld …: 8 values, 8 CVs`, a part per marker found; `none` without.
  private func markers() -> String {
    let meanings = Dictionary(
      (Self.valueMarkers + Self.cvMarkers).map { ($0.marker, $0.meaning) },
      uniquingKeysWith: { first, _ in first })
    let parts = markerCounts.sorted { $0.key < $1.key }.map { marker, counts in
      let counted = [
        counts.values > 0
          ? "\(Grouping.digits(counts.values)) value\(counts.values == 1 ? "" : "s")" : nil,
        counts.cvs > 0 ? "\(Grouping.digits(counts.cvs)) CV\(counts.cvs == 1 ? "" : "s")" : nil,
      ].compactMap { $0 }.joined(separator: ", ")
      let name = marker.isEmpty ? "empty" : marker
      return name
        + (meanings[marker].map { " " + $0.prefix(1).lowercased() + $0.dropFirst() } ?? "")
        + ": " + counted
    }
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }

  /// Whether the CVs were kept, and in how many series.
  private func cvs() -> String {
    guard columns.cv != nil else { return "no CV (%) column" }
    let kept = series.filter { $0.cv != nil }.count
    return kept == 0
      ? "empty throughout: no CV series"
      : "kept in \(Grouping.digits(kept)) companion series (TITLE, CV (%), in percent)"
  }

  /// `lines` joined with `; `, the first few of them and how many more.
  static func list(_ lines: [String], count: Int) -> String {
    let shown = lines.prefix(listed).joined(separator: "; ")
    let more = count - min(count, listed)
    return "\(Grouping.digits(count)): " + shown
      + (more > 0 ? "; and \(Grouping.digits(more)) more" : "")
  }
}
