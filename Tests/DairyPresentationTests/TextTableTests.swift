import Testing

@testable import DairyPresentation

/// The one table-fitting routine of `sections`, `sections --stats` and `inspect`'s series.
@Suite("Text tables")
struct TextTableTests {
  static var table: TextTable {
    TextTable(
      columns: [.init("Section"), .init("Rows", alignment: .right)],
      rows: [["Fluid milk, whole", "49"], ["Yogurt", "49"]])
  }

  @Test func aTableThatFitsIsAsWideAsItsCells() {
    let lines = Self.table.lines(width: 80)
    #expect(lines.header == "Section            Rows")
    #expect(lines.rows == ["Fluid milk, whole    49", "Yogurt               49"])
  }

  @Test func theDocumentedExample() {
    var table = Self.table
    table.fitting = [.shrink(0, toAtLeast: 8)]
    let (header, rows) = table.lines(width: 16)
    #expect(header == "Section     Rows")
    #expect(rows == ["Fluid mil…    49", "Yogurt        49"])
  }

  @Test func stepsAreTakenInOrderOnlyWhileTheLinesAreTooWide() {
    // Given a table that gives up the rows, then cuts the section to 8, then to 4
    var table = Self.table
    table.fitting = [.drop(1), .cap(0, at: 8), .cap(0, at: 4)]
    // When it is 20 wide, the rows go and nothing more
    #expect(table.lines(width: 20).rows == ["Fluid milk, whole", "Yogurt"])
    // When it is 10, the section is cut to 8 and no further, and gets back the 2 left over
    #expect(table.lines(width: 10).rows == ["Fluid mil…", "Yogurt"])
  }

  @Test func roomALaterStepFreesGoesBackToTheColumnsCutBefore() {
    // Given a title shrunk first, then an empty group column dropped
    var table = TextTable(
      columns: [.init("Section"), .init("Group"), .init("Rows", alignment: .right)],
      rows: [["Fluid milk, whole", "", "49"], ["Yogurt", "", "49"]])
    table.fitting = [.shrink(0, toAtLeast: 15), .drop(1)]
    // When it is 24 wide, then the title gets the group's room back: whole, not cut to 15
    let (header, rows) = table.lines(width: 24)
    #expect(header == "Section            Rows")
    #expect(rows == ["Fluid milk, whole    49", "Yogurt               49"])
  }

  @Test func aColumnCanWaitForAWidthAndAnIndentIsWithinIt() {
    var table = Self.table
    table.columns[1].shownFrom = 30
    table.indent = 2
    #expect(table.lines(width: 29).header == "  Section")
    #expect(table.lines(width: 30).rows[1] == "  Yogurt               49")
  }

  @Test func aColumnIsDroppedUnlessAnotherCanTakeTheRest() {
    var table = Self.table
    table.fitting = [.dropUnless(1, shrinking: 0, to: 12), .shrink(0, toAtLeast: 4)]
    // 23 wide: at 20 the section can give 3 and stay 14; at 16 it would be 10, so the rows go
    #expect(table.lines(width: 20).rows[0] == "Fluid milk, w…    49")
    #expect(table.lines(width: 16).rows[0] == "Fluid milk, who…")
  }
}
