/// The section titles close to a search that matches none, to suggest them: a search matches the
/// titles that contain it, so a title is close when some part of it is a few typing mistakes
/// away from the search (`buter` is one from `Butter`; `chese` one from `Cottage cheese`).
///
/// The distance is the edit distance from the search to the best matching stretch of the title
/// (insertions, deletions and substitutions, ignoring case), at most one mistake in four
/// characters of the search, and at least one.
///
/// ```swift
/// CloseTitles.to("buter", among: ["Butter", "Dry buttermilk", "Yogurt"])  // ["Butter", "Dry buttermilk"]
/// CloseTitles.to("xyz", among: ["Butter"])  // []
/// ```
package enum CloseTitles {
  /// The longest search compared with the titles.
  package static let longestSearch = 200

  /// Up to `limit` distinct titles of `titles` close to `search`, closest first (then in the
  /// order given).
  package static func to(_ search: String, among titles: [String], limit: Int = 3) -> [String] {
    let asked = Array(search.lowercased())
    // A search longer than any title is typed is not a typo of one; the cost of comparing
    // grows with its length.
    guard !asked.isEmpty, asked.count <= longestSearch, limit > 0 else { return [] }
    let allowed = max(1, asked.count / 4)
    var seen: Set<String> = []
    var scored: [(distance: Int, order: Int, title: String)] = []
    for (order, title) in titles.enumerated() where seen.insert(title.lowercased()).inserted {
      let distance = distance(asked, within: Array(title.lowercased()))
      if distance <= allowed { scored.append((distance, order, title)) }
    }
    return scored.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.prefix(limit)
      .map(\.title)
  }

  /// The fewest edits that turn `pattern` into some stretch of `text` (a stretch may start and
  /// end anywhere, Sellers' algorithm).
  package static func distance(_ pattern: [Character], within text: [Character]) -> Int {
    // column[i]: the fewest edits matching pattern[..<i] to a stretch ending at the text's
    // current position; a stretch may start anywhere, so row 0 stays 0.
    var column = Array(0...pattern.count)
    var best = column[pattern.count]
    for character in text {
      var diagonal = column[0]
      for i in 1...max(1, pattern.count) where i <= pattern.count {
        let above = column[i]
        column[i] = min(
          above + 1, column[i - 1] + 1, diagonal + (pattern[i - 1] == character ? 0 : 1))
        diagonal = above
      }
      best = min(best, column[pattern.count])
    }
    return best
  }
}
