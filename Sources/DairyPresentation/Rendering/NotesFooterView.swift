import DairyImport
import DairyModel

/// A section's notes footer: the notes wrapped to the width with a hanging indent, as many lines as
/// the text needs (self-sizing). Each note (one per line in the stored text) starts a new paragraph.
///
/// ```swift
/// NotesFooterView(notes: "Begins in 1989.").lines(width: 40, style: TextStyle(enabled: false))
/// // ["  Notes: Begins in 1989."]
/// ```
package struct NotesFooterView: Sendable, Hashable {
  package var notes: String

  package init(notes: String) {
    self.notes = notes
  }

  package static let label = "Notes: "
  package static let indent = 2

  package func lines(width: Int, style: TextStyle) -> [String] {
    let hanging = Self.indent + Self.label.count
    let paragraphs = notes.split(separator: "\n").map { TextEscaping.visible(String($0)) }
    // Below this width a hanging indent would leave no room: the notes wrap flush left, label
    // included.
    guard width - hanging >= 10 else {
      return WordWrap.lines(Self.label + paragraphs.joined(separator: " "), width: width).map(
        style.dim)
    }
    let pad = String(repeating: " ", count: hanging)
    let lines = paragraphs.flatMap { WordWrap.lines($0, width: width - hanging) }
    return lines.enumerated().map { index, line in
      index == 0
        ? String(repeating: " ", count: Self.indent) + style.dim(Self.label + line)
        : pad + style.dim(line)
    }
  }
}
