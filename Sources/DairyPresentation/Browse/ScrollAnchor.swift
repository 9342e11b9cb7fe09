import DairyImport
import DairyModel

/// Where the screen's top line is: a line of a section (its header, rows, notes and the blank line
/// after it), or, past the last section, a line of the load-more footer.
///
/// Scrolling is kept as an anchor rather than as an absolute line number, so that rows loaded below,
/// sections measured late, and notes re-wrapped after a resize never move what the reader is looking
/// at.
///
/// ```swift
/// ScrollAnchor(section: 2, line: 0)  // the top line is the third section's header
/// ```
package struct ScrollAnchor: Sendable, Hashable, Comparable {
  /// The section index; the number of sections means the load-more footer.
  package var section: Int
  /// The line inside that section (or footer), from 0.
  package var line: Int

  package init(section: Int, line: Int) {
    self.section = section
    self.line = line
  }

  package static let top = ScrollAnchor(section: 0, line: 0)

  package static func < (lhs: ScrollAnchor, rhs: ScrollAnchor) -> Bool {
    (lhs.section, lhs.line) < (rhs.section, rhs.line)
  }
}
