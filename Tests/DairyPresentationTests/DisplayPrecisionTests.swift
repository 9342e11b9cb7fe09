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

/// Display as published: a series carried at machine precision shows at most six significant
/// digits of its typical amount, decided at import; export keeps every digit; `--decimals`
/// overrides the display.
@Suite("Display precision")
struct DisplayPrecisionTests {
  static func decimals(_ amounts: [Double], written: Int) -> Int {
    var precision = DisplayPrecision()
    for amount in amounts { precision.add(amount) }
    return precision.decimals(written: written)
  }

  @Test func theTypicalAmountCapsTheDecimalsWritten() {
    // From the type's documentation
    #expect(Self.decimals([0.048373566666666666, 0.24, 0.71], written: 18) == 6)
    #expect(Self.decimals([0.048373566666666666], written: 18) == 7)
    #expect(Self.decimals([9153.846153846154, 8695.652173913043], written: 12) == 2)
    #expect(Self.decimals([123_456.7, 234_567.8], written: 1) == 0)
    // Fewer decimals written than the cap: as written
    #expect(Self.decimals([247, 8.1, 0.2], written: 1) == 1)
    #expect(Self.decimals([36_188e6], written: 0) == 0)
    // The lower of the middle two, zeros left out, signs ignored
    #expect(Self.decimals([-0.5, 0, 0, 0, 50], written: 10) == 6)
    #expect(Self.decimals([0.5, 50, 5000], written: 10) == 4)
    // Nothing but zeros, or nothing: as written
    #expect(Self.decimals([0, 0], written: 3) == 3)
    #expect(Self.decimals([], written: 2) == 2)
    // Tiny amounts are shown with at most 12 decimals
    #expect(Self.decimals([1e-9, 2e-9], written: 20) == 12)
  }

  @Test(arguments: [
    (1e-7, 0), (1e-6, 1), (9.99e-6, 1), (0.001, 4), (0.0483, 5), (0.1, 6), (1, 7), (9.5, 7),
    (10, 8), (999.9, 9), (1000, 10), (99_999, 11), (1e5, 12), (1e300, 12),
  ])
  func ordersOfMagnitude(_ magnitude: Double, bucket: Int) {
    #expect(DisplayPrecision.bucket(magnitude) == bucket)
  }

  static func importedMachinePrecision() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([TestSupport.fixture("good/machine-precision.csv")])
    return database
  }

  @Test func aSeriesAtMachinePrecisionShowsAsPublished() throws {
    // Given a file whose amounts carry machine precision
    let database = try Self.importedMachinePrecision()
    // Then each series displays at six significant digits of its typical amount
    let sections = try database.read { try $0.sections() }
    #expect(sections.map { $0.decimals } == [6, 2, 0])
    var page = ""
    var errors = ""
    _ = ShowFlow.run(
      ShowCommandLine(search: "share", width: 60), terminal: Terminal(width: 60),
      output: &page, errors: &errors, open: { ReadingDatabase(database: database) })
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("  20") }
    #expect(rows == ["  2000  0.048374", "  2001  0.240000", "  2002  0.710000"])
    // And the export keeps every digit
    let export = try TestSupport.dump(database)
    #expect(export.contains("0.048373566666666666") && export.contains("9153.846153846154"))
  }

  @Test func decimalsOverridesTheDisplayForEveryFormatThatRoundsAmounts() throws {
    let database = try Self.importedMachinePrecision()
    func show(_ line: ShowCommandLine) -> String {
      var page = ""
      var errors = ""
      _ = ShowFlow.run(
        line, terminal: Terminal(width: 60), output: &page, errors: &errors,
        open: { ReadingDatabase(database: database) })
      return page
    }
    var line = ShowCommandLine(search: "value", width: 100)
    line.decimals = 0
    #expect(show(line).contains("\n  2000   9,154\n  2001   8,696\n  2002  12,410\n"))
    line.decimals = 4
    #expect(
      show(line).contains("\n  2000   9,153.8462\n  2001   8,695.6522\n  2002  12,410.3000\n"))
    // JSON keeps the exact amount whatever the option
    line.format = .json
    #expect(show(line).contains("\"amount\":9153.846153846154"))
    // And the footer's next command keeps the option
    line = ShowCommandLine(pageSize: 1, width: 100)
    line.decimals = 3
    #expect(show(line).contains("dairy show --page-size 1 --decimals 3 --width 100 --after 1:2000"))
  }

  @Test func decimalsOutOfRangeIsAUsageError() {
    var line = ShowCommandLine()
    line.decimals = 13
    #expect(line.problem() == "--decimals must be between 0 and 12.")
    line.decimals = -1
    #expect(line.problem() == "--decimals must be between 0 and 12.")
    line.decimals = 12
    #expect(line.problem() == nil)
  }
}
