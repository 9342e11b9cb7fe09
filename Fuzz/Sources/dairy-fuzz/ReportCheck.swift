@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The input read as a USDA report table (`--format report`), whatever detection would say: it
/// imports, or it fails with a located `DairyError`. When it imports, `dairy inspect` described
/// exactly what was stored (titles, unique within the dataset; groups; units; counts; missing
/// cells; the dataset's facts), the missing cells stored are those counted, and the same bytes
/// again change nothing. The pages are then shown (ShowCheck), dataset header, footer and gaps
/// included.
enum ReportCheck {
  static let database = try! DairyDatabase.inMemory()

  static func run(_ path: String) {
    try! database.writer.write { db in
      try db.execute(sql: #"DELETE FROM section; DELETE FROM dataset; DELETE FROM "import""#)
    }
    var options = ImportOptions()
    options.format = .report
    let summary: ImportSummary
    do {
      summary = try database.importFiles([path], options: options)
    } catch let error as DairyError {
      trace("report: \(error)")
      requireLocated(error, "the report import")
      return
    } catch {
      fatalError("the report import threw something else than a DairyError: \(error)")
    }
    trace("report: \(summary.observations) observations, \(summary.missing) missing")
    let inspection = ImportRun.inspect(path, options: options)
    require(inspection.datasets.count == 1, "inspect saw \(inspection.datasets.count) datasets")
    let seen = inspection.datasets[0]
    let (sections, datasets, missing) = try! database.read { snapshot in
      (try snapshot.sections(), try snapshot.datasets(), try snapshot.missingCells())
    }
    require(sections.map(\.title) == seen.series.map(\.title), "inspect's titles differ")
    require(Set(sections.map(\.title)).count == sections.count, "a title repeats")
    require(sections.map(\.group) == seen.series.map(\.group), "inspect's groups differ")
    require(sections.map(\.unit) == seen.series.map(\.unit), "inspect's units differ")
    require(
      sections.map(\.observationCount) == seen.series.map(\.count), "inspect's counts differ")
    require(missing.count == summary.missing, "\(missing.count) missing cells stored")
    require(summary.missing == seen.series.map(\.missing).reduce(0, +), "inspect's missing")
    let facts = seen.facts
    require(
      datasets.first.map { [$0.title, $0.source, $0.updated, $0.contact, $0.notes] }
        == [facts.title, facts.source, facts.updated, facts.contact, facts.notes],
      "inspect's dataset facts differ")
    do {
      require(
        try database.importFiles([path], options: options).unchanged,
        "importing the same report twice changed the database")
    } catch {
      fatalError("the second import of the same report failed: \(error)")
    }
    ShowCheck.run(database)
  }
}
