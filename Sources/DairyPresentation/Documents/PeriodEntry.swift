import DairyImport
import DairyModel

/// A value at a period as the documents write it: `{"year":1975,"amount":247.0}` in an annual
/// section (as always), `{"period":"2020-03","amount":…}` in a section of another frequency;
/// the value under its own name (`amount`, a missing cell's `marker`). The export's rows,
/// missing cells and marks, the sections listing's latest value and statistics, and a chart's
/// first and last points write their periods through it.
///
/// ```swift
/// JSONOutput.string(PeriodEntry(202003, .monthly, "amount", 1.0))
/// // "{\"period\":\"2020-03\",\n\"amount\":1.0}\n"
/// ```
package struct PeriodEntry<Value: Encodable>: Encodable {
  package var key: Int64
  package var frequency: Frequency
  package var name: String
  package var value: Value

  package init(_ key: Int64, _ frequency: Frequency, _ name: String, _ value: Value) {
    (self.key, self.frequency, self.name, self.value) = (key, frequency, name, value)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DocumentKey.self)
    if frequency == .annual {
      try container.encode(key, forKey: "year")
    } else {
      try container.encode(Period(frequency: frequency, key: key).text, forKey: "period")
    }
    try container.encode(value, forKey: DocumentKey(stringValue: name))
  }
}

extension PeriodEntry where Value == Double {
  /// An observation of a section of `frequency`, its value named `amount`.
  package init(_ observation: Observation, frequency: Frequency) {
    self.init(observation.year, frequency, "amount", observation.amount)
  }
}

/// A period alone, as documents write it: a year as a number (`1975`), another period as text
/// (`"2020-03"`).
package struct PeriodKey: Encodable, Equatable {
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
