import DairyImport
import DairyModel

/// A dataset's header (the table header), shown once above its first section in `show` and
/// `browse`: its name when it is `named` (sections of several datasets are shown), its title,
/// source and last update, then a rule. Shown whenever the dataset has a title or a source (a
/// report's title rows, a metadata sidecar) or is named; empty otherwise (a plain CSV file
/// shown alone), so such a dataset looks as it always did.
///
/// ```swift
/// let usda = DatasetInfo(name: "milk", title: "Milk cows", source: "USDA, NASS.")
/// DatasetHeaderView(dataset: usda).lines(width: 30, style: TextStyle(enabled: false))
/// // ["Milk cows", "Source: USDA, NASS.", "──────────────────────────────"]
/// ```
package struct DatasetHeaderView: Sendable, Hashable {
  package var dataset: DatasetInfo
  /// Whether the first line names the dataset (`Dataset: milk`).
  package var named: Bool

  package init(dataset: DatasetInfo, named: Bool = false) {
    self.dataset = dataset
    self.named = named
  }

  package func lines(width: Int, style: TextStyle) -> [String] {
    guard named || Self.isShown(dataset.title) || Self.isShown(dataset.source) else { return [] }
    var lines: [String] = []
    if named {
      lines += Self.labelled("Dataset: ", dataset.name, width: width).map(style.dim)
    }
    if let title = dataset.title, !title.isEmpty {
      lines += WordWrap.lines(TextEscaping.visible(title), width: width).map(style.bold)
    }
    if let source = dataset.source, !source.isEmpty {
      lines += Self.labelled("Source: ", source, width: width).map(style.dim)
    }
    if let updated = dataset.updated, !updated.isEmpty {
      lines += Self.labelled("Updated: ", updated, width: width).map(style.dim)
    }
    return lines + [style.dim(Self.rule(width: width))]
  }

  /// Whether a dataset field has text to show.
  package static func isShown(_ field: String?) -> Bool {
    !(field ?? "").isEmpty
  }

  /// A line across the width that sets the dataset's header and footer off its sections.
  package static func rule(width: Int) -> String {
    String(repeating: "─", count: max(1, width))
  }

  /// `label` then `text` (escaped), wrapped to the width with the later lines under the text,
  /// or flush left when the width leaves the text too little room.
  package static func labelled(_ label: String, _ text: String, width: Int) -> [String] {
    let paragraphs = text.split(separator: "\n").map { TextEscaping.visible(String($0)) }
    let hanging = DisplayWidth.of(label)
    guard width - hanging >= 10 else {
      return WordWrap.lines(label + paragraphs.joined(separator: " "), width: width)
    }
    let pad = String(repeating: " ", count: hanging)
    let wrapped = paragraphs.flatMap { WordWrap.lines($0, width: width - hanging) }
    return wrapped.enumerated().map { ($0 == 0 ? label : pad) + $1 }
  }
}
