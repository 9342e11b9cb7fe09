import DairyImport
import DairyModel

/// A line with no year missing, over dot columns that each hold a year of the axis: every column
/// from its first year's to its last year's holds some of its points, and each joins the next.
/// Such a line (any long series without gaps) is sampled and drawn in one pass
/// (``ChartPen/draw(_:scale:)``), with no samples in between; the dots are the ones
/// ``ChartSampler`` and ``ChartPen/draw(_:of:scale:)`` set.
package struct DenseTrace {
  package let line: ChartLine
  package let columns: AxisColumns
  /// The year of the line's first point.
  package let firstYear: Int64
  /// The columns of the line's first and last points, the first before the last.
  package let firstColumn: Int
  package let lastColumn: Int

  /// The trace of `line` over `columns`, or nil when some year is missing in its range, when its
  /// points fall in a single column, when some column holds no year, or when `scale` places
  /// values other than by its inverse span (there, positions may not fall as values rise, which
  /// drawing each column once relies on) or does not reach down to the line's lowest value
  /// (which a panel's scale always does: the drawing, through pointers, relies on it).
  package init?(_ line: ChartLine, columns: AxisColumns, scale: ChartScale) {
    guard line.isDrawn, columns.everyColumnHasAYear, scale.inverseSpan != nil,
      let low = line.low, scale.low <= low
    else { return nil }
    let points = line.series.points
    let (lower, upper) = (line.range.lowerBound, line.range.upperBound)
    let (first, last) = (points[lower].year, points[upper - 1].year)
    guard last.subtractingReportingOverflow(first) == (Int64(upper - 1 - lower), false) else {
      return nil
    }
    self.line = line
    self.columns = columns
    firstYear = first
    firstColumn = columns.column(first)
    lastColumn = columns.column(last)
    guard firstColumn < lastColumn else { return nil }
  }

  /// The index past the points of `column` (from the first column to the last).
  @inline(__always)
  package func end(of column: Int, ends: UnsafeBufferPointer<Int64>) -> Int {
    column < lastColumn
      ? line.range.lowerBound &+ Int(truncatingIfNeeded: ends[column] &- firstYear)
      : line.range.upperBound
  }

  /// The samples at the columns a mark goes on, from `offset` and every `spacing` columns
  /// (``ChartCanvas/mark(_:of:scale:offset:spacing:)`` passes over the others).
  package func samples(from offset: Int, every spacing: Int) -> [ChartSample] {
    let points = line.series.points
    var samples: [ChartSample] = []
    var column = Swift.max(offset, firstColumn)
    columns.ends.withUnsafeBufferPointer { ends in
      while column <= lastColumn {
        let start = column == firstColumn ? line.range.lowerBound : end(of: column - 1, ends: ends)
        let end = end(of: column, ends: ends)
        let (low, high) = line.series.extremes.extremes(in: start..<end)
        samples.append(
          ChartSample(
            column: column, first: points[start], last: points[end - 1], low: low, high: high))
        column += Swift.max(1, spacing)
      }
    }
    return samples
  }
}

extension ChartPen {
  /// Draws `trace` against `scale`, as ``draw(_:of:scale:)`` draws its samples: each column a
  /// stroke from its lowest to its highest value, joined to the next column by two strokes (the
  /// first half of the way in this column, the rest in the next's), or by none when the join's
  /// ends lie within both columns' ranges. A column's half of a join starts at one of its own
  /// rows, so the column is drawn once, as a single stroke, when the next column's join is
  /// known. Columns are read 32 at a time before they are placed and drawn.
  package func draw(_ trace: DenseTrace, scale: ChartScale) {
    guard let base = trace.line.base else { return draw(trace, scale: scale) { $0 } }
    draw(trace, scale: scale) { ChartScale.finite($0 / base * 100) }
  }

  /// Draws `trace` with its values plotted by `plotted` (``ChartLine/plotted(_:)``).
  @inline(__always)
  private func draw(
    _ trace: DenseTrace, scale: ChartScale, plotted: (Double) -> Double
  ) {
    guard let inverse = scale.inverseSpan else { return }
    precondition(braille && trace.firstColumn >= 0 && trace.lastColumn < dotsWide)
    precondition(trace.line.range.upperBound <= trace.line.series.points.count)
    let (low, top) = (scale.low, Double(dotsHigh &- 1))
    @inline(__always) func y(_ amount: Double, _ other: Double) -> (Int, Int) {
      // `ChartScale.fraction` for values from `low` to `high`, which are finite and not below
      // 0; the position is never negative, so adding a half and truncating rounds it. Within
      // the canvas: from 0 to `top`. Two at a time, in SIMD lanes, and truncated without a
      // conversion's checks: adding 2^52 rounds a position (below 2^51) to an integer, the
      // low bits of the sum, one less where that rounded up.
      var fraction = (SIMD2(plotted(amount), plotted(other)) - low) * inverse
      fraction.replace(with: 1, where: fraction .> 1)
      let position = (1 - fraction) * top + 0.5
      let sum = position + 0x1p52
      let rounded = unsafeBitCast(sum, to: SIMD2<Int64>.self) &- 0x4330_0000_0000_0000
      let row =
        rounded &+ SIMD2<Int64>(repeating: 0).replacing(with: -1, where: sum - 0x1p52 .> position)
      return (Int(row[0]), Int(row[1]))
    }
    trace.columns.ends.withUnsafeBufferPointer { ends in
      trace.line.series.extremes.withReader { values in
        // Columns are read a chunk at a time, then drawn: a loop that only reads has the reads
        // of many columns under way at once, where a long series' reads miss the cache.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * Self.chunk) { runs in
          var start = trace.line.range.lowerBound
          // The stroke of the column before this one, its last value and its extremes.
          var (above, below) = (0, 0)
          var before = (last: 0.0, low: 0.0, high: 0.0)
          var chunk = trace.firstColumn
          while chunk <= trace.lastColumn {
            let columns = chunk...Swift.min(chunk &+ Self.chunk &- 1, trace.lastColumn)
            for column in columns {
              let end = trace.end(of: column, ends: ends)
              let run = values.run(from: start, to: end)
              let slot = 4 &* (column &- chunk)
              (runs[slot], runs[slot &+ 1]) = (run.first, run.last)
              (runs[slot &+ 2], runs[slot &+ 3]) = (run.low, run.high)
              start = end
            }
            for column in columns {
              let slot = 4 &* (column &- chunk)
              let run = (first: runs[slot], low: runs[slot &+ 2], high: runs[slot &+ 3])
              var (high, low) = y(run.high, run.low)
              if column > trace.firstColumn {
                // The join from the column before: half the way there, the rest here; nothing
                // when its ends lie within both columns' ranges (`ChartPen.overlaps`).
                if !(before.low <= run.first && run.first <= before.high && run.low <= before.last
                  && before.last <= run.high)
                {
                  let (last, first) = y(before.last, run.first)
                  let distance = first &- last
                  let split = last &+ distance / 2
                  (above, below) = (Swift.min(above, split), Swift.max(below, split))
                  let rest = split &+ distance.signum()
                  (high, low) = (Swift.min(high, rest), Swift.max(low, rest))
                }
                stroke(x: column &- 1, from: above, to: below)
              }
              (above, below) = (high, low)
              before = (runs[slot &+ 1], run.low, run.high)
            }
            chunk = columns.upperBound &+ 1
          }
          stroke(x: trace.lastColumn, from: above, to: below)
        }
      }
    }
  }

  /// The columns read before they are drawn: 1 KB of runs, which
  /// `withUnsafeTemporaryAllocation` keeps on the stack.
  private static let chunk = 32

  /// ``vertical(x:from:to:)`` in braille for a column on the canvas and rows from `top` to
  /// `bottom` within it, with fewer branches: a stroke within one cell writes it once; a longer
  /// one, its first and last cells, and the cells between in a loop. (Writing a cell twice, as
  /// its first and last, made each column wait for a store then a load of the same byte, and
  /// the next column, whose stroke mostly shares the cell, for both: 4 % of a long chart.)
  @inline(__always)
  private func stroke(x: Int, from top: Int, to bottom: Int) {
    let (top, bottom) = (Swift.max(0, top), Swift.min(dotsHigh &- 1, bottom))
    let side = x & 1
    let first = (top &>> 2) &* columns &+ x &>> 1
    let last = (bottom &>> 2) &* columns &+ x &>> 1
    // Bytes of U+2800's bits: a side's rows from row r down, and from the top to row r.
    let down = UInt8(truncatingIfNeeded: Self.rowsFrom &>> (8 &* (4 &* side &+ top & 3)))
    let up = UInt8(truncatingIfNeeded: Self.rowsTo &>> (8 &* (4 &* side &+ bottom & 3)))
    let single = first == last
    if single {
      dots[first] |= down & up
      owners[first] = series
      return
    }
    dots[first] |= down
    owners[first] = series
    var cell = first &+ columns
    while cell < last {
      dots[cell] |= side == 0 ? 0x47 : 0xB8
      owners[cell] = series
      cell &+= columns
    }
    dots[last] |= up
    owners[last] = series
  }

  /// Left side 0x47 0x46 0x44 0x40, right side 0xB8 0xB0 0xA0 0x80: the dots of rows r to 3.
  private static let rowsFrom: UInt64 = 0x80A0_B0B8_4044_4647
  /// Left side 0x01 0x03 0x07 0x47, right side 0x08 0x18 0x38 0xB8: the dots of rows 0 to r.
  private static let rowsTo: UInt64 = 0xB838_1808_4707_0301
}
