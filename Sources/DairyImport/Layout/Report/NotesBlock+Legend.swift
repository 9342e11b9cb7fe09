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

  /// The entries of a legend line (`NA = not available`, `(D) = withheld; W = less than 500
  /// pounds`), or nil when the line is not a legend.
  ///
  /// ```swift
  /// NotesBlock.legend("(D) = withheld; W = less than 500 pounds")
  /// // [(D): withheld, W: less than 500 pounds]
  /// ```
  package static func legend(_ line: String) -> [DatasetFacts.LegendEntry]? {
    let matches = line.matches(of: legendEntry)
    guard let first = matches.first, first.range.lowerBound == line.startIndex else { return nil }
    var entries: [DatasetFacts.LegendEntry] = []
    for (index, match) in matches.enumerated() {
      let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : line.endIndex
      let meaning = line[match.range.upperBound..<end]
        .trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ";,.")))
      guard !meaning.isEmpty else { return nil }
      entries.append(DatasetFacts.LegendEntry(marker: String(match.output.1), meaning: meaning))
    }
    return entries
  }
}
