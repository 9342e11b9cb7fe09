import DairyImport
import DairyModel

/// Wraps text to a width in display columns, at spaces, breaking words only when one is longer than
/// a whole line.
///
/// ```swift
/// WordWrap.lines("All fluid milk beverages", width: 10)  // ["All fluid", "milk", "beverages"]
/// ```
package enum WordWrap {
  package static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var current = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      var word = word
      var wordWidth = DisplayWidth.of(word)
      if used > 0 && used + 1 + wordWidth <= width {
        current += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 {
        lines.append(current)
        current = ""
        used = 0
      }
      // A word wider than the line is cut into line-sized pieces.
      while wordWidth > width {
        let (head, tail) = split(word, at: width)
        lines.append(head)
        word = tail
        wordWidth = DisplayWidth.of(word)
      }
      current = word
      used = wordWidth
    }
    if used > 0 || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// The first line-sized piece of `word`, and the rest. Pieces end between characters, except
  /// for a character wider than the whole line (a long emoji sequence on a very narrow line),
  /// which is cut between its scalars.
  private static func split(_ word: String, at width: Int) -> (String, String) {
    var used = 0
    var index = word.startIndex
    while index < word.endIndex {
      let columns = DisplayWidth.of(word[index])
      if used + columns > width {
        if used > 0 { break }
        return splitScalars(word, at: width)
      }
      used += columns
      index = word.index(after: index)
    }
    return (String(word[..<index]), String(word[index...]))
  }

  private static func splitScalars(_ word: String, at width: Int) -> (String, String) {
    let scalars = word.unicodeScalars
    var used = 0
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let columns = DisplayWidth.of(scalars[index])
      if used + columns > width && used > 0 { break }
      used += columns
      index = scalars.index(after: index)
    }
    return (String(scalars[..<index]), String(scalars[index...]))
  }
}
