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

/// Our CSV reader against Python's `csv` module on random RFC 4180 files, with the records the
/// generator wrote as a third opinion. Fields are compared byte for byte (Swift's `==` on strings
/// would call `é` and `e\u{301}` equal).
///
/// CI reads 300 files with a fixed seed; `Scripts/diff-csv` runs many more with another seed
/// through `DAIRY_DIFF_CSV_FILES` and `DAIRY_DIFF_CSV_SEED`.
@Suite("Differential CSV", .tags(.endToEnd))
struct DifferentialCSVTests {
  static let environment = ProcessInfo.processInfo.environment
  static let fileCount = environment["DAIRY_DIFF_CSV_FILES"].flatMap { Int($0) } ?? 300
  static let seed = environment["DAIRY_DIFF_CSV_SEED"].flatMap { UInt64($0) } ?? 4180
  /// Files per python3 process.
  static let batchSize = 1000
  /// Disagreements reported before the run stops.
  static let maxReported = 5

  @Test(.enabled(if: PythonCSV.executable != nil, "needs python3 on PATH"))
  func ourReaderAgreesWithPythonsCSVModule() throws {
    // Given the documented edge cases, then random files, written in batches
    let folder = try TestSupport.temporaryFolder()
    var generator = RandomCSV(seed: Self.seed)
    let edgeCases = RandomCSV.edgeCases
    let total = edgeCases.count + Self.fileCount
    var disagreements = 0
    var features = Set<String>()
    for first in stride(from: 0, to: total, by: Self.batchSize)
    where disagreements < Self.maxReported {
      let batch = (first..<min(first + Self.batchSize, total)).map {
        $0 < edgeCases.count ? edgeCases[$0] : generator.file()
      }
      let paths = try batch.enumerated().map { index, file in
        let url = folder.appendingPathComponent("\(first + index).csv")
        try Data(file.bytes).write(to: url)
        return url.path
      }

      // When Python and our reader read them
      let theirs = try PythonCSV.records(of: paths)
      for (index, file) in batch.enumerated() where disagreements < Self.maxReported {
        features.formUnion(file.features)
        let ours = Result { try Self.records(of: paths[index], readSize: file.readSize) }

        // Then both read exactly the records that were written
        if (try? ours.get()) != file.records || theirs[index] != file.records {
          disagreements += 1
          Issue.record(
            """
            \(paths[index]) (read \(file.readSize.map(String.init) ?? "default") bytes at a time) \
            \(String(decoding: file.bytes, as: UTF8.self).debugDescription)
              written: \(Self.describe(file.records))
              ours:    \(ours.map(Self.describe))
              python:  \(Self.describe(theirs[index]))
            """)
        } else {
          // A disagreement keeps its file for a look; the others go.
          try? FileManager.default.removeItem(atPath: paths[index])
        }
      }
    }
    // And the files held every feature the generator is there for
    #expect(features == RandomCSV.allFeatures || disagreements > 0)
  }

  /// Every record of a file, each field as its bytes.
  static func records(of path: String, readSize: Int?) throws -> [[[UInt8]]] {
    let reader =
      try readSize.map { try CSVReader(path: path, readSize: $0) } ?? CSVReader(path: path)
    var record = TableRow()
    var all: [[[UInt8]]] = []
    while try reader.next(into: &record) {
      all.append((0..<record.count).map { Array(record.bytes[record.range(at: $0)]) })
    }
    return all
  }

  static func describe(_ records: [[[UInt8]]]) -> String {
    records.map { $0.map { String(decoding: $0, as: UTF8.self) } }.debugDescription
  }
}

/// Python's `csv` module, run once for many files.
enum PythonCSV {
  /// `newline=''` keeps line ends inside quoted fields and lets lone CRs end lines, as RFC 4180
  /// readers do; `utf-8-sig` drops a byte-order mark; blank lines (`[]`) are dropped, as ours does.
  static let script = """
    import csv, json, sys
    csv.field_size_limit(sys.maxsize)
    out = []
    for path in sys.argv[1:]:
        with open(path, newline='', encoding='utf-8-sig') as f:
            out.append([[v.encode('utf-8').hex() for v in row] for row in csv.reader(f) if row])
    json.dump(out, sys.stdout)
    """

  /// The first `python3` on `PATH`.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/python3" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The records of each file as Python reads them.
  static func records(of paths: [String]) throws -> [[[[UInt8]]]] {
    try records(arguments: ["-c", script] + paths)
  }

  /// The records python3 prints when run with `arguments`.
  static func records(arguments: [String]) throws -> [[[[UInt8]]]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable!)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed")
    let files = try #require(try JSONSerialization.jsonObject(with: data) as? [[[String]]])
    return files.map { $0.map { $0.map(bytes(hex:)) } }
  }

  static func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
      UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
  }
}

// MARK: - Generating files
