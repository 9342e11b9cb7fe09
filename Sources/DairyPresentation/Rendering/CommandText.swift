import DairyImport
import DairyModel

/// A sentence that ends with a command to run (`next page: dairy show --after 2:1976`), as the
/// footers and empty states of `dairy show` print it, wrapped to a width so that the command,
/// pasted into a shell from its first word to the end, runs as printed:
///
/// - the sentence wraps at spaces, as ``WordWrap`` does;
/// - the command breaks only between words, and a line that breaks it ends with ` \`, so that
///   the shell reads on (the indent of the next line is only spaces between words);
/// - a word longer than a line (a long search) is cut into parts that each end with `\` and
///   are quoted alike, the next part at the start of the next line: side by side they read
///   back as the one word.
///
/// ```swift
/// let text = CommandText("next page:", ShellCommand(["dairy", "show", "--after", "2:1976"]))
/// text.lines(width: 24)  // ["next page: dairy show \\", "--after 2:1976"]
/// ```
package struct CommandText: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The sentence before the command.
  package var sentence: String
  /// The command that ends it, if any.
  package var command: ShellCommand?

  package init(_ sentence: String, _ command: ShellCommand? = nil) {
    self.sentence = sentence
    self.command = command
  }

  /// A sentence with no command.
  package init(stringLiteral sentence: String) {
    self.init(sentence)
  }

  /// The sentence and the command on one line.
  package var description: String {
    guard let command else { return sentence }
    return sentence.isEmpty ? command.description : sentence + " " + command.description
  }

  /// The lines at `width` columns, the first starting with `lead`, the others with `indent`.
  package func lines(width: Int, lead: String = "", indent: String = "") -> [String] {
    var lines = Lines(width: max(1, width), lead: lead, indent: indent)
    for word in sentence.split(separator: " ") { lines.place(String(word)) }
    let words = command?.arguments ?? []
    for (index, argument) in words.enumerated() {
      lines.place(command: argument, first: index == 0, last: index == words.count - 1)
    }
    return lines.finished()
  }

  /// The lines being filled, a word at a time.
  private struct Lines {
    let width: Int
    let indent: String
    var done: [String] = []
    var current: String
    var used: Int
    /// Whether the current line holds only its indent (or nothing, after a cut word's part).
    var isEmpty = true

    init(width: Int, lead: String, indent: String) {
      self.width = width
      self.indent = indent
      current = lead
      used = DisplayWidth.of(lead)
    }

    mutating func newLine(indented: Bool = true) {
      done.append(current)
      current = indented ? indent : ""
      used = indented ? DisplayWidth.of(indent) : 0
      isEmpty = true
    }

    mutating func append(_ text: String, columns: Int) {
      if !isEmpty {
        current += " "
        used += 1
      }
      current += text
      used += columns
      isEmpty = false
    }

    /// A word of the sentence: on this line if it fits, else on the next, cut if wider.
    mutating func place(_ word: String) {
      let columns = DisplayWidth.of(word)
      if !isEmpty && used + 1 + columns > width { newLine() }
      guard used + columns > width else { return append(word, columns: columns) }
      for piece in WordWrap.lines(word, width: max(1, width - used)) {
        if !isEmpty { newLine() }
        append(piece, columns: DisplayWidth.of(piece))
      }
    }

    /// An argument of the command. Every word but the last keeps room for ` \` after it.
    mutating func place(command argument: String, first: Bool, last: Bool) {
      let word = ShellCommand.quoted(argument)
      let columns = DisplayWidth.of(word)
      let room = last ? 0 : 2
      if !isEmpty && used + 1 + columns + room > width {
        if !first { current += " \\" }
        newLine()
      }
      if used + (isEmpty ? 0 : 1) + columns + room <= width {
        return append(word, columns: columns)
      }
      cut(ShellCommand.Quoting(argument), room: room)
    }

    /// A word wider than a line: parts of it, each quoted alike and ended with `\`, the next
    /// part at the very start of the next line (an indent there would split the word).
    mutating func cut(_ quoting: ShellCommand.Quoting, room: Int) {
      let frame = DisplayWidth.of(quoting.open) + DisplayWidth.of(quoting.close)
      var start = 0
      while start < quoting.pieces.count {
        let isLastPart = { (end: Int) in end == quoting.pieces.count }
        var end = start
        var columns = frame
        while end < quoting.pieces.count {
          let next = DisplayWidth.of(quoting.pieces[end])
          let tail = isLastPart(end + 1) ? room : 1
          if end > start && used + (isEmpty ? 0 : 1) + columns + next + tail > width { break }
          columns += next
          end += 1
        }
        let part = quoting.open + quoting.pieces[start..<end].joined() + quoting.close
        append(part, columns: columns)
        start = end
        if !isLastPart(end) {
          current += "\\"
          newLine(indented: false)
        }
      }
    }

    func finished() -> [String] {
      done + [current]
    }
  }
}
