import DairyModel

extension SheetParser {
  /// The value of the cell just read, by its type; a date cell (`t="d"`) becomes its serial
  /// number and gets a date format if its style has none. `mutating` though it only reads: a
  /// method that is not is passed a copy of the parser, at every cell.
  package mutating func cellValue(format: inout NumberFormat) throws -> CellValue {
    // Where the cell is, only made for an error: it copies the file's and sheet's names.
    var here: WorkbookLocation { location(of: cell.reference) }
    switch CellType(rawValue: cell.type)! {
    case .number:
      let amount = numbers.amount(cell.value.bytes)
      switch amount {
      case .value(let number, _): return .number(number)
      case .missing: return .empty
      case .invalid(let cause): throw here.error(cause.description)
      }
    case .shared:
      let index = XMLTokenizer.integer(cell.value.bytes)
      guard let index, index < strings.count else {
        throw here.error(
          "shared string \(XMLTokenizer.visible(cell.value.bytes)) does not exist; the workbook "
            + "has \(strings.count)")
      }
      return .string(strings[index])
    case .inline:
      guard let text = cell.inline.string else { throw here.error(Self.invalidUTF8) }
      return .string(text)
    case .bool:
      switch String(decoding: cell.value.bytes, as: UTF8.self) {
      case "1", "true": return .bool(true)
      case "0", "false": return .bool(false)
      default:
        throw here.error(
          "a boolean cell holds \"\(XMLTokenizer.visible(cell.value.bytes))\", not 0 or 1")
      }
    case .error:
      return .error(try valueString(here))
    case .string:
      return .string(try valueString(here).unescapedOOXML)
    case .date:
      return .number(try date(format: &format))
    }
  }

  package static let invalidUTF8 = "invalid UTF-8; a workbook part is UTF-8"

  private func valueString(_ here: WorkbookLocation) throws -> String {
    guard let text = String(validating: cell.value.bytes, as: UTF8.self) else {
      throw here.error(Self.invalidUTF8)
    }
    return text
  }

  private func date(format: inout NumberFormat) throws -> Double {
    let text = String(decoding: cell.value.bytes, as: UTF8.self)
    guard let date = ExcelDate(iso8601: text) else {
      throw location(of: cell.reference).error(
        "a date cell holds \"\(TextEscaping.visible(text))\", not an ISO 8601 date")
    }
    if !format.isDate {
      format = NumberFormat(
        id: format.id, code: "yyyy-mm-dd", decimals: nil, isDate: true, isPercent: false)
    }
    return date.serial(date1904: date1904)
  }

  /// Reads a whole sheet part for its merged ranges (`<mergeCells>` comes after the cells),
  /// checking its XML on the way, and that no two of them overlap (refused at the first cell
  /// they share in `place`'s sheet).
  package static func mergedRanges(
    _ tokenizer: inout XMLTokenizer, limits: WorkbookLimits, place: WorkbookLocation
  ) throws -> [CellRange] {
    var ranges: [CellRange] = []
    var inMergeCells = false
    while true {
      switch try tokenizer.next() {
      case .start where tokenizer.depth == 2:
        inMergeCells = tokenizer.nameIs("mergeCells")
      case .start where inMergeCells && tokenizer.depth == 3 && tokenizer.nameIs("mergeCell"):
        let text = try tokenizer.attributeString("ref") ?? ""
        guard let range = CellRange(text) else {
          throw tokenizer.error(
            "merged range \"\(TextEscaping.visible(text))\" is not a range within A1:XFD1048576")
        }
        guard ranges.count < limits.maxMergedRanges else {
          throw tokenizer.error(
            "more than \(limits.maxMergedRanges) merged ranges, the limit for a sheet")
        }
        ranges.append(range)
      case .endOfDocument:
        if let (one, other) = MergedRangeCursor.firstOverlap(in: ranges) {
          let shared = CellReference(
            column: max(one.first.column, other.first.column),
            row: max(one.first.row, other.first.row))
          throw place.at(shared).error(
            "merged ranges \(one) and \(other) overlap; Excel does not allow that, so the "
              + "workbook is corrupt (repair it in Excel and save it again)")
        }
        return ranges
      default:
        continue
      }
    }
  }
}
