import ArgumentParser
import DairyModel

/// `--since` and `--until` take a year (`2020`), a quarter (`2020-Q1`), a month (`2020-03`) or a
/// day (`2020-03-07`).
extension PeriodBound: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(argument)
  }
}
