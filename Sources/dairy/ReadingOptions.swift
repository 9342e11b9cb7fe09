import ArgumentParser
import DairyFormats
import DairyKit

/// How files are read: the options `import` and `inspect` share (all but `--format`), from the
/// text's encoding and separator to the report layout's rows.
struct ReadingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The encoding of files without a byte-order mark (a byte-order mark always decides).",
      valueName: "name"))
  var encoding: TextEncoding = .utf8

  @Option(
    help: ArgumentHelp(
      "The CSV separator, when detection from the first lines guesses wrong.",
      valueName: "separator"))
  var separator: CSVSeparator?

  @Option(help: "The dataset to import into (default: each file's stem).")
  var dataset: String?

  @Option(help: "The unit of series that get none from the file, its metadata or a unit column.")
  var unit: String?

  @Option(help: "The dataset's title, instead of the file's or its metadata's.")
  var title: String?

  @Option(
    help: ArgumentHelp(
      "A metadata JSON file (default: STEM.metadata.json beside each file).", valueName: "file"))
  var metadata: String?

  @Option(
    name: .customLong("na"),
    help: ArgumentHelp("Another text that marks a missing value (repeatable).", valueName: "text"))
  var missingMarkers: [String] = []

  @Option(
    name: .customLong("year-column"),
    help: ArgumentHelp(
      "The year column, if it is not called year (a report: its caption or its number).",
      valueName: "name"))
  var yearColumn: String?

  @Option(
    name: .customLong("header-rows"),
    help: ArgumentHelp("Report: the header's rows (lines), as A-B.", valueName: "A-B"))
  var headerRows: String?

  @Option(
    name: .customLong("data-rows"),
    help: ArgumentHelp("Report: the data block's rows (lines), as A-B.", valueName: "A-B"))
  var dataRows: String?

  @Option(
    name: .customLong("sheet"),
    help: ArgumentHelp(
      "Workbooks: a sheet to read (repeatable; default: every sheet with data).",
      valueName: "name"))
  var sheets: [String] = []

  @Flag(
    help: """
      Workbooks: refuse the whole import at a sheet that cannot be read (default: skip it with \
      a warning, and import the other sheets).
      """)
  var strict = false

  @Option(
    name: .customLong("section-column"),
    help: ArgumentHelp(
      "Long format: a column that names the series (repeatable).", valueName: "name"))
  var sectionColumns: [String] = []

  @Option(
    name: .customLong("value-column"),
    help: ArgumentHelp("Long format: the value column.", valueName: "name"))
  var valueColumn: String?

  @Option(
    name: .customLong("notes-column"),
    help: ArgumentHelp("Long format: the notes column.", valueName: "name"))
  var notesColumn: String?

  /// The options as the library takes them.
  func importOptions() throws -> ImportOptions {
    var options = ImportOptions()
    options.dataset = dataset
    options.unit = unit
    options.title = title
    options.metadataPath = metadata
    options.extraMissingMarkers = missingMarkers
    options.sectionColumns = sectionColumns
    options.yearColumn = yearColumn
    options.valueColumn = valueColumn
    options.notesColumn = notesColumn
    options.headerRows = try headerRows.map { try ImportOptions.rows($0, option: "--header-rows") }
    options.dataRows = try dataRows.map { try ImportOptions.rows($0, option: "--data-rows") }
    options.encoding = encoding
    options.separator = separator
    options.sheets = sheets
    options.strict = strict
    return options
  }
}

extension TextEncoding: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(name: argument)
  }

  public var defaultValueDescription: String { name }

  public static var allValueStrings: [String] { allCases.map { $0.name } }
}

extension CSVSeparator: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(name: argument)
  }

  public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}
