import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// A wide CSV whose series names, and a metadata sidecar whose titles, units, groups and notes,
/// hold everything that should be escaped on a screen and kept everywhere else.
package enum Hostile {
  /// Names that would clear the screen, write the clipboard (OSC 52), move the cursor, ring the
  /// bell, reorder the text or break the line, if printed raw.
  package static let names = [
    "clear\u{1B}[2J\u{1B}[H", "osc\u{1B}]52;c;aGVsbG8=\u{07}", "cr\rover", "lf\nnext",
    "bel\u{07}", "bidi\u{202E}lmx", "ls\u{2028}sep", "csi\u{9B}2J",
  ]

  package static let longWord = String(repeating: "verylongword", count: 25)
  package static let wideTitle = String(repeating: "牛乳とチーズの消費量😀👩‍👩‍👧", count: 6)
  package static let wideNotes = String(
    repeating: "乳製品の一人当たり消費量は国内総使用量を人口で割った値です。", count: 8)
  package static let escTitle =
    "Milk\u{1B}[31m red\u{1B}[0m \u{1B}]0;owned\u{07} \u{08}\u{08}back \u{202E}evil\u{202C} \u{9B}31m"
  package static let escUnit = "kg\u{1B}]8;;http://example.com\u{07}link\u{1B}]8;;\u{07}"
  package static let escGroup = "g\u{07}\u{08}"
  package static let escNotes =
    "Line one\u{1B}[2J\u{07}\r\nline two \u{202E}evil\u{202C}\u{7F} \u{08}\u{08} \(longWord) \(wideTitle)"
  /// Quotes followed by a combining mark: one `Character` each, which Foundation's
  /// `replacingOccurrences` does not see as a quote.
  package static let accentTitle = "it'\u{301}s \"\u{301}quoted\"\u{301}, twice"
  package static let dataset = "dairy'; DROP TABLE section; --\u{1B}[31m"

  package static let csv = """
    Year,"Milk\u{1B}[31m","牛乳\r\n","x' OR '1'='1",100%,a_c,abc,\"\"\"; DROP TABLE observation; --\",\
    Cream -- light,accent
    2020,1.5,2,3,4,5,6,7,8,9
    2021,-2.25,1234567.5,3,4,5,6,7,8,9

    """

  package static let metadata = DatasetMetadata(
    facts: DatasetFacts(
      title: "Hostile \u{1B}[5mdata", source: "x'); DROP TABLE dataset; --"),
    series: [
      "Milk\u{1B}[31m": .init([
        .title: escTitle, .unit: escUnit, .group: escGroup, .notes: escNotes,
      ]),
      "牛乳\r\n": .init([.title: wideTitle, .unit: "リットル／人", .notes: wideNotes]),
      "100%": .init([.title: "100% milk"]),
      "a_c": .init([.title: "a_c"]),
      "accent": .init([.title: accentTitle, .notes: "\"\u{301}"]),
    ])

  package static var options: ImportOptions {
    var options = ImportOptions()
    options.dataset = dataset
    return options
  }

  /// The CSV and its sidecar (as JSON, with its controls spelled `\u001b`).
  package static func files(metadata: DatasetMetadata = metadata) throws -> (
    csv: String, metadata: String
  ) {
    let folder = try TestSupport.temporaryFolder()
    let csvPath = folder.appendingPathComponent("hostile.csv").path
    try Data(csv.utf8).write(to: URL(fileURLWithPath: csvPath))
    let json = try JSONEncoder().encode(metadata)
    let metadataPath = DatasetMetadata.sidecarPath(for: csvPath)
    try json.write(to: URL(fileURLWithPath: metadataPath))
    return (csvPath, metadataPath)
  }

  package static func database() throws -> DairyDatabase {
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([try files().csv], options: options)
    return database
  }
}
