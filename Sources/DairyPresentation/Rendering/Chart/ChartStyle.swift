import DairyImport
import DairyModel

/// How a chart is drawn, beyond its size and colour (those come from the ``Viewport``).
///
/// ```swift
/// var style = ChartStyle()
/// style.marks = .ascii               // for fonts without braille
/// style.index = true                 // every series at 100 in its first year in range
/// style.years = 1990...2022
/// style.zero = true                  // every value axis reaches down (or up) to zero
/// ```
package struct ChartStyle: Sendable, Hashable {
  /// What the lines are drawn with.
  package enum Marks: String, Sendable, Hashable, CaseIterable {
    /// Braille dots, 2 × 4 to a character cell.
    case braille
    /// One ASCII character a cell, each series its own (`*`, `o`, `+`…).
    case ascii
  }

  package var marks: Marks
  /// Rebase every series to 100 at its first year in range, so that series of any unit share one
  /// axis.
  package var index: Bool
  /// The years charted; nil for all.
  package var years: ClosedRange<Int64>?
  /// Every value axis includes zero (`--zero`); otherwise it spans the data's range, rounded.
  package var zero: Bool

  package init(
    marks: Marks = .braille, index: Bool = false, years: ClosedRange<Int64>? = nil,
    zero: Bool = false
  ) {
    self.marks = marks
    self.index = index
    self.years = years
    self.zero = zero
  }
}
