import DairyFormats
import DairyModel
import Foundation

// MARK: - Legends: what a missing marker means

extension NotesBlock {
  /// The markers a legend may define: short capitals, maybe in parentheses (`NA`, `(D)`, `W`,
  /// `(Z)`), `N/A`, dashes and asterisks.
  ///
  /// Compiled once, not per line. Not `Sendable` by its type, yet safe to share: matching reads
  /// it, and its program is lowered once, atomically, by the regex engine.
  nonisolated(unsafe) private static let legendEntry =
    #/(?:^|[;.,]\s+|\s{2,})(\(?[A-Za-z]{1,3}\)?|N/A|--|-|—|–|\*{1,3}|†|‡|§)\s*=\s*/#

  /// A legend entry as NASS writes it, without `=`: a marker in parentheses, then its meaning
  /// starting with a capital (`(NA)  Not available.`, `(D) Withheld to avoid disclosing …`),
  /// at the start of the line or after a sentence's end; or a dash (`-  Represents zero.`).
  nonisolated(unsafe) private static let spacedLegendEntry =
    #/(?:^|[;.]\s+)(\([A-Z]{1,3}\)|--|-|—|–)\s+(?=[A-Z])/#

  /// What a legend says a marker means when the marker stands for the number zero.
  nonisolated(unsafe) private static let zeroMeaning =
    #/(?i)^(?:represents|means|equals|is|indicates|denotes)?\s*(?:zero|0|nil)$/#

  /// The entries of a legend line (`NA = not available`, `(D) = withheld; W = less than 500
  /// pounds`, and as NASS writes them, `(NA)  Not available.`, `-  Represents zero.`), or nil
  /// when the line is not a legend.
  ///
  /// A dash without `=` defines a marker only when its meaning is zero: a line starting with a
  /// dash is more often a list's item.
  ///
  /// ```swift
  /// NotesBlock.legend("(D) = withheld; W = less than 500 pounds")
  /// // [(D): withheld, W: less than 500 pounds]
  /// NotesBlock.legend("(D) Withheld to avoid disclosing data. (Z) Less than half the unit.")
  /// // [(D): Withheld to avoid disclosing data, (Z): Less than half the unit]
  /// ```
  package static func legend(_ line: String) -> [DatasetFacts.LegendEntry]? {
    if let entries = entries(of: line, line.matches(of: legendEntry).map { ($0.range, $0.1) }) {
      return entries
    }
    let spaced = line.matches(of: spacedLegendEntry).map { ($0.range, $0.1) }
    guard let entries = Self.entries(of: line, spaced) else { return nil }
    let dashes: Set<String> = ["-", "--", "—", "–"]
    guard entries.allSatisfy({ !dashes.contains($0.marker) || meansZero($0.meaning) }) else {
      return nil
    }
    return entries
  }

  /// The entries whose markers `matches` found, each meaning running to the next marker; nil
  /// when the first is not at the start of the line, or a meaning is empty.
  private static func entries(
    of line: String, _ matches: [(range: Range<String.Index>, marker: Substring)]
  ) -> [DatasetFacts.LegendEntry]? {
    guard let first = matches.first, first.range.lowerBound == line.startIndex else { return nil }
    var entries: [DatasetFacts.LegendEntry] = []
    for (index, match) in matches.enumerated() {
      let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : line.endIndex
      let meaning = line[match.range.upperBound..<end]
        .trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ";,.")))
      guard !meaning.isEmpty else { return nil }
      entries.append(DatasetFacts.LegendEntry(marker: String(match.marker), meaning: meaning))
    }
    return entries
  }

  /// Whether a legend's `meaning` says its marker stands for zero (`Represents zero`, `zero`,
  /// `nil`), as NASS's `-  Represents zero.` does: such a cell is the number 0.
  ///
  /// ```swift
  /// NotesBlock.meansZero("Represents zero.")  // true
  /// NotesBlock.meansZero("Less than half of the unit shown")  // false
  /// ```
  package static func meansZero(_ meaning: String) -> Bool {
    let text = meaning.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ".")))
    return text.wholeMatch(of: zeroMeaning) != nil
  }
}

// MARK: - Reading a table by its legend

extension NumberParser {
  /// The parser for a table whose notes give `legend`: each marker it defines is a missing
  /// marker, and one it says means zero (`-  Represents zero.`) is read as the number 0 with its
  /// marker noted (``zeroMarkers``). Every reader with a legend passes its cells through it.
  ///
  /// ```swift
  /// let legend = NotesBlock.legend("-  Represents zero.")!
  /// NumberParser().reading(legend: legend).zeroMarkers  // ["-"]
  /// ```
  package func reading(legend: [DatasetFacts.LegendEntry]) -> NumberParser {
    var parser = adding(missingMarkers: legend.map(\.marker))
    for entry in legend
    where NotesBlock.meansZero(entry.meaning) && !parser.zeroMarkers.contains(entry.marker) {
      parser.zeroMarkers.append(entry.marker)
    }
    return parser
  }
}
