import DairyTestSupport
import Foundation
import GRDB
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Databases that cannot be used, through the built binary: one line on stderr, exit code 74, no
/// crash, and the file as it was.
///
/// Root may write any file, so the read-only cases run `dairy` as user `nobody` (through
/// `setpriv`) when the tests run as root; a root-only case uses an immutable file instead.
@Suite("Bad databases", .tags(.endToEnd))
struct BadDatabaseTests {
  let cli = CommandLineTests()

  static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// What runs `dairy` as someone for whom a read-only file is read-only: `nobody` under root,
  /// else the current user. Nil when the tests run as root without `setpriv`.
  static let unprivileged: [String]? =
    getuid() != 0
    ? [] : setpriv.map { [$0, "--reuid=65534", "--regid=65534", "--clear-groups", "--"] }

  /// Runs the binary as ``unprivileged``.
  func runUnprivileged(_ arguments: [String]) throws -> CommandLineTests.Result {
    try DairyProcess(arguments, prefix: Self.unprivileged ?? []).wait()
  }

  /// A folder holding `d.sqlite` with the USDA data, and a small CSV to import; both readable by
  /// everyone.
  func usdaDatabase() throws -> (folder: URL, db: String, csv: String) {
    let folder = try TestSupport.temporaryFolder()
    let db = folder.appendingPathComponent("d.sqlite").path
    try #require(try cli.run(["import", TestSupport.usdaCSV, "--db", db]).status == 0)
    let csv = folder.appendingPathComponent("small.csv").path
    try LongCSV.write(rows: 300, series: 3, seed: 3, to: csv)
    return (folder, db, csv)
  }

  func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  // MARK: - Read-only file and folder

  static func readOnly(_ db: String) -> String {
    "dairy: error: \(db) is read-only (attempt to write a readonly database); "
      + "make it writable or pass another --db path\n"
  }

  @Test(.enabled(if: BadDatabaseTests.unprivileged != nil, "as root, needs setpriv"))
  func aReadOnlyFileCanBeReadButNotImportedInto() throws {
    // Given a database file no one may write (0444), in a folder everyone may write
    let (folder, db, csv) = try usdaDatabase()
    chmod(folder.path, 0o777)
    chmod(db, 0o444)
    defer { chmod(db, 0o644) }
    let original = try bytes(db)

    // When someone imports into it: one line, exit 74, the file untouched
    let imported = try runUnprivileged(["import", csv, "--db", db])
    #expect(imported.status == 74)
    #expect(imported.error == Self.readOnly(db))
    #expect(try bytes(db) == original)

    // When they read it: reading commands open read-only, so it works
    let shown = try runUnprivileged(["show", "butter", "--format", "json", "--db", db])
    #expect(shown.status == 0, "\(shown.error)")
    #expect(try CrashSafetyTests.footerTotal(shown.output) == 96)
    #expect(try bytes(db) == original)
  }

  @Test(
    .enabled(if: getuid() == 0 && BadDatabaseTests.canMakeImmutable(), "needs root and chattr +i"))
  func anImmutableFileStopsEvenRoot() throws {
    // Given a database file marked immutable (root's read-only)
    let (_, db, csv) = try usdaDatabase()
    try Self.chattr("+i", db)
    defer { try? Self.chattr("-i", db) }
    let original = try bytes(db)

    // Then an import fails with one line and exit 74, and reading still works
    let imported = try cli.run(["import", csv, "--db", db])
    #expect(imported.status == 74)
    #expect(imported.error == Self.readOnly(db))
    let shown = try cli.run(["show", "butter", "--format", "json", "--db", db])
    #expect(shown.status == 0, "\(shown.error)")
    #expect(try bytes(db) == original)
  }

  @Test(.enabled(if: BadDatabaseTests.unprivileged != nil, "as root, needs setpriv"))
  func aDatabaseInAReadOnlyFolderNamesTheFolder() throws {
    // Given a database everyone may write, in a folder nobody else may write (so SQLite cannot
    // create the -wal and -shm files it needs beside it)
    let (folder, db, csv) = try usdaDatabase()
    chmod(db, 0o666)
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    let original = try bytes(db)
    let expected =
      "dairy: error: cannot use \(db): its folder \(folder.path) is read-only, and SQLite needs to "
      + "create its -wal and -shm files there; make the folder writable or pass another --db path\n"

    // Then import and show both say so in one line, exit 74, and leave the file alone
    let imported = try runUnprivileged(["import", csv, "--db", db])
    #expect(imported.status == 74)
    #expect(imported.error == expected)
    let shown = try runUnprivileged(["show", "--db", db])
    #expect(shown.status == 74)
    #expect(shown.output == "")
    #expect(shown.error == expected)
    #expect(try bytes(db) == original)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.sorted() == ["d.sqlite", "small.csv"])
  }

  @Test(.enabled(if: BadDatabaseTests.unprivileged != nil, "as root, needs setpriv"))
  func aNewDatabaseInAReadOnlyFolder() throws {
    let (folder, _, csv) = try usdaDatabase()
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    let db = folder.appendingPathComponent("new.sqlite").path
    for command in [["import", csv], ["init"]] {
      let result = try runUnprivileged(command + ["--db", db])
      #expect(result.status == 74)
      #expect(
        result.error == "dairy: error: cannot create the database \(db): the folder \(folder.path) "
          + "is read-only; pass another --db path\n")
    }
    // A reading command makes no database at a --db path at all
    let shown = try runUnprivileged(["show", "--db", db])
    #expect(shown.status == 74)
    #expect(shown.error.hasPrefix("dairy: error: no database at \(db);"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  static func chattr(_ flag: String, _ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw CocoaError(.fileWriteNoPermission) }
  }

  /// Whether this file system and these privileges allow `chattr +i` in the temporary folder.
  static func canMakeImmutable() -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"),
      let probe = try? TestSupport.file("probe", "x")
    else { return false }
    guard (try? chattr("+i", probe)) != nil else { return false }
    try? chattr("-i", probe)
    return true
  }

  // MARK: - Damaged files

  static let notADatabase =
    "is not a SQLite database; pass another --db path or move the file away\n"
  static let damaged =
    "is damaged (database disk image is malformed); restore it from a copy or pass another --db path\n"

  /// Every command on `db` fails with `expected` (one of the two endings above), exit 74, and
  /// leaves the bytes alone.
  func expectRefused(
    _ db: String, csv: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let original = try bytes(db)
    for command in [["show"], ["sections"], ["export", "--format", "csv"], ["import", csv]] {
      let result = try cli.run(command + ["--db", db])
      #expect(result.status == 74, "\(command[0])", sourceLocation: sourceLocation)
      #expect(result.output == "", "\(command[0])", sourceLocation: sourceLocation)
      let ending = result.error.replacingOccurrences(of: "dairy: error: \(db) ", with: "")
      #expect(
        ending == Self.notADatabase || ending == Self.damaged, "\(command[0]): \(result.error)",
        sourceLocation: sourceLocation)
    }
    #expect(try bytes(db) == original, "the file changed", sourceLocation: sourceLocation)
  }

  /// The first bytes of a real database: inside the header, the header alone, the first page, half
  /// the file, all but its last page.
  @Test(arguments: [10, 100, 4096, -2, -1])
  func aTruncatedDatabase(_ length: Int) throws {
    let (folder, full, csv) = try usdaDatabase()
    let whole = try bytes(full)
    let size = length == -2 ? whole.count / 2 : length == -1 ? whole.count - 4096 : length
    let db = folder.appendingPathComponent("truncated.sqlite").path
    try whole.prefix(size).write(to: URL(fileURLWithPath: db))
    try expectRefused(db, csv: csv)
  }

  @Test func randomBytes() throws {
    let (folder, _, csv) = try usdaDatabase()
    var generator = SeededBytes(seed: 7)
    let random = folder.appendingPathComponent("random.sqlite").path
    try Data((0..<65_536).map { _ in generator.next() }).write(to: URL(fileURLWithPath: random))
    try expectRefused(random, csv: csv)
    // Random bytes behind SQLite's own magic header
    let disguised = folder.appendingPathComponent("disguised.sqlite").path
    let magic = Array("SQLite format 3\0".utf8)
    try Data(magic + (0..<65_520).map { _ in generator.next() }).write(
      to: URL(fileURLWithPath: disguised))
    try expectRefused(disguised, csv: csv)
  }

  // MARK: - Full disk

  @Test func aFullDatabaseRefusesTheImportAndKeepsTheDataset() throws {
    // Given a database that may not grow by more than a few pages (`max_page_count`, per
    // connection: SQLite's disk full, without filling a disk)
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("d.sqlite").path
    let small = folder.appendingPathComponent("small.csv").path
    let large = folder.appendingPathComponent("large.csv").path
    try LongCSV.write(rows: 300, series: 3, seed: 3, to: small)
    try LongCSV.write(rows: 20_000, series: 100, seed: 4, to: large)
    var options = ImportOptions()
    options.dataset = "trial"
    _ = try DairyDatabase.open(path: path).importFiles([small], options: options)
    let pages = try DatabaseQueue(path: path).read {
      try Int.fetchOne($0, sql: "PRAGMA page_count")!
    }
    var configuration = DairyDatabase.makeConfiguration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA max_page_count = \(pages + 8)")
    }
    let database = try DairyDatabase(
      DatabasePool(path: path, configuration: configuration), path: path)
    let before = try TestSupport.dump(database)

    // When a file that does not fit is imported into the same dataset
    let error = TestSupport.importError([large], into: database, options: options)

    // Then one sentence, exit code 74, and the dataset as it was
    #expect(error?.message == "\(path): the disk or database is full; nothing was changed")
    #expect(error?.exitCode == 74)
    #expect(try TestSupport.dump(database) == before)
    #expect(try DatasetState(path: path, dataset: "trial").integrity == ["ok"])
  }

  /// The real thing: the database on a 512 KiB tmpfs, mounted in a mount namespace of its own
  /// (`unshare -m`, so it goes away with the shell), where `dairy import` runs out of space.
  @Test(.enabled(if: BadDatabaseTests.canMountTmpfs(), "needs unshare and mount (root)"))
  func aFullDiskRefusesTheImportAndKeepsTheDataset() throws {
    // Given the dataset "trial" in a database on a nearly full disk
    let folder = try TestSupport.temporaryFolder()
    let source = folder.appendingPathComponent("d.sqlite").path
    let small = folder.appendingPathComponent("small.csv").path
    let large = folder.appendingPathComponent("large.csv").path
    let disk = folder.appendingPathComponent("disk").path
    let out = folder.appendingPathComponent("out").path
    try LongCSV.write(rows: 3_000, series: 100, seed: 1, to: small)
    try LongCSV.write(rows: 100_000, series: 1_000, seed: 2, to: large)
    try #require(try cli.run(["import", small, "--dataset", "trial", "--db", source]).status == 0)
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)

    // When a file too large for the disk is imported, with exports before and after
    let script = #"""
      set -e
      dairy=$1 source=$2 large=$3 disk=$4 out=$5
      mount -t tmpfs -o size=512k dairy-test "$disk"
      cp "$source" "$disk/d.sqlite"
      "$dairy" export --format csv --db "$disk/d.sqlite" > "$out/before.csv"
      set +e
      "$dairy" import "$large" --dataset trial --db "$disk/d.sqlite" > "$out/import.out" 2> "$out/import.err"
      echo $? > "$out/import.status"
      "$dairy" export --format csv --db "$disk/d.sqlite" > "$out/after.csv" 2> "$out/after.err"
      echo $? > "$out/after.status"
      cp "$disk"/d.sqlite* "$out/"
      """#
    let shell = try Self.unshare(
      ["sh", "-c", script, "sh", CommandLineTests.binary, source, large, disk, out])
    try #require(shell == 0)
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: out + "/" + name, encoding: .utf8)
    }

    // Then one line, exit 74, and the dataset as it was, in a sound file
    #expect(try read("import.status") == "74\n")
    #expect(
      try read("import.err")
        == "dairy: error: \(disk)/d.sqlite: the disk or database is full; nothing was changed\n")
    #expect(try read("import.out") == "")
    #expect(try read("after.status") == "0\n")
    #expect(try read("after.csv") == read("before.csv"))
    #expect(try read("before.csv").split(separator: "\r\n").count == 3_001)
    let state = try DatasetState(path: out + "/d.sqlite", dataset: "trial")
    #expect(state.integrity == ["ok"])
    #expect(state == (try DatasetState(path: source, dataset: "trial")))
  }

  /// Runs `arguments` in a new mount namespace and returns its exit status.
  static func unshare(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["-m"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  static func canMountTmpfs() -> Bool {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
      let folder = try? TestSupport.temporaryFolder()
    else { return false }
    let status = try? unshare([
      "mount", "-t", "tmpfs", "-o", "size=64k", "dairy-probe", folder.path,
    ])
    return status == 0
  }
}

/// Bytes from a seeded xorshift generator: the same "random" file on every run.
struct SeededBytes {
  var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

  mutating func next() -> UInt8 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return UInt8(truncatingIfNeeded: state >> 32)
  }
}
