import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

extension ChartRequest {
  /// Parses the plain forms of `dairy chart …` by hand, or returns nil to leave the line to
  /// ArgumentParser, for the reason `ShowCommandLine(quickParsing:)` gives: ArgumentParser's
  /// reflection costs a short command more than its own work (docs/benchmarks.md).
  ///
  /// ```
  /// chart [SEARCH]... [--section T]... [--dataset NAME] [--since Y] [--until Y] [--width W]
  ///       [--height H] [--ascii] [--index] [--zero] [--format F] [--place P] [--db PATH]
  /// ```
  ///
  /// Anything else returns nil: help, `--`, `--name=value`, a short or unknown option, an option
  /// (but `--section`) given twice or without a value, a value starting with `-`, a value that
  /// does not convert, or a request that breaks a rule of ``problem()``. `ChartQuickParsingTests`
  /// checks that ArgumentParser parses what this takes to the same request.
  ///
  /// ```swift
  /// ChartRequest(quickParsing: ["chart", "butter", "--since", "2000"])?.since  // 2000
  /// ```
  package init?(quickParsing arguments: [String]) {
    guard arguments.first == "chart" else { return nil }
    self.init()
    var seen: Set<String> = []
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        searches.append(argument)
        continue
      }
      guard argument == "--section" || seen.insert(argument).inserted else { return nil }
      switch argument {
      case "--ascii": marks = .ascii
      case "--index": self.index = true
      case "--zero": zero = true
      default:
        guard index < arguments.count, !arguments[index].hasPrefix("-"),
          take(argument, arguments[index])
        else { return nil }
        index += 1
      }
    }
    guard problem() == nil else { return nil }
  }

  /// Sets the option `name` from `value`; false for an unknown option or a value that does not
  /// convert.
  private mutating func take(_ name: String, _ value: String) -> Bool {
    switch name {
    case "--section": sections.append(value)
    case "--db": database = value
    case "--place": place = value
    case "--dataset": dataset = value
    case "--since", "--until":
      guard let bound = PeriodBound(value) else { return false }
      if name == "--since" { since = bound } else { until = bound }
    case "--width", "--height":
      guard let number = Int(value) else { return false }
      if name == "--width" { width = number } else { height = number }
    case "--format":
      guard let format = Format(rawValue: value) else { return false }
      self.format = format
    default: return false
    }
    return true
  }
}
