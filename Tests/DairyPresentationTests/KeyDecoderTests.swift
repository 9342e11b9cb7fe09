import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Key decoder")
struct KeyDecoderTests {
  func keys(_ text: String) -> [BrowseKey] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test func plainKeysAndControls() {
    #expect(keys("jkq/") == [.character("j"), .character("k"), .character("q"), .character("/")])
    #expect(keys("é牛") == [.character("é"), .character("牛")])
    #expect(keys("\r\u{7F}\t\u{03}") == [.enter, .backspace, .tab, .control("c")])
  }

  @Test func cursorAndPageKeys() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.up, .home, .end])
    #expect(
      keys("\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[H\u{1B}[F") == [
        .pageUp, .pageDown, .home, .end, .home, .end,
      ])
    #expect(keys("\u{1B}[1;5A") == [.up])
  }

  @Test func mouseWheel() {
    #expect(
      keys("\u{1B}[<64;10;5M\u{1B}[<65;10;5M\u{1B}[<0;10;5M\u{1B}[<0;10;5m") == [
        .wheelUp, .wheelDown,
      ])
    #expect(keys("\u{1B}[M`!!\u{1B}[Ma!!") == [.wheelUp, .wheelDown])
  }

  @Test func escapeAloneOnlyAfterAFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
  }

  @Test func sequencesSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]) == [])
    #expect(decoder.feed([0x36]) == [])
    #expect(decoder.feed([0x7E, 0x6A]) == [.pageDown, .character("j")])
    #expect(decoder.feed([0xE7, 0x89]) == [])
    #expect(decoder.feed([0x9B]) == [.character("牛")])
  }
}
