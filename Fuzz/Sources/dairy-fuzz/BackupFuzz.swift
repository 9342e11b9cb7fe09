// The backup mode of the fuzz target (DAIRY_FUZZ_MODE=backup, Scripts/fuzz-backup): one input is
// one backup, `dairy export`'s JSON. An input that is not one (no `{` first, in UTF-8, UTF-16 or
// UTF-32) is left to the CSV mode. Each input is imported into an empty in-memory database:
// - refused, the error is one line with a line and column, of a bounded length, the database is
//   still empty, and `dairy inspect` refuses it with the same error;
// - accepted, inspect accepts it too, counts what the import counted, and the database exported
//   as JSON, imported into another and exported again gives the same text (a fixpoint);
// - read again with a 16-byte limit on values, it is accepted the same or refused at a place.
// A trap, a sanitizer report, a broken invariant or an error that is not a located input error
// is a finding.
import Foundation

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

enum BackupFuzz {
  static let backupPath: String = {
    URL(fileURLWithPath: inputPath).deletingLastPathComponent()
      .appendingPathComponent("backup.json").path
  }()

  static let exportPath: String = {
    URL(fileURLWithPath: inputPath).deletingLastPathComponent()
      .appendingPathComponent("export.json").path
  }()

  /// The database the input is imported into, and the one its export is imported into.
  static let database = try! DairyDatabase.inMemory()
  static let copy = try! DairyDatabase.inMemory()

  /// The longest message a refusal may print, apart from the file's name: a value quoted in it is
  /// cut at 40 characters, however long it is.
  static let longestMessage = 400

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard BackupReader.recognises(head: Array(bytes.prefix(ImportFormats.headSize))) else {
      return
    }
    write(bytes, to: backupPath)
    empty(database)
    let inspection = ImportRun.inspect(backupPath, options: ImportOptions())
    let summary: ImportSummary
    do {
      summary = try database.importFiles([backupPath])
    } catch let error as DairyError {
      trace("backup: \(error)")
      checkRefusal(error, inspection)
      checkSmallLimit(accepted: false)
      return
    } catch {
      fatalError("the backup import threw something else than a DairyError: \(error)")
    }
    trace("backup: \(summary.observations) observations")
    require(inspection.error == nil, "inspect refuses a backup import accepts: \(inspection)")
    let inspected = inspection.datasets.flatMap(\.series).map(\.count).reduce(0, +)
    require(
      inspected == summary.observations,
      "inspect counts \(inspected) observations, the import \(summary.observations)")
    checkRoundTrip()
    checkSmallLimit(accepted: true)
  }

  /// A refusal is one located line, short whatever the input, and changes nothing.
  private static func checkRefusal(_ error: DairyError, _ inspection: Inspection) {
    requireLocated(error, "the backup import")
    require(
      error.location?.line != nil && error.location?.column != nil,
      "a refusal without a line and column: \(error)")
    let text = error.description
    require(!text.contains("\n") && !text.contains("\r"), "a refusal of two lines: \(text)")
    require(
      text.utf8.count <= backupPath.utf8.count + longestMessage,
      "a refusal of \(text.utf8.count) bytes: \(text.prefix(600))")
    require(
      inspection.error?.description == text,
      "inspect says \(inspection.error.map(String.init(describing:)) ?? "nothing"), import \(text)")
    let stored = try! database.writer.read { db in
      try Int.fetchOne(
        db, sql: "SELECT (SELECT count(*) FROM dataset) + (SELECT count(*) FROM section)")!
    }
    require(stored == 0, "a refused backup left \(stored) datasets and sections")
  }

  /// The database exported, imported into another and exported again: the same text.
  private static func checkRoundTrip() {
    var first = ""
    try! ExportFormat.json.write(database, to: &first)
    Array(first.utf8).withUnsafeBufferPointer { write($0, to: exportPath) }
    empty(copy)
    do {
      _ = try copy.importFiles([exportPath])
    } catch {
      fatalError(
        "the export of an accepted backup does not import: \(error)\n\(first.prefix(2000))")
    }
    var second = ""
    try! ExportFormat.json.write(copy, to: &second)
    require(first == second, "export, import, export differs:\n\(first)\n\(second)")
  }

  /// The reader alone, with a 16-byte limit on strings and numbers: it reads the input as before
  /// or stops at a place with the limit's message (or the refusal it stopped at before).
  private static func checkSmallLimit(accepted: Bool) {
    do {
      let json = try JSONScanner(path: backupPath, maxTokenBytes: 16)
      try BackupReader(json).read(dataset: { _ in }, section: { _ in })
    } catch let error as DairyError {
      requireLocated(error, "the reader with a small limit")
      require(
        !accepted || error.message.contains("longer than 16 bytes"),
        "a backup accepted whole is refused with a small limit for another reason: \(error)")
    } catch {
      fatalError("the reader threw something else than a DairyError: \(error)")
    }
  }

  private static func empty(_ database: DairyDatabase) {
    try! database.writer.write { db in
      try db.execute(
        sql: """
          DELETE FROM observation; DELETE FROM missing; DELETE FROM legend; DELETE FROM section;
          DELETE FROM dataset; DELETE FROM "import"
          """)
    }
  }
}
