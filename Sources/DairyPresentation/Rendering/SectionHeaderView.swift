import DairyImport
import DairyModel

/// A section's header: the title on the left; on the right, trailing, the unit and a sparkline of
/// the section's series in range (the header's "image").
///
/// Self-sizing to the width: the sparkline goes first when space runs out, so that the title and
/// the unit stay whole; then the title is cut with "…" (to no less than
/// ``minimumTitleWidth``), then the unit goes.
///
/// ```swift
/// SectionHeaderView(title: "Butter", unit: "lb per person", trend: [4.7, 4.3, 6.0])
///   .lines(width: 40, style: TextStyle(enabled: false))
/// // ["Butter                 lb per person ▃▁█"]
/// ```
package struct SectionHeaderView: Sendable, Hashable {
  package var title: String
  package var unit: String?
  package var trend: [Double]
  /// True when the section began on an earlier page.
  package var continued: Bool

  package init(title: String, unit: String?, trend: [Double], continued: Bool = false) {
    self.title = title
    self.unit = unit
    self.trend = trend
    self.continued = continued
  }

  /// The title keeps at least this many columns before the right side gives way.
  package static let minimumTitleWidth = 12

  package func lines(width: Int, style: TextStyle) -> [String] {
    let title = TextEscaping.visible(self.title) + (continued ? " (continued)" : "")
    let unit = self.unit.map(TextEscaping.visible) ?? ""
    let spark = Sparkline.render(trend)
    let whole = DisplayWidth.of(title)
    // The whole title with the unit and the sparkline, or with the unit alone; then the title
    // cut to what the unit leaves (at least its minimum), then with the sparkline alone.
    let choices =
      [(unit, spark, whole), (unit, "", whole)]
      + [(unit, "", Self.minimumTitleWidth), ("", spark, Self.minimumTitleWidth)]
    for (unitPart, sparkPart, needed) in choices {
      let right = [unitPart, sparkPart].filter { !$0.isEmpty }.joined(separator: " ")
      guard !right.isEmpty else { continue }
      let rightWidth = DisplayWidth.of(right)
      guard min(needed, whole) + 2 + rightWidth <= width else { continue }
      let shownTitle = DisplayWidth.truncate(title, to: width - 2 - rightWidth)
      let gap = String(repeating: " ", count: width - DisplayWidth.of(shownTitle) - rightWidth)
      let styledRight = [style.dim(unitPart), style.cyan(sparkPart)].filter { !$0.isEmpty }
        .joined(separator: " ")
      return [style.bold(shownTitle) + gap + styledRight]
    }
    return [style.bold(DisplayWidth.truncate(title, to: width))]
  }
}
