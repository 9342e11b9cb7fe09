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

/// The man page's generator, which `swift build --product generate-manual` builds (`.ci/run`
/// does); outside CI the install's test is skipped without it.
enum ManPageGenerator {
  static let path = TestSupport.repositoryRoot
    .appendingPathComponent(".build/debug/generate-manual").path
  static let isBuilt =
    FileManager.default.isExecutableFile(atPath: path)
    || ProcessInfo.processInfo.environment["CI"] != nil
}

/// `Scripts/install`, run as a new user runs it, with the debug binary the tests were built with
/// (`--binary`: the release build takes minutes), into a prefix of its own and a new HOME; then
/// the installed `dairy` from a fresh environment, as a new shell starts it.
@Suite(
  "Scripts/install", .tags(.endToEnd), .serialized,
  .enabled(if: ManPageGenerator.isBuilt, "needs .build/debug/generate-manual"))
struct InstallTests {
  static let root = TestSupport.repositoryRoot

  /// A folder with a new HOME and a prefix in it.
  struct Place {
    let home: URL
    let prefix: URL
    var bin: String { prefix.appendingPathComponent("bin").path }

    init() throws {
      let folder = try TestSupport.temporaryFolder()
      home = folder.appendingPathComponent("home")
      prefix = folder.appendingPathComponent("pre fix")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// A new shell's environment: HOME, PATH, nothing else of the tests'.
    func environment(path: String) -> [String: String] {
      ["HOME": home.path, "PATH": path, "LANG": "C.UTF-8"]
    }
  }

  /// Runs `arguments` with exactly `environment`, in `folder`.
  static func run(
    _ arguments: [String], environment: [String: String], in folder: URL = root
  ) throws -> DairyCLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = environment
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    // Standard error to a file: two pipes read one after the other could fill and stop it.
    let errorFile = try TestSupport.temporaryFolder().appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    let err = try FileHandle(forWritingTo: errorFile)
    defer { try? err.close() }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let error = try Data(contentsOf: errorFile)
    return DairyCLI.Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }

  /// `Scripts/install --prefix PREFIX --binary DAIRY` and more, with PATH without the prefix.
  static func install(_ place: Place, _ more: String...) throws -> DairyCLI.Result {
    try run(
      [
        root.appendingPathComponent("Scripts/install").path, "--prefix", place.prefix.path,
        "--binary", DairyCLI.binary,
      ] + more,
      environment: place.environment(path: "/usr/bin:/bin"))
  }

  static let installedFiles = [
    "bin/dairy", "bin/dairy_DairyData.resources/per_capita_consumption_1975-2022.csv",
    "share/man/man1/dairy.1", "share/bash-completion/completions/dairy",
    "share/zsh/site-functions/_dairy", "share/fish/vendor_completions.d/dairy.fish",
  ]

  @Test func installsThenTheInstalledDairyRunsInANewShell() throws {
    let place = try Place()

    // When it installs into a prefix that is not on PATH
    let installed = try Self.install(place)

    // Then every file is in its place, and it says how to put the prefix on PATH
    #expect(installed.status == 0, "\(installed.error)")
    for file in Self.installedFiles {
      let path = place.prefix.appendingPathComponent(file).path
      #expect(FileManager.default.fileExists(atPath: path), "\(file)")
    }
    #expect(installed.error.contains("install: stripped "))
    #expect(installed.error.contains("install: \(place.bin) is not on your PATH"))
    #expect(installed.error.contains("echo 'export PATH=\"\(place.bin):$PATH\"' >> ~/.bashrc"))
    #expect(installed.error.contains("echo 'export PATH=\"\(place.bin):$PATH\"' >> ~/.zshrc"))
    #expect(installed.output == "")
    // The completions are the binary's, for its commands
    for file in Self.installedFiles.suffix(3) {
      let text = try String(
        contentsOf: place.prefix.appendingPathComponent(file), encoding: .utf8)
      #expect(text.contains("show") && text.contains("browse"), "\(file)")
    }

    // And in a new shell with the prefix on PATH, dairy is found and shows the bundled data,
    // importing it into the new HOME on first use; its footer's command is `dairy show …`
    let shell = place.environment(path: place.bin + ":/usr/bin:/bin")
    let show = try Self.run(
      ["/bin/bash", "--norc", "--noprofile", "-c", "dairy show --page-size 3 --width 200"],
      environment: shell, in: place.home)
    #expect(show.status == 0, "\(show.error)")
    #expect(show.output.contains("Fluid beverage milk"))
    #expect(
      show.output.contains("next page: dairy show --page-size 3 --width 200 --after 1:1977@v"),
      "\(show.output)")
    #expect(
      FileManager.default.fileExists(
        atPath: place.home.appendingPathComponent(".local/share/dairy").path))

    // And man finds the page (by the prefix's bin on PATH, as man-db does, or by -M)
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
      let manPath = place.prefix.appendingPathComponent("share/man").path
      var environment = shell
      environment["MANPAGER"] = "cat"
      environment["MANWIDTH"] = "80"
      let man = try Self.run(
        ["/usr/bin/man", "-M", manPath, "dairy"], environment: environment, in: place.home)
      #expect(man.status == 0, "\(man.error)")
      #expect(man.output.contains("dairy show"), "\(man.output.prefix(400))")
      #expect(!man.error.contains("warning"), "\(man.error)")
    }
  }

  @Test func runByItsPathTheFooterGivesThePath() throws {
    let place = try Place()
    #expect(try Self.install(place).status == 0)

    // With the prefix off PATH, dairy run by its path prints commands that start with the path
    let dairy = place.bin + "/dairy"
    let show = try Self.run(
      [dairy, "show", "--page-size", "2", "--width", "200"],
      environment: place.environment(path: "/usr/bin:/bin"), in: place.home)
    #expect(show.status == 0, "\(show.error)")
    #expect(
      show.output.contains("next page: '\(dairy)' show --page-size 2 --width 200 --after"),
      "\(show.output)")
  }

  @Test func runAsSwiftRunRunsItTheFooterSaysSwiftRun() throws {
    // Given the binary run as `swift run` runs it: by its path from the package's folder
    let binary = DairyCLI.binary
    let relative = String(binary.dropFirst(Self.root.path.count + 1))
    try #require(relative.hasPrefix(".build/") && relative.split(separator: "/").count == 4)
    let place = try Place()
    let db = place.home.appendingPathComponent("d.sqlite").path
    #expect(try DairyCLI().dairy("import", TestSupport.usdaCSV, "--db", db).status == 0)
    let show = try Self.run(
      [binary, "show", "--page-size", "2", "--width", "200", "--db", db],
      environment: place.environment(path: "/usr/bin:/bin"))
    #expect(show.status == 0, "\(show.error)")
    // argv[0] is the absolute path here (Process gives it), so: the path
    #expect(show.output.contains("next page: \(binary) show"), "\(show.output)")

    let run = try Self.run(
      [
        "/bin/bash", "--norc", "--noprofile", "-c",
        "exec -a \(relative) \(relative) show --page-size 2 --width 200 --db '\(db)'",
      ],
      environment: place.environment(path: "/usr/bin:/bin"))
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.output.contains("next page: swift run dairy show --page-size 2 --width 200 --db"),
      "\(run.output)")
  }

  @Test func runningItAgainReplacesAndUninstallRemoves() throws {
    let place = try Place()
    #expect(try Self.install(place).status == 0)
    let again = try Self.install(place)
    #expect(again.status == 0, "\(again.error)")
    #expect(!again.error.contains("failed"))

    let removed = try Self.install(place, "--uninstall")
    #expect(removed.status == 0, "\(removed.error)")
    for file in Self.installedFiles {
      let path = place.prefix.appendingPathComponent(file).path
      #expect(!FileManager.default.fileExists(atPath: path), "\(file)")
    }
    #expect(removed.error.contains("dairy is uninstalled from \(place.prefix.path)"))
  }

  @Test func aStepThatFailsIsNamed() throws {
    let place = try Place()
    let result = try Self.run(
      [
        Self.root.appendingPathComponent("Scripts/install").path, "--prefix", place.prefix.path,
        "--binary", place.home.appendingPathComponent("dairy").path,
      ],
      environment: place.environment(path: "/usr/bin:/bin"))
    #expect(result.status != 0)
    #expect(result.error.contains("is not an executable file"), "\(result.error)")
    #expect(result.error.hasSuffix("install: failed while checking the binary (exit 1)\n"))
    #expect(
      !FileManager.default.fileExists(
        atPath: place.prefix.appendingPathComponent("bin/dairy").path))
  }
}
