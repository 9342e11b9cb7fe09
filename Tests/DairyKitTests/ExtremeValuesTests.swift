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

/// Every renderer and every page path over extreme doubles and extreme option values: nothing
/// traps (a trap ends the test process), every line fits its width, every JSON document parses,
/// and paging visits each row once.
@Suite("Extreme values")
struct ExtremeValuesTests {
  /// The fixed series alone (seed 0), then with random ones.
  static let seeds: [UInt64] = Array(0...12)

  static let widths = [20, 21, 33, 80, 1000]
  static let heights: [Int?] = [nil, 1, 2, 24, 1000]
  static let pageSizes = [1, 3, 50, 100_000]
  static let yearBounds: [Int64?] = [nil, -(1 << 53), -1, 1990, 10_000, 1 << 53]

  @Test(arguments: seeds)
  func showRendersEveryPageInEveryFormat(seed: UInt64) throws {
    // Given a database of extreme values, and random accepted options
    let database = try ExtremeValues.database(seed: seed)
    var random = SplitMix64(seed: seed &+ 100)
    for _ in 0..<60 {
      var line = ShowCommandLine(
        pageSize: random.element(Self.pageSizes),
        format: random.element(ShowRenderer.Format.allCases),
        width: random.element(Self.widths), height: random.element(Self.heights))
      (line.since, line.until) = Self.range(&random)
      line.start = random.element([
        .first, .number(1), .number(2), .number(7), .number(1_000_000_000_000_000_000),
        .number(Int.max), .after(PageCursor(section: 1, year: .max, version: 1)),
        .after(PageCursor(section: 1, year: .min, version: 1)),
      ])
      #expect(line.problem() == nil, "\(line)")
      // When show renders it, then it works and the text is sound
      let result = Self.show(line, database)
      #expect(result.status == 0, "\(line): \(result.errors)")
      Self.checkText(result.output, line: line)
    }
  }

  @Test(arguments: seeds)
  func pagingVisitsEveryRowOnceByCursorAndByNumber(seed: UInt64) throws {
    let database = try ExtremeValues.database(seed: seed)
    for pageSize in [1, 7, 100_000] {
      for (since, until) in [
        (nil, nil), (PeriodBound(year: -(1 << 53)), PeriodBound(year: 1 << 53)), (0, 3000),
      ]
        as [(PeriodBound?, PeriodBound?)]
      {
        var line = ShowCommandLine(since: since, until: until, pageSize: pageSize, format: .json)
        // Following `next` from the first page…
        var seen: [String] = []
        var total = 0
        while true {
          let page = try Self.document(Self.show(line, database).output)
          seen += page.rows
          total = page.total
          guard let next = page.next else { break }
          line.start = .after(try #require(PageCursor(next)))
        }
        #expect(seen.count == total && Set(seen).count == total, "\(pageSize) \(line)")
        // …and asking for each page by number (and one past the end) give the same rows
        var numbered: [String] = []
        for number in 1...(total / pageSize + 2) {
          line.start = .number(number)
          numbered += try Self.document(Self.show(line, database).output).rows
        }
        #expect(numbered == seen, "\(pageSize) \(line)")
      }
    }
  }

  @Test func sparklinesAverageWithoutOverflow() throws {
    // Given a series of 40 years, 30 of them the largest double, whose sparkline averages years
    let database = try ExtremeValues.database(seed: 0)
    let page = try database.page(PageRequest(filter: SectionFilter(search: "Long")))
    let trend = try #require(page.parts.first?.trend)
    let summary = try #require(
      try database.summaries(matching: SectionFilter(search: "Long")).first)
    // Then each point is a finite mean, as the mean of finite values is
    #expect(trend.count == 16 && summary.trend == trend)
    #expect(trend.allSatisfy { $0.isFinite }, "\(trend)")
    #expect(trend.first == .greatestFiniteMagnitude)
    #expect(Sparkline.resample(trend, to: 8).allSatisfy { $0.isFinite })
    #expect(Sparkline.render(trend) == "███████████▅▁▁▁▁")
  }

  @Test(arguments: seeds)
  func sectionsAndExportWork(seed: UInt64) throws {
    let database = try ExtremeValues.database(seed: seed)
    for width in Self.widths {
      var output = ""
      var errors = ""
      let request = SectionsFlow.Request(format: .table, width: width)
      let status = SectionsFlow.run(
        request, terminal: Terminal(), output: &output, errors: &errors,
        open: { ReadingDatabase(database: database) })
      #expect(status == 0, "\(errors)")
      Self.checkText(output, line: ShowCommandLine(width: width))
    }
    var json = ""
    var errors = ""
    _ = SectionsFlow.run(
      SectionsFlow.Request(format: .json), terminal: Terminal(), output: &json, errors: &errors,
      open: { ReadingDatabase(database: database) })
    #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    var export = ""
    try ExportFormat.json.write(database, to: &export)
    #expect(try JSONSerialization.jsonObject(with: Data(export.utf8)) is [String: Any])
    var csv = ""
    try ExportFormat.csv.write(database, to: &csv)
    #expect(!csv.contains("nan") && !csv.contains("inf"))
  }

  @Test(arguments: seeds)
  func browseFramesFitEverySize(seed: UInt64) throws {
    let database = try ExtremeValues.database(seed: seed)
    var random = SplitMix64(seed: seed &+ 200)
    let sizes = [(0, 0), (1, 1), (39, 9), (40, 10), (80, 24), (123, 45), (1000, 1000)]
    for (width, height) in sizes {
      var (since, until) = Self.range(&random)
      if let low = since, let high = until, low.first > high.last { (since, until) = (high, low) }
      var driver = BrowseDriver(
        database: database, filter: SectionFilter(since: since, until: until),
        pageSize: random.element(Self.pageSizes), width: width, height: height)
      Self.checkFrame(driver, width: width, height: height)
      for key in [BrowseKey.end, .character("j"), .pageDown, .character("k"), .home] {
        driver.press(key)
        Self.checkFrame(driver, width: width, height: height)
      }
      // A window larger than anything drawn is drawn at the largest size
      driver.send(.resized(width: 70_000, height: 70_000))
      Self.checkFrame(driver, width: 1000, height: 1000)
    }
  }

  // MARK: - Helpers

  static func show(_ line: ShowCommandLine, _ database: DairyDatabase) -> (
    status: Int32, output: String, errors: String
  ) {
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      line, terminal: Terminal(), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })
    return (status, output, errors)
  }

  /// A year range from the bounds (in either order: a reversed one is not asked for).
  static func range(_ random: inout SplitMix64) -> (PeriodBound?, PeriodBound?) {
    let since = random.element(yearBounds)
    let until = random.element(yearBounds)
    if let since, let until, since > until {
      return (PeriodBound(year: until), PeriodBound(year: since))
    }
    return (since.map(PeriodBound.init(year:)), until.map(PeriodBound.init(year:)))
  }

  /// A table within the width, JSON that parses, no NaN or infinity anywhere.
  static func checkText(_ text: String, line: ShowCommandLine) {
    #expect(!text.contains("nan") && !text.contains("inf"), "\(line)\n\(text)")
    switch line.format {
    case .table:
      for row in text.split(separator: "\n") {
        #expect(DisplayWidth.of(String(row)) <= line.width ?? 80, "\(line)\n\(row)")
      }
    case .json:
      #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(text)")
    case .csv:
      #expect(text.hasPrefix("dataset,section,year,amount,unit"))
    }
  }

  static func checkFrame(_ driver: BrowseDriver, width: Int, height: Int) {
    let lines = driver.lines
    #expect(lines.count == height, "\(width)×\(height)")
    for line in lines { #expect(DisplayWidth.of(line) <= width, "\(width)×\(height): \(line)") }
  }

  /// A page's rows (`title@year`), total and next cursor, from show's JSON.
  static func document(_ json: String) throws -> (rows: [String], total: Int, next: String?) {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let footer = try #require(object["footer"] as? [String: Any])
    var rows: [String] = []
    for case let section as [String: Any] in object["sections"] as? [Any] ?? [] {
      for case let row as [String: Any] in section["rows"] as? [Any] ?? [] {
        rows.append("\(section["title"] ?? "")@\(row["year"] ?? "")")
      }
    }
    return (rows, footer["total"] as? Int ?? -1, footer["next"] as? String)
  }
}
