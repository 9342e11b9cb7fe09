import DairyFormats
import DairyModel

/// How `dairy import` reads its files: the layout, names, and overrides of what it detects.
///
/// ```swift
/// var options = ImportOptions()
/// options.format = .long
/// options.sectionColumns = ["state"]
/// ```
public struct ImportOptions: Sendable, Hashable {
  /// The shape of a table.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// Detect from the header and the first rows.
    case auto
    /// A year column, then one column per series.
    case wide
    /// A year column, one value column, and text columns that name the series.
    case long
    /// A table as published: title rows, stacked header rows, years down or across, a notes
    /// block.
    case report
  }

  public var format: Format = .auto
  /// The dataset the files go into; by default each file's stem (`milk.csv` → `milk`).
  public var dataset: String?
  /// The unit of every section that gets none from metadata or a unit column.
  public var unit: String?
  /// A metadata sidecar to use instead of looking for `STEM.metadata.json` next to each file.
  public var metadataPath: String?
  /// Extra missing-value markers besides empty and ``NumberParser/standardMissingMarkers``
  /// (`NA`, `N/A`, `-`, `--`, `—`, and NASS's `(D)`, `(Z)`, `(NA)`, `(X)`, `(S)`).
  public var extraMissingMarkers: [String] = []
  /// Long format: the columns that together name a section.
  package var sectionColumns: [String] = []
  /// The year column, when it is not called `year`.
  package var yearColumn: String?
  /// Long format: the value column, when it cannot be detected.
  package var valueColumn: String?
  /// Long format: the notes column, when it is not called note, notes or footnote.
  package var notesColumn: String?
  /// The encoding of files with no byte-order mark (UTF-8 by default).
  package var encoding: TextEncoding = .utf8
  /// The CSV separator; nil to detect it from each file's first lines.
  package var separator: CSVSeparator?
  /// Report format: the rows (lines of a CSV file, rows of a sheet) of the header, when
  /// detection takes the wrong ones.
  package var headerRows: ClosedRange<Int>?
  /// Report format: the rows of the data block.
  package var dataRows: ClosedRange<Int>?
  /// The dataset's title, instead of what the file or its metadata says.
  public var title: String?
  /// Workbooks: the sheets to read, by name (ignoring case); empty for every sheet with data.
  public var sheets: [String] = []
  /// Workbooks: whether a sheet that cannot be read refuses the whole import (`--strict`),
  /// instead of being skipped with a warning while the workbook's other sheets import. A sheet
  /// named in ``sheets`` is always refused.
  public var strict = false
  /// Whether the import may replace a dataset that exists (`--replace`). Without it, an import
  /// that would replace one, and does not hold the very bytes and options that dataset was
  /// imported from (a no-op then), is refused before anything is written. Not part of the
  /// ``fingerprint``: it changes nothing of what is stored.
  public var replace = false

  public init() {}

  /// The missing-value markers in force.
  package var missingMarkers: [String] { NumberParser.standardMissingMarkers + extraMissingMarkers }

  /// A stable text of every option that changes what an import stores, for the imports log.
  ///
  /// The reading and report options come last, each group only when it is not the default,
  /// so that the fingerprint of a plain import is the same as before they existed.
  package var fingerprint: String {
    var parts = [
      format.rawValue, dataset ?? "", unit ?? "", extraMissingMarkers.joined(separator: "\u{1F}"),
      sectionColumns.joined(separator: "\u{1F}"), yearColumn ?? "", valueColumn ?? "",
      notesColumn ?? "",
    ]
    if encoding != .utf8 || separator != nil {
      parts += [encoding.name, separator?.rawValue ?? ""]
    }
    if headerRows != nil || dataRows != nil || title != nil {
      parts += [headerRows, dataRows].map { $0.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "" }
      parts.append(title ?? "")
    }
    if !sheets.isEmpty { parts.append("sheets:" + sheets.joined(separator: "\u{1F}")) }
    return parts.joined(separator: "\u{1E}")
  }
}
