import DairyImport
import DairyModel

/// A dataset's footer, shown once after its last section in `show` and `browse`: a rule, its
/// notes (legends such as `NA = not available` among them), the legend's entries its notes do
/// not quote (what NASS says `(D)` means, for a Quick Stats download that has no legend of its
/// own) and whom to contact. Empty when the dataset has none of these (a plain CSV file).
///
/// ```swift
/// let usda = DatasetInfo(name: "milk", notes: "NA = not available.")
/// DatasetFooterView(dataset: usda).lines(width: 30, style: TextStyle(enabled: false))
/// // ["──────────────────────────────", "Notes: NA = not available."]
/// ```
package struct DatasetFooterView: Sendable, Hashable {
  package var dataset: DatasetInfo

  package init(dataset: DatasetInfo) {
    self.dataset = dataset
  }

  package func lines(width: Int, style: TextStyle) -> [String] {
    var lines: [String] = []
    if let notes = dataset.notes, !notes.isEmpty {
      lines += DatasetHeaderView.labelled("Notes: ", notes, width: width).map(style.dim)
    }
    let legend = Self.unquotedLegend(dataset.facts)
    if !legend.isEmpty {
      lines += DatasetHeaderView.labelled("Legend: ", legend, width: width).map(style.dim)
    }
    if let contact = dataset.contact, !contact.isEmpty {
      lines += DatasetHeaderView.labelled("Contact: ", contact, width: width).map(style.dim)
    }
    guard !lines.isEmpty else { return [] }
    return [style.dim(DatasetHeaderView.rule(width: width))] + lines
  }

  /// The legend's entries that the notes do not already give (a report's legend is one of its
  /// notes lines), as `MARKER: meaning`, one a line, or "".
  ///
  /// ```swift
  /// let facts = DatasetFacts(legend: [.init(marker: "(D)", meaning: "withheld")])
  /// DatasetFooterView.unquotedLegend(facts)  // "(D): withheld"
  /// ```
  package static func unquotedLegend(_ facts: DatasetFacts) -> String {
    let notes = facts.notes ?? ""
    return facts.legend.filter { !(notes.contains($0.marker) && notes.contains($0.meaning)) }
      .map { $0.marker + ": " + $0.meaning }
      .joined(separator: "\n")
  }
}
