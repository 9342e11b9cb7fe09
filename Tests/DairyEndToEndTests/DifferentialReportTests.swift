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

/// The report reader against the wide reader on the same cells: `Scripts/generate-report-csv.py`
/// writes a table as the USDA publishes one (title and unit rows, group captions over spacer
/// columns, quoted numbers with thousands separators and a trailing space, `NA`, a notes block)
/// and a plain wide file of the same numbers; both import, and every series must hold the same
/// values and missing cells. The benchmark (`Scripts/bench-report`) times the same two files.
@Suite("Differential report", .tags(.endToEnd))
struct DifferentialReportTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Scripts/generate-report-csv.py").standardized.path

  /// (series, years, seed): one group, a group cut short, many groups; short and long spans.
  static let shapes: [(Int, Int, Int)] = [(3, 3, 1), (10, 25, 2), (23, 17, 3), (41, 60, 4)]

  @Test(.enabled(if: PythonCSV.executable != nil, "needs python3 on PATH"))
  func aReportHoldsWhatItsWideTwinHolds() throws {
    let folder = try TestSupport.temporaryFolder()
    for (series, years, seed) in Self.shapes {
      // Given a report and a wide file of the same cells
      let report = folder.appendingPathComponent("report-\(seed).csv").path
      let wide = folder.appendingPathComponent("wide-\(seed).csv").path
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(PythonCSV.executable))
      process.arguments = [Self.script, "\(series)", "\(years)", report, wide, "\(seed)"]
      try process.run()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0)

      // When each imports into a database of its own
      let (reportDatabase, wideDatabase) = (
        try DairyDatabase.inMemory(), try DairyDatabase.inMemory()
      )
      let reportSummary = try reportDatabase.importFiles([report])
      let wideSummary = try wideDatabase.importFiles([wide])

      // Then the report is read as one: every series, titled and grouped by its captions
      let sections = try reportDatabase.read { try $0.sections() }
      #expect(sections.count == series)
      // (A caption over one series alone is part of its title, not a group: the last group
      // of 41 series.)
      let alone = { (index: Int) in index / 10 * 10 == series - 1 }
      let group = { (index: Int) in String(format: "Group %03d", index / 10) }
      let title = { (index: Int) in
        (alone(index) ? group(index) + " " : "") + String(format: "Series %05d", index)
      }
      #expect(sections.map(\.title) == (0..<series).map(title))
      #expect(sections.map(\.group) == (0..<series).map { alone($0) ? nil : group($0) })
      #expect(sections.allSatisfy { $0.unit == "thousand pounds" })
      let dataset = try #require(try reportDatabase.read { try $0.datasets() }.first)
      #expect(dataset.updated == "2024-09-05")
      #expect(dataset.source == "dairy, Scripts/generate-report-csv.py.")
      #expect(dataset.legend == [DatasetFacts.LegendEntry(marker: "NA", meaning: "not available")])
      // And every value and missing cell is its twin's
      #expect(reportSummary.observations == wideSummary.observations)
      #expect(reportSummary.missing == wideSummary.missing)
      let twins = try wideDatabase.read { try $0.sections() }
      for (section, twin) in zip(sections, twins) {
        let ours = try reportDatabase.read { try $0.observations(of: section.id) }
        let theirs = try wideDatabase.read { try $0.observations(of: twin.id) }
        #expect(ours == theirs, "\(section.title) of \(report)")
      }
      let gaps = try reportDatabase.read { try $0.missingCells() }.map { [$0.year] }
      let twinGaps = try wideDatabase.read { try $0.missingCells() }.map { [$0.year] }
      #expect(gaps == twinGaps)
    }
  }
}
