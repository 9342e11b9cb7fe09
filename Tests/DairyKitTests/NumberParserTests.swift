import Foundation
import Testing

@testable import DairyKit

@Suite("Numbers")
struct NumberParserTests {
  let numbers = NumberParser(missingMarkers: NumberParser.standardMissingMarkers + ["(D)"])

  @Test(arguments: [
    ("247", 247.0, 0), ("8.1", 8.1, 1), ("-0.5", -0.5, 1), (".5", 0.5, 1), ("2.", 2.0, 0),
    ("36188e6", 36_188_000_000.0, 0), ("17469899999.999996", 17_469_899_999.999996, 6),
    (" 4.70 ", 4.7, 2), ("+3", 3.0, 0), ("1.5E-3", 0.0015, 4), ("0.1", 0.1, 1),
    ("123456789012345678901234567890", 1.2345678901234568e29, 0),
    ("0.30000000000000004", 0.30000000000000004, 17 > 12 ? 12 : 17),
  ])
  func amounts(text: String, value: Double, decimals: Int) {
    #expect(numbers.amount(Array(text.utf8)) == .value(value, decimals: decimals))
  }

  @Test func amountsAreTheExactDoubleOfTheText() {
    // Compare against the platform's correctly rounded strtod on tricky inputs.
    let texts = [
      "9007199254740993", "0.1e-300", "2.2250738585072011e-308", "1.7976931348623157e308",
      "4.9e-324", "123.456e7", "1e23", "8.589973e9", "0.000123456789012345678",
    ]
    for text in texts {
      guard case .value(let value, _) = numbers.amount(Array(text.utf8)) else {
        Issue.record("\(text) was not read")
        continue
      }
      #expect(value.bitPattern == strtod(text, nil).bitPattern, "\(text)")
    }
  }

  @Test(arguments: ["", "NA", "N/A", "(NA)", "-", " NA ", "(D)"])
  func missingMarkers(text: String) {
    #expect(numbers.amount(Array(text.utf8)) == .missing)
  }

  @Test(arguments: [
    "abc", "1,234", "1.2.3", "e5", "1e", "--1", "0x10", "NaN", "inf", "-Infinity", "1 2",
  ])
  func notNumbers(text: String) {
    guard case .invalid = numbers.amount(Array(text.utf8)) else {
      Issue.record("\(text) should be refused")
      return
    }
  }

  @Test func years() {
    #expect(numbers.year(Array("1975".utf8)) == .value(1975))
    #expect(numbers.year(Array("2e3".utf8)) == .value(2000))
    #expect(numbers.year(Array("2000.0".utf8)) == .value(2000))
    #expect(numbers.year(Array("-44".utf8)) == .value(-44))
    #expect(numbers.year(Array("".utf8)) == .missing)
    #expect(numbers.year(Array("2000.5".utf8)) == .invalid("\"2000.5\" is not a whole year"))
    #expect(numbers.year(Array("1e30".utf8)) == .invalid("\"1e30\" is out of range for a year"))
  }
}
