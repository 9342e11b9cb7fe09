import DairyImport
import DairyModel

/// A dataset's footer, shown once after its last section in `show` and `browse`: a rule, its
/// notes (legends such as `NA = not available` among them) and whom to contact. Empty when the
/// dataset has neither (a plain CSV file).
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
    if let contact = dataset.contact, !contact.isEmpty {
      lines += DatasetHeaderView.labelled("Contact: ", contact, width: width).map(style.dim)
    }
    guard !lines.isEmpty else { return [] }
    return [style.dim(DatasetHeaderView.rule(width: width))] + lines
  }
}
