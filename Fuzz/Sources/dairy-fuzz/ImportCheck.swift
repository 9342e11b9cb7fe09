@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// An import of the file into an empty in-memory database.
enum ImportCheck {
  /// One database for the whole run, emptied before each input: migrating a new one costs more
  /// than the import of a small file.
  static let database = try! DairyDatabase.inMemory()

  static func run(_ path: String, reader: ReaderCheck) {
    try! database.writer.write { db in
      try db.execute(
        sql: """
          DELETE FROM observation; DELETE FROM section; DELETE FROM dataset; DELETE FROM "import"
          """)
    }
    let summary: ImportSummary
    do {
      summary = try database.importFiles([path])
    } catch let error as DairyError {
      trace("import: \(error)")
      requireLocated(error, "the import")
      return
    } catch {
      fatalError("the import threw something else than a DairyError: \(error)")
    }
    trace("import: \(summary.files[0].rows) rows, \(summary.observations) observations")
    // A file the reader refuses cannot import; one that imports has all its rows counted.
    require(reader.error == nil, "imported a file the reader refuses: \(reader)")
    require(summary.files.count == 1, "one file, \(summary.files.count) summaries")
    // (A report's rows are its data rows: ReportCheck checks what a report stores.)
    let layout = ImportRun.inspect(path, options: ImportOptions()).datasets.first?.layout ?? ""
    require(
      layout.hasPrefix("report") || summary.files[0].rows == reader.records.count - 1,
      "\(summary.files[0].rows) rows imported, the reader read \(reader.records.count) records")
    require(summary.files[0].sha256 == reader.sha256, "the import's SHA-256 is not the reader's")
    // Every cell read is stored or counted missing: one a row (long), or a row and series (wide).
    let file = summary.files[0]
    let cells = file.observations + file.missing
    require(
      layout.hasPrefix("report") || cells == file.rows || cells == file.rows * file.sections,
      "\(file.observations) observations and \(file.missing) missing cells in \(file.rows) rows")
    let stored = try! database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM observation")!
    }
    require(
      stored == file.observations, "\(stored) observations stored, \(file.observations) counted")
    // The same bytes again change nothing.
    do {
      let again = try database.importFiles([path])
      require(again.unchanged, "importing the same file twice changed the database")
    } catch {
      fatalError("the second import of the same file failed: \(error)")
    }
  }
}
