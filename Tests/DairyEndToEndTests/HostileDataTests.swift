import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Data that tries to break out: terminal controls (ESC, CSI, OSC, BEL, CR, backspace, NUL, C1),
/// bidi overrides, very long words and wide characters in titles, units and notes; quotes, LIKE
/// wildcards and SQL in names and searches. Table output shows them escaped and within the width,
/// JSON and CSV keep them exactly, and a search matches them literally.
@Suite("Hostile data", .tags(.endToEnd))
struct HostileDataTests {
  static let database: DairyDatabase = try! Hostile.database()

  /// Every page of `dairy show`, following `next`, as the command prints them: the flow the
  /// binary runs, with the text for standard output and the line for standard error.
  func showPages(
    _ search: String? = nil, pageSize: Int = 4, format: ShowRenderer.Format = .table,
    width: Int, color: Bool = false
  ) throws -> [(text: String, note: String)] {
    var pages: [(text: String, note: String)] = []
    var line = ShowCommandLine(search: search, pageSize: pageSize, format: format)
    let terminal = Terminal(width: width, wantsColor: color)
    while true {
      var text = ""
      var note = ""
      let status = ShowFlow.run(
        line, terminal: terminal, output: &text, errors: &note,
        open: { ReadingDatabase(database: Self.database) })
      #expect(status == 0)
      pages.append((text, note))
      // Where the next page starts, from the same request as the flow made.
      guard let next = try Self.database.page(line.pageRequest).next else { return pages }
      line.start = .after(next)
    }
  }

  /// Lines as a terminal would get them: our own colour codes taken out, nothing else.
  func expectSafe(
    _ lines: [String], width: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for line in lines {
      let plain = line.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      #expect(DisplayWidth.of(plain) <= width, "\(plain)", sourceLocation: sourceLocation)
      #expect(
        !plain.unicodeScalars.contains(where: TextEscaping.needsEscape),
        "\(plain.debugDescription)",
        sourceLocation: sourceLocation)
    }
  }

  /// Whether two texts hold the same scalars (`==` on strings ignores canonical differences).
  func same(_ a: Any?, _ b: String?) -> Bool {
    (a as? String).map { Array($0.unicodeScalars) } == b.map { Array($0.unicodeScalars) }
  }

  // MARK: - Tables: escaped and within the width

  @Test(arguments: [20, 21, 33, 80, 132], [false, true])
  func showTableEscapesControlsAndFitsTheWidth(width: Int, color: Bool) throws {
    // Given every page of the hostile data
    let pages = try showPages(width: width, color: color)

    // Then no line is wider than the width or holds a control character
    let lines = pages.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
    expectSafe(lines.map(String.init), width: width)
    // And at a width with room, every control is there, visibly
    if width == 132 {
      let text = pages.map(\.text).joined()
      for escape in [
        "Milk\\e[31m red\\e[0m", "\\e]0;owned\\x07", "\\x08\\x08back", "\\u{202E}evil",
        "\\x9B31m", "kg\\e]8;;", "one\\e[2J\\x07\\r\\n", "\\x7F \\x08\\x08",
      ] {
        #expect(text.contains(escape), "\(escape)")
      }
      #expect(text.contains("牛乳とチーズ"))
    }
  }

  @Test(arguments: [20, 40, 60, 80, 132])
  func sectionsTableEscapesControlsAndFitsTheWidth(width: Int) throws {
    // Given the summaries of every section
    let summaries = try Self.database.summaries(matching: SectionFilter())

    // When they are shown as the sections table
    let lines = SectionsTableRenderer.render(summaries, in: Viewport(width: width))

    // Then no line is wider than the width or holds a control character
    expectSafe(lines, width: width)
    #expect(lines[0].hasPrefix("dairy'; DROP TABLE section; --\\e[31m (9 sections)") || width < 60)
    if width == 132 {
      #expect(lines.contains { $0.hasPrefix("Milk\\e[31m red\\e[0m \\e]0;owned\\x07") })
    }
  }

  @Test func sectionsNoMatchLineEscapesTheSearch() {
    // A search that matches nothing is echoed back, as visible escapes
    let message = SectionsTableRenderer.emptyMessage(search: "\u{1B}]0;owned\u{07}\u{202E}milk")
    #expect(message == #"No section matches "\e]0;owned\x07\u{202E}milk"."#)
    #expect(SectionsTableRenderer.emptyMessage(search: nil) == "No sections.")
  }

  @Test(arguments: [40, 80])
  func browseShowsNotesAndWideCharactersEscapedAndWithinTheWidth(width: Int) throws {
    // Given the browse screen over the hostile data
    var driver = BrowseDriver(database: Self.database, pageSize: 5, width: width, height: 10)
    var seen: [String] = []

    // When it pages through to the end
    for _ in 0..<200 {
      seen += driver.lines
      let before = driver.lines
      driver.press(.pageDown)
      if driver.lines == before { break }
    }

    // Then no frame line is wider than the screen or holds a control character
    expectSafe(seen, width: width)
    let text = seen.joined(separator: "\n")
    #expect(text.contains("\\e[2J\\x07\\r\\n"))
    #expect(text.contains("\\u{202E}"))
    #expect(text.contains("乳製品"))
  }

  @Test func footerCommandsQuoteControlCharactersInTheSearch() throws {
    // Given a search holding ESC that matches one section, in pages of one row
    let pages = try showPages("milk\u{1B}[31m", pageSize: 1, width: 200)

    // Then the footer's command is safe to print and reads back, in the shell, as the search
    let lines = pages[0].text.split(separator: "\n").map(String.init)
    expectSafe(lines, width: 200)
    #expect(lines.last!.contains("next page: dairy show $'milk\\e[31m' --page-size 1 --after"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
  func commandLinesReadBackInTheShellAsTheSameWords() throws {
    // Given searches that quoting could get wrong
    let words = [
      "milk\u{1B}[31m", "it'\u{301}s", "x' OR '1'='1", "\"; DROP TABLE observation; --", "%", "a_c",
      "-x", "", "\u{202E}evil", "tab\there", "new\nline\r\n", "back\\slash '", "$(echo hi)`id`",
      "\u{9B}31m\u{7F}", "牛乳😀",
    ]

    // When bash reads back the words as the footer's command spells them
    let quoted = words.map(ShellCommand.quoted)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", quoted.map { "printf '%s\\0' \($0)" }.joined(separator: "\n")]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()

    // Then each is the word, byte for byte, and the spelling has no control character
    let read = data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
    #expect(read == words.map { Array($0.utf8) })
    for spelling in quoted {
      #expect(!spelling.unicodeScalars.contains(where: TextEscaping.needsEscape), "\(spelling)")
    }
  }

  @Test func metadataWithNULIsRefusedNotCutShort() throws {
    // Given metadata whose JSON spells a NUL in notes (SQLite text, as GRDB binds it, ends there)
    var metadata = Hostile.metadata
    metadata.series["accent"]?[.notes] = "ends in NUL\u{0}, and this would be lost"
    let files = try Hostile.files(metadata: metadata)
    #expect(try String(contentsOfFile: files.metadata, encoding: .utf8).contains(#"NUL\u0000,"#))
    let database = try DairyDatabase.inMemory()

    // When it is imported
    let error = TestSupport.importError([files.csv], into: database, options: Hostile.options)

    // Then the import says where, and stores nothing
    #expect(error?.location?.file == files.metadata)
    #expect(error?.location?.line == 1)
    #expect(
      error?.message
        == #"invalid metadata: "series.accent.notes" holds a NUL character (\u0000), "#
        + "which dairy cannot store; remove it")
    #expect(try database.read { try $0.sections() }.isEmpty)
    // And a NUL that reached a screen would show as an escape
    let header = SectionHeaderView(title: "NUL\u{0}title", unit: nil, trend: [])
    #expect(header.lines(width: 40, style: TextStyle(enabled: false)) == ["NUL\\x00title"])
  }

  // MARK: - JSON and CSV: kept exactly

  @Test func jsonExportKeepsEveryCharacter() throws {
    // Given the database exported as JSON
    var json = ""
    try ExportFormat.json.write(Self.database, to: &json)

    // When it is parsed
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sections = try #require(object["sections"] as? [[String: Any]])

    // Then each text is what the import stored and what the sources said
    let stored = try Self.database.read { try $0.sections() }
    #expect(sections.count == stored.count)
    for (section, info) in zip(sections, stored) {
      #expect(same(section["dataset"], info.dataset))
      #expect(same(section["key"], info.key))
      #expect(same(section["title"], info.title))
      #expect(same(section["unit"], info.unit))
      #expect(same(section["group"], info.group))
      #expect(same(section["notes"], info.notes))
    }
    let milk = try #require(sections.first { same($0["key"], "Milk\u{1B}[31m") })
    #expect(same(milk["dataset"], Hostile.dataset))
    #expect(same(milk["title"], Hostile.escTitle))
    #expect(same(milk["unit"], Hostile.escUnit))
    #expect(same(milk["group"], Hostile.escGroup))
    #expect(same(milk["notes"], Hostile.escNotes))
    #expect(sections.contains { same($0["key"], "牛乳\r\n") && same($0["title"], Hostile.wideTitle) })
    #expect(
      sections.contains { same($0["title"], Hostile.accentTitle) && same($0["notes"], "\"\u{301}") }
    )
  }

  @Test func showAndSectionsJSONKeepEveryCharacter() throws {
    // Given one page of everything as `show --format json`, and `sections --format json`
    let page = try showPages(pageSize: 100, format: .json, width: 80)[0].text
    let summaries = SectionsJSON.render(
      try Self.database.summaries(matching: SectionFilter()),
      datasets: try Self.database.read { try $0.datasets() })

    // When they are parsed
    func sections(_ json: String) throws -> [[String: Any]] {
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      return try #require(object?["sections"] as? [[String: Any]])
    }
    let shown = try sections(page)
    let listed = try sections(summaries)

    // Then the titles, units and notes are exactly the stored ones
    let stored = try Self.database.read { try $0.sections() }
    #expect(shown.count == stored.count && listed.count == stored.count)
    for ((section, summary), info) in zip(zip(shown, listed), stored) {
      #expect(same(section["dataset"], info.dataset) && same(summary["dataset"], info.dataset))
      #expect(same(section["title"], info.title) && same(summary["title"], info.title))
      #expect(same(section["unit"], info.unit) && same(summary["unit"], info.unit))
      #expect(same(section["notes"], info.notes))
      #expect(same(summary["key"], info.key) && same(summary["group"], info.group))
    }
  }

  @Test func csvExportKeepsEveryCharacterAndReadsBack() throws {
    // Given the database exported as CSV
    var csv = ""
    try ExportFormat.csv.write(Self.database, to: &csv)

    // Then the texts are there as they are, quotes doubled (the unit followed by the key, group
    // and notes)
    #expect(
      csv.contains("\(Hostile.dataset),\(Hostile.escTitle),2021,-2.25,\(Hostile.escUnit),"))
    #expect(csv.contains(",\"\"\"; DROP TABLE observation; --\",2020,7.0,,"))
    #expect(csv.contains(",\"it'\u{301}s \"\"\u{301}quoted\"\"\u{301}, twice\",2020,9.0,,"))

    // When they are imported into a new database and exported again
    let path = try TestSupport.file("export.csv", csv)
    let copy = try DairyDatabase.inMemory()
    _ = try copy.importFiles([path])
    var again = ""
    try ExportFormat.csv.write(copy, to: &again)

    // Then it is byte for byte the same
    #expect(Array(again.utf8) == Array(csv.utf8))
  }

  @Test func showCSVKeepsEveryCharacter() throws {
    // Given `show --format csv` of the section with controls
    let output = try showPages("milk\u{1B}[31m", pageSize: 10, format: .csv, width: 80)[0]

    // Then its rows hold the texts exactly, and the footer note for stderr is safe
    #expect(
      output.text == "dataset,section,year,amount,unit\r\n"
        + "\(Hostile.dataset),\(Hostile.escTitle),2020,1.5,\(Hostile.escUnit)\r\n"
        + "\(Hostile.dataset),\(Hostile.escTitle),2021,-2.25,\(Hostile.escUnit)\r\n")
    #expect(output.note.hasPrefix("dairy: all 2 rows shown"))
    expectSafe(output.note.split(separator: "\n").map(String.init), width: 200)
  }

  // MARK: - Searches and names: literal

  static let searches: [(String, [String])] = [
    ("x' OR '1'='1", ["x' OR '1'='1"]),
    ("'", ["x' OR '1'='1"]),
    ("%", ["100% milk"]),
    ("_", ["a_c"]),
    ("a_c", ["a_c"]),
    ("%_", []),
    ("\"; DROP TABLE observation; --", ["\"; DROP TABLE observation; --"]),
    ("--", ["\"; DROP TABLE observation; --", "Cream -- light"]),
    ("\"", ["\"; DROP TABLE observation; --"]),
    ("milk\u{1B}[31m", [Hostile.escTitle]),
    ("it'\u{301}s \"\u{301}", [Hostile.accentTitle]),
    ("牛乳と", [Hostile.wideTitle]),
  ]

  @Test(arguments: searches)
  func searchesMatchLiterally(search: String, titles: [String]) throws {
    // Given the observations before
    func observations() throws -> Int? {
      try Self.database.read { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM observation") }
    }
    let before = try observations()

    // When the search runs as `show`, `sections` and browse run it
    let page = try Self.database.page(
      PageRequest(filter: SectionFilter(search: search), pageSize: 100))
    let summaries = try Self.database.summaries(matching: SectionFilter(search: search))
    let browse = BrowseDriver(database: Self.database, filter: SectionFilter(search: search))

    // Then exactly the titles holding the text match (every title when none does and the
    // dataset's name holds it: then a search matches dataset names), and nothing was changed
    let all = try Self.database.read { try $0.sections() }.map(\.title)
    let expected =
      titles.isEmpty && Hostile.dataset.lowercased().contains(search.lowercased()) ? all : titles
    #expect(page.parts.map(\.section.info.title) == expected)
    #expect(summaries.map(\.info.title) == expected)
    #expect(browse.state.sections.numberOfSections == expected.count)
    #expect(try observations() == before)
  }

  @Test func datasetNamesWithSQLAreStoredAndReplacedLiterally() throws {
    // Given the hostile files imported twice under a name full of SQL
    let database = try Hostile.database()
    var again = Hostile.options
    again.replace = true
    _ = try database.importFiles([try Hostile.files().csv], options: again)

    // Then there is one dataset of that exact name, and its sections once
    let names = try database.read { try String.fetchAll($0.db, sql: "SELECT name FROM dataset") }
    #expect(names.map { Array($0.unicodeScalars) } == [Array(Hostile.dataset.unicodeScalars)])
    #expect(try database.read { try $0.sections() }.count == 9)
  }

  @Test func aTableWhoseNameLooksLikeSQLitesOwnIsStillSomeoneElses() throws {
    // Given someone else's database whose only table's name starts with "sqlite" but not "sqlite_"
    let path = try TestSupport.temporaryFolder().appendingPathComponent("other.sqlite").path
    try DatabaseQueue(path: path).write {
      try $0.execute(sql: "CREATE TABLE sqlitebrowser_notes(x)")
    }

    // When dairy opens it, then it refuses and leaves it alone (`_` is not a wildcard)
    #expect(throws: DairyError.self) { _ = try DairyDatabase.open(path: path) }
    let tables = try DatabaseQueue(path: path).read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    #expect(tables == ["sqlitebrowser_notes"])
  }
}
