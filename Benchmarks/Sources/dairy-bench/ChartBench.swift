import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// `dairy-bench chart [ITERATIONS]`: the cost of a terminal chart of 20 sections at 200×60
/// (`ChartRenderer.render`, colour off and on), for 48, 1,000 and 10,000 years a section. The
/// series are built before timing, as `dairy chart` and browse build them once per fetch; their
/// building is timed apart. Prints Markdown for docs/benchmarks.md.
///
/// With a second argument, `dairy-bench chart ITERATIONS YEARS`, see ``chartRenders(_:years:)``.
func chart(iterations: Int) {
  print(
    "| years a section | points | build 20 series (ms) "
      + "| render 200×60 min / median / max (ms) | p99 (ms) | colour on, median (ms) |")
  print("|---:|---:|---:|---|---:|---:|")
  var medians: [Double] = []
  for years in [48, 1_000, 10_000] {
    var series: [ChartSeries] = []
    let build = milliseconds(
      ContinuousClock().measure { series = (0..<20).map { chartSeries($0, years: years) } })
    let viewport = Viewport(width: 200, height: 60)
    let samples = time(iterations) {
      precondition(ChartRenderer.render(series, in: viewport).count == 60)
    }
    let colored = time(iterations) {
      precondition(
        ChartRenderer.render(series, in: Viewport(width: 200, height: 60, color: true)).count
          == 60)
    }
    let median = samples[samples.count / 2]
    medians.append(median)
    print(
      String(
        format: "| %d | %d | %.3f | %.3f / %.3f / %.3f | %.3f | %.3f |", years, 20 * years, build,
        samples[0], median, samples.last!, samples[samples.count * 99 / 100],
        colored[colored.count / 2]))
  }
  print(
    String(
      format: "\nmedians: 10,000 / 48 years = %.2f, 10,000 / 1,000 years = %.2f",
      medians[2] / medians[0], medians[2] / medians[1]))
}

/// `dairy-bench chart ITERATIONS YEARS`: only `ITERATIONS` renders of 20 sections of `YEARS`
/// years, untimed, for an instruction count (`valgrind --tool=callgrind`, less a run of 0).
func chartRenders(_ iterations: Int, years: Int) {
  let series = (0..<20).map { chartSeries($0, years: years) }
  for _ in 0..<iterations {
    precondition(ChartRenderer.render(series, in: Viewport(width: 200, height: 60)).count == 60)
  }
}

/// Section `index` of a made-up dataset: a random walk over `years` years from 1975, in two
/// units (so two panels), deterministic.
func chartSeries(_ index: Int, years: Int) -> ChartSeries {
  var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
  var amount = Double(10 + index * 7)
  let points = (0..<years).map { offset in
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    amount = max(0.1, amount + Double(Int(state % 201) - 100) / 100)
    return Observation(year: Int64(1975 + offset), amount: amount)
  }
  return ChartSeries(
    title: "Section \(index)", unit: index < 18 ? "lb per person" : "lb milk equivalent",
    dataset: "Benchmark", decimals: 1, points: points)
}
