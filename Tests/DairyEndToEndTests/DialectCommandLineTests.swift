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

/// The options of this file's features as the built `dairy` takes them: `import --encoding`
/// and `--separator`, and `show --decimals`.
@Suite("Dialect options on the command line", .tags(.endToEnd))
struct DialectCommandLineTests {
  let cli = CommandLineTests()

  static func database() throws -> String {
    try TestSupport.temporaryFolder().appendingPathComponent("d.sqlite").path
  }

  @Test func importTakesAnEncodingAndASeparator() throws {
    let db = try Self.database()
    let file = TestSupport.fixture("good/windows-1252-wide.csv")
    let refused = try cli.dairy("import", file, "--db", db)
    #expect(refused.status == 65)
    #expect(refused.error.contains("import it with --encoding windows-1252"))
    let imported = try cli.dairy("import", file, "--encoding", "windows-1252", "--db", db)
    #expect(imported.status == 0)
    let sections = try cli.dairy("sections", "share", "--db", db, "--width", "100")
    #expect(sections.output.contains("Farmers’ share – all"))
    let tabs = try cli.dairy(
      "import", TestSupport.fixture("good/tab-long.tsv"), "--separator", "tab", "--db", db)
    #expect(tabs.status == 0)
  }

  @Test func unknownEncodingsSeparatorsAndDecimalsAreUsageErrors() throws {
    let encoding = try cli.dairy("import", "x.csv", "--encoding", "ebcdic")
    #expect(encoding.status == 64 && encoding.error.contains("'ebcdic' is invalid"))
    let separator = try cli.dairy("import", "x.csv", "--separator", "pipe")
    #expect(separator.status == 64)
    for value in ["--decimals=13", "--decimals=-1"] {
      let decimals = try cli.dairy("show", value, "--db", try Self.database())
      #expect(decimals.status == 64)
      #expect(decimals.error.contains("--decimals must be between 0 and 12."))
    }
  }

  @Test func showTakesDecimals() throws {
    let db = try Self.database()
    _ = try cli.dairy("import", TestSupport.fixture("good/machine-precision.csv"), "--db", db)
    let shown = try cli.dairy("show", "share", "--decimals", "2", "--db", db, "--width", "60")
    #expect(shown.status == 0)
    #expect(shown.output.contains("\n  2000    0.05\n  2001    0.24\n  2002    0.71\n"))
  }
}
