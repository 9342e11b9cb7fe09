import DairyModel

// MARK: - The markers NASS and the Census of Agriculture write for a value not shown

/// A marker the National Agricultural Statistics Service writes in a cell in place of a value,
/// in its reports, Quick Stats downloads and the Census of Agriculture, with the meaning its
/// publications give it. A file's own legend (`(NA)  Not available.`) says what its markers
/// mean; these meanings stand in for a legend that the file does not carry (a Quick Stats
/// download has none).
///
/// `(H)` and `(L)` stand in a coefficient-of-variation column (Quick Stats' `CV (%)`) alone:
/// they say how precise the value beside them is, and are no missing marker in a value column.
///
/// ```swift
/// NASSMarker(rawValue: "(D)")?.meaning
/// // "withheld to avoid disclosing data for individual operations"
/// NASSMarker.valueMarkers.map(\.rawValue)  // ["(D)", "(Z)", "(NA)", "(X)", "(S)"]
/// ```
package enum NASSMarker: String, CaseIterable, Sendable {
  case withheld = "(D)"
  case lessThanHalfTheUnit = "(Z)"
  case notAvailable = "(NA)"
  case notApplicable = "(X)"
  case insufficientReports = "(S)"
  case coefficientOfVariationHigh = "(H)"
  case coefficientOfVariationLow = "(L)"

  /// What NASS says the marker means, as a legend entry reads (lower case, no final period).
  package var meaning: String {
    switch self {
    case .withheld: "withheld to avoid disclosing data for individual operations"
    case .lessThanHalfTheUnit: "less than half of the unit shown"
    case .notAvailable: "not available"
    case .notApplicable: "not applicable"
    case .insufficientReports: "insufficient number of reports to establish an estimate"
    case .coefficientOfVariationHigh: "coefficient of variation of 99.95 percent or more"
    case .coefficientOfVariationLow: "coefficient of variation less than 0.05 percent"
    }
  }

  /// Whether it stands only in a coefficient-of-variation column (`(H)`, `(L)`).
  package var isCoefficientOfVariation: Bool {
    self == .coefficientOfVariationHigh || self == .coefficientOfVariationLow
  }

  /// The markers that stand for a value in any column.
  package static let valueMarkers = allCases.filter { !$0.isCoefficientOfVariation }

  /// The markers of a coefficient-of-variation column, besides the value markers.
  package static let coefficientOfVariationMarkers = allCases.filter(\.isCoefficientOfVariation)
}

extension NumberParser {
  /// A parser that reads a coefficient-of-variation column (Quick Stats' `CV (%)`): these
  /// markers and `(H)` and `(L)`, each a missing cell with its marker.
  ///
  /// ```swift
  /// NumberParser().readingCoefficientsOfVariation().amount(Array(" (H)".utf8))  // .missing
  /// ```
  package func readingCoefficientsOfVariation() -> NumberParser {
    adding(missingMarkers: NASSMarker.coefficientOfVariationMarkers.map(\.rawValue))
  }

  /// `text` without the double quotes around it and the spaces inside them (`"(NA)"` as a
  /// spreadsheet's text, or a field quoted twice, ` "(D)" `): the marker a reader compares;
  /// `text` as it is when it is not quoted. `text` is trimmed already.
  @inline(__always)
  package static func unquoted(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard text.count >= 2, text[0] == 0x22, text[text.count - 1] == 0x22 else { return text }
    return trimmed(UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)]))
  }
}
