import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The binary's help and option limits, end to end.
extension CommandLineTests {
  @Test func browseHelpListsTheKeys() throws {
    let result = try dairy("browse", "--help")
    #expect(result.status == 0)
    for line in BrowseKeyBindings.helpText.split(separator: "\n") {
      #expect(result.output.contains(line), "\(line)")
    }
  }

  @Test func theIssuesCommandsEndWellInTheBinary() throws {
    // Given a database holding 1e308 and -1e308 in one series
    let db = try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
    let file = try TestSupport.file("extremes.csv", "Year,Milk\n1990,1e308\n1991,-1e308\n")
    let cli = self
    #expect(try cli.dairy("import", file, "--db", db).status == 0)
    // Then every reading command shows it
    for command in [["show"], ["sections"], ["show", "--format", "json"], ["export"]] {
      let result = try cli.run(command + ["--db", db])
      #expect(result.status == 0, "\(command): \(result.error)")
    }
    // And options out of range are usage errors naming the limit; a far page is past the end
    let far = try cli.dairy("show", "--db", db, "--page", "1000000000000000000")
    #expect(far.status == 0 && far.output.hasPrefix("Page 1000000000000000000 is past the end"))
    for (option, value) in [
      ("--page-size", "9223372036854775807"), ("--width", "4611686018427387904"),
      ("--height", "1000000000"),
    ] {
      let result = try cli.dairy("show", "--db", db, option, value)
      #expect(result.status == 64)
      #expect(result.error.hasPrefix("dairy: error: \(option) must be between "), "\(result.error)")
    }
    // COLUMNS beyond any terminal is ignored; COLUMNS=5 is refused where a table is drawn
    let huge = try cli.dairy("show", "--db", db, environment: ["COLUMNS": "99999999999"])
    #expect(huge.status == 0)
    #expect(huge.output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    let narrow = try cli.dairy("show", "--db", db, environment: ["COLUMNS": "5"])
    #expect(narrow.status == 64)
    #expect(narrow.error.hasPrefix("dairy: error: COLUMNS is 5, narrower than the 20 columns"))
    #expect(
      try cli.dairy("show", "--db", db, "--width", "40", environment: ["COLUMNS": "5"])
        .status == 0)
    for help in [["--help"], ["show", "--help"], ["browse", "--width"]] {
      let result = try cli.run(help, environment: ["COLUMNS": "5"])
      #expect(!result.error.contains("Fatal error"), "\(help): \(result.error)")
      #expect(result.status == (help == ["browse", "--width"] ? 64 : 0), "\(help)")
    }
  }
}
