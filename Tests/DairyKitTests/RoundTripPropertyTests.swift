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

/// Databases made from generated files with hostile names (separators, quotes, control
/// characters, white space of every kind, non-ASCII, look-alike and colliding names), checked
/// through both round trips: the CSV export reads back its datasets, keys, titles, units, groups,
/// notes and observations; the JSON export reads back to a database that exports the same bytes.
@Suite("Round trips of generated hostile databases")
struct RoundTripPropertyTests {
  /// Pieces names are made of.
  static let pieces = [
    "Milk", "Milk ", " Milk", "Whole_Milk", "Whole Milk", "Whole  Milk", "A / B", "A", "B / C",
    "/", "\\", "|", "a\"b", "x,y", "semi;colon", "line\nbreak", "cr\rhere", "tab\there",
    "\u{1B}[31m", "\u{E9}", "e\u{301}", "牛乳", "😀", "\u{202E}evil", "NA", "-", "1990", "(2)",
    "Milk (2)", "Milk (g)", "\u{A0}nbsp", "\u{2028}", "\u{FEFF}bom", "_", "'; DROP TABLE x; --",
  ]

  typealias Generator = SplitMix64

  /// A name of one to three pieces, with more than white space in it.
  static func name(_ random: inout Generator) -> String {
    let count = Int.random(in: 1...3, using: &random)
    let name = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    return name.allSatisfy(\.isWhitespace) ? "x" + name : name
  }

  static func amount(_ random: inout Generator) -> String {
    let specials: [Double] = [
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1, 247,
      17469899999.999996, -1e-7,
    ]
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return JSONText.number(specials.randomElement(using: &random)!)
    case 1: return "NA"
    default: return JSONText.number(Double.random(in: -1e6...1e6, using: &random))
    }
  }

  /// A wide file: distinct headers, and a metadata sidecar with colliding titles and groups.
  static func wide(_ random: inout Generator, in folder: URL) throws -> String {
    var headers: [String] = []
    while headers.count < Int.random(in: 1...6, using: &random) {
      let header = name(&random)
      // Headers are told apart as Swift compares them (a header twice is refused).
      if !headers.contains(header) && HeaderColumns.normalized(header) != "year" {
        headers.append(header)
      }
    }
    var csv = "Year," + headers.map(LongFormatCSV.field).joined(separator: ",") + "\n"
    for year in 1990..<(1990 + Int.random(in: 1...4, using: &random)) {
      csv += "\(year)," + headers.map { _ in amount(&random) }.joined(separator: ",") + "\n"
    }
    let path = folder.appendingPathComponent("wide\(random.next() % 1000).csv").path
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    var series: [String: DatasetMetadata.Series] = [:]
    for header in headers where Bool.random(using: &random) {
      let fields: [SectionFields.Column: String?] = [
        // (A title of "" is refused with its place: MetadataReadingTests.)
        .title: Bool.random(using: &random) ? name(&random) : nil,
        .unit: Bool.random(using: &random) ? name(&random) : nil,
        .group: Bool.random(using: &random) ? name(&random) : nil, .notes: name(&random),
      ]
      series[header] = .init(fields.compactMapValues { $0 })
    }
    let metadata = DatasetMetadata(facts: DatasetFacts(title: name(&random)), series: series)
    try JSONEncoder().encode(metadata).write(
      to: URL(fileURLWithPath: DatasetMetadata.sidecarPath(for: path)))
    return path
  }

  /// A long file with two section columns, a unit and a notes column.
  static func long(_ random: inout Generator, in folder: URL) throws -> String {
    var csv = "region,state,year,value,unit,notes\n"
    var seen: Set<[UInt8]> = []
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      let (region, state) = (name(&random), name(&random))
      let year = Int.random(in: 1990...1993, using: &random)
      // One row per (series, year), told apart byte for byte
      guard seen.insert(Array("\(region)\u{0}\(state)\u{0}\(year)".utf8)).inserted else {
        continue
      }
      csv +=
        [region, state, "\(year)", amount(&random), "", name(&random)]
        .map(LongFormatCSV.field).joined(separator: ",") + "\n"
    }
    let path = folder.appendingPathComponent("long\(random.next() % 1000).csv").path
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: 0..<40)
  func bothRoundTripsKeepWhatTheyCarry(seed: Int) throws {
    var random = Generator(seed: UInt64(seed))
    let folder = try TestSupport.temporaryFolder()
    let database = try DairyDatabase.inMemory()
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var options = ImportOptions()
      options.dataset = Self.name(&random)
      let path: String
      if Bool.random(using: &random) {
        path = try Self.wide(&random, in: folder)
      } else {
        path = try Self.long(&random, in: folder)
        (options.sectionColumns, options.valueColumn) = (["region", "state"], "value")
      }
      _ = try database.importFiles([path], options: options)
    }
    // Titles are distinct within each dataset, as Swift compares text
    let sections = try database.read { try $0.sections() }
    for dataset in Set(sections.map { Array($0.dataset.utf8) }) {
      let titles = sections.filter { Array($0.dataset.utf8) == dataset }.map(\.title)
      #expect(Set(titles).count == titles.count, "\(titles)")
    }
    // The CSV export reads back what it carries
    let csvCopy = try RoundTripTests.copy(database, as: .csv)
    #expect(try RoundTripTests.csvContents(csvCopy) == RoundTripTests.csvContents(database))
    // The JSON export reads back to the same database, every field
    let jsonCopy = try RoundTripTests.copy(database, as: .json)
    #expect(try TestSupport.dump(jsonCopy) == TestSupport.dump(database))
  }
}
