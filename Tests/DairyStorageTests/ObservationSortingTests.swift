import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// A chunk out of order is sorted in place by section, then year
/// (``ObservationBuffer/Pending/sort(_:)``): whatever the shape of the chunk, the result is the
/// standard library's sort of the same rows.
@Suite("Observation sorting")
struct ObservationSortingTests {
  typealias Pending = ObservationBuffer.Pending

  struct Shape: CustomTestStringConvertible, Sendable {
    let name: String
    let rows: @Sendable () -> [Pending]
    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(name: "empty") { [] },
    Shape(name: "one row") { [Pending(section: 4, year: 2000, amount: 1)!] },
    Shape(name: "years down, one column a section") {
      (0..<300).flatMap { year in
        (0..<40).map { Pending(section: 7 + Int64($0), year: 1800 + Int64(year), amount: 1)! }
      }
    },
    Shape(name: "sections and years shuffled") {
      var generator = SplitMix64(seed: 7)
      return (0..<5000).map { _ in
        Pending(
          section: Int64.random(in: 100..<160, using: &generator),
          year: Int64.random(in: -5...3000, using: &generator),
          amount: Double.random(in: 0..<1, using: &generator))!
      }
    },
    Shape(name: "sections too spread out for a count each") {
      var generator = SplitMix64(seed: 11)
      return (0..<2000).map { _ in
        Pending(
          section: Int64.random(in: 1...Int64(UInt32.max), using: &generator),
          year: Int64.random(in: 1...9, using: &generator), amount: 0)!
      }
    },
    Shape(name: "the widest sections and years") {
      let (top, low, high) = (Int64(UInt32.max), Int64(Int32.min), Int64(Int32.max))
      return [
        Pending(section: top, year: high, amount: 0)!, Pending(section: 0, year: 2, amount: 0)!,
        Pending(section: top, year: low, amount: 0)!, Pending(section: 0, year: -1, amount: 0)!,
      ]
    },
    Shape(name: "monthly sections latest first, as Quick Stats sorts a download") {
      (0..<240).reversed().flatMap { (month: Int) -> [Pending] in
        let period = Int64(190_001 + month / 12 * 100 + month % 12)
        return (0..<30).map { (section: Int) -> Pending in
          Pending(section: 3 + Int64(section), year: period, amount: Double(month))!
        }
      }
    },
    Shape(name: "latest first but for one year") {
      (0..<200).map { Pending(section: 1, year: Int64($0 == 150 ? 500 : 1000 - $0), amount: 0)! }
    },
    Shape(name: "latest first with a year given twice") {
      (0..<64).map { Pending(section: 2, year: Int64(100 - $0 / 2), amount: Double($0))! }
    },
    Shape(name: "a year given twice") {
      (0..<100).map { Pending(section: Int64($0 % 3), year: Int64($0 % 17), amount: 0)! }
    },
  ]

  @Test(arguments: shapes)
  func sortsAsTheStandardSort(_ shape: Shape) {
    var rows = shape.rows()
    let expected = rows.sorted { $0.precedes($1) }
    Pending.sort(&rows)
    #expect(rows.map(\.section) == expected.map(\.section))
    #expect(rows.map(\.year) == expected.map(\.year))
    // Rows keep their amounts, whichever of two equal keys comes first.
    #expect(
      rows.map(\.amount).sorted() == expected.map(\.amount).sorted())
  }

  @Test func aKeyPacksItsSectionAndYear() {
    for (section, year) in [(0, 0), (1, -1), (Int64(UInt32.max), Int64(Int32.min)), (7, 1975)] {
      let pending = Pending(section: section, year: year, amount: 2.5)
      #expect(pending?.section == section && pending?.year == year && pending?.amount == 2.5)
    }
    #expect(Pending(section: -1, year: 1975, amount: 0) == nil)
    #expect(Pending(section: 1 << 32, year: 1975, amount: 0) == nil)
    #expect(Pending(section: 1, year: 1 << 31, amount: 0) == nil)
    #expect(Pending(section: 1, year: -(1 << 31) - 1, amount: 0) == nil)
    #expect(
      Pending(section: 1, year: -5, amount: 0)!.precedes(Pending(section: 1, year: 3, amount: 0)!))
  }

  @Test func aSectionInYearOrderKeepsItsRows() {
    var rows = (0..<50).flatMap { year in
      (0..<20).map { Pending(section: Int64($0), year: Int64(year), amount: Double(year))! }
    }
    Pending.sort(&rows)
    #expect(rows.prefix(50).map(\.amount) == (0..<50).map(Double.init))
    #expect(rows.prefix(50).allSatisfy { $0.section == 0 })
  }
}
