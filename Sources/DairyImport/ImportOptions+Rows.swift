import DairyFormats
import DairyModel
import Foundation

// MARK: - Rows named on the command line

extension ImportOptions {
  /// The rows `--header-rows` or `--data-rows` names: `A-B` (or `A–B`), or one row `A`; rows are
  /// the lines of a CSV file (as `dairy inspect` and error messages give them), or the rows of a
  /// sheet, counting from 1.
  ///
  /// ```swift
  /// try ImportOptions.rows("3-5", option: "--data-rows")  // 3...5
  /// ```
  ///
  /// - Throws: ``DairyError`` (usage) for anything else, or a range that ends before it starts.
  package static func rows(_ text: String, option: String) throws -> ClosedRange<Int> {
    let parts = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
    let numbers = parts.map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard (1...2).contains(numbers.count), let first = numbers.first!, let last = numbers.last!,
      first >= 1, last >= first
    else {
      throw DairyError(
        .usage, "\(option) takes rows as A-B (say 3-5), counting from 1; \"\(text)\" is not that")
    }
    return first...last
  }
}
