import DairyFormats
import DairyModel

/// A first reading of a whole long table, for what only all of its rows tell of its columns:
/// which values each column takes, and which columns are functions of which (each value of one
/// goes with one value of the other). ``LongColumns`` turns that into the part each column plays.
///
/// Every value is interned as a small number, and each ordered pair of surveyed columns keeps,
/// per value of the first, the value of the second it goes with, until a row contradicts it: a
/// row costs time in the square of the columns surveyed, which is why a table of more than
/// ``maxColumns`` of them is not surveyed.
///
/// ```swift
/// // item,itemid,region,year,value
/// var survey = LongColumnSurvey(columns: [0, 1, 2, 3])
/// for row in rows { survey.add(row) }
/// survey.determines(1, 0)  // true: each itemid has one item
/// survey.distinct(2)  // the number of regions
/// ```
package struct LongColumnSurvey {
  /// The most columns a survey looks at: past it, the table is read as named columns alone.
  package static let maxColumns = 32
  /// The most distinct values a column's relations are kept for; past it, the column is taken
  /// to be a function of nothing but itself (each of its values is a series' own).
  package static let maxDistinct = 1 << 16

  /// The surveyed columns, in header order.
  package let columns: [Int]
  /// Per surveyed column: the id of each value, by its bytes.
  private var ids: [[ExactText: Int32]]
  /// Per surveyed column: its values, by id.
  package private(set) var texts: [[String]]
  /// Per surveyed column: whether every value it holds is a whole number (an empty one aside).
  package private(set) var integral: [Bool]
  /// Per ordered pair `(a, b)` at `a * columns.count + b`: per value id of `a`, the value id of
  /// `b` it goes with (-1 before the first), while the pair holds.
  private var maps: [[Int32]]
  private var holds: [Bool]
  private var rowIDs: [Int32]
  /// Per surveyed column, the bytes of the previous row's text, or its number's bits: rows of
  /// one series follow one another, so most cells repeat the cell above and are not looked up.
  private var previous: [[UInt8]]
  private var previousNumber: [UInt64?]
  private var hasPrevious: [Bool]
  package private(set) var rows = 0

  package init(columns: [Int]) {
    self.columns = columns
    let count = columns.count
    ids = Array(repeating: [:], count: count)
    texts = Array(repeating: [], count: count)
    integral = Array(repeating: true, count: count)
    maps = Array(repeating: [], count: count * count)
    holds = Array(repeating: true, count: count * count)
    rowIDs = Array(repeating: 0, count: count)
    previous = Array(repeating: [], count: count)
    previousNumber = Array(repeating: nil, count: count)
    hasPrevious = Array(repeating: false, count: count)
  }

  /// Adds one data row; a row the import will refuse (too short, its text not UTF-8) is left to
  /// the import, which says where.
  package mutating func add(_ row: TableRow) {
    guard row.defect == nil, let last = columns.last, last < row.count else { return }
    for (index, column) in columns.enumerated() {
      if hasPrevious[index], repeatsPrevious(row, column, index) { continue }
      guard let text = row.string(at: column) else { return }
      rowIDs[index] = intern(text, in: index)
      if row.isText(at: column) {
        row.withText(at: column) { previous[index] = Array($0) }
        previousNumber[index] = nil
      } else if case .number(let value, _) = row.cells[column].value {
        previousNumber[index] = value.bitPattern
      } else {
        hasPrevious[index] = false
        continue
      }
      hasPrevious[index] = true
    }
    let count = columns.count
    for a in 0..<count {
      let key = Int(rowIDs[a])
      for b in 0..<count where a != b && holds[a * count + b] {
        let pair = a * count + b
        if key >= maps[pair].count {
          guard key < Self.maxDistinct else {
            holds[pair] = false
            maps[pair] = []
            continue
          }
          maps[pair] += repeatElement(-1, count: key - maps[pair].count + 1)
        }
        let seen = maps[pair][key]
        if seen < 0 {
          maps[pair][key] = rowIDs[b]
        } else if seen != rowIDs[b] {
          holds[pair] = false
          maps[pair] = []
        }
      }
    }
    rows += 1
  }

  /// Whether cell `column` of `row` holds what it held on the row before (whose id then stands).
  private func repeatsPrevious(_ row: TableRow, _ column: Int, _ index: Int) -> Bool {
    if let bits = previousNumber[index] {
      guard case .number(let value, _) = row.cells[column].value else { return false }
      return value.bitPattern == bits
    }
    return row.isText(at: column) && row.withText(at: column) { $0.elementsEqual(previous[index]) }
  }

  private mutating func intern(_ text: String, in index: Int) -> Int32 {
    if let id = ids[index][ExactText(text)] { return id }
    let id = Int32(truncatingIfNeeded: texts[index].count)
    ids[index][ExactText(text)] = id
    texts[index].append(text)
    if integral[index], !text.isEmpty, !Self.isWholeNumber(text) { integral[index] = false }
    return id
  }

  private static func isWholeNumber(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && trimmed.count <= 18
      && trimmed.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The position of `column` among the surveyed ones.
  private func index(_ column: Int) -> Int { columns.firstIndex(of: column)! }

  /// How many distinct values `column` holds.
  package func distinct(_ column: Int) -> Int { texts[index(column)].count }

  /// The values `column` holds, in the order they first came.
  package func values(_ column: Int) -> [String] { texts[index(column)] }

  /// Whether every value `column` holds is a whole number.
  package func isIntegral(_ column: Int) -> Bool { integral[index(column)] }

  /// Whether each value of `a` goes with one value of `b` on every row.
  package func determines(_ a: Int, _ b: Int) -> Bool {
    a == b || holds[index(a) * columns.count + index(b)]
  }

  /// Whether `a` and `b` determine each other: the same partition of the rows, named twice.
  package func oneToOne(_ a: Int, _ b: Int) -> Bool { determines(a, b) && determines(b, a) }

  /// The pairs of values of `a` and `b` that go together, when `a` determines `b`.
  package func pairs(_ a: Int, _ b: Int) -> [(String, String)] {
    let (x, y) = (index(a), index(b))
    guard x != y else { return texts[x].map { ($0, $0) } }
    return maps[x * columns.count + y].enumerated().compactMap { key, value in
      value < 0 ? nil : (texts[x][key], texts[y][Int(value)])
    }
  }
}
