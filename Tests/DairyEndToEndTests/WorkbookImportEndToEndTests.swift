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

/// `dairy import` on every hostile workbook: one line on stderr naming the file (and the part,
/// sheet or cell), exit 65, the database as it was.
extension CommandLineTests {
  @Test func hostileWorkbooksAreRefusedAndTheDatabaseUnchanged() throws {
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    _ = try dairy("import", TestSupport.fixture("xlsx/fluidmilk.xlsx"), "--db", db)
    let before = try dairy("export", "--db", db).output
    #expect(before.contains("Flavored whole"))
    let folder = TestSupport.fixture("xlsx/hostile")
    // not-a-zip.xlsx holds CSV text: by its content it is a CSV file, and imports as one
    for name in TestSupport.files(in: folder) where name != "not-a-zip.xlsx" {
      let stem = (name as NSString).deletingPathExtension
      let expected = try String(contentsOfFile: "\(folder)/\(stem).expected", encoding: .utf8)
      let result = try dairy("import", "\(folder)/\(name)", "--db", db)
      #expect(result.status == 65, "\(name)")
      #expect(result.output == "")
      // The line the reader refuses it with, the file named as given on the command line
      // (the conversion hint quotes that name too)
      let named = expected.replacingOccurrences(of: "'\(name)'", with: "'\(folder)/\(name)'")
      #expect(result.error == "dairy: \(folder)/\(named)", "\(name)")
    }
    #expect(try dairy("export", "--db", db).output == before)
  }
}
