import DairyFormats
import DairyModel
import Foundation

/// The dates of `Last update:` lines, in the spellings ERS uses, as ISO 8601: `8/29/2024`,
/// `8/29/24`, `May 6, 2024`, `Sept. 5, 2024`, `5 September 2024`, `2024-08-29`, `03-26-19`
/// become `2024-08-29`-style dates; a month and year alone (`May 2024`) become `2024-05`.
///
/// ```swift
/// ReportDate.iso("September 5, 2024")  // "2024-09-05"
/// ReportDate.iso("8/29/2024")  // "2024-08-29"
/// ReportDate.iso("soon")  // nil
/// ```
package enum ReportDate {
  package static let months: [String: Int] = {
    let names = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december",
    ]
    var months: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      months[name] = index + 1
      months[String(name.prefix(3))] = index + 1
    }
    months["sept"] = 9
    return months
  }()

  /// The ISO 8601 form of `text`, or nil when it is not a date in a known spelling.
  package static func iso(_ text: String) -> String? {
    let cleaned = text.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ".")))
    let numeric = cleaned.split(whereSeparator: { $0 == "/" || $0 == "-" })
    if numeric.count == 3, numeric.allSatisfy({ $0.allSatisfy(\.isNumber) }) {
      let parts = numeric.compactMap { Int($0) }
      if numeric[0].count == 4 { return format(year: parts[0], month: parts[1], day: parts[2]) }
      return format(
        year: fullYear(parts[2], digits: numeric[2].count), month: parts[0],
        day: parts[1])
    }
    let words = cleaned.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
    switch words.count {
    case 3:
      if let month = months[words[0]], let day = Int(words[1]), let year = Int(words[2]) {
        return format(year: year, month: month, day: day)
      }
      if let day = Int(words[0]), let month = months[words[1]], let year = Int(words[2]) {
        return format(year: year, month: month, day: day)
      }
    case 2:
      if let month = months[words[0]], let year = Int(words[1]), words[1].count == 4 {
        return String(format: "%04d-%02d", year, month)
      }
    default: break
    }
    return nil
  }

  private static func fullYear(_ year: Int, digits: Int) -> Int {
    guard digits == 2 else { return year }
    return year < 70 ? 2000 + year : 1900 + year
  }

  private static func format(year: Int, month: Int, day: Int) -> String? {
    guard (1000...9999).contains(year), (1...12).contains(month) else { return nil }
    let days = [
      31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31,
      30, 31, 31, 30, 31, 30, 31,
    ]
    guard (1...days[month - 1]).contains(day) else { return nil }
    return String(format: "%04d-%02d-%02d", year, month, day)
  }
}
