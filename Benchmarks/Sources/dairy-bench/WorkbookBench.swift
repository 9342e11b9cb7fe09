import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy-bench xml WORKBOOK [ITERATIONS]`: the stages of reading the first sheet of a workbook
/// (make one with Scripts/generate-workbook.py), each timed ITERATIONS times after a warm-up:
/// inflating its part, tokenizing its XML from memory, and the whole public read (open the
/// workbook, the merged-range pass, then every row and cell). Prints a Markdown table of median
/// times and throughput in MB/s of XML (10^6 bytes). With ITERATIONS 0 it only reads every cell
/// once, holding nothing else, for the peak RSS under /usr/bin/time.
func xml(workbook path: String, iterations: Int) throws {
  if iterations == 0 {
    print("\(try readAll(path)) cells")
    return
  }
  let workbook = try Workbook.open(path: path)
  let sheet = workbook.sheets[0]
  let bytes = try WorkbookBenchmarks.partBytes(of: sheet, in: workbook)
  let megabytes = Double(bytes.count) / 1e6
  var cells = 0
  let stages: [(String, () throws -> Void)] = [
    ("inflate the part", { _ = try WorkbookBenchmarks.partBytes(of: sheet, in: workbook) }),
    ("tokenize the XML", { _ = try WorkbookBenchmarks.tokenize(bytes) }),
    ("read every cell", { cells = try readAll(path) }),
  ]
  print("| stage (\(String(format: "%.1f", megabytes)) MB of XML) | median (s) | MB/s |")
  print("|---|---:|---:|")
  for (label, body) in stages {
    let samples = try time(iterations, body).map { $0 / 1000 }
    let median = samples[samples.count / 2]
    print(String(format: "| %@ | %.3f | %.0f |", label, median, megabytes / median))
  }
  print("\n\(cells) cells")
}

/// `dairy-bench csv FILE [ITERATIONS]`: the CSV reader over a file, for its throughput beside the
/// XML reader's.
func csv(file path: String, iterations: Int) throws {
  let size = Double(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int) / 1e6
  let samples = try time(iterations) {
    _ = try WorkbookBenchmarks.csvRecords(path: path)
  }.map { $0 / 1000 }
  let median = samples[samples.count / 2]
  print("| stage (\(String(format: "%.1f", size)) MB of CSV) | median (s) | MB/s |")
  print("|---|---:|---:|")
  print(String(format: "| read every record | %.3f | %.0f |", median, size / median))
}

/// Opens the workbook and reads every cell of its first sheet; the number of cells.
func readAll(_ path: String) throws -> Int {
  let workbook = try Workbook.open(path: path)
  let reader = try workbook.reader(forSheet: workbook.sheets[0])
  var row = SheetRow()
  var cells = 0
  while try reader.next(into: &row) { cells += row.cells.count }
  return cells
}
