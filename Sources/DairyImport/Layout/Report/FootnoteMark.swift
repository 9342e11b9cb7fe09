import DairyFormats
import DairyModel

/// What marks a footnote in a report: a number (`2/`, `Total 2`, `milk1`) or a raised letter
/// (`Other income ᵃ`, ``SuperscriptMarks``). Numbers sort before letters, each in its order.
///
/// ```swift
/// let marks: [FootnoteMark] = [.letter("a"), 2, 1]
/// marks.sorted().map(\.description)  // ["1", "2", "a"]
/// ```
package enum FootnoteMark: Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, Encodable
{
  case number(Int)
  case letter(Character)

  package init(integerLiteral value: Int) {
    self = .number(value)
  }

  package var description: String {
    switch self {
    case .number(let number): String(number)
    case .letter(let letter): String(letter)
    }
  }

  package static func < (left: FootnoteMark, right: FootnoteMark) -> Bool {
    switch (left, right) {
    case (.number(let a), .number(let b)): a < b
    case (.letter(let a), .letter(let b)): a < b
    case (.number, .letter): true
    case (.letter, .number): false
    }
  }

  /// A number as a JSON number, a letter as a string (`1`, `"a"`).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .letter(let letter): try container.encode(String(letter))
    }
  }
}

// MARK: - Raised letters in captions and notes lines

extension Caption {
  /// Takes the raised footnote letters off the end of `raw` (``SuperscriptMarks``): the text
  /// left, for the numbered markers to be read from, and the letters' marks.
  package static func takingLetters(_ raw: String) -> (String, [FootnoteMark]) {
    let (text, letters) = SuperscriptMarks.trailing(raw)
    return (text, letters.map(FootnoteMark.letter))
  }
}

extension NotesBlock {
  /// The footnotes a line starts with: numbered, one or several in a paragraph (`1/ text`,
  /// `1Resident population. 2Weight …`, ``footnotes(_:)``), or lettered (`ᵃ  text`).
  package static func markedFootnotes(_ line: String) -> [(mark: FootnoteMark, text: String)]? {
    if let pieces = footnotes(line) { return pieces.map { (.number($0.number), $0.text) } }
    if let (letter, text) = SuperscriptMarks.footnote(line) { return [(.letter(letter), text)] }
    return nil
  }
}
