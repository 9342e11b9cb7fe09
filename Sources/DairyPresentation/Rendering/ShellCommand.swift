import DairyImport
import DairyModel

/// A command a person copies from the output and pastes into a shell: its arguments as the
/// program receives them, and the text a POSIX shell reads back as exactly those arguments.
///
/// Each argument is one word, quoted only when it needs to be: `'…'` for spaces, quotes and
/// the like, `$'…'` for control characters (bash, zsh, ksh, POSIX 2024), so that the text
/// holds none raw. ``CommandText`` wraps it to a width without breaking it.
///
/// ```swift
/// let command = ShellCommand(["dairy", "show", "it's milk", "--since=-5"])
/// command.description  // "dairy show 'it'\\''s milk' --since=-5"
/// ```
package struct ShellCommand: Sendable, Hashable, CustomStringConvertible {
  /// The arguments, the program's name first.
  package var arguments: [String]

  package init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// Each argument as the shell reads it back.
  package var words: [String] { arguments.map(Self.quoted) }

  /// The words, separated by spaces: the command on one line.
  package var description: String { words.joined(separator: " ") }

  /// A word as a POSIX shell reads it back: quoted when it holds anything but safe characters.
  package static func quoted(_ word: String) -> String {
    let quoting = Quoting(word)
    return quoting.open + quoting.pieces.joined() + quoting.close
  }

  /// How a word is quoted, in pieces (one a Unicode scalar) between an opening and a closing
  /// quote, so that a word too long for a line can be cut between pieces and each part quoted
  /// alike: `'ab'` then `'cd'` read back, side by side, as the one word `abcd`.
  package struct Quoting {
    package var open = ""
    package var pieces: [String] = []
    package var close = ""

    package init(_ word: String) {
      let safe = word.unicodeScalars.allSatisfy { scalar in
        (scalar.value < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
          || "_-./:=@%+,".unicodeScalars.contains(scalar)
      }
      if safe && !word.isEmpty {
        pieces = word.unicodeScalars.map { String($0) }
      } else if word.unicodeScalars.contains(where: TextEscaping.needsEscape) {
        (open, close) = ("$'", "'")
        pieces = word.unicodeScalars.map(Self.dollarQuoted)
      } else {
        // Scalar by scalar: a quote followed by a combining mark is one `Character`, which
        // `replacingOccurrences(of: "'", …)` passes over, and the quoting would end early.
        (open, close) = ("'", "'")
        pieces = word.unicodeScalars.map { $0 == "'" ? "'\\''" : String($0) }
      }
    }

    /// A scalar inside `$'…'`: control characters spelled as escapes, so that the command is
    /// printed without them and still reads back as the same word.
    package static func dollarQuoted(_ scalar: Unicode.Scalar) -> String {
      switch scalar {
      case "\\", "'": return "\\" + String(scalar)
      case "\u{1B}": return "\\e"
      case "\n": return "\\n"
      case "\r": return "\\r"
      case "\t": return "\\t"
      case _ where TextEscaping.needsEscape(scalar):
        return String(scalar).utf8.map { byte in
          "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
      default: return String(scalar)
      }
    }
  }
}
