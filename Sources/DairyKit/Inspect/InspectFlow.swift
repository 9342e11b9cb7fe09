import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

/// `dairy inspect`, the whole command: how each file will be read, without importing it, as a
/// table fitted to the width or as JSON. It runs the import itself into a target that writes
/// nothing, so it cannot disagree with `dairy import`.
///
/// ```swift
/// var text = ""
/// var errors = ""
/// let status = InspectFlow.run(
///   InspectFlow.Request(files: ["milk_prod.csv"]), terminal: Terminal(width: 100),
///   output: &text, errors: &errors)
/// ```
package enum InspectFlow {
  package enum Format: String, Sendable, CaseIterable {
    case table, json
  }

  /// What `dairy inspect` was asked for.
  package struct Request: Sendable, Hashable {
    package var files: [String]
    /// How to read the files, as `dairy import` would be told.
    package var options: ImportOptions
    package var format: Format
    /// The table's width; nil for the terminal's.
    package var width: Int?
    /// `--db`, the database whose datasets a backup would replace; nil for `$DAIRY_DB`, else
    /// the default location.
    package var database: String?

    package init(
      files: [String], options: ImportOptions = ImportOptions(), format: Format = .table,
      width: Int? = nil, database: String? = nil
    ) {
      self.files = files.map(ImportRun.readingStandardInput)
      self.options = options
      self.format = format
      self.width = width
      self.database = database
    }

    /// Reads the values of `--format`, which may be given twice: once for the output (`table`,
    /// `json`) and once for the layout (`auto`, `wide`, `long`, `report`).
    ///
    /// - Throws: ``DairyError`` (usage) for another value, or two of one kind.
    package mutating func setFormats(_ values: [String]) throws {
      var output: Format?
      var layout: ImportOptions.Format?
      for value in values {
        if let format = Format(rawValue: value), output == nil {
          output = format
        } else if let format = ImportOptions.Format(rawValue: value), layout == nil {
          layout = format
        } else {
          throw DairyError(
            .usage,
            "--format takes table or json (the output) and auto, wide, long or report (the "
              + "layout), each once; \"\(value)\" is not one more of those")
        }
      }
      format = output ?? format
      options.format = layout ?? options.format
    }
  }

  /// Explains each file on `output`; the error of each file an import would refuse goes to
  /// `errors` (and into the JSON). Returns 0, or the exit status of the first such error.
  ///
  /// Several files are also read together, as `dairy import` reads them in one run, so that
  /// what only their import together refuses (a file named twice, two files of one dataset that
  /// give a year twice) is refused here too, with the same error.
  package static func run(
    _ request: Request, terminal: Terminal,
    output: inout some TextOutputStream, errors: inout some TextOutputStream
  ) -> Int32 {
    do {
      try ImportRun.refuseFilesGivenTwice(request.files)
    } catch {
      return DairyError.report(error, to: &errors)
    }
    var inspections = request.files.map { ImportRun.inspect($0, options: request.options) }
    if request.files.count > 1, inspections.allSatisfy({ $0.error == nil }),
      let failure = ImportRun.verdict(of: request.files, options: request.options)
    {
      let index =
        inspections.lastIndex { $0.file == failure.location?.file } ?? inspections.count - 1
      inspections[index].error = failure
    }
    for index in inspections.indices
    where inspections[index].isBackup && inspections[index].error == nil {
      findReplaced(&inspections[index], database: request.database)
    }
    switch request.format {
    case .json:
      output.write(terminal.shown(InspectJSON.render(inspections), as: .json))
    case .table:
      let viewport = Viewport(width: request.width ?? terminal.width, color: terminal.wantsColor)
      for line in InspectTableRenderer.render(inspections, in: viewport) {
        output.write(line + "\n")
      }
    }
    var status: Int32 = 0
    for failure in inspections.compactMap(\.error) {
      let code = DairyError.report(failure, to: &errors)
      if status == 0 { status = code }
    }
    return status
  }

  /// Fills in what an import of the backup `inspection` would replace in the database, read
  /// without writing to it; when it cannot be read, says so among the file's warnings.
  package static func findReplaced(_ inspection: inout Inspection, database flag: String?) {
    do {
      let path = try DatabaseLocation.resolve(flag: flag).path
      let replaced = try DairyDatabase.datasetSizes(
        named: inspection.datasets.map(\.name), at: path)
      inspection.replacement = Inspection.Replacement(database: path, datasets: replaced)
    } catch {
      inspection.warnings.append("cannot tell which datasets this backup replaces: \(error)")
    }
  }
}
