import DairyModel
import Foundation

/// Footnote letters written as superscripts, as ERS's Costs-and-Returns tables write them: a
/// letter at the end of a caption or row name marks a footnote (`Other income ᵃ`, `Total ᵃ,ᵇ`),
/// and a notes line that starts with the letter gives its text (`ᵃ  Income from renting …`).
///
/// The letters are Unicode's modifier and superscript small letters (`ᵃ` U+1D43, `ᵇ` U+1D47,
/// `ᶜ` U+1D9C, `ᵈ` U+1D48, …; there is none for `q`), read as the letter they raise.
///
/// ```swift
/// SuperscriptMarks.trailing("Other income ᵃ ")  // ("Other income", ["a"])
/// SuperscriptMarks.trailing("Total ᵃ,ᵇ")  // ("Total", ["a", "b"])
/// SuperscriptMarks.footnote("ᵃ  Income from renting")  // ("a", "Income from renting")
/// ```
package enum SuperscriptMarks {
  /// Each superscript letter and the letter it raises.
  package static let letters: [Character: Character] = [
    "ᵃ": "a", "ᵇ": "b", "ᶜ": "c", "ᵈ": "d", "ᵉ": "e", "ᶠ": "f", "ᵍ": "g", "ʰ": "h", "ⁱ": "i",
    "ʲ": "j", "ᵏ": "k", "ˡ": "l", "ᵐ": "m", "ⁿ": "n", "ᵒ": "o", "ᵖ": "p", "ʳ": "r", "ˢ": "s",
    "ᵗ": "t", "ᵘ": "u", "ᵛ": "v", "ʷ": "w", "ˣ": "x", "ʸ": "y", "ᶻ": "z",
  ]

  /// `text` without the footnote letters at its end, and those letters (raised letters,
  /// separated by nothing, spaces or commas), in order.
  package static func trailing(_ text: String) -> (text: String, letters: [Character]) {
    var end = text.endIndex
    var found: [Character] = []
    var cut = text.endIndex
    while end > text.startIndex {
      let before = text.index(before: end)
      let character = text[before]
      if let letter = letters[character] {
        found.append(letter)
        cut = before
      } else if !(character.isWhitespace || character == ",") {
        break
      }
      end = before
    }
    guard !found.isEmpty else { return (text, []) }
    let kept = text[..<cut].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ",")))
    guard !kept.isEmpty else { return (text, []) }
    return (kept, found.reversed())
  }

  /// `text` without the footnote letters at its end.
  package static func removingTrailing(from text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value >= 0x2B0 }) else { return text }
    return trailing(text).text
  }

  /// A notes line that gives footnote `letter`'s text: the raised letter, then white space (or
  /// `/`, `.`, `)`), then the text.
  package static func footnote(_ line: String) -> (letter: Character, text: String)? {
    guard let first = line.first, let letter = letters[first] else { return nil }
    let rest = line.dropFirst()
    guard let next = rest.first, next.isWhitespace || "/.)".contains(next) else { return nil }
    let text = rest.drop { $0.isWhitespace || "/.)".contains($0) }
      .trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : (letter, text)
  }
}
