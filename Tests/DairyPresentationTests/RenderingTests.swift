import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

@Suite("Rendering")
struct RenderingTests {
  /// A page of one section whose title, unit and notes hold hostile text.
  func hostilePart() -> Page.Part {
    let info = SectionInfo(
      id: 1, dataset: "d", position: 0,
      fields: SectionFields(
        key: "k", title: "Milk\u{1B}[31m red \u{07}bell\r牛乳とチーズのデータ\u{202E}reversed",
        unit: "kg\u{1B}]0;title\u{07}",
        notes:
          "A note with a verylongwordthatdoesnotfitonanylineatallbecauseitgoesonandonandon and "
          + "乳製品の消費量は人口で割った値です。\u{1B}[2J"),
      decimals: 2, observationCount: 2, years: 1975...1976)
    return Page.Part(
      section: Section(
        info: info,
        rows: [Observation(year: 1975, amount: 1234567.891), Observation(year: 1976, amount: -2)]),
      rowsInRange: 2, opensSection: true, closesSection: true, trend: [1, 2])
  }

  @Test(arguments: [20, 40, 80, 120])
  func noLineIsWiderThanTheWidthAndNoControlCharacterIsWritten(width: Int) {
    let footer = LoadMoreFooterView(
      state: .retry(DairyError(.busy, "locked\u{1B}[31m")), loaded: 0, total: 0)
    let lines = PageRenderer.render(
      PageRenderer.Content(parts: [hostilePart()], footer: footer, emptyMessage: ""),
      in: Viewport(width: width))
    for line in lines {
      #expect(DisplayWidth.of(line) <= width, "\(line)")
      #expect(!line.unicodeScalars.contains { TextEscaping.needsEscape($0) }, "\(line)")
    }
    #expect(lines.joined().contains("\\e[31m"))
  }

  @Test func colourOnlyWhenAsked() {
    let footer = LoadMoreFooterView(state: .completed, loaded: 2, total: 2)
    let content = PageRenderer.Content(parts: [hostilePart()], footer: footer, emptyMessage: "")
    #expect(!PageRenderer.render(content, in: Viewport(width: 80)).joined().contains("\u{1B}"))
    #expect(
      PageRenderer.render(content, in: Viewport(width: 80, color: true)).joined().contains(
        "\u{1B}[1m"))
  }

  @Test func amountsUseTheSourceDecimalsAndThousandsSeparators() {
    #expect(AmountFormat.string(36_188_000_000, decimals: 0) == "36,188,000,000")
    #expect(AmountFormat.string(4.7, decimals: 1) == "4.7")
    #expect(AmountFormat.string(2, decimals: 1) == "2.0")
    #expect(AmountFormat.string(-1234.5, decimals: 2) == "-1,234.50")
    #expect(AmountFormat.string(17_469_899_999.999996, decimals: 6) == "17,469,899,999.999996")
  }

  @Test func displayWidths() {
    #expect(DisplayWidth.of("Milk") == 4)
    #expect(DisplayWidth.of("牛乳") == 4)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.truncate("牛乳とチーズ", to: 5) == "牛乳…")
  }

  @Test func anEmojiPresentationSelectorMakesACharacterWide() {
    // ❤ alone is one column; followed by U+FE0F terminals draw it as a two-column emoji
    #expect(DisplayWidth.of("\u{2764}") == 1)
    #expect(DisplayWidth.of("I \u{2764}\u{FE0F} milk") == 9)
    #expect(DisplayWidth.of("\u{1F9C0}\u{FE0F}") == 2)  // 🧀 is wide already
    #expect(DisplayWidth.of("A\u{FE0F}") == 1)  // not an emoji: the selector changes nothing
    // Cutting and wrapping never split the emoji from its selector
    #expect(DisplayWidth.truncate("ab\u{2764}\u{FE0F}cd", to: 4) == "ab…")
    #expect(DisplayWidth.truncate("ab\u{2764}\u{FE0F}cd", to: 5) == "ab\u{2764}\u{FE0F}…")
    #expect(
      WordWrap.lines("\u{2764}\u{FE0F}\u{2764}\u{FE0F}\u{2764}\u{FE0F}", width: 4)
        == ["\u{2764}\u{FE0F}\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}"])
  }

  @Test func sparklines() {
    #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
    #expect(Sparkline.render([5, 5]) == "▄▄")
    #expect(Sparkline.render([]) == "")
  }

  @Test func stickyLayout() {
    #expect(
      StickyFooterLayout.arrange(content: ["a"], footer: ["f"], height: 4) == ["a", "", "", "f"])
    #expect(
      StickyFooterLayout.arrange(content: ["a", "b", "c"], footer: ["f"], height: 3) == [
        "a", "b", "c", "f",
      ])
    #expect(StickyFooterLayout.arrange(content: ["a"], footer: ["f"], height: nil) == ["a", "f"])
  }

  @Test func commandLinesQuoteForTheShell() {
    let line = ShowCommandLine(
      search: "it's milk", since: 2000, pageSize: 20, database: "/tmp/my db.sqlite")
    #expect(
      line.next(after: PageCursor(section: 3, year: 2004, version: 1)).description
        == "dairy show 'it'\\''s milk' --since 2000 --page-size 20 --db '/tmp/my db.sqlite'"
        + " --after 3:2004@v1"
    )
    #expect(
      line.widened(from: 1975).description
        == "dairy show 'it'\\''s milk' --since 1975 --page-size 20 --db '/tmp/my db.sqlite'")
    #expect(ShowCommandLine(search: "-x").description == "dairy show -- -x")
    #expect(ShowCommandLine(since: -5).description == "dairy show --since=-5")
  }

  @Test func pageJSONFollowsTheSpec() throws {
    let database = try DairyDatabase.inMemory()
    _ = try TestSupport.importPerCapita(into: database)
    let page = try database.page(
      PageRequest(filter: SectionFilter(search: "frozen yogurt", since: 2021), pageSize: 5))
    let json = JSONOutput.string(
      PageDocument(
        parts: page.parts, state: .completedWithHistory(page.history!), loaded: page.loaded,
        total: page.total, next: page.next))
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let footer = object["footer"] as! [String: Any]
    #expect(footer["state"] as? String == "completedWithHistory")
    #expect(footer["loaded"] as? Int == 2)
    #expect(footer["total"] as? Int == 2)
    #expect(footer["next"] is NSNull)
    #expect((footer["history"] as? [String: Int]) == ["from": 1989, "to": 2020])
    #expect(footer["error"] is NSNull)
    let sections = object["sections"] as! [[String: Any]]
    #expect(sections[0]["title"] as? String == "Frozen yogurt")
    #expect(sections[0]["notes"] is String)
  }
}

@Suite("Notes footer")
struct NotesFooterTests {
  @Test func hangingIndentAndParagraphs() {
    let lines = NotesFooterView(notes: "One two three four five six.\nSeven.").lines(
      width: 24, style: TextStyle(enabled: false))
    #expect(lines == ["  Notes: One two three", "         four five six.", "         Seven."])
  }

  @Test func narrowWidthsKeepTheLabel() {
    let lines = NotesFooterView(notes: "Begins in 1989.").lines(
      width: 12, style: TextStyle(enabled: false))
    #expect(lines == ["Notes:", "Begins in", "1989."])
  }
}
