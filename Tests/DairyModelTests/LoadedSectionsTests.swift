import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Loaded sections")
struct LoadedSectionsTests {
  @Test func pagesMergeIntoSectionsLikeATableView() throws {
    // Given the USDA table in pages of 30 rows
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    var loaded = LoadedSections()
    let first = try database.page(PageRequest(pageSize: 30))
    loaded.append(first)
    // Then the first section is half loaded and has no footer yet
    #expect(loaded.numberOfSections == 1)
    #expect(loaded.parts[0].section.rows.count == 30)
    #expect(loaded.parts[0].section.info.title == "Fluid beverage milk")
    #expect(loaded.parts[0].footerNotes == nil)
    // When the next page arrives, it continues the section and opens the next
    loaded.append(try database.page(PageRequest(pageSize: 30, start: .after(first.next!))))
    #expect(loaded.numberOfSections == 2)
    #expect(loaded.parts[0].section.rows.count == 48)
    #expect(loaded.parts[1].section.rows.count == 12)
    #expect(loaded.parts[1].section.rows[0] == Observation(year: 1975, amount: 8.1))
    #expect(loaded.parts[0].footerNotes?.hasPrefix("All fluid milk beverages") == true)
    #expect(loaded.parts[1].footerNotes == nil)
    // And loading everything gives every section and row once
    var page = loaded.lastPage!
    while let next = page.next {
      page = try database.page(PageRequest(pageSize: 30, start: .after(next)))
      loaded.append(page)
    }
    #expect(loaded.numberOfSections == 21)
    #expect(loaded.loadedRows == 958)
    #expect((0..<21).allSatisfy { loaded.parts[$0].footerNotes != nil })
  }
}
