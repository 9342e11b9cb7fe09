import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The long layout's column options: a mistake is described as the mistake it is (a column given
/// two parts, an option given twice), not as a header that names a column twice.
@Suite("Column options say what is wrong")
struct ColumnOptionTests {
  static let long = "state,year,value,note\nOhio,1990,1,a\nIowa,1990,2,b\n"

  /// The error of importing `text` with `change` made to the options, its path removed.
  func error(
    _ text: String = long, _ change: (inout ImportOptions) -> Void
  ) throws -> String {
    let path = try TestSupport.file("long.csv", text)
    var options = ImportOptions()
    change(&options)
    let error = try #require(
      TestSupport.importError([path], into: try DairyDatabase.inMemory(), options: options))
    return error.description.replacingOccurrences(of: path, with: "long.csv")
  }

  @Test func aSectionColumnThatIsTheYearColumn() throws {
    #expect(
      try error { $0.sectionColumns = ["year"] }
        == "long.csv:1:7: error: --section-column \"year\" names the year column; it cannot "
        + "also be a column that names the series")
    #expect(
      try error { $0.sectionColumns = ["state", "Year"] }
        == "long.csv:1:7: error: --section-column \"year\" names the year column; it cannot "
        + "also be a column that names the series")
  }

  @Test func aSectionColumnGivenTwice() throws {
    let twice = try error { $0.sectionColumns = ["state", " State"] }
    #expect(
      twice
        == "error: --section-column \"state\" is given twice; name each column that names the "
        + "series once")
  }

  @Test func aSectionColumnThatHoldsTheAmounts() throws {
    #expect(
      try error { $0.sectionColumns = ["value"] }
        == "long.csv:1:12: error: --section-column \"value\" names the numeric column, which "
        + "holds the amounts; a section column holds text that names each series")
  }

  @Test func otherOptionsGivenAColumnWithAPartAlready() throws {
    #expect(
      try error { $0.valueColumn = "year" }
        == "long.csv:1:7: error: --value-column \"year\" names the year column; it cannot also "
        + "be the value column")
    #expect(
      try error {
        $0.sectionColumns = ["state"]
        $0.notesColumn = "state"
      }
        == "long.csv:1:1: error: --notes-column \"state\" names a column that names the series; "
        + "it cannot also be the notes column")
  }

  /// A section column wins over a column's name: `note` can name the series when asked to.
  @Test func aSectionColumnCalledNote() throws {
    let path = try TestSupport.file("long.csv", Self.long)
    var options = ImportOptions()
    options.sectionColumns = ["state", "note"]
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([path], options: options)
    #expect(try database.read { try $0.sections() }.map(\.key) == ["Ohio / a", "Iowa / b"])
  }
}
