import DairyModel

extension NumberParser {
  /// Why a field is not an amount or a year: a value a program can switch on. Its description is
  /// the one sentence a person reads, worded here and nowhere else.
  ///
  /// The texts are the field as written (its first 40 bytes, then `…`); the description quotes
  /// and escapes them.
  ///
  /// ```swift
  /// let cause = NumberParser.Cause.notAWholeYear("2000.5")
  /// print(cause)  // "2000.5" is not a whole year
  /// ```
  package enum Cause: Hashable, Sendable, CustomStringConvertible {
    /// An amount that is not a number (`lots`, `2,5`).
    case notANumber(String)
    /// NaN, in any case, with or without a sign.
    case nan
    /// An infinity (`inf`, `-Infinity`).
    case infinity
    /// A number beyond the largest double (`1e400`).
    case tooLarge(String)
    /// A number other than zero nearer to zero than the least double (`1e-400`), which would
    /// read as 0.
    case tooSmall(String)
    /// A year that is not a number (`last`).
    case yearNotANumber(String)
    /// A year with a fraction (`2000.5`).
    case notAWholeYear(String)
    /// A year beyond ±2^53, where doubles stop being exact integers (`1e30`).
    case yearOutOfRange(String)
    /// A number whose commas (or point) the column's other values read another way: `1,23` in a
    /// column whose commas group thousands, `1.5` in a column with decimal commas.
    case commaMismatch(String, thousands: Bool)

    package var description: String {
      switch self {
      case .notANumber(let text): "\(Self.quoted(text)) is not a number"
      case .nan: "NaN is not a number dairy can store; leave the cell empty or NA"
      case .infinity: "infinity is not a number dairy can store; leave the cell empty or NA"
      case .tooLarge(let text): "\(Self.quoted(text)) is too large for a number"
      case .tooSmall(let text):
        "\(Self.quoted(text)) is too small for a number: nearer to 0 than 5e-324, it would be "
          + "stored as 0; write 0 if that is meant"
      case .yearNotANumber(let text): "year \(Self.quoted(text)) is not a number"
      case .notAWholeYear(let text): "\(Self.quoted(text)) is not a whole year"
      case .yearOutOfRange(let text): "\(Self.quoted(text)) is out of range for a year"
      case .commaMismatch(let text, true):
        "\(Self.quoted(text)) is not a number: this column's commas group thousands (12,345)"
      case .commaMismatch(let text, false):
        "\(Self.quoted(text)) is not a number: this column writes decimals with a comma (4,3)"
      }
    }

    private static func quoted(_ text: String) -> String {
      "\"" + TextEscaping.visible(text) + "\""
    }
  }

  /// A field that does not scan as a number: NaN and infinities get causes of their own.
  package static func notANumber(_ text: UnsafeBufferPointer<UInt8>) -> Cause {
    let lowered = String(decoding: text, as: UTF8.self).lowercased()
    let bare =
      lowered.hasPrefix("+") || lowered.hasPrefix("-") ? String(lowered.dropFirst()) : lowered
    if bare == "nan" { return .nan }
    if bare == "inf" || bare == "infinity" { return .infinity }
    return .notANumber(shown(text))
  }

  /// A field as a message shows it: its first 40 bytes, then `…` when there are more.
  package static func shown(_ text: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: text.prefix(40), as: UTF8.self) + (text.count > 40 ? "…" : "")
  }
}
