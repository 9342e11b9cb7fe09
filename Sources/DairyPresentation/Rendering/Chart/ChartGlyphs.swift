import DairyImport
import DairyModel

/// The characters of a terminal chart's frame: box drawing with braille lines, plain ASCII with
/// ASCII lines (for terminals and fonts that lack both).
package struct ChartGlyphs: Sendable, Hashable {
  package var vertical: String
  package var tick: String
  package var corner: String
  package var horizontal: Character
  package var yearTick: Character
  package var arrow: String

  package init(_ marks: ChartStyle.Marks) {
    switch marks {
    case .braille:
      (vertical, tick, corner, horizontal, yearTick, arrow) = ("│", "┤", "└", "─", "┬", "→")
    case .ascii:
      (vertical, tick, corner, horizontal, yearTick, arrow) = ("|", "+", "+", "-", "+", "->")
    }
  }
}
