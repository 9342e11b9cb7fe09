import DairyModel

/// One sheet of a workbook, as the workbook lists it: its name, place in the tab order,
/// visibility and kind.
package struct WorkbookSheet: Hashable, Sendable {
  /// Whether the sheet's tab shows.
  package enum State: Hashable, Sendable {
    case visible
    /// Hidden; the user can unhide it.
    case hidden
    /// Hidden so that only a macro can unhide it.
    case veryHidden
  }

  /// What the sheet holds.
  package enum Kind: Hashable, Sendable {
    /// Cells: the only kind with rows.
    case worksheet
    /// A chart on a sheet of its own: no cells.
    case chartsheet
    /// A dialog or macro sheet: not read, no cells.
    case other
  }

  /// The name on the sheet's tab (unique in the workbook, ignoring case).
  package var name: String
  /// The 0-based position in the workbook's tab order.
  package var index: Int
  package var state: State
  package var kind: Kind
  /// The ZIP entry that holds the sheet (`xl/worksheets/sheet1.xml`).
  package var part: String
}
