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

/// Every report fixture (one per family and footnote style docs/formats.md names) with its expected
/// `dairy inspect --format json` checked in beside it, as `NAME.inspect.json`. With
/// `DAIRY_RECORD_INSPECT=1` in the environment, a test writes the file it expects instead (read
/// it, then commit it).
@Suite("Report fixtures")
struct ReportFixtureTests {
  static let folder = TestSupport.fixtures.appendingPathComponent("report")
  static let names: [String] = {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path))!
      .filter { $0.hasSuffix(".csv") }.sorted()
  }()
  static let recording = ProcessInfo.processInfo.environment["DAIRY_RECORD_INSPECT"] != nil

  /// The inspection of fixture `name` as JSON, with the fixtures folder taken out of its paths.
  static func inspection(_ name: String, options: ImportOptions = ImportOptions()) -> String {
    let path = folder.appendingPathComponent(name).path
    let json = InspectJSON.render([ImportRun.inspect(path, options: options)])
    return json.replacingOccurrences(of: folder.path + "/", with: "")
  }

  @Test func everyFamilyHasAFixture() {
    #expect(Self.names.count >= 8)
  }

  /// The fixtures in the source tree, where a recording goes.
  static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DairyTestSupport/Fixtures/report")

  @Test(arguments: names)
  func inspectionIsAsExpected(name: String) throws {
    let file = name.replacingOccurrences(of: ".csv", with: ".inspect.json")
    let actual = Self.inspection(name)
    if Self.recording {
      try Data(actual.utf8).write(to: Self.sourceFolder.appendingPathComponent(file))
      return
    }
    let expected = try String(
      contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
    #expect(try Self.parsed(actual) == Self.parsed(expected))
  }

  /// JSON text as Foundation objects, with null members taken out: the comparison holds whether
  /// the encoder writes a nil member as null or leaves it out, and whatever its layout.
  static func parsed(_ text: String) throws -> NSObject {
    func clean(_ value: Any) -> NSObject {
      if let object = value as? [String: Any] {
        return NSDictionary(dictionary: object.filter { !($0.value is NSNull) }.mapValues(clean))
      }
      if let array = value as? [Any] { return NSArray(array: array.map(clean)) }
      return value as! NSObject
    }
    return clean(try JSONSerialization.jsonObject(with: Data(text.utf8)))
  }

  @Test(arguments: names)
  func importStoresWhatInspectShows(name: String) throws {
    // Given a fixture and its inspection
    let path = Self.folder.appendingPathComponent(name).path
    let inspection = ImportRun.inspect(path, options: ImportOptions())
    let dataset = try #require(inspection.datasets.first)
    // When it is imported
    let database = try DairyDatabase.inMemory()
    let summary = try database.importFiles([path])
    // Then the sections, their counts and the dataset's facts are those inspect showed
    let sections = try database.read { try $0.sections() }
    #expect(sections.map(\.title) == dataset.series.map(\.title))
    #expect(sections.map(\.key) == dataset.series.map(\.key))
    #expect(sections.map(\.group) == dataset.series.map(\.group))
    #expect(sections.map(\.unit) == dataset.series.map(\.unit))
    #expect(sections.map(\.observationCount) == dataset.series.map(\.count))
    #expect(summary.missing == dataset.series.map(\.missing).reduce(0, +))
    let info = try #require(try database.read { try $0.datasets() }.first)
    #expect(info.title == dataset.facts.title && info.source == dataset.facts.source)
    #expect(info.updated == dataset.facts.updated && info.contact == dataset.facts.contact)
    #expect(info.notes == dataset.facts.notes && info.legend == dataset.facts.legend)
  }
}
