import Foundation

/// The rules of a dataset's name, which `--dataset`, `dairy datasets rename` and `delete` take:
/// what a new name may be, the names close to one that no dataset has (to suggest them), and a
/// free name to propose instead of one that is taken.
///
/// ```swift
/// DatasetName.close(to: "per_capita", among: ["per_capita_consumption_1975-2022", "fluidmilk"])
/// // ["per_capita_consumption_1975-2022"]
/// DatasetName.free("milk", among: ["milk", "milk-2"])  // "milk-3"
/// ```
package enum DatasetName {
  /// Refuses a name no dataset could have: empty, or only blanks (the import refuses those too).
  ///
  /// - Throws: ``DairyError`` (usage).
  package static func requireValid(_ name: String, option: String = "the new name") throws {
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw DairyError(.usage, "\(option) is empty; a dataset's name has a character at least")
    }
  }

  /// The error for `name`, which no dataset of `names` has: it suggests the close names, or
  /// says how to list them.
  ///
  /// ```swift
  /// DatasetName.unknown("fluidmilk", among: ["fluidmilk.sales"]).message
  /// // no dataset is named "fluidmilk" (did you mean fluidmilk.sales?); `dairy datasets` lists them
  /// ```
  package static func unknown(_ name: String, among names: [String]) -> DairyError {
    let close = close(to: name, among: names)
    let hint =
      close.isEmpty
      ? names.isEmpty ? " (the database has none)" : ""
      : " (did you mean \(close.map(TextEscaping.visible).joined(separator: ", "))?)"
    return DairyError(
      .usage,
      "no dataset is named \"\(TextEscaping.visible(name))\"\(hint); `dairy datasets` lists them")
  }

  /// Up to `limit` names of `names` close to `name`, closest first: those that contain it or
  /// that it contains (ignoring case), then those a few edits away (a typo).
  package static func close(to name: String, among names: [String], limit: Int = 3) -> [String] {
    let asked = Array(name.lowercased())
    guard !asked.isEmpty else { return [] }
    let typos = max(1, asked.count / 4)
    let scored = names.compactMap { candidate -> (Int, String)? in
      let lowered = candidate.lowercased()
      if lowered.contains(name.lowercased()) || name.lowercased().contains(lowered) {
        return (0, candidate)
      }
      let distance = editDistance(asked, Array(lowered), atMost: typos)
      return distance <= typos ? (distance, candidate) : nil
    }
    return scored.sorted { $0.0 < $1.0 }.prefix(limit).map(\.1)
  }

  /// `base-2`, `base-3`…: the first that neither names a dataset of `names` nor begins the name
  /// of one (`base-2.sheet`, a workbook's sheet), so that a whole file can go there.
  package static func free(_ base: String, among names: [String]) -> String {
    let taken = Set(names)
    var number = 2
    while true {
      let candidate = "\(base)-\(number)"
      if !taken.contains(candidate) && !names.contains(where: { $0.hasPrefix(candidate + ".") }) {
        return candidate
      }
      number += 1
    }
  }

  /// The Levenshtein distance of `a` and `b`, or `limit + 1` once it is known to pass `limit`.
  private static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      if current.min()! > limit { return limit + 1 }
      previous = current
    }
    return previous[b.count]
  }
}
