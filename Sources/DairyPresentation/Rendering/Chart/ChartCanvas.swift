import DairyImport
import DairyModel

/// A grid of character cells to draw lines on, in dots: 2 × 4 dots a cell in braille, one dot a
/// cell in ASCII. Each cell remembers the last series drawn in it, for its colour or its mark.
package struct ChartCanvas: Sendable, Hashable {
  package let columns: Int
  package let rows: Int
  package let marks: ChartStyle.Marks
  /// Per cell: the braille dots set (bit values of U+2800's pattern).
  private var dots: [UInt8]
  /// Per cell: the series that last drew in it, or -1.
  private var owners: [Int]
  /// Per cell: a series' mark (ASCII) drawn over the dots, or 0.
  private var labels: [UInt8]

  package init(columns: Int, rows: Int, marks: ChartStyle.Marks) {
    self.columns = Swift.max(0, columns)
    self.rows = Swift.max(0, rows)
    self.marks = marks
    let cells = self.columns * self.rows
    dots = Array(repeating: 0, count: cells)
    owners = Array(repeating: -1, count: cells)
    labels = Array(repeating: 0, count: cells)
  }

  package var dotsWide: Int { columns * (marks == .braille ? 2 : 1) }
  package var dotsHigh: Int { rows * (marks == .braille ? 4 : 1) }

  /// Runs `body` with a pen that draws series `series` on this canvas: drawing a series sets
  /// thousands of dots, each through the pen's pointers rather than a checked array write.
  package mutating func drawing<Result>(series: Int, _ body: (ChartPen) -> Result) -> Result {
    let (columns, braille, wide, high) = (columns, marks == .braille, dotsWide, dotsHigh)
    return dots.withUnsafeMutableBufferPointer { dots in
      owners.withUnsafeMutableBufferPointer { owners in
        body(
          ChartPen(
            dots: dots, owners: owners, columns: columns, braille: braille, dotsWide: wide,
            dotsHigh: high, series: series))
      }
    }
  }

  /// Draws `mark` over the cell holding dot (x, y).
  package mutating func label(x: Int, y: Int, mark: Character, series: Int) {
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
  package func line(_ row: Int, color: Bool) -> String {
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
