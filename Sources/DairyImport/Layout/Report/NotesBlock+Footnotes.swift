import DairyFormats
import DairyModel

// MARK: - Footnote lines, one footnote or several

extension NotesBlock {
  /// How a footnote's number is written before its text.
  package enum FootnoteStyle: Sendable {
    /// `1/ text` (or `1/text`).
    case slash
    /// `1 text`, `1. text`, `1) text`.
    case spaced
    /// `1Text`: the number glued to the capital its text starts with, as ERS Food
    /// Availability tables write it (`1Resident population.`).
    case glued
  }

  /// The footnotes a line starts with: one (`1/ Includes eggnog.`), or several in one
  /// paragraph, each number the next in sequence after a sentence's end, written as the first
  /// is (`1Resident population. 2Weight reflects milk content …`); nil when the line does not
  /// start with a footnote.
  ///
  /// ```swift
  /// NotesBlock.footnotes("1Totals are rounded. 2Prior to 1930, estimated.")
  /// // [(1, "Totals are rounded."), (2, "Prior to 1930, estimated.")]
  /// NotesBlock.footnotes("1/ Includes eggnog. 2 cows a farm.")
  /// // [(1, "Includes eggnog. 2 cows a farm.")]
  /// ```
  package static func footnotes(_ line: String) -> [(number: Int, text: String)]? {
    guard let first = marker(line[...]) else { return nil }
    var pieces: [(number: Int, text: String)] = []
    var number = first.number
    var start = first.text
    var search = start
    // Each later footnote: a sentence's end, spaces, the next number in the first one's style.
    while let end = line[search...].firstIndex(where: { ".?!".contains($0) }) {
      var after = line.index(after: end)
      while after < line.endIndex, line[after] == "\"" || line[after] == ")" {
        after = line.index(after: after)
      }
      let spaced = line[after...].drop { $0 == " " }
      search = after
      guard spaced.startIndex > after || first.style == .glued,
        let next = marker(spaced), next.number == number + 1, next.style == first.style,
        next.style == .glued || line[next.text].isUppercase
      else { continue }
      pieces.append((number, line[start..<after].trimmingCharacters(in: .whitespaces)))
      number = next.number
      start = next.text
      search = next.text
    }
    let text = line[start...].trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return pieces.isEmpty ? nil : pieces }
    pieces.append((number, text))
    return pieces
  }

  /// The number at the start of `text`, its style and where its text starts; nil when
  /// `text` does not start with a footnote marker followed by text.
  private static func marker(_ text: Substring) -> (
    number: Int, style: FootnoteStyle, text: String.Index
  )? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard (1...2).contains(digits.count), let number = Int(digits) else { return nil }
    var rest = text.dropFirst(digits.count)
    let style: FootnoteStyle
    if rest.first == "/" {
      rest = rest.dropFirst()
      style = .slash
    } else if rest.first == "." || rest.first == ")" {
      rest = rest.dropFirst()
      guard rest.first == " " else { return nil }
      style = .spaced
    } else if rest.first == " " {
      style = .spaced
    } else {
      // Glued: a capital and another letter (`1Resident`), not a name such as `3M` or `4H`.
      guard let capital = rest.first, capital.isUppercase,
        rest.dropFirst().first?.isLetter == true
      else { return nil }
      style = .glued
    }
    let start = rest.drop { $0 == " " }
    guard !start.isEmpty else { return nil }
    return (number, style, start.startIndex)
  }
}
