import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the bytes of a field into an amount or a year, exactly.
///
/// Accepts decimal and scientific notation (`247`, `-0.5`, `.5`, `36188e6`, `17469899999.999996`),
/// with spaces around it. The result is the double nearest to the source text (correctly rounded),
/// so `export` gives back what the file said. `NaN` and infinities are refused, with a
/// ``Cause`` a program can switch on.
///
/// ```swift
/// let numbers = NumberParser(missingMarkers: ["NA"])
/// numbers.amount(Array("8.1".utf8))  // .value(8.1, decimals: 1)
/// numbers.amount(Array("NaN".utf8))  // .invalid(.nan)
/// ```
package struct NumberParser: Sendable {
  /// A field read as an amount.
  package enum Amount: Equatable, Sendable {
    /// A number, and how many decimals the source wrote for it.
    case value(Double, decimals: Int)
    /// A missing-value marker, or an empty field.
    case missing
    /// Not a number; the cause says why.
    case invalid(Cause)
  }

  /// A field read as a year.
  package enum Year: Equatable, Sendable {
    case value(Int64)
    case missing
    case invalid(Cause)
  }

  /// The texts, besides the empty field, that mean "no value": ERS's and NASS's (``NASSMarker``:
  /// `(D)` withheld, `(Z)` less than half the unit, `(NA)`, `(X)`, `(S)`).
  package static let standardMissingMarkers =
    ["NA", "N/A", "(NA)", "-", "--", "—"]
    + NASSMarker.valueMarkers.map(\.rawValue).filter { $0 != "(NA)" }

  /// The largest year magnitude: every integer up to 2^53 is exact as a double.
  package static let yearLimit = Double(Observation.yearLimit)

  private let markers: [[UInt8]]
  /// Which bytes a marker starts with, a bit each: a field starting with a digit (nearly every
  /// number) is no standard marker, and is told so without comparing it with each of them.
  private let markerStarts: (UInt64, UInt64, UInt64, UInt64)
  /// The markers as given, for ``missingMarker(_:)``.
  package let markerTexts: [String]
  /// The markers among ``markerTexts`` that the file's legend says mean zero (`-  Represents
  /// zero.`): such a cell still reads as missing here (the import's hot loop asks nothing
  /// more), and the import stores it as the number 0 with its marker noted.
  package var zeroMarkers: [String] = []

  /// - Parameter missingMarkers: texts that mean "no value", compared after trimming spaces.
  package init(missingMarkers: [String] = NumberParser.standardMissingMarkers) {
    markers = missingMarkers.map { Array($0.utf8) }
    markerTexts = missingMarkers
    var starts: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    for case let first? in markers.map(\.first) {
      let bit = UInt64(1) << (first & 63)
      switch first >> 6 {
      case 0: starts.0 |= bit
      case 1: starts.1 |= bit
      case 2: starts.2 |= bit
      default: starts.3 |= bit
      }
    }
    markerStarts = starts
  }

  /// The same markers and `more`.
  package func adding(missingMarkers more: [String]) -> NumberParser {
    var parser = NumberParser(
      missingMarkers: markerTexts + more.filter { !markerTexts.contains($0) })
    parser.zeroMarkers = zeroMarkers
    return parser
  }

  /// Whether `marker` (as ``missingMarker(_:)`` gives it) is one the file says means zero.
  @inline(__always)
  package func meansZero(_ marker: String) -> Bool {
    !zeroMarkers.isEmpty && zeroMarkers.contains(marker)
  }

  // MARK: - Amounts

  package func amount(_ bytes: [UInt8]) -> Amount {
    bytes.withUnsafeBufferPointer { amount($0) }
  }

  /// Reads an amount from the bytes of one field. A marker in double quotes (`"(NA)"`, text a
  /// spreadsheet kept with its quotes) is the marker.
  package func amount(_ field: UnsafeBufferPointer<UInt8>) -> Amount {
    if let amount = quickAmount(field) { return amount }
    let text = Self.trimmed(field)
    if isMissingMarker(Self.unquoted(text)) { return .missing }
    return .invalid(Self.notANumber(text))
  }

  /// Reads an amount as `amount(_:)` does, but gives nil for a field that does not scan
  /// as a number, without putting its message together: the import's hot loop reads such a
  /// field again, with commas (`10,849`), or to say why it is not a number.
  @inline(__always)
  package func quickAmount(_ field: UnsafeBufferPointer<UInt8>) -> Amount? {
    let text = Self.trimmed(field)
    if text.isEmpty || isMissingMarker(text) { return .missing }
    switch Self.scan(text) {
    case .number(let value, let decimals):
      if !value.isFinite { return .invalid(.tooLarge(Self.shown(text))) }
      if value == 0 && Self.isNonzero(text) { return .invalid(.tooSmall(Self.shown(text))) }
      return .value(value, decimals: decimals)
    case .notANumber:
      return nil
    }
  }

  /// An amount a typed source stored as a number, with the decimals its format shows, or else
  /// those of its shortest form.
  package func amount(_ value: Double, decimals: Int?) -> Amount {
    if value.isNaN { return .invalid(.nan) }
    if value.isInfinite { return .invalid(.infinity) }
    return .value(value, decimals: decimals ?? Self.decimals(of: value))
  }

  // MARK: - Years

  package func year(_ bytes: [UInt8]) -> Year {
    bytes.withUnsafeBufferPointer { year($0) }
  }

  /// Reads a year: any integral number (`1975`, `2e3`); `2000.5` is refused.
  package func year(_ field: UnsafeBufferPointer<UInt8>) -> Year {
    let text = Self.trimmed(field)
    if text.isEmpty || isMissingMarker(text) { return .missing }
    // Fast path: plain digits.
    if text.count <= 9, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      var value: Int64 = 0
      for byte in text { value = value * 10 + Int64(byte - 0x30) }
      return .value(value)
    }
    switch Self.scan(text) {
    case .number(let value, _):
      if value == 0 && Self.isNonzero(text) { return .invalid(.notAWholeYear(Self.shown(text))) }
      return Self.year(value, shown: Self.shown(text))
    case .notANumber: return .invalid(.yearNotANumber(Self.shown(text)))
    }
  }

  /// A year a typed source stored as a number.
  package func year(_ value: Double) -> Year {
    Self.year(value, shown: Self.shortestText(of: value))
  }

  private static func year(_ value: Double, shown: String) -> Year {
    guard value.isFinite, abs(value) <= yearLimit else { return .invalid(.yearOutOfRange(shown)) }
    guard value.rounded(.towardZero) == value else { return .invalid(.notAWholeYear(shown)) }
    return .value(Int64(value))
  }

  // MARK: - Missing markers

  // The hot loop's check, kept apart from `markerIndex` so that it stays small and inlined.
  @inline(__always)
  private func isMissingMarker(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first else { return false }
    let word: UInt64
    switch first >> 6 {
    case 0: word = markerStarts.0
    case 1: word = markerStarts.1
    case 2: word = markerStarts.2
    default: word = markerStarts.3
    }
    guard word & (UInt64(1) << (first & 63)) != 0 else { return false }
    for marker in markers where marker.count == text.count {
      if marker.withUnsafeBufferPointer({
        memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0
      }) {
        return true
      }
    }
    return false
  }

  private func markerIndex(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    for (index, marker) in markers.enumerated() where marker.count == text.count {
      if marker.withUnsafeBufferPointer({
        memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0
      }) {
        return index
      }
    }
    return nil
  }

  /// The marker a field that reads as missing holds, as the marker list spells it, without the
  /// spaces and quotes around it: `""` for an empty field. A stored string: nothing is
  /// allocated.
  ///
  /// ```swift
  /// NumberParser().missingMarker(Array(" NA ".utf8))  // "NA"
  /// NumberParser().missingMarker(Array("\" (D)\"".utf8))  // "(D)"
  /// ```
  package func missingMarker(_ field: UnsafeBufferPointer<UInt8>) -> String {
    markerIndex(Self.unquoted(Self.trimmed(field))).map { markerTexts[$0] } ?? ""
  }

  package func missingMarker(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { missingMarker($0) }
  }
}
