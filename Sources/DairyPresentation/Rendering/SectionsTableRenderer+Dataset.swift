import DairyImport
import DairyModel

extension SectionsTableRenderer {
  /// The lines under a dataset's name in `dairy sections`: its title, then its source and last
  /// update on one line, then where it came from (its link: a URL, or the file imported), each
  /// cut to the width and escaped; none for a dataset that has none of them, as `show` and
  /// `browse` print its table header.
  package static func datasetLines(_ dataset: DatasetInfo?, viewport: Viewport) -> [String] {
    guard let dataset else { return [] }
    let style = TextStyle(enabled: viewport.color)
    var lines: [String] = []
    if let title = dataset.title, !title.isEmpty {
      lines.append(DisplayWidth.truncate(TextEscaping.visible(title), to: viewport.width))
    }
    let facts = [
      dataset.source.map { "Source: " + TextEscaping.visible($0) },
      dataset.updated.map { "Updated: " + TextEscaping.visible($0) },
    ].compactMap { $0 }.filter { !$0.isEmpty }
    if !facts.isEmpty {
      let line = facts.joined(separator: " · ")
      lines.append(style.dim(DisplayWidth.truncate(line, to: viewport.width)))
    }
    if let link = dataset.link, !link.isEmpty {
      let line = "Link: " + TextEscaping.visible(link)
      lines.append(style.dim(DisplayWidth.truncate(line, to: viewport.width)))
    }
    return lines
  }
}
