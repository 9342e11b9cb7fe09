import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// Periods: keys that read as numbers and sort in time, their text, ordinals without gaps.
@Suite struct PeriodTests {
  @Test(
    arguments: [
      (Period.year(2020), 2020, "2020", 2020),
      (Period.marketingYear(starting: 2019), 2019, "2019/20", 2019),
      (Period.marketingYear(starting: 1999), 1999, "1999/00", 1999),
      (Period.quarter(1, of: 2020)!, 20201, "2020-Q1", 2020),
      (Period.month(3, of: 2020)!, 202003, "2020-03", 2020),
      (Period.month(12, of: 1975)!, 197512, "1975-12", 1975),
      (Period.weekEnding(year: 2020, month: 3, day: 7)!, 20_200_307, "2020-03-07", 2020),
    ] as [(Period, Int64, String, Int64)])
  func keysAndText(period: Period, key: Int64, text: String, year: Int64) {
    #expect(period.key == key)
    #expect(period.text == text)
    #expect(period.year == year)
  }

  @Test func invalidPeriodsAreNil() {
    #expect(Period.quarter(5, of: 2020) == nil)
    #expect(Period.month(0, of: 2020) == nil)
    #expect(Period.month(13, of: 2020) == nil)
    #expect(Period.weekEnding(year: 2019, month: 2, day: 29) == nil)
    #expect(Period.weekEnding(year: 2020, month: 2, day: 29) != nil)
    #expect(Period.weekEnding(year: 2020, month: 4, day: 31) == nil)
  }

  @Test func ordinalsCountWithoutGaps() {
    let december = Period.month(12, of: 2019)!
    let january = Period.month(1, of: 2020)!
    #expect(january.ordinal == december.ordinal + 1)
    #expect(Period(frequency: .monthly, ordinal: january.ordinal) == january)
    let q4 = Period.quarter(4, of: 2019)!
    #expect(Period(frequency: .quarterly, ordinal: q4.ordinal + 1) == Period.quarter(1, of: 2020))
    let week = Period.weekEnding(year: 2019, month: 12, day: 28)!
    let next = Period(frequency: .weekly, ordinal: week.ordinal + 1, weekEndingLike: week)
    #expect(next == Period.weekEnding(year: 2020, month: 1, day: 4))
  }

  @Test func orderIsTime() {
    let months = [202001, 201912, 201911].map { Period(frequency: .monthly, key: Int64($0)) }
    #expect(months.sorted().map(\.key) == [201911, 201912, 202001])
    #expect(Period.month(1, of: 2020)!.time < Period.month(2, of: 2020)!.time)
    #expect(Period.quarter(4, of: 2019)!.time < Period.quarter(1, of: 2020)!.time)
  }

  @Test func aYearEarlier() {
    #expect(Period.month(3, of: 2020)!.yearEarlier == Period.month(3, of: 2019))
    #expect(Period.quarter(2, of: 2020)!.yearEarlier == Period.quarter(2, of: 2019))
    #expect(
      Period.weekEnding(year: 2020, month: 3, day: 7)!.yearEarlier
        == Period.weekEnding(year: 2019, month: 3, day: 9))
  }

  @Test(
    arguments: [
      (CalendarDay(year: 1970, month: 1, day: 1), 0),
      (CalendarDay(year: 2000, month: 3, day: 1), 11_017),
      (CalendarDay(year: 1969, month: 12, day: 31), -1),
    ] as [(CalendarDay, Int64)])
  func calendarDays(day: CalendarDay, days: Int64) {
    #expect(day.daysSinceEpoch == days)
    #expect(CalendarDay(daysSinceEpoch: days) == day)
  }

  @Test func fieldsCarryFrequencyAndPlace() {
    var fields = SectionFields(key: "k", title: "Milk")
    #expect(fields[.frequency] == nil)
    fields[.frequency] = "monthly"
    fields[.placeLevel] = "state"
    #expect(fields.frequency == .monthly)
    #expect(fields.placeLevel == .state)
    fields[.frequency] = nil
    #expect(fields.frequency == .annual)
  }

  @Test func titlesRepeatAcrossPlaces() {
    let titles = SectionTitles.distinct(
      ["Milk sales", "Milk sales", "Milk sales"], groups: [nil, nil, nil],
      scopes: ["Alabama", "Alaska", "Alaska"])
    #expect(titles == ["Milk sales", "Milk sales", "Milk sales (2)"])
  }

  @Test func aTitleInSeveralFrequenciesAtOnePlaceNamesTheCoarserOnes() {
    let fields = [
      SectionFields(key: "q", title: "Milk", frequency: .quarterly, place: "Wisconsin"),
      SectionFields(key: "a", title: "Milk", place: "Wisconsin"),
      SectionFields(key: "my", title: "Milk", frequency: .marketingYear, place: "Wisconsin"),
      SectionFields(key: "b", title: "Milk", place: "Iowa"),
      SectionFields(key: "c", title: "Butter", frequency: .monthly),
    ]
    #expect(
      SectionTitles.apartByFrequency(fields) == [
        "Milk", "Milk, annual", "Milk, marketing year", "Milk", "Butter",
      ])
  }

  @Test(
    arguments: [
      (1, 3, 1), (4, 6, 2), (7, 9, 3), (10, 12, 4), (2, 4, nil), (1, 2, nil), (13, 15, nil),
    ] as [(Int, Int, Int?)])
  func monthsThatMakeAQuarter(first: Int, last: Int, quarter: Int?) {
    #expect(Period.quarter(ofMonths: first, through: last) == quarter)
  }

  @Test func splitYears() {
    #expect(Period.splitYear(from: 2019, to: 20))
    #expect(Period.splitYear(from: 1999, to: 0))
    #expect(!Period.splitYear(from: 2019, to: 19))
    #expect(!Period.splitYear(from: .max, to: 8))  // no trap
  }

  @Test(
    "A run of marked cells lists each of its periods",
    arguments: [
      (MissingRun(years: 2003...2005, marker: "NA"), [2003, 2004, 2005] as [Int64]),
      (
        MissingRun(years: 202011...202102, marker: "(D)", frequency: .monthly),
        [202011, 202012, 202101, 202102]
      ),
      (
        MissingRun(years: 20194...20202, marker: "(D)", frequency: .quarterly),
        [20194, 20201, 20202]
      ),
      (
        MissingRun(years: 20201226...20210109, marker: "(D)", frequency: .weekly),
        [20201226, 20210102, 20210109]
      ),
      (MissingRun(years: 2019...2019, marker: "(D)", frequency: .marketingYear), [2019]),
    ])
  func runKeys(run: MissingRun, keys: [Int64]) {
    #expect(run.keys == keys)
  }
}
