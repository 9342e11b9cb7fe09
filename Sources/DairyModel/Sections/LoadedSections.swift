/// The sections loaded so far, page after page: a page that continues a section adds its rows to
/// it, as a table view's data grows when the load-more footer fetches. The browse screen keeps one.
///
/// ```swift
/// var loaded = LoadedSections()
/// loaded.append(firstPage)
/// loaded.append(try database.page(PageRequest(start: .after(firstPage.next!))))
/// loaded.parts[1].section.rows.count  // American cheese: 2 rows from page 1, 48 with page 2
/// ```
package struct LoadedSections: Sendable, Hashable {
  /// The sections, each with every row loaded so far.
  package private(set) var parts: [Page.Part] = []
  /// The last page appended.
  package private(set) var lastPage: Page?
  /// Whether the rows show their change from the previous year: set on every part, loaded and to
  /// come.
  package var showsChange = false {
    didSet { for index in parts.indices { parts[index].showsChange = showsChange } }
  }

  package init() {}

  /// Adds a page's rows. A part continues the last section only when it is the same section of
  /// the same version of its dataset: rows of two versions never share a header.
  package mutating func append(_ page: Page) {
    for var part in page.parts {
      part.showsChange = showsChange
      if let last = parts.indices.last, parts[last].section.info.id == part.section.info.id,
        parts[last].section.info.version == part.section.info.version
      {
        parts[last].section.rows += part.section.rows
        parts[last].closesSection = part.closesSection
        parts[last].continue(with: part)
      } else {
        parts.append(part)
      }
    }
    lastPage = page
  }

  /// True when `page` holds a section of a dataset that is loaded here in another version: the
  /// dataset was imported again since it was loaded, and the page must not be added to it.
  package func isFromAnotherVersion(_ page: Page) -> Bool {
    guard !parts.isEmpty else { return false }
    let versions = Dictionary(
      parts.map { ($0.section.info.dataset, $0.section.info.version) }, uniquingKeysWith: { $1 })
    return page.parts.contains { part in
      versions[part.section.info.dataset].map { $0 != part.section.info.version } ?? false
    }
  }

  /// Rows loaded in all sections.
  package var loadedRows: Int { parts.reduce(0) { $0 + $1.section.rows.count } }

  package var numberOfSections: Int { parts.count }
}
