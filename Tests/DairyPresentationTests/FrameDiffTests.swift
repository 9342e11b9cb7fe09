import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Frame diff")
struct FrameDiffTests {
  let begin = "\u{1B}[?2026h\u{1B}[?25l"
  let end = "\u{1B}[?2026l"

  @Test func anUnchangedFrameWritesNothing() {
    let frame = BrowseFrame(lines: ["a", "b", "c"])
    #expect(FrameDiff.update(from: frame, to: frame) == "")
  }

  @Test func onlyTheLinesThatChangedAreRewritten() {
    let old = BrowseFrame(lines: ["a", "b", "c", "d"])
    let new = BrowseFrame(lines: ["a", "B", "c", "D"])
    #expect(
      FrameDiff.update(from: old, to: new) == begin + "\u{1B}[2;1H\u{1B}[2KB\u{1B}[4;1H\u{1B}[2KD"
        + end)
  }

  @Test func anUnknownScreenIsClearedAndPaintedWhole() {
    let new = BrowseFrame(lines: ["a", "", "c"])
    #expect(
      FrameDiff.update(from: nil, to: new) == begin
        + "\u{1B}[H\u{1B}[2J\u{1B}[1;1H\u{1B}[2Ka\u{1B}[3;1H\u{1B}[2Kc" + end)
    // A new height is an unknown screen too
    let taller = BrowseFrame(lines: ["a", "", "c", "d"])
    #expect(FrameDiff.update(from: new, to: taller).contains("\u{1B}[2J"))
  }

  @Test func theCursorIsShownWhereTheFrameSays() {
    let old = BrowseFrame(lines: ["/", "x"])
    let new = BrowseFrame(lines: ["/b", "x"], cursor: BrowseFrame.Cursor(line: 0, column: 2))
    #expect(
      FrameDiff.update(from: old, to: new) == begin + "\u{1B}[1;1H\u{1B}[2K/b\u{1B}[1;3H\u{1B}[?25h"
        + end)
  }

  @Test func scrollingOneLineRewritesTheScreenButNotTheStatusLine() {
    var driver = BrowseDriver(database: BrowseDriver.usda)
    let top = driver.state.frame()
    driver.press(.character("g"))
    #expect(FrameDiff.update(from: top, to: driver.state.frame()) == "")
    // Past the dataset's header (3 lines) and into the rows: the section's header is pinned
    for _ in 0..<4 { driver.press(.character("j")) }
    let before = driver.state.frame()
    driver.press(.character("j"))
    let bytes = FrameDiff.update(from: before, to: driver.state.frame())
    #expect(!bytes.contains("\u{1B}[1;1H"))  // the pinned header stays
    #expect(bytes.contains("\u{1B}[2;1H"))
  }
}
