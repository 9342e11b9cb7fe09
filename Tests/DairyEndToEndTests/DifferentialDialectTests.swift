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

/// Our CSV reader against Python's `csv` module on random files in every dialect `dairy`
/// reads: separated by commas, semicolons or tabs, in UTF-8, UTF-16 (either byte order, with
/// its byte-order mark) or Windows-1252, read at tiny read sizes too. Python reads each with its
/// delimiter and codec; both must give the records written, as UTF-8.
///
/// CI reads 300 files with a fixed seed; `Scripts/diff-csv` runs more, as for
/// `DifferentialCSVTests`.
@Suite("Differential CSV dialects", .tags(.endToEnd))
struct DifferentialDialectTests {
  static let fileCount = DifferentialCSVTests.fileCount
  static let seed =
    DifferentialCSVTests.environment["DAIRY_DIFF_CSV_SEED"].flatMap {
      UInt64($0)
    } ?? 1252

  @Test(.enabled(if: PythonCSV.executable != nil, "needs python3 on PATH"))
  func ourReaderAgreesWithPythonInEveryDialect() throws {
    // Given random files in random dialects, written in batches
    let folder = try TestSupport.temporaryFolder()
    var generator = RandomCSV(seed: Self.seed, dialects: true)
    var disagreements = 0
    var features = Set<String>()
    for first in stride(from: 0, to: Self.fileCount, by: DifferentialCSVTests.batchSize)
    where disagreements < DifferentialCSVTests.maxReported {
      let batch = (first..<min(first + DifferentialCSVTests.batchSize, Self.fileCount)).map {
        _ in generator.file()
      }
      let paths = try batch.enumerated().map { index, file in
        let url = folder.appendingPathComponent("\(first + index).csv")
        try Data(file.bytes).write(to: url)
        return url.path
      }
      // When Python and our reader read them
      let theirs = try PythonCSV.records(of: paths, dialects: batch)
      for (index, file) in batch.enumerated()
      where disagreements < DifferentialCSVTests.maxReported {
        features.formUnion(file.features)
        let ours = Result { try Self.records(of: paths[index], file) }
        // Then both read exactly the records that were written
        if (try? ours.get()) != file.records || theirs[index] != file.records {
          disagreements += 1
          Issue.record(
            """
            \(paths[index]) (\(file.separator), \(file.encoding.name), read \
            \(file.readSize.map(String.init) ?? "default") bytes at a time)
              written: \(DifferentialCSVTests.describe(file.records))
              ours:    \(ours.map(DifferentialCSVTests.describe))
              python:  \(DifferentialCSVTests.describe(theirs[index]))
            """)
        } else {
          try? FileManager.default.removeItem(atPath: paths[index])
        }
      }
    }
    // And the files held every dialect and every feature
    #expect(
      features.isSuperset(of: RandomCSV.dialectFeatures.union(RandomCSV.allFeatures))
        || disagreements > 0)
  }

  /// Every record of a file read in its dialect, each field as its UTF-8 bytes.
  static func records(of path: String, _ file: RandomCSV.File) throws -> [[[UInt8]]] {
    let reader = try CSVReader(
      path: path, readSize: file.readSize ?? CSVReader.chunkSize, encoding: file.encoding)
    reader.separator = file.separator.byte
    var record = TableRow()
    var all: [[[UInt8]]] = []
    while try reader.next(into: &record) {
      all.append((0..<record.count).map { Array(record.bytes[record.range(at: $0)]) })
    }
    return all
  }
}

extension PythonCSV {
  /// Reads each file with the delimiter and codec of its dialect (`utf-16` takes the byte
  /// order from the byte-order mark); blank lines dropped, as ours does.
  static let dialectScript = """
    import csv, json, sys
    csv.field_size_limit(sys.maxsize)
    out = []
    args = sys.argv[1:]
    for path, codec, delimiter in zip(args[0::3], args[1::3], args[2::3]):
        with open(path, newline='', encoding=codec) as f:
            rows = csv.reader(f, delimiter=chr(int(delimiter)))
            out.append([[v.encode('utf-8').hex() for v in row] for row in rows if row])
    json.dump(out, sys.stdout)
    """

  /// The records of each file as Python reads them in the dialect it was written in.
  static func records(of paths: [String], dialects files: [RandomCSV.File]) throws
    -> [[[[UInt8]]]]
  {
    let arguments = zip(paths, files).flatMap { path, file in
      [path, codec(file.encoding), String(file.separator.byte)]
    }
    return try records(arguments: ["-c", dialectScript] + arguments)
  }

  static func codec(_ encoding: TextEncoding) -> String {
    switch encoding {
    case .utf8: "utf-8-sig"
    case .utf16LE, .utf16BE: "utf-16"
    case .windows1252: "cp1252"
    case .latin1: "latin-1"
    }
  }
}

// MARK: - Files in every dialect
