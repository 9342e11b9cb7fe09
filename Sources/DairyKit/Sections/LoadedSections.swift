/// The sections loaded so far, page after page: a page that continues a section adds its rows to
/// it, as a table view's data grows when the load-more footer fetches. The browse screen keeps one.
///
/// ```swift
/// var loaded = LoadedSections()
/// loaded.append(firstPage)
/// loaded.append(try database.page(PageRequest(start: .after(firstPage.next!))))
/// loaded.parts[1].section.rows.count  // American cheese: 2 rows from page 1, 48 with page 2
/// ```
public struct LoadedSections: Sendable, Hashable {
  /// The sections, each with every row loaded so far.
  public private(set) var parts: [Page.Part] = []
  /// The last page appended.
  public private(set) var lastPage: Page?

  public init() {}

  public mutating func append(_ page: Page) {
    for part in page.parts {
      if let last = parts.indices.last, parts[last].section.info.id == part.section.info.id {
        parts[last].section.rows += part.section.rows
        parts[last].closesSection = part.closesSection
        parts[last].continue(with: part)
      } else {
        parts.append(part)
      }
    }
    lastPage = page
  }

  /// Rows loaded in all sections.
  public var loadedRows: Int { parts.reduce(0) { $0 + $1.section.rows.count } }

  public var numberOfSections: Int { parts.count }
}
