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
/// Sections at different places or of different frequencies may share a title (fifty sections
/// `Milk sales`, one a State): the rule applies among the sections of one place and frequency,
/// which `scopes` gives (``scope(of:)``).
///
/// ```swift
/// SectionTitles.distinct(["Milk", "Milk", "Butter"], groups: ["Fluid", nil, nil])
/// // ["Milk (Fluid)", "Milk", "Butter"]
/// ```
package enum SectionTitles {
  /// `titles` made distinct within each scope; `groups` holds each title's section's group,
  /// `scopes` each one's scope (none: one scope for all).
  package static func distinct(
    _ titles: [String], groups: [String?], scopes: [String] = []
  ) -> [String] {
    let scoped = scopes.isEmpty ? titles : zip(titles, scopes).map { $0 + separator + $1 }
    let counts = Dictionary(scoped.map { ($0, 1) }, uniquingKeysWith: +)
    var result = titles.indices.map { index in
      guard counts[scoped[index]]! > 1, let group = groups[index] else { return titles[index] }
      return "\(titles[index]) (\(group))"
    }
    func inScope(_ title: String, _ index: Int) -> String {
      scopes.isEmpty ? title : title + separator + scopes[index]
    }
    let all = Set(result.indices.map { inScope(result[$0], $0) })
    var taken: Set<String> = []
    // Per title, the number its next repeat tries first: the numbers below it are taken, and
    // stay taken, so that n repeats of a title cost n tries, not n² / 2.
    var next: [String: Int] = [:]
    for index in result.indices where !taken.insert(inScope(result[index], index)).inserted {
      let title = inScope(result[index], index)
      var number = next[title] ?? 2
      func numbered(_ number: Int) -> String { inScope("\(result[index]) (\(number))", index) }
      while all.contains(numbered(number)) || taken.contains(numbered(number)) {
        number += 1
      }
      next[title] = number + 1
      taken.insert(numbered(number))
      result[index] += " (\(number))"
    }
    return result
  }

  /// The titles of `fields`, told apart where one title at one place comes in several
  /// frequencies (a Quick Stats item's quarters and its annual total): every section but those
  /// of the finest frequency among them gets its frequency after its title (`Milk production,
  /// annual`), as a report's annual totals among quarters are titled. Other titles are as given.
  ///
  /// ```swift
  /// SectionTitles.apartByFrequency([
  ///   SectionFields(key: "q", title: "Milk", frequency: .quarterly),
  ///   SectionFields(key: "a", title: "Milk"),
  /// ])
  /// // ["Milk", "Milk, annual"]
  /// ```
  package static func apartByFrequency(_ fields: [SectionFields]) -> [String] {
    var frequencies: [[String]: Set<Frequency>] = [:]
    for field in fields {
      frequencies[[field.title, field.place ?? ""], default: []].insert(field.frequency)
    }
    return fields.map { field in
      let present = frequencies[[field.title, field.place ?? ""]] ?? []
      guard present.count > 1, let finest = finestFirst.first(where: present.contains),
        field.frequency != finest
      else { return field.title }
      return field.title + ", " + field.frequency.text
    }
  }

  /// Frequencies from the finest: weeks, months, quarters, years, marketing years.
  private static let finestFirst: [Frequency] = [
    .weekly, .monthly, .quarterly, .annual, .marketingYear,
  ]

  /// What tells a section apart besides its title: its place and its frequency.
  package static func scope(of fields: SectionFields) -> String {
    (fields.place ?? "") + separator + fields.frequency.rawValue
  }

  private static let separator = "\u{1F}"

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
