import DairyImport
import DairyModel

// A dataset imported again while browse is open: what is loaded is one version of it, and the
// next page would be another. Rather than add the new version's rows under the old header, the
// screen loads again from the first page, up to the section the reader was in, and puts that
// section's top at the top of the screen.

/// A place in the sections that the screen goes back to once the pages up to it are loaded again:
/// a section (its dataset and key) and a line in it.
package struct ResumePlace: Sendable, Hashable {
  package var dataset: String
  package var key: String
  /// The line of the section's layout on the top line (0: its header, or its dataset's).
  package var line: Int
  /// What the status line says when the pages end without the section; nil for nothing.
  package var goneNotice: String?

  package init(dataset: String, key: String, line: Int = 0, goneNotice: String? = nil) {
    self.dataset = dataset
    self.key = key
    self.line = line
    self.goneNotice = goneNotice
  }
}

extension BrowseState {
  /// What the status line says when the data changed under what is loaded.
  package static let reloadedNotice = "data imported again: reloaded from the section's top"
  /// What it says when the section the reader was in is not in the new data.
  package static let sectionGoneNotice = "data imported again, section gone: reloaded from the top"

  /// The data changed under what is loaded: what is shown goes at once (it is of the old
  /// version), and everything is loaded again from the first page, then on to the section the
  /// reader was in.
  package mutating func reloadChangedData() -> [BrowseEffect] {
    // The section's top: its rows may not be the ones the reader was at.
    var place = self.place
    place?.line = 0
    place?.goneNotice = Self.sectionGoneNotice
    replaceSections()
    let effects = reload()
    notice = Self.reloadedNotice
    resumeAt = place
    return effects
  }

  /// The section under the top line and the line of it there; nil when nothing is loaded.
  package var place: ResumePlace? {
    guard let part = topPart else { return nil }
    let line = anchor.section < sections.numberOfSections ? anchor.line : 0
    return ResumePlace(dataset: part.section.info.dataset, key: part.section.info.key, line: line)
  }

  /// While reloading up to ``resumeAt``: puts its line at the top once what is loaded fills the
  /// screen from there, else fetches the next page; when the pages end without it, stays at the
  /// top and says so (``ResumePlace/goneNotice``).
  package mutating func resume(after page: Page) -> [BrowseEffect] {
    guard let place = resumeAt else { return [] }
    let index = sections.parts.firstIndex {
      $0.section.info.dataset == place.dataset && $0.section.info.key == place.key
    }
    if let index {
      // Loaded far enough when the screen is full from the place down: short of that, the
      // anchor would be pulled back up to what is loaded.
      let found = ScrollAnchor(section: index, line: min(place.line, layout(index).height - 1))
      if !page.hasMore || lineCount(from: found, limit: contentHeight + 1) > contentHeight {
        resumeAt = nil
        anchor = found
        return []
      }
    }
    guard page.hasMore, let next = page.next else {
      resumeAt = nil
      notice = place.goneNotice
      return []
    }
    return fetchPage(after: next)
  }
}
