import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Progress bar")
struct ProgressBarTests {
  @Test func fillsInProportionWithinTheWidth() {
    let quarter = ProgressBar.line(done: 5 << 20, total: 20 << 20, width: 60)
    #expect(quarter == "importing [=======>                     ]  25%  5.0/20.0 MiB")
    #expect(quarter.count == 60)
    #expect(
      ProgressBar.line(done: 20 << 20, total: 20 << 20, width: 60).hasPrefix(
        "importing [" + String(repeating: "=", count: 28) + "] 100%"))
  }

  @Test func narrowTerminalsGetThePercentOnly() {
    #expect(ProgressBar.line(done: 1, total: 2, width: 20) == "importing  50%")
  }
}
