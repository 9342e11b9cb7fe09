import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy datasets`, the whole command: the list (a table fitted to the width, CSV or JSON),
/// `rename OLD NEW` and `delete NAME` (which asks first on a terminal, and wants `--yes`
/// elsewhere).
///
/// ```swift
/// var list = ""
/// var errors = ""
/// let status = DatasetsFlow.list(
///   DatasetsFlow.Request(), terminal: Terminal(width: 80), output: &list, errors: &errors)
/// ```
package enum DatasetsFlow {
  package enum Format: String, Sendable, CaseIterable {
    case table, csv, json
  }

  /// What `dairy datasets` was asked for.
  package struct Request: Sendable, Hashable {
    package var format: Format
    /// The table's width; nil for the terminal's.
    package var width: Int?
    /// `--db`; nil for `$DAIRY_DB`, else the default location.
    package var database: String?

    package init(format: Format = .table, width: Int? = nil, database: String? = nil) {
      self.format = format
      self.width = width
      self.database = database
    }

    /// What is wrong with the request (exit 64), or nil: `--width` out of its range.
    package var problem: String? {
      ShowCommandLine(width: width).problem()
    }
  }

  /// Lists the datasets on `output`; returns the exit status (errors on `errors`).
  ///
  /// - Parameter open: how the database is opened; nil for the one the request names.
  package static func list(
    _ request: Request, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream,
    open: (() throws -> ReadingDatabase)? = nil
  ) -> Int32 {
    do {
      if let problem = request.problem { throw DairyError(.usage, problem) }
      let width = request.format == .table ? try terminal.tableWidth(option: request.width) : 0
      let reading = try open?() ?? ReadingDatabase.open(path: request.database)
      reading.writeNotice(to: &errors)
      let summaries = try reading.database.read { try $0.datasetSummaries() }
      switch request.format {
      case .json: output.write(terminal.shown(DatasetsRenderer.json(summaries), as: .json))
      case .csv: output.write(terminal.shown(DatasetsRenderer.csv(summaries), as: .text))
      case .table:
        let viewport = Viewport(width: width, color: terminal.wantsColor)
        let lines = DatasetsRenderer.table(summaries, in: viewport)
        if lines.isEmpty { output.write(DatasetsRenderer.emptyMessage + "\n") }
        for line in lines { output.write(line + "\n") }
      }
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// Renames dataset `old` to `new` and says so on `output`; returns the exit status: 64 for
  /// an unknown `old` (with the close names) or an empty `new`, 73 when `new` is taken.
  package static func rename(
    _ old: String, to new: String, database path: String?,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      let database = try writable(path, errors: &errors)
      try database.renameDataset(old, to: new)
      output.writeMessage("renamed dataset \(old) to \(new)")
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// Deletes dataset `name`: with `yes`, at once; else, when standard input and standard error
  /// are a terminal, after asking there (`confirm` gets the question and answers whether to go
  /// on); else not at all (exit 64, `--yes` wanted). Says what was deleted on `output`.
  package static func delete(
    _ name: String, yes: Bool, database path: String?, terminal: Terminal,
    confirm: (String) -> Bool,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      let database = try writable(path, errors: &errors)
      let size = try database.read { snapshot -> DatasetSize in
        try snapshot.requireDataset(name)
        return try snapshot.datasetSize(name)
      }
      let what =
        "dataset \(TextEscaping.visible(name)): \(plural(size.sections, "section")), "
        + plural(size.observations, "observation")
      if !yes {
        guard terminal.inputIsTerminal && terminal.errorIsTerminal else {
          throw DairyError(
            .usage,
            "delete \(what)? Not asked: standard input is not a terminal; pass --yes to delete it")
        }
        guard confirm("delete \(what)? [y/N] ") else {
          output.writeMessage("kept \(what)")
          return 0
        }
      }
      let gone = try database.deleteDataset(name)
      output.writeMessage(
        "deleted dataset \(TextEscaping.visible(name)): \(plural(gone.sections, "section")), "
          + plural(gone.observations, "observation"))
      return 0
    } catch {
      return DairyError.report(error, to: &errors)
    }
  }

  /// Whether an answer to the question says yes: `y` or `yes`, in any case.
  package static func isYes(_ answer: String?) -> Bool {
    guard let answer else { return false }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// The database, for writing: opened as a reading command opens it (a `--db` path that does
  /// not exist is refused, the default location is made on first use), then for writing.
  private static func writable(_ path: String?, errors: inout some TextOutputStream) throws
    -> DairyDatabase
  {
    let reading = try ReadingDatabase.open(path: path)
    reading.writeNotice(to: &errors)
    return try DairyDatabase.open(path: reading.database.path)
  }
}
