import DairyModel
import DairyPresentation

/// The width a table is drawn at, and the environment variables that can give it.
///
/// `$COLUMNS` and `$LINES` are read only when the terminal does not tell its size. A value that
/// is not a size at all (not a whole number, 0 or less, or beyond ``Viewport/maximumWidth`` ×
/// ``Viewport/maximumHeight``) is ignored, as if unset. A size it could be but that `dairy`
/// cannot draw in (`COLUMNS=5`) is taken at its word: a table refuses it as it refuses
/// `--width 5`.
///
/// ```swift
/// Terminal.columns(environment: ["COLUMNS": "120"])          // 120
/// Terminal.columns(environment: ["COLUMNS": "99999999999"])  // nil: not a terminal's width
/// try Terminal(width: 5, widthSource: .columns).tableWidth(option: nil)  // throws a usage error
/// ```
extension Terminal {
  /// Where ``width`` comes from.
  package enum WidthSource: Sendable, Hashable {
    /// The terminal on standard output or standard error.
    case terminal
    /// `$COLUMNS`.
    case columns
    /// Neither: 80.
    case standard
  }

  /// The width a table is drawn at: `option` (`--width`, which the commands have checked against
  /// its range), else this terminal's.
  ///
  /// - Throws: ``DairyError`` of kind `.usage` when the width comes from the terminal or from
  ///   `$COLUMNS` and is narrower than `--width` may be.
  package func tableWidth(option: Int?) throws -> Int {
    if let option { return option }
    guard let range = ShowOption.width.range, Int64(width) < range.lowerBound else { return width }
    let allowed = "\(range.lowerBound) to \(range.upperBound)"
    switch widthSource {
    case .columns:
      throw DairyError(
        .usage,
        "COLUMNS is \(width), narrower than the \(range.lowerBound) columns a table needs; "
          + "pass --width (\(allowed)) or unset COLUMNS")
    case .terminal, .standard:
      throw DairyError(
        .usage,
        "the terminal is \(width) columns wide, narrower than the \(range.lowerBound) a table "
          + "needs; widen it or pass --width (\(allowed))")
    }
  }

  /// `$COLUMNS` when it is a whole number from 1 to ``Viewport/maximumWidth``; nil otherwise.
  package static func columns(environment: [String: String]) -> Int? {
    size(environment["COLUMNS"], upTo: Viewport.maximumWidth)
  }

  /// `$LINES` when it is a whole number from 1 to ``Viewport/maximumHeight``; nil otherwise.
  package static func lines(environment: [String: String]) -> Int? {
    size(environment["LINES"], upTo: Viewport.maximumHeight)
  }

  private static func size(_ text: String?, upTo maximum: Int) -> Int? {
    guard let text, let value = Int(text), (1...maximum).contains(value) else { return nil }
    return value
  }
}
