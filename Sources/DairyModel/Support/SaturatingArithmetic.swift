/// Whole-number arithmetic that stops at the type's bounds instead of trapping, for the figures
/// derived from options and stored values (page offsets, year spans): a figure past the bounds
/// is past any data there is, and the nearest bound says so.
///
/// ```swift
/// Int.max.addingSaturated(1)                 // Int.max
/// (Int.max / 2).multipliedSaturated(by: 3)   // Int.max
/// Int64.min.subtractingSaturated(1)          // Int64.min
/// ```
extension FixedWidthInteger {
  /// `self + other`, or the bound it overflows.
  package func addingSaturated(_ other: Self) -> Self {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }

  /// `self - other`, or the bound it overflows.
  package func subtractingSaturated(_ other: Self) -> Self {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other < 0 ? .max : .min
  }

  /// `self × other`, or the bound it overflows.
  package func multipliedSaturated(by other: Self) -> Self {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    guard overflow else { return product }
    return (self < 0) != (other < 0) ? .min : .max
  }
}
