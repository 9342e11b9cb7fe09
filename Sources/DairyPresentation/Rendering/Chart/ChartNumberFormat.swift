import DairyImport
import DairyModel
import Foundation

/// Numbers on a chart's axes and in its legend, formatted as `dairy show` formats amounts
/// (thousands separators), with the decimals a tick step needs.
package enum ChartNumberFormat {
  /// A tick's label: `2.5` steps get one decimal, `0.25` two; huge or tiny values, and ticks that
  /// are only the scale's two ends, in the shortest exact form (`1e+308`).
  package static func tick(_ value: Double, step: Double?) -> String {
    guard let step, step >= 1e-12, value.magnitude < 1e21 else { return value.description }
    return AmountFormat.string(value, decimals: decimals(of: step))
  }

  /// The labels of all of `scale`'s ticks, compact (`1.5e+06`) when the full form would be wider
  /// than `limit` columns.
  package static func ticks(_ scale: ChartScale, limit: Int) -> [String] {
    let full = scale.ticks.map { value in
      guard let decimals = scale.decimals, scale.step.map({ $0 >= 1e-12 }) == true,
        value.magnitude < 1e21
      else { return tick(value, step: scale.step) }
      return AmountFormat.string(value, decimals: decimals)
    }
    guard full.contains(where: { $0.count > limit }) else { return full }
    return scale.ticks.map(compact)
  }

  /// Three significant digits.
  package static func compact(_ value: Double) -> String {
    String(format: "%.3g", value)
  }

  /// How many decimals show a multiple of `step` exactly.
  package static func decimals(of step: Double) -> Int {
    var scaled = step
    for decimals in 0...12 {
      if (scaled - scaled.rounded()).magnitude <= 1e-9 * scaled.magnitude { return decimals }
      scaled *= 10
    }
    return 12
  }

  /// An amount of `series` as the legend shows it.
  package static func amount(_ value: Double, of series: ChartSeries) -> String {
    AmountFormat.string(value, decimals: series.decimals)
  }
}
