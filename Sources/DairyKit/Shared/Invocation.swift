#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a person runs this `dairy` again from where they are: the first words of the commands
/// that `show` prints for them to paste (`next page: dairy show …`).
///
/// The rule, from the process's `argv[0]` and `PATH`, first match wins:
///
/// 1. `argv[0]` without a `/`: a shell found the program on `PATH` by that name, and will again
///    (`dairy`, the installed binary).
/// 2. The first `dairy` on `PATH` is this very file (same device and inode, symbolic links
///    followed): `dairy`, although it was run by its path.
/// 3. `swift run` started it: SwiftPM runs a product by its path relative to the working folder,
///    `[P/].build/TRIPLE/CONFIGURATION/dairy`, with the target triple's folder in it (people type
///    `.build/debug/dairy`, SwiftPM's shortcut), and `P/Package.swift` beside that `.build`:
///    `swift run dairy`, with `--package-path P` when P is not the working folder and `-c release`
///    for a release build.
/// 4. Otherwise the path as it was typed, which works from the same folder (`dairy` never
///    changes its working folder).
///
/// ```swift
/// Invocation(argument0: "dairy").words  // ["dairy"]
/// Invocation(
///   argument0: ".build/x86_64-unknown-linux-gnu/debug/dairy", isPackage: { $0 == "" }
/// ).words  // ["swift", "run", "dairy"]
/// ```
package struct Invocation: Sendable, Hashable {
  /// The words that run the program, before its subcommand.
  package var words: [String]

  /// The name the printed commands use when the program is on `PATH`.
  package static let name = "dairy"

  /// - Parameters:
  ///   - argument0: the program's `argv[0]`.
  ///   - path: `$PATH`.
  ///   - isExecutable: whether a path names an executable file.
  ///   - isSameFile: whether two paths name the same file.
  ///   - isPackage: whether a folder (relative to the working folder; "" for itself) holds a
  ///     `Package.swift`.
  package init(
    argument0: String, path: String? = nil,
    isExecutable: (String) -> Bool = { _ in false },
    isSameFile: (String, String) -> Bool = { _, _ in false },
    isPackage: (String) -> Bool = { _ in false }
  ) {
    guard !argument0.isEmpty else {
      words = [Self.name]
      return
    }
    guard argument0.contains("/") else {
      words = [argument0]
      return
    }
    if let found = Self.lookUp(Self.name, in: path, isExecutable: isExecutable),
      isSameFile(found, argument0)
    {
      words = [Self.name]
      return
    }
    words = Self.swiftRun(argument0, isPackage: isPackage) ?? [argument0]
  }

  /// The first `PATH` entry that holds an executable `name`, as `folder/name`; an empty entry is
  /// the working folder, as for a shell.
  package static func lookUp(
    _ name: String, in path: String?, isExecutable: (String) -> Bool
  ) -> String? {
    for folder in (path ?? "").split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// `swift run …` when `argument0` is the path `swift run` gives a product, else nil.
  package static func swiftRun(_ argument0: String, isPackage: (String) -> Bool) -> [String]? {
    guard !argument0.hasPrefix("/") else { return nil }
    var components = argument0.split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    guard components.count >= 4 else { return nil }
    let product = components.removeLast()
    let configuration = components.removeLast()
    let triple = components.removeLast()
    guard components.removeLast() == ".build", ["debug", "release"].contains(configuration),
      !["debug", "release", ""].contains(triple), triple.contains("-"),
      !components.contains("")
    else { return nil }
    let package = components.joined(separator: "/")
    guard isPackage(package) else { return nil }
    var words = ["swift", "run"]
    if !package.isEmpty && package != "." { words += ["--package-path", package] }
    if configuration == "release" { words += ["-c", "release"] }
    return words + [product]
  }

  /// How this process was run, from its `argv[0]`, `$PATH` and the files they name.
  package static func current() -> Invocation {
    let argument0 = CommandLine.arguments.first ?? ""
    // Rule 1 needs no look at the file system: the installed `dairy` starts as fast as before.
    guard argument0.contains("/") else { return Invocation(argument0: argument0) }
    return Invocation(
      argument0: argument0, path: getenv("PATH").map { String(cString: $0) },
      isExecutable: isExecutableFile, isSameFile: sameFile,
      isPackage: { folder in
        access((folder.isEmpty ? "." : folder) + "/Package.swift", F_OK) == 0
      })
  }

  /// Whether the path names a regular file this process may run, as a shell's look-up asks.
  private static func isExecutableFile(_ path: String) -> Bool {
    var facts = stat()
    return stat(path, &facts) == 0 && (facts.st_mode & S_IFMT) == S_IFREG
      && access(path, X_OK) == 0
  }

  /// Whether both paths name one file: the same device and inode, symbolic links followed.
  private static func sameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var other = stat()
    guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
    return one.st_dev == other.st_dev && one.st_ino == other.st_ino
  }
}
