import DairyModel
import DairyPresentation

extension Terminal {
  /// What a command writes on standard output in a machine format, and so how it is made safe
  /// for a terminal.
  package enum Document: Sendable {
    /// CSV or SVG: control characters are shown as the table shows them (`\e`, `\r`, `\x07`),
    /// line breaks (LF or CRLF) aside.
    case text
    /// JSON: the same characters are written as JSON escapes (`\u001b`, `\u202e`), so that
    /// what reaches the terminal is still JSON, with the same values.
    case json
  }

  /// `text`, a document in a machine format, as it may reach standard output: unchanged for a
  /// file or a pipe, which get the exact bytes; on a terminal, with every control character
  /// (ESC, CR, BEL, the C1 controls, the bidirectional overrides…) escaped as the table renderer
  /// escapes it, so that a title in the data cannot clear the screen, set the window's title or
  /// write the clipboard, whatever the format.
  ///
  /// ```swift
  /// let screen = Terminal(isTerminal: true)
  /// screen.shown("Milk\u{1B}[2J,1\n", as: .text)  // "Milk\\e[2J,1\n"
  /// Terminal(width: 80).shown("Milk\u{1B}[2J,1\n", as: .text)  // unchanged
  /// ```
  package func shown(_ text: String, as document: Document) -> String {
    guard isTerminal else { return text }
    switch document {
    case .text:
      // A CSV line ends in CRLF (RFC 4180): on a screen it is a line break, not `\r\n`.
      let lines = text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
      return TextEscaping.visibleLines(lines)
    case .json:
      return TextEscaping.jsonEscaped(text)
    }
  }
}

extension TextEscaping {
  /// JSON text with every character ``visible(_:)`` would escape, line breaks aside, written as
  /// a JSON escape. Such characters can only stand inside the strings of a JSON document (the
  /// space between its tokens is spaces and line breaks), where an escape is the same value.
  ///
  /// ```swift
  /// TextEscaping.jsonEscaped("[\"a\u{202E}b\"]")  // "[\"a\\u202eb\"]"
  /// ```
  package static func jsonEscaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else {
      return text
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      guard scalar != "\n", needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }
}

/// A stream that writes a document in a machine format through ``Terminal/shown(_:as:)``: for
/// a document written in many pieces (an export).
///
/// ```swift
/// var out = ""
/// var shown = TerminalDocumentStream(base: out, terminal: Terminal(isTerminal: true), as: .text)
/// shown.write("a\u{7}b\n")
/// out = shown.base  // "a\\x07b\n"
/// ```
package struct TerminalDocumentStream<Base: TextOutputStream>: TextOutputStream {
  package var base: Base
  package let terminal: Terminal
  package let document: Terminal.Document

  package init(base: Base, terminal: Terminal, as document: Terminal.Document) {
    self.base = base
    self.terminal = terminal
    self.document = document
  }

  package mutating func write(_ string: String) {
    base.write(terminal.shown(string, as: document))
  }
}
