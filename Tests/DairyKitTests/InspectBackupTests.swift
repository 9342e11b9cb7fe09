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

/// `dairy inspect` on a backup describes what `dairy import` would do with it: each dataset with
/// a line per section (its line in the file, title, unit, years, rows, missing cells), then the
/// datasets of the database it would replace; a backup that import refuses, inspect refuses with
/// the same error. Snapshots in `__Snapshots__/InspectBackupTests/` (colour off, 80 columns).
@Suite("Inspecting backups")
struct InspectBackupTests {
  /// A backup of two datasets: `d`, which the database holds, and `new`, which it does not.
  static let backup = """
    {"datasets":[
    {"name":"d","title":"Dairy","source":"USDA","updated":null,"contact":null,"notes":null,\
    "legend":[{"marker":"NA","meaning":"not available"}]},
    {"name":"new","title":null,"source":null,"updated":null,"contact":null,"notes":null,\
    "legend":[]}
    ],
    "sections":[
    {"dataset":"d","key":"k","title":"Milk","unit":"lb","group":"Fluid","notes":null,\
    "decimals":1,"rows":[{"year":1990,"amount":1.5},{"year":1991,"amount":2}],\
    "missing":[{"year":1992,"marker":"NA"}]},
    {"dataset":"new","key":"c","title":"Cheese","unit":null,"group":null,"notes":null,\
    "decimals":0,"rows":[{"year":2000,"amount":7}],"missing":[]}
    ]}

    """

  /// A folder with `backup.json` and `d.sqlite`, which holds dataset `d` (two sections) and
  /// `other`, which the backup does not name.
  static func folder() throws -> (folder: String, backup: String, database: String) {
    let folder = try TestSupport.temporaryFolder().path
    let database = folder + "/d.sqlite"
    let csv = try TestSupport.file("d.csv", "Year,Milk,Cream\n1990,1,2\n1991,3,4\n")
    var options = ImportOptions()
    options.dataset = "d"
    _ = try DairyDatabase.open(path: database).importFiles([csv], options: options)
    options.dataset = "other"
    _ = try DairyDatabase.open(path: database).importFiles([csv], options: options)
    let backup = folder + "/backup.json"
    try Data(Self.backup.utf8).write(to: URL(fileURLWithPath: backup))
    return (folder, backup, database)
  }

  /// What `dairy inspect` prints for `request` (its status, its output and errors), with the
  /// folder taken out of the paths, as if run in it.
  static func inspect(_ request: InspectFlow.Request, in folder: String) -> (Int32, String, String)
  {
    var output = ""
    var errors = ""
    let status = InspectFlow.run(
      request, terminal: Terminal(width: 80), output: &output, errors: &errors)
    func local(_ text: String) -> String { text.replacingOccurrences(of: folder + "/", with: "") }
    return (status, local(output), local(errors))
  }

  /// The inspection of the backup of ``folder()``, its paths relative to the folder (as when
  /// `dairy inspect backup.json --db d.sqlite` runs in it), so that they take the same width.
  static func inspection() throws -> Inspection {
    let (_, backup, database) = try Self.folder()
    var inspection = ImportRun.inspect(backup, options: ImportOptions())
    InspectFlow.findReplaced(&inspection, database: database)
    inspection.file = "backup.json"
    inspection.replacement?.database = "d.sqlite"
    #expect(inspection.warnings.isEmpty && inspection.error == nil)
    return inspection
  }

  @Test func aBackupIsDescribedWithTheDatasetsItReplaces() throws {
    // Given a backup of datasets d and new, and a database holding d and other
    let inspection = try Self.inspection()
    // When it is inspected at 80 columns
    let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 80, color: false))
    // Then each dataset is listed with its sections, and d is the one it replaces
    assertSnapshot(of: lines.joined(separator: "\n") + "\n", as: .lines)
  }

  @Test func datasetsItReplacesHaveTheirNamesInAColumnAsWideAsTheLongest() throws {
    // Given an inspection that replaces a dataset with a long name, one with a name past half
    // the width, and one with a short name
    var inspection = try Self.inspection()
    let long = "per_capita_consumption_1975-2022"
    let longer = String(repeating: "x", count: 50)
    inspection.replacement?.datasets = [
      DatasetSize(name: "d", sections: 2, observations: 4),
      DatasetSize(name: long, sections: 21, observations: 958),
      DatasetSize(name: longer, sections: 1, observations: 1),
    ]
    // When it is rendered at 80 columns
    let lines = InspectTableRenderer.render([inspection], in: Viewport(width: 80, color: false))
    // Then the counts stand in one column after the names, and the name past 40 columns stands
    // on its own line with its counts under it
    let tail = Array(lines.suffix(5))
    #expect(
      tail == [
        "backup.json: an import with --replace replaces 3 datasets of d.sqlite",
        "  d                                 2 sections, 4 observations",
        "  per_capita_consumption_1975-2022  21 sections, 958 observations",
        "  " + longer,
        "                                    1 section, 1 observation",
      ])
  }

  @Test func aBackupIsDescribedInJSON() throws {
    // Given the same backup and database, when it is inspected as JSON
    let json = InspectJSON.render([try Self.inspection()])
    // Then the file has its datasets and what it replaces
    assertSnapshot(of: json, as: .lines)
  }

  @Test func aBackupReplacesNothingInADatabaseNotMadeYet() throws {
    // Given a backup and no database yet
    let (folder, backup, _) = try Self.folder()
    let database = folder + "/none.sqlite"
    // When it is inspected, then it replaces nothing, and no database is made
    let (status, output, _) = Self.inspect(
      InspectFlow.Request(files: [backup], width: 400, database: database), in: folder)
    #expect(status == 0)
    #expect(output.hasSuffix("\nbackup.json: an import replaces no dataset of none.sqlite\n"))
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test(arguments: [
    TestSupport.goodBackup.replacingOccurrences(of: "1.5}", with: "1.5,\"amount\":2}"),
    TestSupport.goodBackup.replacingOccurrences(of: "1990", with: "9007199254740993"),
    String(TestSupport.goodBackup.dropLast(4)),
  ])
  func aBackupImportRefusesInspectRefusesTheSame(_ text: String) throws {
    // Given a backup that import refuses
    let (folder, backup, database) = try Self.folder()
    try Data(text.utf8).write(to: URL(fileURLWithPath: backup))
    var output = ""
    var imported = ""
    let importStatus = ImportFlow.run(
      [backup], options: ImportOptions(), database: database, terminal: Terminal(),
      output: &output, errors: &imported)
    // When it is inspected, as a table and as JSON
    let (status, table, errors) = Self.inspect(
      InspectFlow.Request(files: [backup], database: database), in: folder)
    let (_, json, _) = Self.inspect(
      InspectFlow.Request(files: [backup], format: .json, database: database), in: folder)
    // Then inspect exits as import does, with the same one-line error, and describes nothing
    #expect(importStatus == 65)
    #expect(status == 65)
    #expect(errors == imported.replacingOccurrences(of: folder + "/", with: ""))
    #expect(errors.split(separator: "\n").count == 1)
    #expect(table == "")
    #expect(json.contains("\"datasets\":[]"))
  }
}
