import DairyImport
import DairyModel

/// The line `dairy import` shows on a terminal while it reads a large file.
///
/// ```swift
/// ProgressBar.line(done: 5_000_000, total: 20_000_000, width: 40)
/// // "importing [==>      ]  25%  4.8/19.1 MiB"
/// ```
package enum ProgressBar {
  /// One line, at most `width` columns, for `done` of `total` bytes.
  package static func line(done: Int, total: Int, width: Int) -> String {
    let fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 1
    let percent = Int((fraction * 100).rounded(.down))
    let sizes = megabytes(done) + "/" + megabytes(total) + " MiB"
    let percentText = String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
    let fixed = "importing [] " + percentText + "  " + sizes
    let barWidth = max(0, width - fixed.count)
    if barWidth < 5 {
      return String(("importing " + percentText).prefix(width))
    }
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    var bar = String(repeating: "=", count: filled)
    if filled < barWidth {
      bar += ">" + String(repeating: " ", count: barWidth - filled - 1)
    }
    return "importing [" + bar + "] " + percentText + "  " + sizes
  }

  private static func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + 524_288) / 1_048_576
    return "\(tenths / 10).\(tenths % 10)"
  }
}
