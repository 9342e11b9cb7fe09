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

/// Every amount that imports reads back on the screen: none that is not zero shows as zeros.
extension ExtremeValuesTests {
  @Test func theLeastAmountsShowAsThemselvesNotAsZeros() throws {
    // Given the least doubles of both signs, beside a zero, in one series
    let database = try ExtremeValues.database(seed: 0)

    // When show prints the series, then each is written as it reads back, and the zero with
    // the series' decimals (12, the most shown, as the source wrote 4.94…e-324)
    var line = ShowCommandLine(format: .table, width: 80)
    line.search = "Least"
    let table = Self.show(line, database).output
    let amounts = table.split(separator: "\n").compactMap { row in
      row.wholeMatch(of: #/  +[0-9]+  +(\S+)/#).map { String($0.output.1) }
    }
    #expect(amounts == ["5e-324", "-5e-324", "0.000000000000"], "\(table)")

    // And sections shows the latest so (two significant digits: -2.2e-308), and so does browse
    var output = ""
    var errors = ""
    _ = SectionsFlow.run(
      SectionsFlow.Request(search: "Normal", format: .table), terminal: Terminal(),
      output: &output, errors: &errors, open: { ReadingDatabase(database: database) })
    #expect(output.contains("-2.2e-308"), "\(output)")
    let driver = BrowseDriver(
      database: database, filter: SectionFilter(search: "Least"), width: 80, height: 12)
    #expect(driver.screen.contains("-5e-324"), "\(driver.screen)")
  }
}
