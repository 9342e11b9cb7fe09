import DairyData
import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation
import Testing

/// Files and folders the tests share.
package enum TestSupport {
  /// The folder of the test fixtures.
  package static let fixtures: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

  package static func fixture(_ path: String) -> String {
    fixtures.appendingPathComponent(path).path
  }

  /// The fixtures in `folder`, sorted, without their `.expected` companions.
  package static func files(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasSuffix(".expected") }.sorted()
  }

  /// The package's folder, where README.md and docs/ are (the tests read their pages).
  package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled USDA per-capita CSV.
  package static var usdaCSV: String { BundledData.csvURL!.path }

  /// Imports the bundled per-capita table alone, with its metadata sidecar, as `dairy import`
  /// would: the data most tests read (the first run imports the whole bundle, which
  /// `BundledDataTests` covers).
  @discardableResult
  package static func importPerCapita(into database: DairyDatabase) throws -> ImportSummary {
    var options = ImportOptions()
    options.metadataPath = BundledData.metadataURL!.path
    return try database.importFiles([usdaCSV], options: options)
  }

  /// Import options that replace the datasets of their names (`--replace`).
  package static let replacing = {
    var options = ImportOptions()
    options.replace = true
    return options
  }()

  /// A new empty folder under the system's temporary folder.
  package static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("dairy-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `bytes` to a new file in a new temporary folder, named `name`.
  package static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = try temporaryFolder().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  package static func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// The whole database as JSON: what the tests compare to say "unchanged".
  package static func dump(_ database: DairyDatabase) throws -> String {
    var out = ""
    try ExportFormat.json.write(database, to: &out)
    return out
  }

  /// The sections and their observations, for short assertions.
  package static func contents(_ database: DairyDatabase) throws -> [String: [Int64: Double]] {
    try database.read { snapshot in
      var result: [String: [Int64: Double]] = [:]
      for section in try snapshot.sections() {
        var rows: [Int64: Double] = [:]
        for observation in try snapshot.observations(of: section.id) {
          rows[observation.year] = observation.amount
        }
        result[section.key] = rows
      }
      return result
    }
  }

  /// The error an import of `files` into `database` throws, with the fixtures folder removed from
  /// its text.
  package static func importError(
    _ files: [String], into database: DairyDatabase, options: ImportOptions = ImportOptions()
  ) -> DairyError? {
    do {
      _ = try database.importFiles(files, options: options)
      return nil
    } catch let error as DairyError {
      return error
    } catch {
      Issue.record("not a DairyError: \(error)")
      return nil
    }
  }

  /// A backup of one dataset, one section, one row: what the bad backups are made from.
  package static let goodBackup = """
    {"datasets":[
    {"name":"d","title":null,"source":null,"updated":null,"contact":null,"notes":null,"legend":[]}
    ],
    "sections":[
    {"dataset":"d","key":"k","title":"K","unit":null,"group":null,"notes":null,"decimals":1,\
    "rows":[{"year":1990,"amount":1.5}],"missing":[]}
    ]}

    """

  /// The CSV files of `Fixtures/bad`, each refused with its `.expected` message.
  package static let badFixtureNames: [String] = {
    let folder = fixtures.appendingPathComponent("bad")
    return (try? FileManager.default.contentsOfDirectory(atPath: folder.path))!
      .filter { $0.hasSuffix(".csv") }.sorted()
  }()

  /// `milk.csv`: three series over 60 years, every amount `amount`.
  package static func milk(_ amount: Int, at path: String? = nil) throws -> String {
    var text = "Year,A,B,C\n"
    for year in 1900..<1960 { text += "\(year),\(amount),\(amount),\(amount)\n" }
    guard let path else { return try file("milk.csv", text) }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}
