import DairyFormats
import DairyModel
import Foundation

/// What the `t` lines of a NASS report table say: the release line that opens every table
/// (`Dairy Products: Released January 6, 2021, by the National Agricultural Statistics Service
/// (NASS), …`), which gives the dataset's source and last update, and the table's own title,
/// which gives its measure (`Ice Cream, Regular (Hard) Production – States, …: November 2019
/// and 2020` measures `Ice cream, regular (hard) production`).
///
/// ```swift
/// let release = NASSReportTitle.release(line)!
/// release.source  // "NASS, Dairy Products"
/// release.updated  // "2021-01-06"
/// NASSReportTitle.measure(ofTitle: "Milk Cows – States: 2020")  // "Milk cows"
/// ```
package enum NASSReportTitle {
  /// What a release line says.
  package struct Release: Hashable, Sendable {
    /// The agency (by its abbreviation when the line gives one) and the report.
    package var source: String
    /// The release date, ISO 8601.
    package var updated: String?
  }

  /// The release line `line` is (`REPORT: Released DATE, by the AGENCY (ABBR), …`), or nil.
  package static func release(_ line: String) -> Release? {
    guard let released = line.range(of: "released ", options: .caseInsensitive) else {
      return nil
    }
    let report = line[..<released.lowerBound].trimmingCharacters(
      in: CharacterSet(charactersIn: " :,;"))
    let rest = line[released.upperBound...]
    let by = rest.range(of: ", by ", options: .caseInsensitive)
    let date = rest[..<(by?.lowerBound ?? rest.endIndex)]
    guard let updated = ReportDate.iso(String(date)) else { return nil }
    var agency: String?
    if let by {
      var name = rest[by.upperBound...].drop { $0 == " " }
      if name.lowercased().hasPrefix("the ") { name = name.dropFirst(4) }
      let clause = name.prefix { $0 != "," && $0 != "." }
      if let open = clause.lastIndex(of: "("), let close = clause.lastIndex(of: ")"),
        open < close
      {
        agency = String(clause[clause.index(after: open)..<close])
      } else {
        agency = clause.isEmpty ? nil : String(clause)
      }
    }
    let source = [agency, report.isEmpty ? nil : report].compactMap { $0 }
      .joined(separator: ", ")
    return Release(source: source.isEmpty ? line : source, updated: updated)
  }

  /// The measure a table's title names: the words before its places and periods (before the
  /// first ` – `, ` - ` or `:`), written as a sentence (`Ice Cream, Regular (Hard)
  /// Production`: `Ice cream, regular (hard) production`).
  package static func measure(ofTitle title: String) -> String {
    var end = title.endIndex
    for separator in [" – ", " — ", " - ", " -- ", ":"] {
      if let range = title.range(of: separator), range.lowerBound < end {
        end = range.lowerBound
      }
    }
    return sentence(String(title[..<end]).trimmingCharacters(in: .whitespaces))
  }

  /// Words NASS capitalizes in a title that keep their capital in a sentence: names of cheeses
  /// and places.
  package static let properWords: Set<String> = [
    "american", "italian", "swiss", "hispanic", "cheddar", "colby", "monterey", "jack",
    "mozzarella", "parmesan", "provolone", "romano", "muenster", "gorgonzola", "neufchatel",
    "gouda", "united", "states", "u.s.", "grade", "class",
  ]

  /// `text` written as a sentence: each word after the first that is a capital and small
  /// letters (`Regular`, `(Hard)`) in small letters, unless it is a name (``properWords``, a
  /// State's); words in capitals (`NASS`) and the first word stay as written.
  package static func sentence(_ text: String) -> String {
    var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    for index in words.indices.dropFirst() {
      let word = words[index]
      let letters = word.filter(\.isLetter)
      guard let first = letters.first, first.isUppercase,
        letters.dropFirst().allSatisfy(\.isLowercase), letters.count > 1
      else { continue }
      let bare = word.lowercased().trimmingCharacters(in: CharacterSet.letters.inverted)
      if properWords.contains(bare) || StateCodes.state(named: bare) != nil { continue }
      words[index] = word.lowercased()
    }
    return words.joined(separator: " ")
  }

  /// `text` with its first letter in lower case, unless the word it starts is in capitals or a
  /// name (`Change from November 2019`: `change from November 2019`; `Wisconsin` stays).
  package static func lowercasingFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase else { return text }
    let word = text.prefix { $0.isLetter }
    if word.count > 1, word.allSatisfy(\.isUppercase) { return text }
    // A name keeps its capital: `Wisconsin`, `United States`, `Cheddar`.
    if properWords.contains(word.lowercased()) || NASSPlaces.place(text) != nil
      || StateCodes.state(named: String(word)) != nil
    {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }
}
