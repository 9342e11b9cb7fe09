import DairyImport
import DairyModel

/// Draws one series' dots on a ``ChartCanvas``, through pointers to its cells that the canvas
/// lends for the drawing (``ChartCanvas/drawing(series:_:)``): 2 × 4 dots a cell in braille, one
/// dot a cell in ASCII. Every dot is checked against the canvas's size before it is set.
package struct ChartPen {
  /// Per cell: the braille dots set (bit values of U+2800's pattern).
  package let dots: UnsafeMutableBufferPointer<UInt8>
  /// Per cell: the series that last drew in it.
  package let owners: UnsafeMutableBufferPointer<Int>
  package let columns: Int
  package let braille: Bool
  package let dotsWide: Int
  package let dotsHigh: Int
  /// The series drawn.
  package let series: Int

  /// Sets the dot at (x, y), y counted from the top; dots off the canvas are ignored.
  package func plot(x: Int, y: Int) {
    guard x >= 0, y >= 0, x < dotsWide, y < dotsHigh else { return }
    let cell = braille ? (y >> 2) * columns + x >> 1 : y * columns + x
    dots[cell] |= braille ? Self.stroke(side: x & 1, from: y & 3, to: y & 3) : 1
    owners[cell] = series
  }

  /// A straight line of dots from one dot to another, both included (Bresenham).
  package func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
    let dx = abs(end.x - start.x)
    let dy = -abs(end.y - start.y)
    let stepX = start.x < end.x ? 1 : -1
    let stepY = start.y < end.y ? 1 : -1
    var error = dx + dy
    var (x, y) = start
    while true {
      plot(x: x, y: y)
      if x == end.x && y == end.y { return }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
  }

  /// The dots from `top` to `bottom` (included) in dot column `x`, a cell at a time.
  @inline(__always)
  package func vertical(x: Int, from top: Int, to bottom: Int) {
    guard x >= 0, x < dotsWide else { return }
    let top = Swift.max(0, top)
    let bottom = Swift.min(dotsHigh - 1, bottom)
    guard top <= bottom else { return }
    guard braille else {
      for row in top...bottom { plot(x: x, y: row) }
      return
    }
    let side = x & 1
    var cell = (top >> 2) * columns + x >> 1
    let last = (bottom >> 2) * columns + x >> 1
    var first = top & 3
    while cell < last {
      dots[cell] |= Self.stroke(side: side, from: first, to: 3)
      owners[cell] = series
      cell += columns
      first = 0
    }
    dots[last] |= Self.stroke(side: side, from: first, to: bottom & 3)
    owners[last] = series
  }

  /// A dot made large enough to see alone: the whole 2 × 2 block of its cell around it.
  package func point(x: Int, y: Int) {
    guard braille else { return plot(x: x, y: y) }
    let left = x - x % 2
    let top = Swift.min(y, y - y % 4 + 2)
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
      plot(x: left + dx, y: top + dy)
    }
  }

  /// The braille bits of the dots from row `first` to row `last` (0 to 3) of side `side` (0 or 1)
  /// of a cell: rows 0–2 are bits 0–2 on the left and 3–5 on the right, row 3 is bit 6 or 7
  /// (0x01 0x02 0x04 0x40 down the left, 0x08 0x10 0x20 0x80 down the right).
  package static func stroke(side: Int, from first: Int, to last: Int) -> UInt8 {
    let rows = (0xF &>> (3 &- last)) & (0xF &<< first)
    return UInt8(truncatingIfNeeded: (rows & 7) &<< (3 &* side) | (rows & 8) &<< (3 &+ side))
  }
}
