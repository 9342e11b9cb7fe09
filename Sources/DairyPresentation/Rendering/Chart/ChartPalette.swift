import DairyImport
import DairyModel

/// The colours and marks that tell series apart: the Okabe–Ito palette, which stays distinct for
/// the common kinds of colour blindness, and, without colour, a character of each series' own.
package enum ChartPalette {
  package struct Color: Sendable, Hashable {
    /// For SVG.
    package var hex: String
    /// The nearest of the 256 terminal colours, which every colour terminal has.
    package var ansi: Int
  }

  /// Okabe & Ito (2008), in their order, with grey for black (it must show on dark terminals).
  package static let colors: [Color] = [
    Color(hex: "#E69F00", ansi: 214),  // orange
    Color(hex: "#56B4E9", ansi: 74),  // sky blue
    Color(hex: "#009E73", ansi: 36),  // bluish green
    Color(hex: "#F0E442", ansi: 227),  // yellow
    Color(hex: "#0072B2", ansi: 25),  // blue
    Color(hex: "#D55E00", ansi: 166),  // vermillion
    Color(hex: "#CC79A7", ansi: 175),  // reddish purple
    Color(hex: "#7F7F7F", ansi: 244),  // grey
  ]

  /// ASCII marks first (they draw in every font; not `+`, which ASCII axes use), then letters.
  package static let marks: [Character] = Array("*ox#@%=~ABCDEFGHIJKLMNOPQRSTUVWXYZ")

  package static func color(_ series: Int) -> Color { colors[series % colors.count] }

  package static func mark(_ series: Int) -> Character { marks[series % marks.count] }

  /// SVG dash patterns, one for each round of the colours (solid first).
  package static func dashes(_ series: Int) -> String? {
    let patterns = [nil, "6 3", "2 2", "8 3 2 3"]
    return patterns[(series / colors.count) % patterns.count]
  }

  /// `text` in the series' colour, when colour is on.
  package static func paint(_ text: String, series: Int, color: Bool) -> String {
    guard color, !text.isEmpty else { return text }
    return "\u{1B}[38;5;\(Self.color(series).ansi)m" + text + "\u{1B}[0m"
  }
}
