/// One sheet of a workbook, as the workbook lists it: its name, place in the tab order,
/// visibility and kind.
public struct WorkbookSheet: Hashable, Sendable {
  /// Whether the sheet's tab shows.
  public enum State: Hashable, Sendable {
    case visible
    /// Hidden; the user can unhide it.
    case hidden
    /// Hidden so that only a macro can unhide it.
    case veryHidden
  }

  /// What the sheet holds.
  public enum Kind: Hashable, Sendable {
    /// Cells: the only kind with rows.
    case worksheet
    /// A chart on a sheet of its own: no cells.
    case chartsheet
    /// A dialog or macro sheet: not read, no cells.
    case other
  }

  /// The name on the sheet's tab (unique in the workbook, ignoring case).
  public var name: String
  /// The 0-based position in the workbook's tab order.
  public var index: Int
  public var state: State
  public var kind: Kind
  /// The ZIP entry that holds the sheet (`xl/worksheets/sheet1.xml`).
  public var part: String
}
