/// Wraps text to a width in display columns, at spaces, breaking words only when one is longer than
/// a whole line.
///
/// ```swift
/// WordWrap.lines("All fluid milk beverages", width: 10)  // ["All fluid", "milk", "beverages"]
/// ```
public enum WordWrap {
  public static func lines(_ text: String, width: Int) -> [String] {
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

  private static func split(_ word: String, at width: Int) -> (String, String) {
    var head = String.UnicodeScalarView()
    var used = 0
    var index = word.unicodeScalars.startIndex
    while index < word.unicodeScalars.endIndex {
      let scalar = word.unicodeScalars[index]
      let columns = DisplayWidth.of(scalar)
      if used + columns > width && used > 0 { break }
      head.append(scalar)
      used += columns
      index = word.unicodeScalars.index(after: index)
    }
    return (String(head), String(word.unicodeScalars[index...]))
  }
}
