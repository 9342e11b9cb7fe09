import DairyModel

/// A cell read as an amount, a year or a name, whatever kind of cell the source gave.
extension TableRow {
  /// Cell `index` as an amount: text goes through `numbers` (so `--na` markers apply), a stored
  /// number is taken as it is, an empty cell is missing.
  ///
  /// ```swift
  /// var row = TableRow()
  /// row.append(text: Array("8.1".utf8), at: CellPlace(line: 2, offset: 0))
  /// row.append(.number(247, decimals: nil), at: CellPlace(line: 2, offset: 1))
  /// row.amount(at: 0, NumberParser())  // .value(8.1, decimals: 1)
  /// row.amount(at: 1, NumberParser())  // .value(247.0, decimals: 0)
  /// ```
  @inline(__always)
  package func amount(at index: Int, _ numbers: NumberParser) -> NumberParser.Amount {
    switch cells[index].value {
    case .text: return withText(at: index) { numbers.amount($0) }
    case .number(let value, let decimals): return numbers.amount(value, decimals: decimals)
    case .empty: return .missing
    case .bool, .error: return numbers.amount(Array(string(at: index)!.utf8))
    }
  }

  /// Cell `index` as a year: text through `numbers`, a stored number when it is whole.
  @inline(__always)
  package func year(at index: Int, _ numbers: NumberParser) -> NumberParser.Year {
    switch cells[index].value {
    case .text: return withText(at: index) { numbers.year($0) }
    case .number(let value, _): return numbers.year(value)
    case .empty: return .missing
    case .bool, .error: return numbers.year(Array(string(at: index)!.utf8))
    }
  }

  /// Cell `index` as text, or nil when its bytes are not valid UTF-8. A stored number reads as
  /// its shortest form (`1999`, `8.1`), a boolean as `TRUE` or `FALSE`.
  package func string(at index: Int) -> String? {
    switch cells[index].value {
    case .text, .error: return String(validating: bytes[range(at: index)], as: UTF8.self)
    case .number(let value, _): return NumberParser.shortestText(of: value)
    case .bool(let value): return value ? "TRUE" : "FALSE"
    case .empty: return ""
    }
  }

  /// Whether cell `index` is text (in a CSV file, every cell is).
  package func isText(at index: Int) -> Bool {
    if case .text = cells[index].value { return true }
    return false
  }
}

extension TableRow {
  /// Whether cell `index` holds nothing: no text, no number.
  package func isEmpty(at index: Int) -> Bool {
    switch cells[index].value {
    case .text, .error: return cells[index].end == (index == 0 ? 0 : cells[index - 1].end)
    case .empty: return true
    case .number, .bool: return false
    }
  }
}
