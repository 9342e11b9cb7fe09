/// Makes text from the data safe to show in a terminal: control characters become visible escapes.
///
/// ESC, CR, BEL, backspace, NUL and the other C0/C1 controls, DEL, and the bidirectional overrides
/// would otherwise move the cursor, ring the bell, or reorder what a person reads. The line and
/// paragraph separators (U+2028, U+2029) break lines in some terminals and not in others, and
/// the byte-order mark (U+FEFF) and the tag characters (U+E0000–U+E007F) draw nothing: text
/// hidden in them would reach a person's clipboard unseen. (A flag of England, Scotland or
/// Wales, which is a flag and tag characters, shows as the flag and its escaped tags.)
///
/// ```swift
/// TextEscaping.visible("Milk\u{1B}[31m")  // "Milk\\e[31m"
/// ```
package enum TextEscaping {
  /// `text` with every control or bidi-control character replaced by a visible escape.
  package static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        out += escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0xA0 { return value < 0x20 || value >= 0x7F }
    return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      || value == 0x200E || value == 0x200F || value == 0x061C || value == 0x2028
      || value == 0x2029 || value == 0xFEFF || (0xE0000...0xE007F).contains(value)
  }

  package static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0D: return "\\r"
    case 0x1B: return "\\e"
    case 0..<0x100:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    default:
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
