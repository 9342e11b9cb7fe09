/// A grid of character cells to draw lines on, in dots: 2 × 4 dots a cell in braille, one dot a
/// cell in ASCII. Each cell remembers the last series drawn in it, for its colour or its mark.
struct ChartCanvas: Sendable, Hashable {
  let columns: Int
  let rows: Int
  let marks: ChartStyle.Marks
  /// Per cell: the braille dots set (bit values of U+2800's pattern).
  private var dots: [UInt8]
  /// Per cell: the series that last drew in it, or -1.
  private var owners: [Int]
  /// Per cell: a series' mark (ASCII) drawn over the dots, or 0.
  private var labels: [UInt8]

  init(columns: Int, rows: Int, marks: ChartStyle.Marks) {
    self.columns = Swift.max(0, columns)
    self.rows = Swift.max(0, rows)
    self.marks = marks
    let cells = self.columns * self.rows
    dots = Array(repeating: 0, count: cells)
    owners = Array(repeating: -1, count: cells)
    labels = Array(repeating: 0, count: cells)
  }

  var dotsWide: Int { columns * (marks == .braille ? 2 : 1) }
  var dotsHigh: Int { rows * (marks == .braille ? 4 : 1) }

  /// The braille bit of the dot in column `side` (0 or 1) and row `row` (0 to 3) of a cell:
  /// 0x01 0x02 0x04 0x40 down the left, 0x08 0x10 0x20 0x80 down the right.
  private static func bit(side: Int, row: Int) -> UInt8 {
    row < 3 ? UInt8(1) << (row + 3 * side) : UInt8(0x40) << side
  }

  /// Sets the dot at (x, y), y counted from the top; dots off the canvas are ignored.
  mutating func plot(x: Int, y: Int, series: Int) {
    guard x >= 0, y >= 0, x < dotsWide, y < dotsHigh else { return }
    let braille = marks == .braille
    let cell = (braille ? y / 4 : y) * columns + (braille ? x / 2 : x)
    dots[cell] |= braille ? Self.bit(side: x % 2, row: y % 4) : 1
    owners[cell] = series
  }

  /// A straight line of dots from one dot to another, both included (Bresenham).
  mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), series: Int) {
    let dx = abs(end.x - start.x)
    let dy = -abs(end.y - start.y)
    let stepX = start.x < end.x ? 1 : -1
    let stepY = start.y < end.y ? 1 : -1
    var error = dx + dy
    var (x, y) = start
    while true {
      plot(x: x, y: y, series: series)
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
  mutating func vertical(x: Int, from top: Int, to bottom: Int, series: Int) {
    guard x >= 0, x < dotsWide else { return }
    let top = Swift.max(0, top)
    let bottom = Swift.min(dotsHigh - 1, bottom)
    guard top <= bottom else { return }
    guard marks == .braille else {
      for row in top...bottom { plot(x: x, y: row, series: series) }
      return
    }
    for row in (top / 4)...(bottom / 4) {
      // The dots from `first` to `last` of the cell's four, as bits 0–3, then as braille bits.
      let first = Swift.max(top, row * 4) - row * 4
      let last = Swift.min(bottom, row * 4 + 3) - row * 4
      let run = (UInt8(0xF) >> (3 - (last - first))) << first
      let mask =
        x % 2 == 0 ? (run & 0x7) | (run & 0x8) << 3 : (run & 0x7) << 3 | (run & 0x8) << 4
      let cell = row * columns + x / 2
      dots[cell] |= mask
      owners[cell] = series
    }
  }

  /// A dot made large enough to see alone: the whole 2 × 2 block of its cell around it.
  mutating func point(x: Int, y: Int, series: Int) {
    guard marks == .braille else { return plot(x: x, y: y, series: series) }
    let left = x - x % 2
    let top = Swift.min(y, y - y % 4 + 2)
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
      plot(x: left + dx, y: top + dy, series: series)
    }
  }

  /// Draws `mark` over the cell holding dot (x, y).
  mutating func label(x: Int, y: Int, mark: Character, series: Int) {
    guard let mark = mark.asciiValue else { return }
    guard x >= 0, y >= 0, x < dotsWide, y < dotsHigh else { return }
    let braille = marks == .braille
    let cell = (braille ? y / 4 : y) * columns + (braille ? x / 2 : x)
    labels[cell] = mark
    owners[cell] = series
  }

  /// Row `row` as text: braille patterns, or each series' mark in ASCII; blank cells are spaces,
  /// and trailing ones left out. With `color`, runs of cells take their series' colour. Built as
  /// UTF-8 bytes: this runs for every cell of every frame.
  func line(_ row: Int, color: Bool) -> String {
    let first = row * columns
    var end = first + columns
    while end > first && dots[end - 1] == 0 && labels[end - 1] == 0 { end -= 1 }
    var bytes: [UInt8] = []
    bytes.reserveCapacity((end - first) * 3 + 16)
    var painted = -1
    for cell in first..<end {
      let blank = dots[cell] == 0 && labels[cell] == 0
      if color && !blank && owners[cell] != painted {
        if painted >= 0 { bytes += Self.reset }
        painted = owners[cell]
        bytes += Array("\u{1B}[38;5;\(ChartPalette.color(painted).ansi)m".utf8)
      } else if color && blank && painted >= 0 {
        bytes += Self.reset
        painted = -1
      }
      if labels[cell] != 0 {
        bytes.append(labels[cell])
      } else if blank {
        bytes.append(0x20)
      } else if marks == .ascii {
        bytes.append(ChartPalette.mark(owners[cell]).asciiValue ?? 0x3F)
      } else {
        // U+2800 + dots, in UTF-8.
        bytes += [0xE2, 0xA0 + dots[cell] >> 6, 0x80 | dots[cell] & 0x3F]
      }
    }
    if painted >= 0 { bytes += Self.reset }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}
