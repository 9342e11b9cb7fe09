import DairyImport
import DairyModel

/// Where rendered lines go: a width in display columns, an optional height (for the sticky footer)
/// and whether colour is wanted.
///
/// ```swift
/// let viewport = Viewport(width: 80, height: 24)
/// ```
package struct Viewport: Sendable, Hashable {
  /// The widest viewport drawn: wider than any screen at a readable size. A line is built whole
  /// in memory, so this bounds every line a renderer makes.
  package static let maximumWidth = 1000
  /// The tallest viewport drawn: the padding of a sticky footer, or a browse screen, is at most
  /// this many lines.
  package static let maximumHeight = 1000

  package var width: Int
  /// The number of lines the output should fill, with the footer on the last; nil for no padding.
  package var height: Int?
  package var color: Bool

  /// A viewport; a width or height beyond the maximum is taken as the maximum (the commands
  /// refuse such options before they get here: ``ShowOption/range``).
  package init(width: Int, height: Int? = nil, color: Bool = false) {
    self.width = min(max(1, width), Self.maximumWidth)
    self.height = height.map { min($0, Self.maximumHeight) }
    self.color = color
  }
}

/// ANSI styles, applied only when the viewport wants colour.
package struct TextStyle: Sendable, Hashable {
  package var enabled: Bool

  package init(enabled: Bool) {
    self.enabled = enabled
  }

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func reverse(_ text: String) -> String { wrap(text, "7") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func red(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard enabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
  }
}
