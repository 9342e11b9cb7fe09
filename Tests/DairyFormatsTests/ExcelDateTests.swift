import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Serial dates in the 1900 and 1904 date systems, and ISO 8601 date cells.
@Suite("Excel dates")
struct ExcelDateTests {
  @Test(
    arguments: [
      (1.0, "1900-01-01"), (31, "1900-01-31"), (59, "1900-02-28"), (60, "1900-02-29"),
      (61, "1900-03-01"), (25569, "1970-01-01"), (36526, "2000-01-01"), (43550, "2019-03-26"),
      (45533, "2024-08-29"), (2_958_465, "9999-12-31"), (43550.5, "2019-03-26T12:00:00"),
      (43550.999999999, "2019-03-27"), (61.25, "1900-03-01T06:00:00"),
    ] as [(Double, String)])
  func system1900(_ serial: Double, _ expected: String) throws {
    let date = try #require(ExcelDate(serial: serial, date1904: false))
    #expect(date.description == expected)
    if serial < 43550.9 {
      #expect(date.serial(date1904: false) == serial)
    }
  }

  @Test(
    arguments: [
      (0.0, "1904-01-01"), (1, "1904-01-02"), (41, "1904-02-11"), (42088, "2019-03-26"),
      (2_957_003, "9999-12-31"),
    ] as [(Double, String)])
  func system1904(_ serial: Double, _ expected: String) throws {
    let date = try #require(ExcelDate(serial: serial, date1904: true))
    #expect(date.description == expected)
    #expect(date.serial(date1904: true) == serial)
  }

  @Test func serialsThatAreNoDate() {
    for serial in [-1, 0, 0.5, 2_958_466, .nan, .infinity] {
      #expect(ExcelDate(serial: serial, date1904: false) == nil, "\(serial)")
    }
    #expect(ExcelDate(serial: 2_957_004, date1904: true) == nil)
    #expect(ExcelDate(serial: -0.5, date1904: true) == nil)
  }

  @Test func theSameDayInBothSystems() throws {
    let day = ExcelDate(year: 2019, month: 3, day: 26)
    #expect(day.serial(date1904: false) - day.serial(date1904: true) == 1462)
    #expect(ExcelDate(year: 1900, month: 2, day: 29).serial(date1904: false) == 60)
    #expect(ExcelDate(year: 1900, month: 2, day: 28).serial(date1904: false) == 59)
  }

  @Test(arguments: [
    ("2019-03-26", "2019-03-26"), ("2019-03-26T10:20", "2019-03-26T10:20:00"),
    ("2019-03-26T10:20:30", "2019-03-26T10:20:30"),
    ("2019-03-26T10:20:30.25Z", "2019-03-26T10:20:30"),
    ("2000-02-29T00:00:00+02:00", "2000-02-29"),
  ])
  func readsISODates(_ text: String, _ expected: String) throws {
    #expect(try #require(ExcelDate(iso8601: text)).description == expected)
  }

  @Test(arguments: [
    "", "2019-3-26", "2019-02-29", "2019-13-01", "2019-00-10", "2019-03-26T24:00",
    "2019-03-26T10:60", "2019-03-26 10:20", "2019-03-26T10:20:61", "2019-03-26Tx", "26/03/2019",
    "2019-03-26T10:20+0200",
  ])
  func refusesOtherText(_ text: String) {
    #expect(ExcelDate(iso8601: text) == nil, "\(text)")
  }
}
