import DairyImport
import DairyModel

/// The status line at the bottom of the browse screen: dataset, sections, rows loaded of the total,
/// the position, and a key hint. Parts drop from the right end of the left side when the width runs
/// out; the hint shortens, then goes, before the second part of the left side.
///
/// ```swift
/// StatusLineView(left: ["dairy", "21 sections", "50 of 958 rows"], right: "? help")
///   .line(width: 40, style: TextStyle(enabled: false))
/// // " dairy · 21 sections             ? help "
/// ```
package struct StatusLineView: Sendable, Hashable {
  package var left: [String]
  package var right: String

  package init(left: [String], right: String) {
    self.left = left
    self.right = right
  }

  package func line(width: Int, style: TextStyle) -> String {
    let all = left.map(TextEscaping.visible)
    func text(_ parts: ArraySlice<String>) -> String { " " + parts.joined(separator: " · ") }
    // The hint shortens, then goes, before the second part of the left side has to.
    var chosen: (left: String, right: String)?
    for right in [" " + self.right + " ", " ? help ", ""] {
      var count = all.count
      while count > 1 && DisplayWidth.of(text(all.prefix(count))) + DisplayWidth.of(right) > width {
        count -= 1
      }
      let fits = DisplayWidth.of(text(all.prefix(count))) + DisplayWidth.of(right) <= width
      if fits && count >= min(2, all.count) {
        chosen = (text(all.prefix(count)), right)
        break
      }
    }
    let (leftText, right) = chosen ?? (DisplayWidth.truncate(text(all.prefix(1)), to: width), "")
    let gap = max(0, width - DisplayWidth.of(leftText) - DisplayWidth.of(right))
    return style.reverse(leftText + String(repeating: " ", count: gap) + right)
  }
}
