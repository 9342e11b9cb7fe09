import DairyModel

/// How one column writes the commas inside its numbers, decided from the column's own values, in
/// file order: the first value that tells a reading fixes it.
///
/// - A decimal point (`1.5`), or commas that group digits by three (`12,345`, `1,234,567.8`,
///   `4,300`), make the column's commas thousands separators.
/// - A comma followed by other than three digits (`4,3`, `12,25`, `0,500`) makes it the decimal
///   comma; `4,300` then reads as 4.3.
///
/// A value the column's reading cannot read is an error at its place, never a guess: `1,23` in a
/// column of `12,345`s, `1.5` in a column of `4,3`s.
///
/// ```swift
/// var style = CommaStyle.undecided
/// NumberParser().commaAmount(Array("10,849 ".utf8), style: &style)  // .value(10849, decimals: 0)
/// style  // .thousands
/// ```
package enum CommaStyle: UInt8, Sendable {
  /// No value has told a reading yet.
  case undecided
  /// A value had a decimal point: a comma can only group thousands.
  case pointDecimal
  /// A value grouped thousands with commas.
  case thousands
  /// A value had a decimal comma.
  case decimalComma
}

extension NumberParser {
  /// The shape of a field's text around its commas.
  private enum CommaShape {
    /// No comma at all: the plain reading's answer stands.
    case noComma
    /// Thousands groups that cannot be a decimal comma: two commas or more, or a decimal point.
    case grouped
    /// One comma before exactly three digits (`4,300`): either reading.
    case either
    /// A decimal comma (`4,3`).
    case decimalComma
    case neither
  }

  package func commaAmount(_ bytes: [UInt8], style: inout CommaStyle) -> Amount? {
    bytes.withUnsafeBufferPointer { commaAmount($0, style: &style) }
  }

  /// Reads a field that the plain reading refused as a number with commas, in a column whose
  /// commas read as `style` so far, and updates `style`. Returns nil when the field has no comma
  /// (the plain reading's error stands).
  package func commaAmount(_ field: UnsafeBufferPointer<UInt8>, style: inout CommaStyle) -> Amount?
  {
    Self.commaAmount(field, style: &style)
  }

  /// ``commaAmount(_:style:)``, which reads nothing of a parser's own (its markers): the
  /// import's hot path calls it without a copy of its parser.
  package static func commaAmount(_ field: UnsafeBufferPointer<UInt8>, style: inout CommaStyle)
    -> Amount?
  {
    let text = Self.trimmed(field)
    let shape = Self.commaShape(text)
    let reading: CommaStyle
    switch (shape, style) {
    case (.noComma, _): return nil
    case (.neither, _): return .invalid(.notANumber(Self.shown(text)))
    case (.grouped, .decimalComma), (.decimalComma, .pointDecimal), (.decimalComma, .thousands):
      return .invalid(Self.mismatch(text, style))
    case (.either, .decimalComma), (.decimalComma, _): reading = .decimalComma
    case (.grouped, _), (.either, _): reading = .thousands
    }
    if style == .undecided { style = reading }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { copy in
      var count = 0
      for byte in text where byte != 0x2C || reading == .decimalComma {
        copy[count] = byte == 0x2C ? 0x2E : byte
        count += 1
      }
      switch Self.scan(UnsafeBufferPointer(rebasing: copy[0..<count])) {
      case .number(let value, let decimals) where value.isFinite:
        return .value(value, decimals: decimals)
      case .number: return .invalid(.tooLarge(Self.shown(text)))
      case .notANumber: return .invalid(.notANumber(Self.shown(text)))
      }
    }
  }

  /// The error for a value whose commas or point the column's reading cannot read.
  private static func mismatch(_ text: UnsafeBufferPointer<UInt8>, _ style: CommaStyle) -> Cause {
    switch style {
    case .thousands: .commaMismatch(shown(text), thousands: true)
    case .decimalComma: .commaMismatch(shown(text), thousands: false)
    case .undecided, .pointDecimal: .notANumber(shown(text))
    }
  }

  /// The error for a number with a decimal point in a column whose commas are decimal commas.
  package static func pointInDecimalCommaColumn(_ field: UnsafeBufferPointer<UInt8>) -> Cause {
    .commaMismatch(shown(trimmed(field)), thousands: false)
  }

  /// Sorts a trimmed field by where its commas are: `[+-]? digits (, digits)* (. digits*)?`.
  private static func commaShape(_ text: UnsafeBufferPointer<UInt8>) -> CommaShape {
    guard text.contains(0x2C) else { return .noComma }
    var index = 0
    if index < text.count && (text[index] == 0x2B || text[index] == 0x2D) { index += 1 }
    var commas = 0
    var leading = 0  // the digits before the first comma
    var digits = 0  // the digits since the last comma
    var byThrees = true  // every group after the first has three digits
    let leadingZero = index < text.count && text[index] == 0x30
    while index < text.count, text[index] != 0x2E {
      let byte = text[index]
      if byte == 0x2C {
        if commas == 0 { leading = digits } else if digits != 3 { byThrees = false }
        commas += 1
        digits = 0
      } else if byte >= 0x30 && byte <= 0x39 {
        digits += 1
      } else {
        return .neither
      }
      index += 1
    }
    guard commas > 0 else { return .noComma }
    let hasPoint = index < text.count
    if hasPoint {
      index += 1
      while index < text.count, text[index] >= 0x30 && text[index] <= 0x39 { index += 1 }
      guard index == text.count else { return .neither }
    }
    if byThrees && digits == 3 && (1...3).contains(leading) && !leadingZero {
      return commas > 1 || hasPoint ? .grouped : .either
    }
    if commas == 1 && !hasPoint && leading > 0 && digits > 0 { return .decimalComma }
    return .neither
  }
}
