import DairyModel

/// Quick Stats' upper-case texts as a person writes them: a data item as a title and a unit, a
/// domain category as a group, a place's name title-cased. Each is worked out once per distinct
/// text (the layout keeps what it made), never per row.
///
/// ```swift
/// QuickStatsText.item("MILK - PRODUCTION, MEASURED IN LB / HEAD")
/// // (title: "Milk production per head", unit: "pounds per head")
/// QuickStatsText.category("SALES: (50,000 OR MORE $)")  // "Sales: $50,000 or more"
/// QuickStatsText.properName("NEW YORK")  // "New York"
/// ```
package enum QuickStatsText {
  // MARK: - Data items

  /// The title and unit of a data item, `SUBJECT - STATISTIC[, MEASURED IN UNIT]`: the subject
  /// in sentence case, then the statistic (`Milk production`; a subject of several words
  /// written with commas is followed by a colon: `Cattle, cows, milk: inventory`). A unit
  /// that is a ratio (`LB / HEAD`) adds `per head` to the title, so that an item and its ratio
  /// keep apart, but for a price (`$ / CWT`), which is always one. Without `MEASURED IN`, the
  /// unit is `unitColumn` (the API's `unit_desc`), else `operations` for a count of operations
  /// and `head` for an inventory, else none.
  package static func item(_ text: String, unitColumn: String? = nil) -> (
    title: String, unit: String?
  ) {
    let written = SectionFields.collapsingWhitespace(text)
    var body = written
    var unitText: String?
    if let range = written.range(of: ", MEASURED IN ", options: [.backwards, .caseInsensitive]) {
      body = String(written[..<range.lowerBound])
      unitText = String(written[range.upperBound...])
    }
    let subject: String
    let statistic: String?
    if let dash = body.range(of: " - ") {
      subject = String(body[..<dash.lowerBound])
      statistic = String(body[dash.upperBound...])
    } else {
      (subject, statistic) = (body, nil)
    }
    var title = sentence(subject)
    if let statistic {
      title += (subject.contains(",") ? ": " : " ") + lowered(statistic)
    }
    if let unitText, let per = unitText.range(of: " / ", options: .backwards),
      statistic?.uppercased().contains("PRICE") != true
    {
      title += " per " + unit(String(unitText[per.upperBound...]), singular: true)
    }
    let inferred: String? =
      if let unitColumn, !unitColumn.trimmingCharacters(in: .whitespaces).isEmpty {
        unit(unitColumn)
      } else if statistic?.uppercased().hasPrefix("OPERATIONS") == true {
        "operations"
      } else if statistic?.uppercased() == "INVENTORY" {
        "head"
      } else {
        nil
      }
    return (title, unitText.map { unit($0) } ?? inferred)
  }

  /// Quick Stats' units, as a person writes them: plural, and singular after `/` (`per`).
  static let units: [String: (plural: String, singular: String)] = [
    "LB": ("pounds", "pound"), "LBS": ("pounds", "pound"), "$": ("dollars", "dollar"),
    "HEAD": ("head", "head"), "CWT": ("hundredweight", "hundredweight"),
    "PCT": ("percent", "percent"), "OPERATIONS": ("operations", "operation"),
    "OPERATION": ("operations", "operation"), "TONS": ("tons", "ton"), "TON": ("tons", "ton"),
    "GALLONS": ("gallons", "gallon"), "GALLON": ("gallons", "gallon"),
    "ACRES": ("acres", "acre"), "ACRE": ("acres", "acre"), "BU": ("bushels", "bushel"),
    "COWS": ("cows", "cow"), "COW": ("cows", "cow"), "NUMBER": ("number", "number"),
    "RATIO": ("ratio", "ratio"),
    "INDEX": ("index", "index"), "DOLLARS": ("dollars", "dollar"),
  ]

  /// A unit as a person writes it: `LB` → `pounds`, `$ / CWT` → `dollars per hundredweight`,
  /// `LB / HEAD` → `pounds per head`; a word the table does not know in lower case (`PCT OF
  /// TOTAL` → `percent of total`).
  package static func unit(_ text: String, singular: Bool = false) -> String {
    var words: [String] = []
    var after = singular
    for word in text.split(separator: " ") {
      if word == "/" {
        words.append("per")
        after = true
        continue
      }
      let bare = word.hasSuffix(",") ? word.dropLast() : word[...]
      let known = units[String(bare)].map { after ? $0.singular : $0.plural }
      words.append((known ?? lowered(String(bare))) + (bare.count < word.count ? "," : ""))
      after = false
    }
    return words.joined(separator: " ")
  }

  // MARK: - Domain categories

  /// A domain category as a group: `DOMAIN: (CLASS)` as `Domain: class`, amounts of dollars
  /// written with their sign (`SALES: (1,000 TO 2,499 $)` → `Sales: $1,000 to $2,499`), nil
  /// for `NOT SPECIFIED` or an empty one.
  package static func category(_ text: String) -> String? {
    let written = SectionFields.collapsingWhitespace(text)
    if written.isEmpty || written.uppercased() == "NOT SPECIFIED" { return nil }
    guard let colon = written.range(of: ": ("), written.hasSuffix(")") else {
      return sentence(written)
    }
    let domain = sentence(String(written[..<colon.lowerBound]))
    var inner = String(written[colon.upperBound..<written.index(before: written.endIndex)])
    if inner.hasSuffix(" $") {
      inner.removeLast(2)
      let words = inner.split(separator: " ").map { word in
        word.first?.isNumber == true ? "$" + word : lowered(String(word))
      }
      return domain + ": " + words.joined(separator: " ")
    }
    return domain + ": " + lowered(inner)
  }

  // MARK: - Words

  /// Words kept in capitals wherever they stand.
  static let acronyms: Set<String> = [
    "US", "USA", "USDA", "NOP", "NAICS", "CWT", "ANSI", "FIPS", "CRP", "GMO", "BST", "RBST",
    "II", "III", "IV",
  ]

  /// `text` in lower case, its acronyms kept.
  static func lowered(_ text: String) -> String {
    text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      acronyms.contains(word.uppercased().trimmingCharacters(in: .punctuationCharacters))
        ? String(word) : word.lowercased()
    }.joined(separator: " ")
  }

  /// `text` in lower case but its first letter, its acronyms kept.
  static func sentence(_ text: String) -> String {
    let lower = lowered(text)
    guard let first = lower.first else { return lower }
    return first.uppercased() + lower.dropFirst()
  }

  /// Small words that stay in lower case inside a name (`District of Columbia`).
  static let smallWords: Set<String> = ["OF", "AND", "THE"]

  /// A place's name as written in capitals, title-cased: `NEW YORK` → `New York`, `DISTRICT
  /// OF COLUMBIA` → `District of Columbia`, `ST. LOUIS CITY` → `St. Louis City`, `MCLEAN` →
  /// `McLean`, `O'BRIEN` → `O'Brien`, `MIAMI-DADE` → `Miami-Dade`. A name already in mixed
  /// case is kept.
  package static func properName(_ text: String) -> String {
    let written = SectionFields.collapsingWhitespace(text)
    guard written.contains(where: \.isLetter), written == written.uppercased() else {
      return written
    }
    let words = written.split(separator: " ").enumerated().map { index, word -> String in
      let upper = String(word)
      if index > 0 && smallWords.contains(upper) { return upper.lowercased() }
      if acronyms.contains(upper) { return upper }
      return capitalized(upper)
    }
    return words.joined(separator: " ")
  }

  /// A word in capitals with its first letter, and each letter after `-`, `'`, `(` or `/`, kept.
  private static func capitalized(_ word: String) -> String {
    var out = ""
    var capital = true
    for character in word {
      out += capital ? String(character) : character.lowercased()
      capital = !character.isLetter && character != "."
    }
    if out.hasPrefix("Mc"), out.count > 3 {
      let third = out.index(out.startIndex, offsetBy: 2)
      out = "Mc" + out[third...].prefix(1).uppercased() + out[out.index(after: third)...]
    }
    return out
  }
}
