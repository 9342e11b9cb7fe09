import DairyImport
import DairyModel

/// Turns the bytes a terminal sends in raw mode into the browse screen's keys (``BrowseKey``):
/// plain UTF-8 characters, control characters, and the escape sequences of xterm-like terminals
/// (CSI and SS3 cursor keys, `~` keys, SGR and X10 mouse wheel reports).
///
/// Bytes are fed as they arrive; a sequence split across reads is kept until it is complete.
/// A lone ESC is only known to be the Escape key when no more bytes follow, so the caller says
/// so with ``flush()`` after a short pause.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("\u{1B}[B".utf8))  // [.down]
/// ```
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  package init() {}

  /// Whether bytes wait for the rest of a sequence.
  package var hasPending: Bool { !pending.isEmpty }

  /// Decodes what can be decoded; keeps an incomplete sequence for the next call.
  package mutating func feed(_ bytes: [UInt8]) -> [BrowseKey] {
    pending += bytes
    var keys: [BrowseKey] = []
    while !pending.isEmpty {
      guard let (key, length) = Self.decode(pending) else { break }
      pending.removeFirst(length)
      if let key { keys.append(key) }
    }
    return keys
  }

  /// Takes what is pending as complete: a lone ESC is the Escape key.
  package mutating func flush() -> [BrowseKey] {
    var keys: [BrowseKey] = []
    while !pending.isEmpty {
      if pending[0] == 0x1B {
        keys.append(.escape)
        pending.removeFirst()
        keys += feed([])
      } else if let (key, length) = Self.decode(pending) {
        pending.removeFirst(length)
        if let key { keys.append(key) }
      } else {
        pending.removeFirst()  // An incomplete UTF-8 sequence at the end: drop it.
      }
    }
    return keys
  }

  /// One key from the start of `bytes` and the bytes it took, nil when more bytes are needed.
  /// A nil key with a length is a sequence understood and ignored.
  package static func decode(_ bytes: [UInt8]) -> (BrowseKey?, Int)? {
    let first = bytes[0]
    switch first {
    case 0x1B:
      guard bytes.count >= 2 else { return nil }
      if bytes[1] == 0x5B { return decodeCSI(bytes) }
      if bytes[1] == 0x4F {
        guard bytes.count >= 3 else { return nil }
        let keys: [UInt8: BrowseKey] = [
          0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
        ]
        return (keys[bytes[2]], 3)
      }
      return (.escape, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00...0x1F: return (nil, 1)
    default:
      let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
      guard bytes.count >= length else { return nil }
      guard let text = String(validating: bytes[0..<length], as: UTF8.self),
        let character = text.first
      else { return (nil, 1) }
      return (.character(character), length)
    }
  }

  /// `ESC [` parameters final-byte.
  private static func decodeCSI(_ bytes: [UInt8]) -> (BrowseKey?, Int)? {
    // X10 mouse: ESC [ M b x y
    if bytes.count >= 3 && bytes[2] == 0x4D {
      guard bytes.count >= 6 else { return nil }
      let button = Int(bytes[3]) - 32
      return (wheel(button), 6)
    }
    var index = 2
    while index < bytes.count && !(0x40...0x7E).contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return bytes.count > 32 ? (nil, bytes.count) : nil }
    let final = bytes[index]
    let parameters = String(decoding: bytes[2..<index], as: UTF8.self)
    let length = index + 1
    switch final {
    case 0x41: return (.up, length)
    case 0x42: return (.down, length)
    case 0x43: return (.right, length)
    case 0x44: return (.left, length)
    case 0x48: return (.home, length)
    case 0x46: return (.end, length)
    case 0x7E:
      switch parameters {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      default: return (nil, length)
      }
    case 0x4D where parameters.hasPrefix("<"), 0x6D where parameters.hasPrefix("<"):
      // SGR mouse: ESC [ < button ; x ; y M|m
      let button = Int(parameters.dropFirst().split(separator: ";").first ?? "") ?? -1
      return (final == 0x4D ? wheel(button) : nil, length)
    default:
      return (nil, length)
    }
  }

  private static func wheel(_ button: Int) -> BrowseKey? {
    switch button & ~0x1C {  // Shift, Meta and Ctrl bits aside.
    case 64: .wheelUp
    case 65: .wheelDown
    default: nil
    }
  }
}
