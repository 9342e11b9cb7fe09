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

/// Every line `dairy` prints for a person is one safe line, whatever name it was given: the built
/// binary, run with hostile file names, `--db` paths, `--dataset` names, searches, column names
/// and metadata titles, over every command's error, warning, notice, summary and footer.
@Suite("hostile names stay one safe line", .tags(.endToEnd))
struct HostileNameTests {
  static let names = Hostile.names

  /// One run of the binary and what it must show: the name, escaped, in a message or a footer.
  struct Run {
    var arguments: [String]
    /// Whether stdout is JSON or CSV, where the exact bytes are kept (and not checked here).
    var machineOutput = false
    /// The most lines stderr may have: messages are one line each.
    var errorLines = 1
    /// Whether the run prints the name somewhere (a stored title, say, is not printed on import).
    var showsName = true
  }

  @Test(arguments: names)
  func everyLineIsOneSafeLine(name: String) throws {
    let world = try World(name: name)
    for run in try world.runs() {
      let result = try CommandLineTests().run(run.arguments)
      let shown = "dairy " + run.arguments.map(TextEscaping.visible).joined(separator: " ")
      var checked = [("stderr", result.error)]
      if !run.machineOutput { checked.append(("stdout", result.output)) }
      for (stream, text) in checked {
        let unsafe = Self.unsafeLines(text)
        #expect(unsafe.isEmpty, "\(shown): raw controls on \(stream): \(unsafe)")
      }
      let errorLines = result.error.split(separator: "\n").count
      #expect(errorLines <= run.errorLines, "\(shown): \(errorLines) lines on stderr")
      let escaped = TextEscaping.visible(name)
      let quoted = ShellCommand.quoted(name).dropFirst(2).dropLast()  // $'…'
      let all = result.output + result.error
      #expect(
        !run.showsName || all.contains(escaped) || all.contains(quoted),
        "\(shown): the name is not shown escaped: \(TextEscaping.visible(all))")
    }
  }

  /// JSON and CSV keep the exact bytes: the export holds the name as it was given.
  @Test(arguments: names)
  func machineOutputKeepsTheExactBytes(name: String) throws {
    let world = try World(name: name)
    _ = try CommandLineTests().run(["import", world.good, "--dataset", name, "--db", world.db])
    let csv = try CommandLineTests().run(["export", "--format", "csv", "--db", world.db])
    #expect(csv.output.contains(name))
    let json = try CommandLineTests().run(["export", "--db", world.db])
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [String: Any]
    let datasets = (object["sections"] as! [[String: Any]]).map { $0["dataset"] as! String }
    #expect(datasets.contains(name))
  }

  /// The lines of `text` that hold a character a terminal would act on rather than show.
  static func unsafeLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { $0.unicodeScalars.contains(where: TextEscaping.needsEscape) }
      .map(TextEscaping.visible)
  }
}

/// A folder of files named after one hostile name, and the runs that print it.
private struct World {
  let name: String
  let folder: String
  let db: String
  let good: String

  init(name: String) throws {
    self.name = name
    folder = try TestSupport.temporaryFolder().path
    db = folder + "/d.sqlite"
    good = folder + "/good.csv"
    try write("good.csv", "Year,Milk\n1990,1\n1991,2\n")
  }

  func write(_ file: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
  }

  /// `name` as one CSV field.
  var field: String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

  func runs() throws -> [HostileNameTests.Run] {
    try importRuns() + columnRuns() + readingRuns() + usageRuns()
  }

  /// File names, `--dataset`, metadata names: summaries, warnings, errors.
  func importRuns() throws -> [HostileNameTests.Run] {
    let named = folder + "/" + name + ".csv"
    try write(name + ".csv", "Year,Milk\n1990,1\n1991,2\n")
    try write("bad" + name + ".csv", "Year,Milk\n1990,x\n")
    try write("warn.csv", "Year,Milk\n1990,1\n")
    try write("warn.metadata.json", #"{"series": {"# + json(name) + #": {"title": "t"}}}"#)
    try write("titled.csv", "Year,Milk\n1990,1\n1991,2\n")
    try write("titled.metadata.json", #"{"series": {"Milk": {"title": "# + json(name) + "}}}")
    return [
      .init(arguments: ["import", named, "--db", db]),
      .init(arguments: ["import", named, "--db", db]),
      .init(arguments: ["import", folder + "/bad" + name + ".csv", "--db", db]),
      .init(arguments: ["import", folder + "/missing" + name + ".csv", "--db", db]),
      .init(arguments: ["import", good, "--dataset", name, "--db", db]),
      .init(arguments: ["import", good, "--metadata", folder + "/" + name, "--db", db]),
      .init(arguments: ["import", folder + "/warn.csv", "--db", db]),
      .init(
        arguments: ["import", folder + "/titled.csv", "--db", db], errorLines: 0, showsName: false),
      .init(arguments: ["show", name, "--page-size", "1", "--db", db], errorLines: 0),
      .init(
        arguments: ["show", name, "--format", "csv", "--page-size", "1", "--db", db],
        machineOutput: true),
      .init(arguments: ["sections", name, "--db", db], errorLines: 0),
    ]
  }

  /// Column names, from the command line and from the header.
  func columnRuns() throws -> [HostileNameTests.Run] {
    try write("long.csv", "state,year,value\nOhio,1990,1\n")
    try write("header.csv", "Year," + field + "\n1990,x\n")
    try write("twice.csv", "Year," + field + "," + field + "\n1990,1,2\n")
    let long = folder + "/long.csv"
    return [
      .init(arguments: ["import", long, "--section-column", name, "--db", db]),
      .init(arguments: ["import", long, "--year-column", name, "--db", db]),
      .init(arguments: ["import", long, "--value-column", name, "--db", db]),
      .init(arguments: ["import", long, "--notes-column", name, "--db", db]),
      .init(arguments: ["import", folder + "/header.csv", "--db", db]),
      .init(arguments: ["import", folder + "/twice.csv", "--db", db]),
    ]
  }

  /// `--db` paths and searches on every reading command: notices, footers, empty states, errors.
  func readingRuns() throws -> [HostileNameTests.Run] {
    let fresh = folder + "/" + name + ".sqlite"
    let directory = folder + "/dir" + name
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try write("text" + name, "not a database\n")
    let text = folder + "/text" + name
    return [
      .init(arguments: ["sections", "--db", fresh]),
      .init(arguments: ["init", "--db", fresh], errorLines: 0),
      // (Wide enough for the footer's command to name the path on one line.)
      .init(arguments: ["show", "--page-size", "2", "--width", "400", "--db", fresh]),
      .init(
        arguments: [
          "show", "--format", "csv", "--page-size", "3", "--width", "400", "--db", fresh,
        ],
        machineOutput: true),
      // Every row to a pipe: no footer, so nothing on stderr
      .init(
        arguments: ["show", "--format", "csv", "--db", fresh], machineOutput: true, errorLines: 0,
        showsName: false),
      .init(arguments: ["show", name, "--db", fresh]),
      .init(arguments: ["show", name, "--format", "csv", "--db", fresh], machineOutput: true),
      .init(arguments: ["sections", name, "--db", fresh], errorLines: 0),
      .init(arguments: ["show", "--db", directory]),
      .init(arguments: ["sections", "--db", text]),
      .init(arguments: ["export", "--db", text]),
      .init(arguments: ["import", good, "--db", directory]),
    ]
  }

  /// What ArgumentParser reports: the value typed is quoted in its sentence.
  func usageRuns() -> [HostileNameTests.Run] {
    [
      .init(arguments: ["show", "--since", name], errorLines: 4),
      .init(arguments: ["import", "--format", name, good], errorLines: 4),
      .init(arguments: [name], errorLines: 4),
      // (`--a=b` is an option and its value: only what comes before `=` is named.)
      .init(arguments: ["show", "--" + name], errorLines: 4, showsName: !name.contains("=")),
    ]
  }

  /// `text` as a JSON string.
  func json(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
  }
}
