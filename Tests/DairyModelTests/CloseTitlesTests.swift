import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The titles `dairy chart` suggests when a search matches none: a few typing mistakes away
/// from some stretch of the title.
@Suite("Close titles")
struct CloseTitlesTests {
  static let titles = [
    "Fluid beverage milk", "American cheese", "Cottage cheese", "Butter", "Dry buttermilk",
    "Frozen yogurt", "Yogurt (other than frozen)", "BUTTER",
  ]

  @Test(arguments: [
    ("buter", ["Butter", "Dry buttermilk"]),
    ("chese", ["American cheese", "Cottage cheese"]),
    ("yougurt", ["Frozen yogurt", "Yogurt (other than frozen)"]),
    ("fluid bevrage", ["Fluid beverage milk"]),
    ("xyz", []),
    ("", []),
    // One mistake in four characters at most: "mlk" is one from "milk", "zzlk" two
    ("mlk", ["Fluid beverage milk", "Dry buttermilk"]),
    ("zzlk", []),
  ])
  func suggestions(search: String, expected: [String]) {
    #expect(CloseTitles.to(search, among: Self.titles) == expected)
  }

  @Test func closestFirstAndAtMostTheLimit() {
    #expect(
      CloseTitles.to("cheese", among: ["Cheeses", "Chese", "Cheese"], limit: 2) == [
        "Cheeses", "Cheese",
      ])
    #expect(CloseTitles.distance(Array("abc"), within: Array("xxabcxx")) == 0)
    #expect(CloseTitles.distance(Array("abd"), within: Array("xxabcxx")) == 1)
    #expect(CloseTitles.distance(Array("abc"), within: []) == 3)
    // A search of a megabyte is not compared at all
    let huge = String(repeating: "butter", count: 200_000)
    #expect(CloseTitles.to(huge, among: Self.titles).isEmpty)
  }
}
