import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// A sheet's rows kept in blocks of cells (``SheetRecording``): replayed as they were given,
/// and, replayed for the last time, freed as they go.
@Suite("Sheet recording")
struct SheetRecordingTests {
  /// Rows of 0 to 6 cells, so that rows begin and end inside blocks of 4 cells and across them.
  static let rows: [SheetRow] = (1...12).map { number in
    let cells = (0..<(number * 5 % 7)).map { column in
      SheetCell(
        reference: CellReference(column: column * 2, row: number * 3),
        value: column % 3 == 0 ? .string("r\(number)c\(column)") : .number(Double(number * column)),
        format: column % 2 == 0 ? .general : NumberFormat(id: 3, code: "#,##0"),
        isFormulaWithoutValue: column == 5,
        alignment: HorizontalAlignment(rawValue: UInt8((number + column) % 6)) ?? .general)
    }
    return SheetRow(number: number * 3, cells: cells)
  }

  static func recording() -> SheetRecording {
    let recording = SheetRecording(part: "xl/worksheets/sheet1.xml", maxCells: 1000, blockShift: 2)
    for row in rows { recording.append(row) }
    recording.complete()
    return recording
  }

  static func replay(_ recording: SheetRecording, releasing: Bool) -> [SheetRow] {
    var row = SheetRow()
    return (0..<recording.rowCount).map { index in
      recording.row(index, into: &row, releasing: releasing)
      return row
    }
  }

  @Test func aRecordingReplaysItsRowsAsGiven() {
    let recording = Self.recording()
    #expect(Self.rows.reduce(0) { $0 + $1.cells.count } > 8)
    #expect(Self.replay(recording, releasing: false) == Self.rows)
    #expect(Self.replay(recording, releasing: false) == Self.rows)
    #expect(recording.isComplete)
  }

  @Test func theLastReplayGivesEveryRowAndLeavesTheRecordingIncomplete() {
    // Given a recording replayed once
    let recording = Self.recording()
    _ = Self.replay(recording, releasing: false)
    // When it is replayed for the last time, freeing its blocks as it goes
    let last = Self.replay(recording, releasing: true)
    // Then it gives every row, and is not complete any more: a reader after it parses the
    // sheet again rather than replay what was freed
    #expect(last == Self.rows)
    #expect(!recording.isComplete)
  }

  @Test func aRecordingPastItsCellsIsAbandoned() {
    let recording = SheetRecording(part: "p", maxCells: 5, blockShift: 2)
    for row in Self.rows { recording.append(row) }
    recording.complete()
    #expect(recording.isAbandoned && !recording.isComplete)
  }
}
