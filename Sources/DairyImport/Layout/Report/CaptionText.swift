import DairyFormats
import DairyModel
import Foundation

/// A caption of a report (a header cell, a row's name, a title line) read as a reader reads it:
/// its words, with the footnote markers taken out.
///
/// Markers, in the ERS styles: `2/` anywhere; a number at the end (`Total 2`, `Flavored whole 1`)
/// when the notes block has that footnote (so `(1% milk fat)` stays); a digit glued to the last
/// word (`milk1`, `value2`), always; raised letters at the end (`Other income ᵃ`,
/// ``SuperscriptMarks``), always. The text has its white space collapsed, underscores read as
/// spaces, and a word broken with a hyphen joined again (`butter-` over `milk`, and `Replace-ment`
/// whose second half is a word ending such as `ment` or `tion`).
///
/// ```swift
/// let caption = Caption("Average price paid for milk1", footnotes: [])
/// caption.text  // "Average price paid for milk"
/// caption.footnotes  // [1]
/// Caption("Flavored \nwhole 1", footnotes: [1, 2]).text  // "Flavored whole"
/// Caption("Low-fat \n(1% milk fat)", footnotes: [1]).text  // "Low-fat (1% milk fat)"
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
      last.allSatisfy({ $0.isASCII && $0.isNumber }), known.contains(.number(Int(last)!))
    {
      let number = Int(last)!
      trailing.insert(.number(number), at: 0)
      words.removeLast()
    }
    if trailing.isEmpty, let last = words.last, let (stem, number) = CaptionText.glued(last) {
      words[words.count - 1] = stem
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
    let words = text.lowercased().split { !$0.isLetter }
    guard let first = words.first else { return false }
    return first == "other" || first == "total" || words.last == "total"
      || (first == "all" && words.dropFirst().first == "other")
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
