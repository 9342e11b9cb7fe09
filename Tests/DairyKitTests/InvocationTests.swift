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

/// How the commands `show` prints start (``Invocation``): as the person ran `dairy`, so that the
/// footer's next-page command works where they are.
@Suite("Invocation")
struct InvocationTests {
  /// A file system of a few files: executables by path, and the paths that are one file.
  struct Files {
    var executables: Set<String> = []
    /// Paths that name the same file as the binary, `.build/debug/dairy`.
    var binary: Set<String> = []
    var packages: Set<String> = [""]

    func invocation(_ argument0: String, path: String?) -> [String] {
      Invocation(
        argument0: argument0, path: path, isExecutable: executables.contains,
        isSameFile: { binary.contains($0) && binary.contains($1) },
        isPackage: packages.contains
      ).words
    }
  }

  static let triple = ".build/x86_64-unknown-linux-gnu"

  static let cases: [(argument0: String, path: String?, files: Files, words: [String])] = [
    // 1. Found on PATH by its name (the installed dairy; another name for it)
    ("dairy", "/home/u/.local/bin:/usr/bin", Files(), ["dairy"]),
    ("dairy-dev", "/opt/bin", Files(), ["dairy-dev"]),
    ("", nil, Files(), ["dairy"]),
    // 2. Run by a path, and the first dairy on PATH is that file
    (
      "/home/u/.local/bin/dairy", "/usr/bin:/home/u/.local/bin",
      Files(
        executables: ["/home/u/.local/bin/dairy"],
        binary: ["/home/u/.local/bin/dairy"]), ["dairy"]
    ),
    (
      "./dairy", ":/usr/bin",
      Files(executables: ["./dairy"], binary: ["./dairy"]), ["dairy"]
    ),
    // … not when an earlier dairy on PATH is another (an older install): the path
    (
      "/home/u/.local/bin/dairy", "/usr/local/bin:/home/u/.local/bin",
      Files(
        executables: ["/usr/local/bin/dairy", "/home/u/.local/bin/dairy"],
        binary: ["/home/u/.local/bin/dairy"]), ["/home/u/.local/bin/dairy"]
    ),
    // 3. swift run: SwiftPM's path to the product, from the package's folder or below it
    ("\(triple)/debug/dairy", "/usr/bin", Files(), ["swift", "run", "dairy"]),
    ("\(triple)/release/dairy", "/usr/bin", Files(), ["swift", "run", "-c", "release", "dairy"]),
    (
      "../\(triple)/debug/dairy", "/usr/bin", Files(packages: [".."]),
      ["swift", "run", "--package-path", "..", "dairy"]
    ),
    // … but the path itself when there is no package there, or it was typed by a person
    ("../\(triple)/debug/dairy", "/usr/bin", Files(), ["../\(triple)/debug/dairy"]),
    (".build/debug/dairy", "/usr/bin", Files(), [".build/debug/dairy"]),
    ("/work/dairy/\(triple)/debug/dairy", nil, Files(), ["/work/dairy/\(triple)/debug/dairy"]),
    (".build-static/release/dairy", "/usr/bin", Files(), [".build-static/release/dairy"]),
    // 4. By any other path: that path, which works from the same folder
    ("bin/dairy", "/usr/bin", Files(), ["bin/dairy"]),
    ("/tmp/it's/dairy", nil, Files(), ["/tmp/it's/dairy"]),
  ]

  @Test(arguments: cases.indices)
  func theWordsThatRunItAgain(_ index: Int) {
    let (argument0, path, files, words) = Self.cases[index]
    #expect(files.invocation(argument0, path: path) == words, "\(argument0)")
  }

  @Test func theFootersCommandsStartWithThem() {
    var line = ShowCommandLine(search: "it's milk", pageSize: 6)
    line.program = ["swift", "run", "dairy"]
    #expect(
      line.next(after: PageCursor(section: 1, year: 1980, version: 6)).description
        == "swift run dairy show 'it'\\''s milk' --page-size 6 --after 1:1980@v6")
    line.program = ["/tmp/it's/dairy"]
    #expect(
      line.page(2).description
        == "'/tmp/it'\\''s/dairy' show 'it'\\''s milk' --page-size 6 --page 2")
  }
}
