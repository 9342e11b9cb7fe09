import DairyModel

/// The bounds a workbook must keep to be read, so that a hostile file costs bounded memory and
/// time. Each is refused with a one-line error naming the file and the part, sheet or cell.
///
/// Worksheets are streamed, so a sheet's size costs time, not memory; what is held whole (shared
/// strings, styles, the workbook part) has its own, smaller bound. The defaults are generous for
/// real workbooks (the USDA's are under 1 MB); tests lower them to reach each refusal cheaply.
///
/// ```swift
/// var limits = WorkbookLimits()
/// limits.maxPartBytes = 64 << 20
/// let workbook = try Workbook.open(path: "milk.xlsx", limits: limits)
/// ```
package struct WorkbookLimits: Hashable, Sendable {
  /// The last column a sheet can have: `XFD`, 16,384 columns (the format's own limit).
  package static let maxColumns = 16_384
  /// The last row a sheet can have: 1,048,576 (the format's own limit).
  package static let maxRows = 1_048_576
  /// The longest element name: 1,024 bytes (the names of open elements are kept until they
  /// close, so this and ``maxElementDepth`` bound that memory).
  package static let maxNameBytes = 1_024

  /// The most bytes one part (a worksheet) may inflate to: 512 MiB, about 10 million cells.
  /// Inflating stops at the limit; the ZIP header's stated size is not trusted.
  package var maxPartBytes = 512 << 20
  /// The most bytes the parts held whole may inflate to: the workbook part, relationships and
  /// styles, 16 MiB each.
  package var maxMetadataPartBytes = 16 << 20
  /// The highest ratio of inflated to compressed bytes a part may reach once it has inflated
  /// ``ratioGraceBytes``: 200. Real parts stay near 10; a ZIP bomb reaches 1,000.
  package var maxCompressionRatio = 200
  /// How many inflated bytes a part may reach before the ratio is checked: 1 MiB, so that tiny,
  /// very regular parts pass.
  package var ratioGraceBytes = 1 << 20
  /// The most bytes the shared-strings part may inflate to: 64 MiB (its strings are held in
  /// memory for the whole read).
  package var maxSharedStringsBytes = 64 << 20
  /// The most shared strings a workbook may have: 1,048,576.
  package var maxSharedStrings = 1 << 20
  /// The longest tag or run of text in a part: 1 MiB (a cell holds at most 32,767 characters).
  package var maxTokenBytes = 1 << 20
  /// The deepest nesting of elements in a part: 256 (real parts nest under 10).
  package var maxElementDepth = 256
  /// The most entries the ZIP archive may list: 10,000 (and so the most sheets).
  package var maxEntries = 10_000
  /// The most merged ranges a sheet may have: 262,144 (they are held in memory, 32 bytes
  /// each; no two may overlap, and each is clipped to the cells the sheet holds).
  package var maxMergedRanges = 1 << 18
  /// The most rows above a sheet's first number (its data block) that the import keeps until
  /// it finds that number: 10,000. Rows without a value are neither kept nor counted.
  package var maxRowsAboveData = 10_000
  /// The most memory the rows above a sheet's first number may take while they are kept:
  /// 4 MiB, counting each cell's text and ``cellBytesAboveData`` bytes a cell. A sheet past
  /// either bound is refused if a number comes after all, and skipped (no data) if none does.
  package var maxBytesAboveData = 4 << 20
  /// What a cell held above the data costs besides its text: 64 bytes.
  package static let cellBytesAboveData = 64

  /// Parts whose ZIP directory states at most this many bytes (1 MiB) are inflated whole, on
  /// the calling thread; larger ones stream from a thread of their own. Not a limit: a part
  /// never inflates past its stated size. Tests set it to 0 to stream every part.
  package var inMemoryPartBytes = 1 << 20
  /// The most cells of a sheet kept in memory (16 bytes each: 2^21 cells, 32 MiB) so that a
  /// second reading replays them rather than parsing the part again (``SheetRecording``). Not a
  /// limit: a larger sheet is parsed again. Tests set it to 0 to parse every reading.
  package var maxRecordedCells = 1 << 21
  /// The most bytes of text a recording keeps (16 bytes a text, and its UTF-8): 16 MiB. Not a
  /// limit either: past it, the sheet is parsed again.
  package var maxRecordedTextBytes = 16 << 20

  /// The defaults above.
  package init() {}

  /// The defaults above.
  package static let standard = WorkbookLimits()
}
