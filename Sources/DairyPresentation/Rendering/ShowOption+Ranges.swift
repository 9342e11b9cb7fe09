import DairyImport
import DairyModel

/// The values each whole-number option takes, declared with the option: the parsers, `sections`
/// and `browse` (which take `--width` and `--page-size` too) all check against these, and a value
/// outside is a usage error that names the range.
///
/// The ranges are what a person or a script needs, and no more, so that every figure derived
/// from them (page offsets, padding, line widths) stays small:
/// - years: ±2^53, the years `dairy import` accepts;
/// - `--page-size`: 1 to 100,000 rows (a page is read whole; `export` or the `next` cursors
///   read more);
/// - `--page`: from 1, with no upper limit (a page past the end says so);
/// - `--width`: 20 columns (the narrowest the sections lay out in) to 1,000 (wider than any
///   screen at a readable size);
/// - `--height`: 1 to 1,000 lines (the padding of a sticky footer is at most that);
/// - `--decimals`: 0 to 12 (a double holds no more that a reader can use).
///
/// ```swift
/// ShowOption.width.range    // 20...1000
/// ShowOption.width.problem(5)  // "--width must be between 20 and 1000."
/// ```
extension ShowOption {
  /// The values the option takes; nil for the options whose value is not a whole number.
  package var range: ClosedRange<Int64>? {
    switch self {
    case .since, .until: -Self.yearLimit...Self.yearLimit
    case .pageSize: 1...100_000
    case .page: 1...Int64.max
    case .width: 20...Int64(Viewport.maximumWidth)
    case .height: 1...Int64(Viewport.maximumHeight)
    case .decimals:
      Int64(
        ShowCommandLine.decimalsRange.lowerBound)...Int64(ShowCommandLine.decimalsRange.upperBound)
    case .search, .dataset, .place, .by, .wide, .period, .format, .database, .after, .change,
      .noPager:
      nil
    }
  }

  /// The largest year magnitude: the import's (every integer up to 2^53 is exact as a double).
  package static let yearLimit = Observation.yearLimit

  /// What is wrong with `value` for this option, as the commands report it; nil when it is in
  /// ``range``.
  package func problem(_ value: Int64) -> String? {
    guard let range, !range.contains(value) else { return nil }
    let name = flag ?? "the value"
    if range.upperBound == .max { return "\(name) must be at least \(range.lowerBound)." }
    return "\(name) must be between \(range.lowerBound) and \(range.upperBound)."
  }

  /// What is wrong with `value` for this option; nil when it is in ``range``.
  package func problem(_ value: Int) -> String? {
    problem(Int64(value))
  }

  /// The option's whole-number value in `line`, if it has one and it is set.
  package func number(in line: ShowCommandLine) -> Int64? {
    switch value {
    case .period(let get, _): get(line)?.year
    case .number(let get, _): get(line).map(Int64.init)
    case .text, .format, .cursor, .flag: nil
    }
  }
}
