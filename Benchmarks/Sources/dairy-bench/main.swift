// Usage: dairy-bench paging DATABASE [ITERATIONS]
//        dairy-bench browse DATABASE [ITERATIONS]
//        dairy-bench chart [ITERATIONS [YEARS]]
//        dairy-bench xml WORKBOOK [ITERATIONS]
//        dairy-bench csv FILE [ITERATIONS]
//
// browse: see BrowseBench.swift; chart: see ChartBench.swift (no database: made-up series);
// xml and csv: see WorkbookBench.swift.
//
// paging: times (after a warm-up) `dairy show --page N` on DATABASE as the binary runs it
// (`ShowFlow.run`: fetch, footer, render; 50 rows, a 80×24 terminal, the database already open),
// for the first, a middle and the last page, ITERATIONS times each (default 200), and prints a
// Markdown table of min / median / max in milliseconds with the last/first ratio of medians.
import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func time(_ iterations: Int, _ body: () throws -> Void) rethrows -> [Double] {
  let clock = ContinuousClock()
  for _ in 0..<max(1, iterations / 10) { try body() }  // warm the caches first
  var samples: [Double] = []
  for _ in 0..<iterations {
    samples.append(milliseconds(try clock.measure(body)))
  }
  return samples.sorted()
}

func paging(database path: String, iterations: Int) throws {
  let database = try DairyDatabase.open(path: path)
  let first = try database.page(PageRequest(pageSize: 50))
  let pages = (first.total + 49) / 50
  // A terminal of 24 lines: the page fills 23, one is left for the prompt.
  let terminal = Terminal(isTerminal: true, width: 80, height: 24)
  let reading = ReadingDatabase(database: database)
  print("| page | fetch + render min / median / max (ms) |")
  print("|---|---|")
  var medians: [Double] = []
  for (label, number) in [
    ("first (1)", 1), ("middle (\(pages / 2))", pages / 2), ("last (\(pages))", pages),
  ] {
    let line = ShowCommandLine(pageSize: 50, start: .number(number))
    let samples = time(iterations) {
      var output = ""
      var errors = ""
      let status = ShowFlow.run(
        line, terminal: terminal, output: &output, errors: &errors, open: { reading })
      precondition(status == 0 && !output.isEmpty && errors.isEmpty, errors)
    }
    let median = samples[samples.count / 2]
    medians.append(median)
    print(String(format: "| %@ | %.3f / %.3f / %.3f |", label, samples[0], median, samples.last!))
  }
  print(
    String(
      format: "\nlast/first = %.2f (%d observations, %d pages of 50)", medians[2] / medians[0],
      first.total, pages))
}

let arguments = CommandLine.arguments
if arguments.count >= 2 && arguments[1] == "chart" {
  if arguments.count > 3 {
    chartRenders(Int(arguments[2])!, years: Int(arguments[3])!)
  } else {
    chart(iterations: arguments.count > 2 ? Int(arguments[2])! : 1000)
  }
  exit(0)
}
guard arguments.count >= 3, ["paging", "browse", "xml", "csv"].contains(arguments[1]) else {
  FileHandle.standardError.write(
    ("usage: dairy-bench paging|browse DATABASE [ITERATIONS] | chart [ITERATIONS]"
      + " | xml|csv FILE [ITERATIONS]\n").data(using: .utf8)!)
  exit(64)
}
let defaults = ["paging": 200, "browse": 1000, "xml": 5, "csv": 5]
let iterations = arguments.count > 3 ? Int(arguments[3])! : defaults[arguments[1]]!
switch arguments[1] {
case "paging": try paging(database: arguments[2], iterations: iterations)
case "browse": try browse(database: arguments[2], iterations: iterations)
case "xml": try xml(workbook: arguments[2], iterations: iterations)
default: try csv(file: arguments[2], iterations: iterations)
}
