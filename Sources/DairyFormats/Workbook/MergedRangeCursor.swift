import DairyModel

/// The merged ranges of a sheet that cross each row, for rows visited top to bottom (as a
/// ``SheetReader`` gives them): a range enters when its first row is reached and leaves after
/// its last, so a row costs nothing in a sheet without merged cells.
///
/// Ranges are kept as ranges, never as cells, and clipped to the sheet's used area (the cells
/// the file holds): a range drawn over the whole sheet costs what the cells under it cost. The
/// ranges crossing a row come in column order; they do not overlap (``firstOverlap(in:)``), so
/// there are at most as many as the row has columns.
///
/// ```swift
/// var cursor = MergedRangeCursor([CellRange("A2:A4")!, CellRange("B2:D2")!])
/// cursor.move(to: 2).count  // 2
/// cursor.move(to: 3).count  // 1: A2:A4
/// cursor.move(to: 5).count  // 0
/// ```
package struct MergedRangeCursor: Sendable {
  /// Every range, by first row.
  private let ranges: [CellRange]
  /// The first range of `ranges` not yet reached.
  private var next = 0
  /// The ranges that cross the row last moved to, by first column.
  package private(set) var active: [CellRange] = []

  /// A cursor over `ranges`, each clipped to `usedArea` (nil: no clipping); a range whose
  /// top-left cell lies outside it is left out.
  package init(_ ranges: [CellRange], clippedTo usedArea: CellRange? = nil) {
    var kept = ranges
    if let usedArea {
      kept = ranges.compactMap { range in
        guard usedArea.contains(range.first) else { return nil }
        return CellRange(
          first: range.first,
          last: CellReference(
            column: min(range.last.column, usedArea.last.column),
            row: min(range.last.row, usedArea.last.row)))
      }
    }
    self.ranges = kept.sorted { $0.first.row < $1.first.row }
  }

  /// The ranges that cross `row`, which is not above the row of the call before, by column.
  package mutating func move(to row: Int) -> [CellRange] {
    if !active.isEmpty { active.removeAll { $0.last.row < row } }
    var entered = false
    while next < ranges.count, ranges[next].first.row <= row {
      if ranges[next].last.row >= row {
        active.append(ranges[next])
        entered = true
      }
      next += 1
    }
    if entered { active.sort { $0.first.column < $1.first.column } }
    return active
  }
}

// MARK: - Overlaps

extension MergedRangeCursor {
  /// The first range of `ranges`, in their order, that shares a cell with a range before it,
  /// and that range; nil when no two overlap (Excel refuses to merge over a merged range).
  ///
  /// A sweep down the rows: ranges enter at their first row and leave after their last, and a
  /// range entering must not cover a column an active range covers. The columns covered are
  /// counted in two Fenwick trees (range add, range sum), so the check costs n·log n for n
  /// ranges, whatever their sizes.
  package static func firstOverlap(in ranges: [CellRange]) -> (CellRange, CellRange)? {
    guard ranges.count > 1 else { return nil }
    let byFirst = ranges.indices.sorted {
      (ranges[$0].first.row, $0) < (ranges[$1].first.row, $1)
    }
    let byLast = ranges.indices.sorted { ranges[$0].last.row < ranges[$1].last.row }
    var covered = ColumnCounts(count: WorkbookLimits.maxColumns)
    var left = 0
    var culprit: Int?
    for index in byFirst {
      let range = ranges[index]
      while left < byLast.count, ranges[byLast[left]].last.row < range.first.row {
        let gone = ranges[byLast[left]]
        covered.add(-1, from: gone.first.column, through: gone.last.column)
        left += 1
      }
      if covered.sum(from: range.first.column, through: range.last.column) > 0 {
        culprit = index
        break
      }
      covered.add(1, from: range.first.column, through: range.last.column)
    }
    // Which range it overlaps: found once, by a look at every range.
    guard let culprit else { return nil }
    let range = ranges[culprit]
    guard let other = ranges.indices.first(where: { $0 != culprit && ranges[$0].overlaps(range) })
    else { return nil }
    return other < culprit ? (ranges[other], range) : (range, ranges[other])
  }

  /// How many active ranges cover each column: range add and range sum in log time.
  private struct ColumnCounts {
    private var plain: [Int]
    private var weighted: [Int]

    init(count: Int) {
      plain = Array(repeating: 0, count: count + 2)
      weighted = plain
    }

    /// Adds `value` to every column from `first` through `last` (0-based).
    mutating func add(_ value: Int, from first: Int, through last: Int) {
      update(first + 1, value)
      update(last + 2, -value)
    }

    /// The sum over the columns from `first` through `last`.
    func sum(from first: Int, through last: Int) -> Int {
      prefix(last + 1) - prefix(first)
    }

    private mutating func update(_ position: Int, _ value: Int) {
      var index = position
      while index < plain.count {
        plain[index] += value
        weighted[index] += value * (position - 1)
        index += index & -index
      }
    }

    /// The sum over the first `count` columns.
    private func prefix(_ count: Int) -> Int {
      var (index, a, b) = (count, 0, 0)
      while index > 0 {
        a += plain[index]
        b += weighted[index]
        index -= index & -index
      }
      return a * count - b
    }
  }
}

extension CellRange {
  /// Whether the two ranges share a cell.
  package func overlaps(_ other: CellRange) -> Bool {
    first.row <= other.last.row && other.first.row <= last.row
      && first.column <= other.last.column && other.first.column <= last.column
  }
}
