import DairyImport
import DairyModel

/// How many terminal columns text takes: East Asian wide characters and most emoji take two,
/// combining marks none, and a character drawn as an emoji because of U+FE0F (❤️) two.
///
/// ```swift
/// DisplayWidth.of("Milk")   // 4
/// DisplayWidth.of("牛乳")   // 4
/// DisplayWidth.of("I ❤️ milk")   // 9
/// DisplayWidth.truncate("Fluid beverage milk", to: 10)  // "Fluid bev…"
/// ```
package enum DisplayWidth {
  /// The columns one scalar takes: none for a control, or any character ``TextEscaping``
  /// escapes (it draws nothing where it is left raw; escaped, it is plain ASCII).
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 || (0x7F...0x9F).contains(value) ? 0 : 1 }
    if TextEscaping.needsEscape(scalar) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if isWide(value) { return 2 }
    return 1
  }

  /// The columns one character takes, counted as the widest common terminal draws it, so that
  /// a line never wraps: its scalars' columns, and two for a one-column emoji that U+FE0F (the
  /// emoji presentation selector) asks to draw as a picture. Terminals disagree here: kitty, VTE
  /// and iTerm2 draw `❤️` in two columns, tmux 3.3 in one; `👩‍👩‍👧` is two columns in tmux and
  /// six where each emoji is drawn alone. Counting the most leaves at worst a blank column.
  package static func of(_ character: Character) -> Int {
    var total = 0
    var previous: Unicode.Scalar?
    for scalar in character.unicodeScalars {
      if scalar.value == 0xFE0F, let base = previous, of(base) == 1, base.properties.isEmoji {
        total += 1
      } else {
        total += of(scalar)
      }
      previous = scalar
    }
    return total
  }

  /// The columns `text` takes.
  package static func of(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// `text` cut to at most `width` columns, with "…" where it was cut; never inside a character.
  package static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    var out = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width - 1 { break }
      out.append(character)
      used += columns
    }
    return out + "…"
  }

  /// `text` followed by spaces up to `width` columns.
  package static func padRight(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }

  /// Spaces, then `text`, up to `width` columns.
  package static func padLeft(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - of(text))) + text
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF,
      0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
      0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
