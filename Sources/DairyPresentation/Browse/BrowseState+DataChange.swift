import DairyImport
import DairyModel

// A dataset imported again while browse is open: what is loaded is one version of it, and the
// next page would be another. Rather than add the new version's rows under the old header, the
// screen loads again from the first page, up to the section the reader was in, and puts that
// section's top at the top of the screen.

extension BrowseState {
  /// What the status line says when the data changed under what is loaded.
  package static let reloadedNotice = "data imported again: reloaded from the section's top"
  /// What it says when the section the reader was in is not in the new data.
  package static let sectionGoneNotice = "data imported again, section gone: reloaded from the top"

  /// The data changed under what is loaded: what is shown goes at once (it is of the old
  /// version), and everything is loaded again from the first page, then on to the section the
  /// reader was in.
  package mutating func reloadChangedData() -> [BrowseEffect] {
    let place = topPart
    replaceSections()
    let effects = reload()
    notice = Self.reloadedNotice
    resumeAt = place.map { ($0.section.info.dataset, $0.section.info.key) }
    return effects
  }

  /// While reloading after a change: shows the reader's section from its top once it is loaded,
  /// else fetches the next page; when the pages end without it, stays at the top and says so.
  package mutating func resume(after page: Page) -> [BrowseEffect] {
    guard let place = resumeAt else { return [] }
    let index = sections.parts.firstIndex {
      $0.section.info.dataset == place.dataset && $0.section.info.key == place.key
    }
    if let index {
      resumeAt = nil
      anchor = ScrollAnchor(section: index, line: 0)
      return []
    }
    guard page.hasMore, let next = page.next else {
      resumeAt = nil
      notice = Self.sectionGoneNotice
      return []
    }
    return fetchPage(after: next)
  }
}
