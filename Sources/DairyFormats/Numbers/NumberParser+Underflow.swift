import DairyModel

extension NumberParser {
  /// Whether the text of a number has a digit other than 0 before its exponent: a number that
  /// reads as 0 is then one too small for a double (`1e-400`), not a zero (`0.0e5`).
  ///
  /// Looked at only for a number that reads as 0, so the import's hot loop does not pay for it.
  package static func isNonzero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text {
      if byte == 0x65 || byte == 0x45 { return false }  // e, E
      if byte >= 0x31 && byte <= 0x39 { return true }  // 1-9
    }
    return false
  }
}
