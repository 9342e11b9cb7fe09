import DairyFormats
import DairyModel
import Foundation

/// A caption of a report (a header cell, a row's name, a title line) read as a reader reads it:
/// its words, with the footnote markers taken out.
///
/// Markers, in the ERS styles: `2/` anywhere; a number at the end (`Total 2`, `Flavored whole 1`)
/// when the notes block has that footnote (so `(1% milk fat)` stays), but not the number a name
/// or a date ends with (`Class 1`, `July 4`); a digit glued to the last word (`milk1`, `value2`,
/// `Nonfood use3`), always; a digit glued to a day (`U.S. population, July 11`: July 1 and
/// footnote 1) when the notes block has that footnote and the first or last day of the month is
/// left (so `July 11` stays July 11 in a table without footnote 1, and `Dec. 31` stays); raised
/// letters at the end (`Other income ᵃ`, ``SuperscriptMarks``), always. The text has its white
/// space collapsed, underscores read as spaces, and a word broken with a hyphen joined again
/// (`butter-` over `milk`, and `Replace-ment` whose second half is a word ending such as `ment`
/// or `tion`).
///
/// ```swift
/// let caption = Caption("Average price paid for milk1", footnotes: [])
/// caption.text  // "Average price paid for milk"
/// caption.footnotes  // [1]
/// Caption("Flavored \nwhole 1", footnotes: [1, 2]).text  // "Flavored whole"
/// Caption("Low-fat \n(1% milk fat)", footnotes: [1]).text  // "Low-fat (1% milk fat)"
/// Caption("U.S. population, July 11", footnotes: [1]).text  // "U.S. population, July 1"
/// Caption("Class 1", footnotes: [1]).text  // "Class 1"
/// ```
package struct Caption: Hashable, Sendable {
  package var text: String
  /// The footnotes its markers name, in order.
  package var footnotes: [FootnoteMark]

  package init(text: String, footnotes: [FootnoteMark]) {
    self.text = text
    self.footnotes = footnotes
  }

  /// Reads `raw`; `known` are the numbers of the footnotes the notes block gives, which decide
  /// whether a number at the end is a marker; raised letters at the end (`ᵃ`) are markers too.
  package init(_ raw: String, footnotes known: Set<FootnoteMark>) {
    let (raw, letters) = Caption.takingLetters(raw)
    var words = CaptionText.words(raw)
    var found: [FootnoteMark] = []
    words.removeAll { word in
      guard let number = CaptionText.slashMarker(word) else { return false }
      found.append(.number(number))
      return true
    }
    var trailing: [FootnoteMark] = []
    while words.count > 1, let last = words.last, (1...2).contains(last.count),
      last.allSatisfy({ $0.isASCII && $0.isNumber }), known.contains(.number(Int(last)!)),
      !CaptionText.takesNumber(words[words.count - 2], Int(last)!)
    {
      let number = Int(last)!
      trailing.insert(.number(number), at: 0)
      words.removeLast()
    }
    if trailing.isEmpty, let last = words.last, let (stem, number) = CaptionText.glued(last) {
      words[words.count - 1] = stem
      trailing = [.number(number)]
    } else if trailing.isEmpty, words.count > 1,
      let (day, number) = CaptionText.gluedToDay(words[words.count - 2], words.last!, known)
    {
      words[words.count - 1] = day
      trailing = [.number(number)]
    }
    self.text = words.joined(separator: " ")
    self.footnotes = found + trailing + letters
  }
}

package enum CaptionText {
  /// Word endings that, after a hyphen inside a word, show a word broken across lines
  /// (`Replace-ment`), as opposed to a compound (`Reduced-fat`, `Milk-feed`).
  package static let brokenWordEndings: Set<String> = [
    "ment", "ments", "tion", "tions", "sion", "sions", "ing", "ings", "ness", "ity", "ities",
    "able", "ible", "ance", "ances", "ence", "ences", "ous", "ive", "ives", "ally", "ary",
    "ory", "ories", "ure", "ures", "ism", "ist", "ists", "ized", "ised", "ization",
  ]

  /// The words of a caption: lines joined (a line ending in a hyphen joins the next without a
  /// space), underscores read as spaces, white space collapsed, broken words joined.
  package static func words(_ raw: String) -> [String] {
    let lines = raw.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map { $0.replacingOccurrences(of: "_", with: " ") }
    return joinParts(lines).split(whereSeparator: \.isWhitespace).map { joinBrokenWord(String($0)) }
  }

  /// Parts stacked top to bottom (header cells, or a cell's lines), joined with spaces; a part
  /// that ends in a hyphen after a letter joins the next part's first word without a space:
  /// the hyphen stays in a compound (`milk-` + `equivalent` is `milk-equivalent`) and goes
  /// where it broke a word (`Replace-` + `ment`, `Non-` + `fat`, `Butter-` + `milk`:
  /// ``brokenAtHyphen(_:_:)``).
  package static func joinParts(_ parts: [String]) -> String {
    var text = ""
    for part in parts {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      if text.hasSuffix("-"), text.dropLast().last?.isLetter == true,
        trimmed.first?.isLetter == true
      {
        let head = text.dropLast().reversed().prefix { $0.isLetter }.reversed()
        let tail = trimmed.prefix { $0.isLetter }
        if brokenAtHyphen(String(head), String(tail)) { text.removeLast() }
        text += trimmed
      } else {
        text += (text.isEmpty ? "" : " ") + trimmed
      }
    }
    return text
  }

  /// Prefixes written joined to the word they begin (`Nonfat`, `Reprocessed`).
  package static let joinedPrefixes: Set<String> = [
    "non", "re", "pre", "co", "sub", "un", "semi", "multi", "inter", "over", "under",
  ]
  /// Dairy words written as one that a line may break at a hyphen.
  package static let closedCompounds: Set<String> = [
    "buttermilk", "buttermilks", "milkfat", "eggnog", "cheesemaking", "cheesecake", "whey",
    "buttermaking", "milkshake", "milkshakes", "lowfat", "nonfat",
  ]

  /// Whether a hyphen at the end of `head` broke one word, rather than joining a compound:
  /// `tail` is a word ending (`ment`, `tion`), `head` a prefix written joined (`Non`), or the
  /// two are a word written as one (`Butter` + `milk`).
  package static func brokenAtHyphen(_ head: String, _ tail: String) -> Bool {
    let head = head.lowercased()
    let tail = tail.lowercased()
    return brokenWordEndings.contains(tail) || joinedPrefixes.contains(head)
      || closedCompounds.contains(head + tail)
  }

  /// `Replace-ment` → `Replacement`; `Reduced-fat` stays.
  private static func joinBrokenWord(_ word: String) -> String {
    guard let hyphen = word.firstIndex(of: "-") else { return word }
    let head = word[..<hyphen]
    let tail = word[word.index(after: hyphen)...]
    let ending = tail.prefix { $0.isLetter }
    guard head.count >= 3, head.allSatisfy(\.isLetter), !ending.isEmpty,
      brokenWordEndings.contains(ending.lowercased())
    else { return word }
    return String(head + tail)
  }

  /// Whether a leaf caption says it is a member of a group: `Other …`, `Total …`, `All other
  /// …`, `…, total` (`Other Italian` under `Italian`, `Total` closing its group).
  package static func belongsToAGroup(_ text: String) -> Bool {
    belongsToAGroup(words: letterWords(text))
  }

  /// ``belongsToAGroup(_:)`` of a caption's ``letterWords(_:)``.
  package static func belongsToAGroup(words: [String]) -> Bool {
    guard let first = words.first else { return false }
    return totals(words: words) || first == "other"
      || (first == "all" && words.dropFirst().first == "other")
  }

  /// Whether a caption's ``letterWords(_:)`` say it is a total: `Total …`, `…, total`.
  package static func totals(words: [String]) -> Bool {
    words.first == "total" || words.last == "total"
  }

  /// A caption's words in lower case, letters only (`Other Italian 2/` → `other`, `italian`).
  package static func letterWords(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter }.map(String.init)
  }

  /// The number of an `N/` marker word (`2/`, or glued: `milk2/`), or nil.
  package static func slashMarker(_ word: String) -> Int? {
    guard word.hasSuffix("/") else { return nil }
    let digits = word.dropLast().reversed().prefix { $0.isASCII && $0.isNumber }
    guard (1...2).contains(digits.count) else { return nil }
    let before = word.dropLast(digits.count + 1)
    guard before.isEmpty || before.last?.isLetter == true else { return nil }
    return Int(String(digits.reversed()))
  }

  /// Words after which a number is part of the name (`Class 1`, `Grade 2`, `Order 124`), not a
  /// footnote marker.
  package static let namingWords: Set<String> = [
    "class", "grade", "type", "no.", "no", "number", "#", "order", "group", "region", "zone",
    "district", "area", "tier", "phase", "level", "table", "part", "step", "size", "week",
    "quarter", "q",
  ]

  /// The month `word` names (`July`, `Jan.`, `Sept.`: 1 to 12), as a day follows it in a
  /// caption, or nil.
  package static func month(_ word: String) -> Int? {
    var lowered = word.lowercased()
    if lowered.hasSuffix(".") { lowered.removeLast() }
    return ReportDate.months[lowered]
  }

  /// Whether `number` after `word` belongs to the caption: a name's number (`Class 1`) or a
  /// month's day (`July 4`).
  package static func takesNumber(_ word: String, _ number: Int) -> Bool {
    namingWords.contains(word.lowercased()) || (month(word) != nil && (1...31).contains(number))
  }

  /// A day with a footnote digit glued on after a month (`July` `11`, footnote 1 known): the
  /// day and the footnote, when the footnote is `known` and the day left is one a table is
  /// dated at, the first or the last of the month (`July 1`, `Sept. 30`); else nil. So
  /// `Dec. 31` stays December 31 where the notes define footnote 1.
  package static func gluedToDay(_ month: String, _ word: String, _ known: Set<FootnoteMark>)
    -> (String, Int)?
  {
    guard let month = self.month(month), (2...3).contains(word.count), word.first != "0",
      word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(String(word.suffix(1))),
      known.contains(.number(number)), let day = Int(String(word.dropLast())),
      day == 1 || day == lastDays[month - 1] || (month == 2 && day == 29)
    else { return nil }
    return (String(word.dropLast()), number)
  }

  /// The last day of each month (February's in a common year).
  private static let lastDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

  /// A last word with a footnote digit glued on (`milk1`, `value2`): the word and the number.
  /// Short all-capital words keep their digits (`CO2`, `PM10`).
  package static func glued(_ word: String) -> (String, Int)? {
    let digits = word.reversed().prefix { $0.isASCII && $0.isNumber }
    guard (1...2).contains(digits.count) else { return nil }
    let stem = String(word.dropLast(digits.count))
    let letters = stem.reversed().prefix { $0.isLetter }
    guard letters.count >= 2 else { return nil }
    if letters.count <= 3 && letters.allSatisfy(\.isUppercase) { return nil }
    return (stem, Int(String(digits.reversed()))!)
  }
}
