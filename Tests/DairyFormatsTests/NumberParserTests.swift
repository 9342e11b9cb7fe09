import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

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
    #expect(numbers.year(Array("2000.5".utf8)) == .invalid(.notAWholeYear("2000.5")))
    #expect(numbers.year(Array("1e30".utf8)) == .invalid(.yearOutOfRange("1e30")))
    #expect(numbers.year(Array("last".utf8)) == .invalid(.yearNotANumber("last")))
  }

  @Test func theDocumentedExamples() {
    // From NumberParser's docs
    let numbers = NumberParser(missingMarkers: ["NA"])
    #expect(numbers.amount(Array("8.1".utf8)) == .value(8.1, decimals: 1))
    #expect(numbers.amount(Array("NaN".utf8)) == .invalid(.nan))
    // From NumberParser.Cause's docs
    let cause = NumberParser.Cause.notAWholeYear("2000.5")
    print(cause)  // "2000.5" is not a whole year
    #expect(cause.description == #""2000.5" is not a whole year"#)
  }

  @Test func causesAreTypedAndWordedInOnePlace() {
    #expect(numbers.amount(Array("lots".utf8)) == .invalid(.notANumber("lots")))
    #expect(numbers.amount(Array("-NaN".utf8)) == .invalid(.nan))
    #expect(numbers.amount(Array("Infinity".utf8)) == .invalid(.infinity))
    #expect(numbers.amount(Array("1e400".utf8)) == .invalid(.tooLarge("1e400")))
    let long = String(repeating: "x", count: 50)
    #expect(
      numbers.amount(Array(long.utf8)) == .invalid(.notANumber(String(long.prefix(40)) + "…")))
    let messages: [(NumberParser.Cause, String)] = [
      (.notANumber("lots"), #""lots" is not a number"#),
      (.nan, "NaN is not a number dairy can store; leave the cell empty or NA"),
      (.infinity, "infinity is not a number dairy can store; leave the cell empty or NA"),
      (.tooLarge("1e400"), #""1e400" is too large for a number"#),
      (.yearNotANumber("last"), #"year "last" is not a number"#),
      (.notAWholeYear("2000.5"), #""2000.5" is not a whole year"#),
      (.yearOutOfRange("1e30"), #""1e30" is out of range for a year"#),
      (.notANumber("a\u{1B}b"), #""a\eb" is not a number"#),
    ]
    for (cause, message) in messages { #expect(cause.description == message) }
  }

  @Test func numbersPastADoublesRangeAreRefusedAtBothEnds() {
    // A number too large for a double is refused, and so is one other than zero too small for
    // one (it would read as 0); a subnormal is kept exactly, and a zero with any exponent is 0
    #expect(numbers.amount(Array("-1e400".utf8)) == .invalid(.tooLarge("-1e400")))
    #expect(numbers.amount(Array("1e-400".utf8)) == .invalid(.tooSmall("1e-400")))
    #expect(numbers.amount(Array("-2e-324".utf8)) == .invalid(.tooSmall("-2e-324")))
    #expect(numbers.amount(Array("0.0000e-400".utf8)) == .value(0, decimals: 12))
    #expect(numbers.amount(Array("0e5".utf8)) == .value(0, decimals: 0))
    for (text, value) in [
      ("5e-324", Double.leastNonzeroMagnitude), ("-3e-324", -Double.leastNonzeroMagnitude),
      ("2.2250738585072014e-308", Double.leastNormalMagnitude),
      ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
    ] {
      guard case .value(let parsed, _) = numbers.amount(Array(text.utf8)) else {
        Issue.record("\(text) is refused")
        continue
      }
      #expect(parsed.bitPattern == value.bitPattern, "\(text)")
    }
    // A year that small is not a whole year, rather than year 0
    #expect(numbers.year(Array("1e-400".utf8)) == .invalid(.notAWholeYear("1e-400")))
    #expect(numbers.year(Array("0e-400".utf8)) == .value(0))
    #expect(
      NumberParser.Cause.tooSmall("1e-400").description
        == #""1e-400" is too small for a number: nearer to 0 than 5e-324, it would be stored "#
        + "as 0; write 0 if that is meant")
  }

  @Test func storedNumbers() {
    // A typed source's numbers: decimals from the format when it has one, else the shortest text
    #expect(numbers.amount(8.1, decimals: nil) == .value(8.1, decimals: 1))
    #expect(numbers.amount(247, decimals: nil) == .value(247, decimals: 0))
    #expect(numbers.amount(247, decimals: 2) == .value(247, decimals: 2))
    #expect(numbers.amount(1e-7, decimals: nil) == .value(1e-7, decimals: 7))
    #expect(numbers.amount(.nan, decimals: nil) == .invalid(.nan))
    #expect(numbers.amount(-.infinity, decimals: 1) == .invalid(.infinity))
    #expect(numbers.year(1975) == .value(1975))
    #expect(numbers.year(2000.5) == .invalid(.notAWholeYear("2000.5")))
    #expect(numbers.year(1e300) == .invalid(.yearOutOfRange("1e+300")))
  }
}
