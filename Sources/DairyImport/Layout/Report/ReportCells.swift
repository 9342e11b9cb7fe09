import DairyFormats
import DairyModel
import Foundation

/// The cells of a report row as the report layout reads them: trimmed text, years in the forms
/// reports write them, and the periods of tables of quarters, months or marketing years.
extension TableRow {
  /// The widest row a report may have: the columns of a sheet (A to XFD). A CSV source keeps at
  /// least this many cells of a row, whatever the width of its first line.
  package static let maxCells = 16_384

  /// Cell `index` as text with no white space around it; `""` past the row's end, for an empty
  /// cell, and (here only) in place of bytes that are not UTF-8, which the import reports when it
  /// reads the cell for its value.
  package func trimmedText(at index: Int) -> String {
    guard index < count else { return "" }
    if isText(at: index) {
      return withText(at: index) { String(decoding: $0, as: UTF8.self) }
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return string(at: index) ?? ""
  }

  /// Whether cell `index` is empty or white space (or past the row's end).
  package func isBlank(at index: Int) -> Bool {
    guard index < count else { return true }
    if isEmpty(at: index) { return true }
    guard isText(at: index) else { return false }
    return withText(at: index) { text in
      text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
  }

  /// The indices of the cells that hold something.
  package var filledColumns: [Int] { (0..<count).filter { !isBlank(at: $0) } }

  /// Whether no cell holds anything.
  package var isBlankRow: Bool { (0..<count).allSatisfy { isBlank(at: $0) } }

  /// The cells that hold something, but for the name of the file an ERS table gives at the
  /// right of its title (`Filename:  DYFLUID`, or `Filename:` and the name in the next cell):
  /// the workbook's own name, the same on each of its sheets, is no part of the title.
  ///
  /// ```swift
  /// // Fluid milk: Total availability,,,Filename:  DYFLUID
  /// row.titleColumns  // [0]
  /// ```
  package var titleColumns: [Int] {
    let filled = filledColumns
    guard
      let label = filled.firstIndex(where: { column in
        let text = String(trimmedText(at: column).prefix(10)).lowercased()
        return text.hasPrefix("filename:") || text.hasPrefix("file name:")
      })
    else { return filled }
    let named = trimmedText(at: filled[label]).drop { $0 != ":" }.dropFirst()
    let end = named.allSatisfy(\.isWhitespace) ? min(label + 2, filled.count) : label + 1
    return Array(filled[..<label] + filled[end...])
  }

  /// The number of leading spaces of cell `index`'s text (an indented name: `    Maine`).
  package func indent(at index: Int) -> Int {
    guard index < count, isText(at: index) else { return 0 }
    return withText(at: index) { text in text.prefix { $0 == 0x20 || $0 == 0x09 }.count }
  }
}

/// Years and periods as report cells hold them.
package enum ReportCells {
  /// The years a report's year cell may hold: a year column, or a row of years across.
  package static let years: ClosedRange<Int64> = 1700...2199
  /// What may follow a year in its cell: a preliminary, estimate or forecast mark.
  package static let yearMarks: Set<String> = ["p", "e", "f", "*", "(p)", "(e)", "(f)"]

  /// Cell `index` as a year (`1999`, `1999 `, `2023 1/`, `2024p`, or a stored whole number),
  /// with the footnotes its markers name; nil when it is not one.
  package static func year(_ row: TableRow, _ index: Int) -> (year: Int64, footnotes: [Int])? {
    guard index < row.count else { return nil }
    if case .number(let value, _) = row.cells[index].value {
      guard value.rounded() == value, value >= 1700, value <= 2199 else { return nil }
      return (Int64(value), [])
    }
    guard row.isText(at: index) else { return nil }
    let text = row.trimmedText(at: index)
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard digits.count == 4, let year = Int64(digits), years.contains(year) else { return nil }
    let rest = text.dropFirst(4).lowercased()
    if rest.isEmpty || yearMarks.contains(rest) { return (year, []) }
    guard rest.first!.isWhitespace else { return nil }
    var footnotes: [Int] = []
    for word in rest.split(whereSeparator: \.isWhitespace).map(String.init) {
      if let number = CaptionText.slashMarker(word) {
        footnotes.append(number)
      } else if !yearMarks.contains(word) {
        return nil
      }
    }
    return (year, footnotes)
  }

  /// Whether `text` is a split year, a marketing or fiscal year across two calendar years:
  /// `2019/20`, `2019-20`, `2019/2020`, the second year the one after the first.
  package static func isSplitYear(_ text: String) -> Bool {
    let parts = text.split(omittingEmptySubsequences: false) { "/-–".contains($0) }
    guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      parts[0].count == 4, parts[1].count == 2 || parts[1].count == 4,
      let first = Int(parts[0]), let second = Int(parts[1])
    else { return false }
    return parts[1].count == 4 ? second == first + 1 : second == (first + 1) % 100
  }

  /// Cell `index` as a whole period label: a year as ``year(_:_:)`` reads it, a split year
  /// (`2019/20`, `MY 2019/20`), a quarter or a month of a year (`2020 Q1`, `Jan-Mar 2020`,
  /// `January 2020`, `2020-01`) or a date; nil when it is none (``PeriodText``).
  package static func label(_ row: TableRow, _ index: Int, marketingYears: Bool = false)
    -> PeriodText.Label?
  {
    if let (year, _) = year(row, index) { return .year(year) }
    guard index < row.count, row.isText(at: index), row.range(at: index).count <= 64 else {
      return nil
    }
    // A plain year is one ``year(_:_:)`` reads (a report's years are 1700–2199).
    let label = PeriodText.label(row.trimmedText(at: index), marketingYears: marketingYears)
    if case .year? = label { return nil }
    return label
  }

  /// Cell `index` as a part of a year: a quarter (`JAN-MAR`, `Q2`, `2nd quarter`, `I`), a
  /// month (`January`, `Feb.`) or the whole year (`Annual`, `Total`); nil when it is none.
  package static func part(_ row: TableRow, _ index: Int) -> PeriodText.Part? {
    guard index < row.count, row.isText(at: index), row.range(at: index).count <= 64 else {
      return nil
    }
    return PeriodText.part(row.trimmedText(at: index))
  }
}

extension ReportCells {
  /// The years of a row of years across: three or more year cells one after another among the
  /// row's filled cells (empty cells between them are the columns a year spans), never falling
  /// (or never rising), not all the same, none more than ten years from the one before. Nil
  /// when the row is not one. (A year that comes twice is the survey's error to raise.)
  ///
  /// ```swift
  /// // ,,1970,,1971,,1972,
  /// ReportCells.yearsAcross(row)  // [(2, 1970), (4, 1971), (6, 1972)]
  /// ```
  package static func yearsAcross(_ row: TableRow) -> [(column: Int, year: Int64)]? {
    let filled = row.filledColumns
    guard let first = filled.firstIndex(where: { year(row, $0) != nil }) else { return nil }
    var run: [(column: Int, year: Int64)] = []
    for column in filled[first...] {
      guard let (year, _) = year(row, column) else { break }
      run.append((column, year))
    }
    guard run.count >= 3 else { return nil }
    let steps = zip(run, run.dropFirst()).map { $1.year - $0.year }
    // Years step by a decade at most: a row of amounts that happen to lie in 1700–2199 (a
    // region's thousands of cows: 1814, 1769, 1730) is data, not a header.
    guard steps.contains(where: { $0 != 0 }), steps.allSatisfy({ abs($0) <= 10 }),
      steps.allSatisfy({ $0 >= 0 }) || steps.allSatisfy({ $0 <= 0 })
    else { return nil }
    return run
  }

  /// Whether a row holds a number in a cell other than `except`.
  package static func hasNumber(_ row: TableRow, except: Int? = nil, _ numbers: NumberParser)
    -> Bool
  {
    (0..<row.count).contains { $0 != except && isNumber(row, $0, numbers) }
  }

  /// Whether cell `index` reads as a number, as the import reads it (commas and number
  /// formats included).
  package static func isNumber(_ row: TableRow, _ index: Int, _ numbers: NumberParser) -> Bool {
    guard index < row.count, !row.isBlank(at: index) else { return false }
    switch row.amount(at: index, numbers) {
    case .value: return true
    case .missing: return false
    case .invalid:
      guard row.isText(at: index) else { return false }
      var style = CommaStyle.undecided
      let read = row.withText(at: index) { text in
        numbers.shownAmount(text, style: &style) ?? numbers.commaAmount(text, style: &style)
      }
      if case .value = read { return true }
      return false
    }
  }
}
