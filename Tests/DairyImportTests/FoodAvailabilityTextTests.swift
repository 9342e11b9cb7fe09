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

/// The ERS Food Availability conventions, one text at a time: units between dash rules and
/// multipliers, the `Filename:` cell of a title row, footnote digits glued to words and days,
/// several footnotes in one paragraph, legends of `*` and `--`, and a source's last sentence
/// that gives the update.
@Suite("Food Availability texts")
struct FoodAvailabilityTextTests {
  // MARK: - Units

  /// (cell of a unit row, the unit kept; nil when it is not a unit).
  static let units: [(String, String?)] = [
    ("--- Millions ---", "millions"),
    ("--- Millions ----", "millions"),
    ("---- Pounds ----", "pounds"),
    ("---------- Pounds ----------", "pounds"),
    ("-- Million pounds --", "million pounds"),
    ("--Million pounds--", "million pounds"),
    ("–– Percent ––", "percent"),
    ("— Gallons —", "gallons"),
    ("--- Dollars per cwt ---", "dollars per cwt"),
    ("1000", "thousand"),
    ("1,000", "thousand"),
    ("1,000,000", "million"),
    ("1000000", "million"),
    ("1,000 head", "1,000 head"),
    ("Pounds/year", "Pounds/year"),
    ("-- Grams/day --", "grams/day"),
    ("Calories/day", "Calories/day"),
    ("ounces per day", "ounces per day"),
    ("N/A", nil),
    ("Million pounds", "Million pounds"),
    ("--- Fluid milk ---", nil),
    ("--", nil),
    ("Low-fat", nil),
    ("100", nil),
  ]

  @Test(arguments: units)
  func dashRulesAreDecorationAndMultipliersReadAsWords(_ cell: String, kept: String?) {
    #expect(UnitText.isUnit(cell) == (kept != nil))
    if let kept { #expect(UnitText.normalized(cell) == kept) }
  }

  @Test func unruledTakesOffTheRulesOnly() {
    // From UnitText.unruled's docs
    #expect(UnitText.unruled("-- Million pounds --") == "Million pounds")
    #expect(UnitText.unruled("Low-fat") == nil)
    #expect(UnitText.unruled("-5") == nil)
    #expect(UnitText.unruled("--- - ---") == nil)
  }

  /// (title, the unit after its last comma).
  static let titleUnits: [(String, String?)] = [
    ("Fluid milk: Total availability, million pounds", "million pounds"),
    ("Fluid milk: Per capita availability, pounds", "pounds"),
    ("Fluid milk: Butterfat content, percent", "percent"),
    ("Cheese: Supply and disappearance, 1,000 pounds", "1,000 pounds"),
    ("Milk cows and production, by State", nil),
    ("Dairy products: Per capita consumption, United States", nil),
    ("Butter, cheese, and dry milk", nil),
    ("Fluid milk sales (million of pounds)", nil),
  ]

  /// A caption's unit in its last parenthesis, as the loss-adjusted tables of the Food
  /// Availability Data System write it.
  @Test func aUnitPerSomethingInACaption() {
    #expect(
      UnitText.splitUnit(from: "Per capita availability adjusted for loss (Pounds/year)")
        == ("Per capita availability adjusted for loss", "Pounds/year"))
    #expect(UnitText.splitUnit(from: "Loss (Grams/day)").1 == "Grams/day")
  }

  @Test(arguments: titleUnits)
  func aTitleEndingInAUnitGivesIt(_ title: String, unit: String?) {
    #expect(UnitText.unit(after: title) == unit)
  }

  // MARK: - Title rows

  /// (cells of a row, its title columns).
  static let titleRows: [([String], [Int])] = [
    (["Fluid milk: Total availability", "", "", "Filename:  DYFLUID", ""], [0]),
    (["Butter", "", "", "Filename:", "DYMFG"], [0]),
    (["Butter", "", "", "FILENAME: DYMFG"], [0]),
    (["Butter", "", "File name: dymfg.xls"], [0]),
    (["Filename:", "dyfluid.xls"], []),
    (["Butter", "", "Filename is DYMFG"], [0, 2]),
    (["Year", "Production", "Imports"], [0, 1, 2]),
  ]

  @Test(arguments: titleRows)
  func theFileNameIsNoPartOfATitle(_ cells: [String], columns: [Int]) {
    var row = TableRow()
    for (index, text) in cells.enumerated() {
      row.append(text: Array(text.utf8), at: CellPlace(line: 1, offset: index))
    }
    #expect(row.titleColumns == columns)
  }

  // MARK: - Footnote markers

  /// (caption, footnotes the notes define, text read, footnotes marked).
  static let captions: [(String, Set<FootnoteMark>, String, [FootnoteMark])] = [
    ("U.S. population, July 11", [1, 2, 3], "U.S. population, July 1", [1]),
    ("U.S. population, July 12", [1, 2], "U.S. population, July 1", [2]),
    ("U.S. population, July 11", [2, 3], "U.S. population, July 11", []),
    ("U.S. population, July 11", [], "U.S. population, July 11", []),
    ("Inventory, January 12", [2], "Inventory, January 1", [2]),
    ("Stocks, July 4", [], "Stocks, July 4", []),
    ("Stocks, July 4", [4], "Stocks, July 4", []),
    ("Stocks, Dec. 31", [1], "Stocks, Dec. 31", []),
    ("Stocks, Sept. 301", [1], "Stocks, Sept. 30", [1]),
    ("Stocks, July 21", [1], "Stocks, July 21", []),
    ("Stocks, July 40", [4], "Stocks, July 40", []),
    ("Class 1", [1], "Class 1", []),
    ("Order 124", [4], "Order 124", []),
    ("2 percent", [2], "2 percent", []),
    ("1 percent", [1], "1 percent", []),
    ("Low-fat \n(1% milk fat)", [1], "Low-fat (1% milk fat)", []),
    ("Nonfood use3", [], "Nonfood use", [3]),
    ("Eggnog3", [3], "Eggnog", [3]),
    ("Total beverage \nfluid milk \nsales3", [3], "Total beverage fluid milk sales", [3]),
    (
      "Total \nbeverage\nfluid milk \navailability3", [3],
      "Total beverage fluid milk availability", [3]
    ),
    ("Total other beverage\n milk3", [3], "Total other beverage milk", [3]),
    ("Total 2", [2], "Total", [2]),
    ("Flavored, \nother than whole2", [2], "Flavored, other than whole", [2]),
  ]

  @Test(arguments: captions)
  func footnoteDigitsGluedToWordsAndDays(
    _ raw: String, known: Set<FootnoteMark>, text: String, footnotes: [FootnoteMark]
  ) {
    let caption = Caption(raw, footnotes: known)
    #expect(caption.text == text)
    #expect(caption.footnotes == footnotes)
  }

  // MARK: - Notes

  /// (a notes line, the footnotes it gives).
  static let paragraphs: [(String, [FootnoteMark: String])] = [
    (
      "1Resident population. 2Weight reflects milk content of the product. It does not include "
        + "added sweeteners. 3Weight reflects milk content of the product.",
      [
        1: "Resident population.",
        2: "Weight reflects milk content of the product. It does not include added sweeteners.",
        3: "Weight reflects milk content of the product.",
      ]
    ),
    (
      "1Totals are computed before rounding. 2Prior to 1930, population on January 1.",
      [1: "Totals are computed before rounding.", 2: "Prior to 1930, population on January 1."]
    ),
    ("1/ Includes eggnog. 2/ Excludes cream.", [1: "Includes eggnog.", 2: "Excludes cream."]),
    ("1 Includes eggnog. 2 Excludes cream.", [1: "Includes eggnog.", 2: "Excludes cream."]),
    // Not the next number, not the first one's style, not after a sentence: one footnote.
    ("1Includes 3 States. 3Estimated.", [1: "Includes 3 States. 3Estimated."]),
    ("1/ Includes eggnog. 2 Excludes cream.", [1: "Includes eggnog. 2 Excludes cream."]),
    ("1 Includes eggnog. 2 cows a farm.", [1: "Includes eggnog. 2 cows a farm."]),
    ("1Weight is 2.5 percent. 2Estimated.", [1: "Weight is 2.5 percent.", 2: "Estimated."]),
    ("2Starts at two. 3Then three.", [2: "Starts at two.", 3: "Then three."]),
    ("3Weight (milk equivalent). 4Estimated.", [3: "Weight (milk equivalent).", 4: "Estimated."]),
  ]

  @Test(arguments: paragraphs)
  func oneParagraphOfGluedFootnotes(_ line: String, footnotes: [FootnoteMark: String]) {
    var notes = NotesBlock()
    notes.add(line, at: SourceLocation(file: "t.csv", line: 9))
    #expect(notes.footnotes == footnotes)
    #expect(notes.footnoteOrder == footnotes.keys.sorted())
    #expect(notes.notes.isEmpty && notes.warnings.isEmpty)
  }

  /// Lines that start with a number but are no footnote.
  static let notFootnotes = [
    "3M Company data.", "4H clubs excluded.", "1.5 percent of sales.", "1990-2019 data.",
  ]

  @Test(arguments: notFootnotes)
  func aNumberGluedToACapitalAloneIsNoFootnote(_ line: String) {
    #expect(NotesBlock.footnotes(line) == nil)
  }

  /// (a source or note line, what it keeps, the update date it gives).
  static let updates: [(String, String, String?)] = [
    (
      "Source: USDA, Economic Research Service based on data from various sources as documented "
        + "on the Food Availability Data System home page. Data last updated November 1, 2020.",
      "USDA, Economic Research Service based on data from various sources as documented on the "
        + "Food Availability Data System home page.",
      "2020-11-01"
    ),
    ("Source: USDA, ERS. Last updated 8/29/2024.", "USDA, ERS.", "2024-08-29"),
    ("Source: USDA, ERS. Updated May 6, 2024", "USDA, ERS.", "2024-05-06"),
    ("Note: Estimates. Data updated on Sept. 5, 2024.", "Estimates.", "2024-09-05"),
    (
      "Source: USDA, ERS. Updated estimates are used since 2019.",
      "USDA, ERS. Updated estimates are used since 2019.", nil
    ),
    ("Source: USDA, ERS. Data last updated soon.", "USDA, ERS. Data last updated soon.", nil),
  ]

  @Test(arguments: updates)
  func aSourcesLastSentenceGivesTheUpdate(_ line: String, kept: String, updated: String?) {
    var notes = NotesBlock()
    notes.add(line, at: SourceLocation(file: "t.csv", line: 9))
    #expect(notes.sources + notes.notes == [kept])
    #expect(notes.updated == updated)
  }

  /// (lines of a notes block, the source kept, the update).
  static let updateLines: [([String], String, String)] = [
    (
      ["Source: USDA, Economic Research Service.", "Data last updated November 1, 2020."],
      "USDA, Economic Research Service.", "2020-11-01"
    ),
    (
      [
        "Source: USDA, Economic Research Service based on data from various sources",
        "as documented on its home page. Data last updated November 1, 2020.",
      ],
      "USDA, Economic Research Service based on data from various sources as documented on "
        + "its home page.",
      "2020-11-01"
    ),
  ]

  @Test(arguments: updateLines)
  func theUpdateOnALineOfItsOwnOrEndingASourceOverTwoLines(
    _ lines: [String], source: String, updated: String
  ) {
    var notes = NotesBlock()
    for line in lines { notes.add(line, at: SourceLocation(file: "t.csv", line: 9)) }
    #expect(notes.sources == [source] && notes.updated == updated)
    #expect(notes.notes.isEmpty && notes.warnings.isEmpty)
  }

  @Test func longParagraphsAreReadInOnePass() {
    // Given a source of 100,000 sentences before its update, and 99 glued footnotes in a line
    var notes = NotesBlock()
    let here = SourceLocation(file: "t.csv", line: 9)
    let sentences = Array(repeating: "Data.", count: 100_000).joined(separator: " ")
    notes.add("Source: " + sentences + " Data last updated November 1, 2020.", at: here)
    notes.add((1...99).map { "\($0)Footnote \($0)." }.joined(separator: " "), at: here)
    // Then each is read whole (a reading that copied the rest of the line at each sentence
    // would not end)
    #expect(notes.sources == [sentences] && notes.updated == "2020-11-01")
    #expect(notes.footnoteOrder == (1...99).map(FootnoteMark.number))
    #expect(notes.footnotes[99] == "Footnote 99.")
  }

  @Test func aLegendOfStarsAndDashes() {
    var notes = NotesBlock()
    let here = SourceLocation(file: "t.csv", line: 9)
    notes.add("NA = Not available.", at: here)
    notes.add("* = Eggnog was included as a cream product before 1954.   ", at: here)
    notes.add("-- = not applicable", at: here)
    #expect(notes.legend.map(\.marker) == ["NA", "*", "--"])
    #expect(
      notes.legend.map(\.meaning) == [
        "Not available", "Eggnog was included as a cream product before 1954", "not applicable",
      ])
    #expect(notes.warnings.isEmpty)
  }
}
