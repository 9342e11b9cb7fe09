import DairyData
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Files and folders the tests share.
enum TestSupport {
  /// The folder of the test fixtures.
  static let fixtures: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

  static func fixture(_ path: String) -> String {
    fixtures.appendingPathComponent(path).path
  }

  /// The bundled USDA CSV.
  static var usdaCSV: String { BundledData.csvURL!.path }

  /// A new empty folder under the system's temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("dairy-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `bytes` to a new file in a new temporary folder, named `name`.
  static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = try temporaryFolder().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  static func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// The whole database as JSON: what the tests compare to say "unchanged".
  static func dump(_ database: DairyDatabase) throws -> String {
    var out = ""
    try ExportFormat.json.write(database, to: &out)
    return out
  }

  /// The sections and their observations, for short assertions.
  static func contents(_ database: DairyDatabase) throws -> [String: [Int64: Double]] {
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
  static func importError(
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
}
