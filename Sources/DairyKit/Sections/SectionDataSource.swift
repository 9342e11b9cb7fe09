/// A row's place: which section, which row in it — as in a table view.
public struct IndexPath: Sendable, Hashable, Comparable {
  public var section: Int
  public var row: Int

  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }
}

/// The questions a table view asks of its data, for sections of yearly rows.
public protocol SectionDataSource {
  var numberOfSections: Int { get }
  func numberOfRows(inSection section: Int) -> Int
  func row(at indexPath: IndexPath) -> Observation
  func titleForHeader(inSection section: Int) -> String
  /// The notes footer, once the section's last row is loaded; nil before, or without notes.
  func titleForFooter(inSection section: Int) -> String?
}

/// The sections loaded so far, page after page: a page that continues a section adds its rows to
/// it, as a table view's data grows when the load-more footer fetches.
///
/// ```swift
/// var loaded = LoadedSections()
/// loaded.append(firstPage)
/// loaded.append(try database.page(PageRequest(start: .after(firstPage.next!))))
/// loaded.numberOfRows(inSection: 1)  // American cheese: 2 rows from page 1, 48 once page 2 is in
/// ```
public struct LoadedSections: SectionDataSource, Sendable, Hashable {
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
      } else {
        parts.append(part)
      }
    }
    lastPage = page
  }

  /// Rows loaded in all sections.
  public var loadedRows: Int { parts.reduce(0) { $0 + $1.section.rows.count } }

  public var numberOfSections: Int { parts.count }

  public func numberOfRows(inSection section: Int) -> Int { parts[section].section.rows.count }

  public func row(at indexPath: IndexPath) -> Observation {
    parts[indexPath.section].section.rows[indexPath.row]
  }

  public func titleForHeader(inSection section: Int) -> String { parts[section].section.info.title }

  public func titleForFooter(inSection section: Int) -> String? {
    parts[section].closesSection ? parts[section].section.info.notes : nil
  }
}
