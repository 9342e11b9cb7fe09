import DairyFormats
import DairyModel

/// The rule that makes the titles of a dataset's sections distinct, for every layout: a title
/// that repeats becomes `TITLE (GROUP)` for each of its sections that has a group; a title that
/// still repeats keeps its first section and, from its second on, gets ` (2)`, ` (3)`, … (the
/// first number that no other title of the dataset has). A title that is empty falls back to
/// the key, with what cannot be seen escaped.
///
/// Titles are compared as they look (canonical equivalence: `"é"` and `"e\u{301}"` are one
/// title), so that two sections never read the same; the rule changes nothing in a dataset whose
/// titles are already distinct, so a database read back from its export keeps its titles.
///
/// ```swift
/// SectionTitles.distinct(["Milk", "Milk", "Butter"], groups: ["Fluid", nil, nil])
/// // ["Milk (Fluid)", "Milk", "Butter"]
/// ```
package enum SectionTitles {
  /// `titles` made distinct; `groups` holds each title's section's group.
  package static func distinct(_ titles: [String], groups: [String?]) -> [String] {
    let counts = Dictionary(titles.map { ($0, 1) }, uniquingKeysWith: +)
    var result = titles.indices.map { index in
      guard counts[titles[index]]! > 1, let group = groups[index] else { return titles[index] }
      return "\(titles[index]) (\(group))"
    }
    let all = Set(result)
    var taken: Set<String> = []
    // Per title, the number its next repeat tries first: the numbers below it are taken, and
    // stay taken, so that n repeats of a title cost n tries, not n² / 2.
    var next: [String: Int] = [:]
    for index in result.indices where !taken.insert(result[index]).inserted {
      let title = result[index]
      var number = next[title] ?? 2
      while all.contains("\(title) (\(number))") || taken.contains("\(title) (\(number))") {
        number += 1
      }
      next[title] = number + 1
      result[index] += " (\(number))"
      taken.insert(result[index])
    }
    return result
  }

  /// A section's title when the metadata or its key gives an empty one: the key, its control
  /// characters escaped, and any white space left at an end or alone written as `\u{…}`.
  package static func fallback(forKey key: String) -> String {
    let visible = TextEscaping.visible(key)
    if !SectionFields.collapsingWhitespace(visible).isEmpty {
      return SectionFields.collapsingWhitespace(visible)
    }
    return key.unicodeScalars.map { "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }
      .joined()
  }
}
