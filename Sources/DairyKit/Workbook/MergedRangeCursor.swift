/// The merged ranges of a sheet that cross each row, for rows visited top to bottom (as a
/// ``SheetReader`` gives them): a range enters when its first row is reached and leaves after
/// its last, so a row costs nothing in a sheet without merged cells.
///
/// ```swift
/// var cursor = MergedRangeCursor([CellRange("A2:A4")!, CellRange("B2:D2")!])
/// cursor.move(to: 2).count  // 2
/// cursor.move(to: 3).count  // 1: A2:A4
/// cursor.move(to: 5).count  // 0
/// ```
struct MergedRangeCursor: Sendable {
  /// Every range, by first row.
  private let ranges: [CellRange]
  /// The first range of `ranges` not yet reached.
  private var next = 0
  /// The ranges that cross the row last moved to.
  private(set) var active: [CellRange] = []

  init(_ ranges: [CellRange]) {
    self.ranges = ranges.sorted { $0.first.row < $1.first.row }
  }

  /// The ranges that cross `row`, which is not above the row of the call before.
  mutating func move(to row: Int) -> [CellRange] {
    if !active.isEmpty { active.removeAll { $0.last.row < row } }
    while next < ranges.count, ranges[next].first.row <= row {
      if ranges[next].last.row >= row { active.append(ranges[next]) }
      next += 1
    }
    return active
  }
}
