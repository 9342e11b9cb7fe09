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
  /// Per cell: a series' mark drawn over the dots, or nil.
  private var labels: [Character?]

  init(columns: Int, rows: Int, marks: ChartStyle.Marks) {
    self.columns = Swift.max(0, columns)
    self.rows = Swift.max(0, rows)
    self.marks = marks
    let cells = self.columns * self.rows
    dots = Array(repeating: 0, count: cells)
    owners = Array(repeating: -1, count: cells)
    labels = Array(repeating: nil, count: cells)
  }

  var dotsWide: Int { columns * (marks == .braille ? 2 : 1) }
  var dotsHigh: Int { rows * (marks == .braille ? 4 : 1) }

  /// Braille dot bits by (x % 2, y % 4).
  private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

  /// Sets the dot at (x, y), y counted from the top; dots off the canvas are ignored.
  mutating func plot(x: Int, y: Int, series: Int) {
    guard x >= 0, y >= 0, x < dotsWide, y < dotsHigh else { return }
    let braille = marks == .braille
    let cell = (braille ? y / 4 : y) * columns + (braille ? x / 2 : x)
    dots[cell] |= braille ? Self.bits[x % 2][y % 4] : 1
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
    guard x >= 0, y >= 0, x < dotsWide, y < dotsHigh else { return }
    let braille = marks == .braille
    let cell = (braille ? y / 4 : y) * columns + (braille ? x / 2 : x)
    labels[cell] = mark
    owners[cell] = series
  }

  /// Row `row` as text: braille patterns, or each series' mark in ASCII; blank cells are spaces.
  /// With `color`, runs of cells take their series' colour.
  func line(_ row: Int, color: Bool) -> String {
    var out = ""
    var run = ""
    var runOwner = -1
    func flush() {
      out += runOwner >= 0 ? ChartPalette.paint(run, series: runOwner, color: color) : run
      run = ""
    }
    for cell in (row * columns)..<((row + 1) * columns) {
      let owner = dots[cell] == 0 && labels[cell] == nil ? -1 : owners[cell]
      if owner != runOwner {
        flush()
        runOwner = owner
      }
      run.append(character(cell))
    }
    flush()
    return out
  }

  private func character(_ cell: Int) -> Character {
    if let label = labels[cell] { return label }
    if dots[cell] == 0 { return " " }
    if marks == .ascii { return ChartPalette.mark(owners[cell]) }
    return Character(Unicode.Scalar(0x2800 + UInt32(dots[cell]))!)
  }
}
