import DairyModel

/// The workbook part (`xl/workbook.xml`): the sheets in their order, and the date system.
package struct WorkbookPart {
  package struct Sheet {
    package var name: String
    /// The `r:id` of the relationship that names its part.
    package var relationshipID: String
    package var state: WorkbookSheet.State
  }

  package var sheets: [Sheet] = []
  /// Whether serial dates count from 1904 (`<workbookPr date1904="1"/>`).
  package var date1904 = false

  package static func parse(_ tokenizer: inout XMLTokenizer) throws -> WorkbookPart {
    var part = WorkbookPart()
    var inSheets = false
    while true {
      switch try tokenizer.next() {
      case .start where tokenizer.depth == 2:
        inSheets = tokenizer.nameIs("sheets")
        if tokenizer.nameIs("workbookPr") { part.date1904 = tokenizer.attributeIsTrue("date1904") }
      case .start where inSheets && tokenizer.depth == 3 && tokenizer.nameIs("sheet"):
        guard let name = try tokenizer.attributeString("name"),
          let id = try tokenizer.attributeString("id")
        else { throw tokenizer.error("a sheet without its name or r:id") }
        let state: WorkbookSheet.State =
          switch try tokenizer.attributeString("state") {
          case "hidden": .hidden
          case "veryHidden": .veryHidden
          default: .visible
          }
        part.sheets.append(Sheet(name: name, relationshipID: id, state: state))
      case .endOfDocument:
        return part
      default:
        continue
      }
    }
  }
}
