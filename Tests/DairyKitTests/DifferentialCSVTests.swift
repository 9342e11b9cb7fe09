import Foundation
import Testing

@testable import DairyKit

/// Our CSV reader against Python's `csv` module on random RFC 4180 files, with the records the
/// generator wrote as a third opinion. Fields are compared byte for byte (Swift's `==` on strings
/// would call `é` and `e\u{301}` equal).
///
/// CI reads 300 files with a fixed seed; `Scripts/diff-csv` runs many more with another seed
/// through `DAIRY_DIFF_CSV_FILES` and `DAIRY_DIFF_CSV_SEED`.
@Suite("Differential CSV")
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

/// Random valid RFC 4180 files and the records they hold, from a seed.
struct RandomCSV {
  struct File {
    var bytes: [UInt8]
    /// What a reader that skips blank lines must return.
    var records: [[[UInt8]]]
    /// The reader's read size, tiny so that records straddle reads; nil for the default.
    var readSize: Int?
    /// Which of ``RandomCSV/allFeatures`` the file has.
    var features: Set<String> = []
    /// The separator and encoding it was written with (dialect files only: else a comma and
    /// UTF-8).
    var separator = CSVSeparator.comma
    var encoding = TextEncoding.utf8
  }

  var random: SplitMix64
  /// Whether files get a random separator and encoding (`DifferentialDialectTests`). Without,
  /// the generator draws exactly the numbers it always drew, so a seed makes the same files.
  var dialects = false

  init(seed: UInt64, dialects: Bool = false) {
    random = SplitMix64(seed: seed)
    self.dialects = dialects
  }

  /// Text a field is made of: the delimiters, line ends, multi-byte and invisible characters.
  static let pieces = [
    "a", "Milk", "1975", "-2.5", " ", "\t", ",", ",,", "\"", "\"\"", "\r", "\n", "\r\n", "\n\r",
    "é", "e\u{301}", "牛乳", "😀", "👩‍👩‍👧", "\u{202E}", "\u{FEFF}", "\u{1B}[31m", "\u{7F}",
    "\u{85}",
    "\u{2028}", "\u{301}", "NA",
  ]
  static let lineEnds = ["\n", "\r\n", "\r"]
  static let readSizes: [Int?] = [nil, 2, 3, 4, 5, 7, 16, 61]

  mutating func file() -> File {
    let (separator, encoding) = dialects ? randomDialect() : (.comma, .utf8)
    let lineEnd = random.element(Self.lineEnds + ["mixed"])
    let bom = Self.byteOrderMark(random.chance(1, in: 4), encoding)
    let width = random.int(1...5)
    var text = bom ? "\u{FEFF}" : ""
    var records: [[[UInt8]]] = []
    var features: Set<String> = bom ? ["byte-order mark"] : []
    let count = random.int(0...8)
    for index in 0..<count {
      func end() -> String {
        let end = lineEnd == "mixed" ? random.element(Self.lineEnds) : lineEnd
        features.insert(end)
        return end
      }
      while random.chance(1, in: 6) { text += end() }
      let fields = (0..<(random.chance(1, in: 5) ? random.int(1...6) : width)).map { _ in
        field(encoding)
      }
      var line = ""
      for (column, value) in fields.enumerated() {
        // Unquoted, a value that begins the file with U+FEFF would read as a byte-order mark.
        let mustQuote =
          value.unicodeScalars.contains { "\"\r\n".unicodeScalars.contains($0) }
          || value.utf8.contains(separator.byte)
          || (text.isEmpty && column == 0 && value.unicodeScalars.first == "\u{FEFF}")
        if column > 0 { line.unicodeScalars.append(Unicode.Scalar(separator.byte)) }
        line += mustQuote || random.chance(1, in: 4) ? Self.quoted(value) : value
        if value.isEmpty { features.insert("empty field") }
        if value.utf8.contains(0x22) { features.insert("doubled quote") }
        if value.utf8.contains(0x0D) || value.utf8.contains(0x0A) {
          features.insert("line break in quotes")
        }
        if value.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
          features.insert("4-byte UTF-8")
        }
      }
      text += line
      // A line with nothing on it is blank, whatever was meant.
      if !line.isEmpty { records.append(fields.map { Array($0.utf8) }) }
      if index < count - 1 || random.chance(2, in: 3) {
        text += end()
      } else if !line.isEmpty {
        features.insert("no last line end")
      }
    }
    let readSize = random.element(Self.readSizes)
    if readSize != nil { features.insert("tiny reads") }
    if dialects { features.formUnion([separator.rawValue, encoding.name]) }
    return File(
      bytes: Self.encoded(text, encoding), records: records, readSize: readSize,
      features: features, separator: separator, encoding: encoding)
  }

  /// `value` in quotes, its quotes doubled (scalar by scalar: a quote and a combining mark after
  /// it are one `Character`).
  static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      out.unicodeScalars.append(scalar)
      if scalar == "\"" { out.unicodeScalars.append(scalar) }
    }
    return out + "\""
  }

  static let allFeatures: Set<String> = [
    "byte-order mark", "doubled quote", "line break in quotes", "\r", "\r\n", "\n", "empty field",
    "4-byte UTF-8", "no last line end", "tiny reads",
  ]

  mutating func field(_ encoding: TextEncoding = .utf8) -> String {
    if random.chance(1, in: 5) { return "" }
    let pieces = dialects ? Self.dialectPieces(encoding) : Self.pieces
    return (0..<random.int(1...6)).map { _ in random.element(pieces) }.joined()
  }

  /// The cases the README names, read at a few sizes.
  static let edgeCases: [File] = {
    let cases: [(String, [[String]])] = [
      ("", []), ("\u{FEFF}", []), ("\u{FEFF}a,b\r\n", [["a", "b"]]), ("\r\n\n\r", []),
      (",\n", [["", ""]]), ("\"\"", [[""]]), ("a,\"\"\r", [["a", ""]]), ("a,b,", [["a", "b", ""]]),
      ("\"a\r\nb\"\r\"c\rd\"\n", [["a\r\nb"], ["c\rd"]]), ("\"\"\"\"\n", [["\""]]),
      ("a\r\r\nb", [["a"], ["b"]]), ("\"x\"", [["x"]]), ("\u{FEFF}\"\u{FEFF}\"\n", [["\u{FEFF}"]]),
      ("\"\r\"\r\"\n\"\n", [["\r"], ["\n"]]),
    ]
    return cases.flatMap { text, records in
      [nil, 2, 3].map { size in
        File(
          bytes: Array(text.utf8), records: records.map { $0.map { Array($0.utf8) } },
          readSize: size)
      }
    }
  }()
}
