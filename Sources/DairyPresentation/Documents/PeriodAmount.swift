import DairyImport
import DairyModel

/// An observation as the listing documents write it: `{"year":1975,"amount":247.0}` in an annual
/// section (as always), `{"period":"2020-03","amount":…}` in a section of another frequency.
///
/// ```swift
/// JSONOutput.string(PeriodAmount(Observation(year: 202003, amount: 1), frequency: .monthly))
/// // "{\"period\":\"2020-03\",\n\"amount\":1.0}\n"
/// ```
package struct PeriodAmount: Encodable {
  package var observation: Observation
  package var frequency: Frequency

  package init(_ observation: Observation, frequency: Frequency) {
    self.observation = observation
    self.frequency = frequency
  }

  private enum CodingKeys: String, CodingKey {
    case year, period, amount
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if frequency == .annual {
      try container.encode(observation.year, forKey: .year)
    } else {
      try container.encode(
        Period(frequency: frequency, key: observation.year).text, forKey: .period)
    }
    try container.encode(observation.amount, forKey: .amount)
  }
}

/// A period alone, as documents write it: a year as a number (`1975`), another period as text
/// (`"2020-03"`).
package struct PeriodKey: Encodable {
  package var key: Int64
  package var frequency: Frequency

  package init(_ key: Int64, frequency: Frequency) {
    self.key = key
    self.frequency = frequency
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if frequency == .annual {
      try container.encode(key)
    } else {
      try container.encode(Period(frequency: frequency, key: key).text)
    }
  }
}
