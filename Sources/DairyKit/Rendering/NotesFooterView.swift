/// A section's notes footer: the notes wrapped to the width with a hanging indent, as many lines as
/// the text needs (self-sizing). Each note (one per line in the stored text) starts a new paragraph.
///
/// ```swift
/// NotesFooterView(notes: "Begins in 1989.").lines(width: 40, style: TextStyle(enabled: false))
/// // ["  Notes: Begins in 1989."]
/// ```
public struct NotesFooterView: Sendable, Hashable {
  public var notes: String

  public init(notes: String) {
    self.notes = notes
  }

  static let label = "Notes: "
  static let indent = 2

  public func lines(width: Int, style: TextStyle) -> [String] {
    let hanging = Self.indent + Self.label.count
    // Below this width the hanging indent would leave no room: wrap flush left instead.
    let textWidth = width - hanging >= 10 ? width - hanging : width
    let pad = textWidth == width ? "" : String(repeating: " ", count: hanging)
    var lines: [String] = []
    for paragraph in notes.split(separator: "\n") {
      let text = TextEscaping.visible(String(paragraph))
      for line in WordWrap.lines(text, width: textWidth) {
        lines.append(line)
      }
    }
    return lines.enumerated().map { index, line in
      if index == 0 && !pad.isEmpty {
        return String(repeating: " ", count: Self.indent) + style.dim(Self.label + line)
      }
      if index == 0 { return style.dim(line) }
      return pad + style.dim(line)
    }
  }
}
