/// The characters of a terminal chart's frame: box drawing with braille lines, plain ASCII with
/// ASCII lines (for terminals and fonts that lack both).
struct ChartGlyphs: Sendable, Hashable {
  var vertical: String
  var tick: String
  var corner: String
  var horizontal: Character
  var yearTick: Character
  var arrow: String

  init(_ marks: ChartStyle.Marks) {
    switch marks {
    case .braille:
      (vertical, tick, corner, horizontal, yearTick, arrow) = ("│", "┤", "└", "─", "┬", "→")
    case .ascii:
      (vertical, tick, corner, horizontal, yearTick, arrow) = ("|", "+", "+", "-", "+", "->")
    }
  }
}
