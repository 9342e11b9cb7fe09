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

/// The text rules of reports: captions and their footnote markers, units, dates, the lines of
/// the notes block, years and period labels. The `///` examples of these types are here.
@Suite("Report text")
struct ReportTextTests {
  @Test(
    arguments: [
      ("Average price paid for milk1", [], "Average price paid for milk", [1]),
      ("Dairy ration value2", [], "Dairy ration value", [2]),
      ("Slaughter cow \nprice5", [], "Slaughter cow price", [5]),
      ("Flavored \nwhole 1", [1, 2], "Flavored whole", [1]),
      ("Total 2", [1, 2], "Total", [2]),
      ("Total 2", [1], "Total 2", []),
      ("Low-fat \n(1% milk fat)", [1], "Low-fat (1% milk fat)", []),
      ("Cheese 1/ 2/", [], "Cheese", [1, 2]),
      ("2/ Butter", [], "Butter", [2]),
      ("Northeast 1/", [], "Northeast", [1]),
      ("Replace-ment heifers, 500+ pounds", [], "Replacement heifers, 500+ pounds", []),
      ("Replace-ments per 100 cows", [], "Replacements per 100 cows", []),
      ("Reduced-fat \n(2% milk fat)", [], "Reduced-fat (2% milk fat)", []),
      ("Milk-feed ratio3", [], "Milk-feed ratio", [3]),
      ("Milk_Cow_Price", [], "Milk Cow Price", []),
      ("Emissions of CO2", [], "Emissions of CO2", []),
      ("  Class   I  ", [], "Class I", []),
      ("Butter-\nmilk", [], "Buttermilk", []),
      // Raised letters (ERS Costs and Returns)
      ("Other income ᵃ ", [], "Other income", [.letter("a")]),
      ("Total, feed costs ᵇ", [], "Total, feed costs", [.letter("b")]),
      ("Total ᵃ,ᵇ", [], "Total", [.letter("a"), .letter("b")]),
      ("Capital recoveryᵈ", [], "Capital recovery", [.letter("d")]),
      ("Cheese 1/ ᶜ", [], "Cheese", [1, .letter("c")]),
      ("ᵃ", [], "ᵃ", []),
    ] as [(String, [FootnoteMark], String, [FootnoteMark])])
  func captions(raw: String, known: [FootnoteMark], text: String, footnotes: [FootnoteMark]) {
    let caption = Caption(raw, footnotes: Set(known))
    #expect(caption.text == text)
    #expect(caption.footnotes == footnotes)
  }

  @Test func wordsBrokenAcrossHeaderRowsJoin() {
    #expect(CaptionText.joinParts(["Butter-", "milk"]) == "Buttermilk")
    #expect(CaptionText.joinParts(["Milk", "cows"]) == "Milk cows")
    #expect(CaptionText.joinParts(["Fat -", "2%"]) == "Fat - 2%")
  }

  /// A hyphen at the end of a line or a cell joins the next part without a space: it stays in a
  /// compound and goes where it broke a word.
  @Test(arguments: [
    (["milk-", "equivalent,"], "milk-equivalent,"),
    (["Replace-", "ment heifers"], "Replacement heifers"),
    (["Non-", "fat dry milk"], "Nonfat dry milk"), (["Butter-", "milk"], "Buttermilk"),
    (["Reduced-", "fat"], "Reduced-fat"), (["Milk-", "feed ratio"], "Milk-feed ratio"),
    (["All dairy products, milk-", "equivalent"], "All dairy products, milk-equivalent"),
  ])
  func aHyphenAtALineEndJoinsWithoutASpace(parts: [String], joined: String) {
    #expect(CaptionText.joinParts(parts) == joined)
  }

  @Test func units() {
    // From UnitText's docs
    #expect(UnitText.isUnit("dollars per cwt"))
    #expect(
      UnitText.splitUnit(from: "Fluid milk sales (million of pounds)")
        == ("Fluid milk sales", "million of pounds"))
    #expect(UnitText.splitUnit(from: "Low-fat (1% milk fat)") == ("Low-fat (1% milk fat)", nil))
    for unit in ["thousand", "million pounds", "pounds", "dollars per head", "Mil. pounds", "%"] {
      #expect(UnitText.isUnit(unit), "\(unit)")
    }
    for caption in ["Whole", "2% milk fat", "Total", "Price", "Year"] {
      #expect(!UnitText.isUnit(caption), "\(caption)")
    }
    #expect(UnitText.unit(ofLine: "(in pounds per person)") == "pounds per person")
    #expect(UnitText.unit(ofLine: "(thousand head)") == "thousand head")
    #expect(UnitText.unit(ofLine: "(average pounds per cow)") == "average pounds per cow")
    #expect(UnitText.unit(ofLine: "Milk cows") == nil)
  }

  @Test(arguments: [
    ("September 5, 2024", "2024-09-05"), ("8/29/2024", "2024-08-29"), ("8/29/24", "2024-08-29"),
    ("May 6, 2024", "2024-05-06"), ("Sept. 5, 2024", "2024-09-05"),
    ("5 September 2024", "2024-09-05"), ("2024-08-29", "2024-08-29"), ("03-26-19", "2019-03-26"),
    ("May 2024", "2024-05"), ("Mar 26, 2019.", "2019-03-26"),
  ])
  func dates(text: String, iso: String) {
    #expect(ReportDate.iso(text) == iso)
  }

  @Test func datesThatAreNot() {
    // From ReportDate's docs
    #expect(ReportDate.iso("September 5, 2024") == "2024-09-05")
    #expect(ReportDate.iso("8/29/2024") == "2024-08-29")
    #expect(ReportDate.iso("soon") == nil)
    for text in ["2/30/2024", "13/1/2024", "May 32, 2024", "", "2024"] {
      #expect(ReportDate.iso(text) == nil, "\(text)")
    }
  }

  @Test func theNotesBlock() {
    let here = SourceLocation(file: "t.csv", line: 9)
    var notes = NotesBlock()
    // From NotesBlock's docs
    notes.add("1/ Includes eggnog.", at: here)
    notes.add("NA = not available", at: here)
    notes.add("Last update: May 6, 2024", at: here)
    #expect(notes.footnotes[1] == "Includes eggnog.")
    #expect(notes.legend == [.init(marker: "NA", meaning: "not available")])
    #expect(notes.updated == "2024-05-06")
    // Each style of line
    notes.add("2 Total includes miscellaneous fluid milk products since 2000.", at: here)
    notes.add("which are counted here too.", at: here)
    notes.add("Note: Totals may not add.", at: here)
    notes.add("Sources:  U.S. Dept. of Agriculture.", at: here)
    notes.add(
      "For further information, contact Jerry Cessna, jgcessna@ers.usda.gov.", at: here)
    notes.add("(D) = withheld; W = less than 500 pounds", at: here)
    notes.add("Last updated: sometime", at: here)
    #expect(notes.footnoteOrder == [1, 2])
    #expect(
      notes.footnotes[2]
        == "Total includes miscellaneous fluid milk products since 2000. which are counted here too."
    )
    #expect(notes.sources == ["U.S. Dept. of Agriculture."])
    #expect(notes.contact == "Jerry Cessna, jgcessna@ers.usda.gov")
    #expect(notes.legend.map(\.marker) == ["NA", "(D)", "W"])
    #expect(
      notes.notes == [
        "NA = not available", "Totals may not add.", "(D) = withheld; W = less than 500 pounds",
        "Last updated: sometime",
      ])
    #expect(
      notes.warnings.map(\.message) == [
        "the date \"sometime\" is not one dairy reads; kept as a note"
      ])
  }

  @Test func aLineNotUnderstoodIsKeptWithAWarning() {
    var notes = NotesBlock()
    notes.add("Totals may not add due to rounding.", at: SourceLocation(file: "t.csv", line: 20))
    #expect(notes.notes == ["Totals may not add due to rounding."])
    #expect(
      notes.warnings.map(\.description) == [
        "t.csv:20: a notes line dairy does not understand; kept as a dataset note"
      ])
  }

  @Test func legends() {
    // From NotesBlock.legend's docs
    #expect(
      NotesBlock.legend("(D) = withheld; W = less than 500 pounds")?.map(\.marker) == ["(D)", "W"])
    #expect(NotesBlock.legend("NA = Not available. ")?.first?.meaning == "Not available")
    #expect(NotesBlock.legend("-- = not applicable")?.first?.marker == "--")
    #expect(NotesBlock.legend("Totals = sum of the above, roughly") == nil)
    #expect(NotesBlock.legend("Milk = 3.5% fat") == nil)
  }

  @Test func years() {
    func row(_ text: String) -> TableRow {
      var row = TableRow()
      row.append(text: Array(text.utf8), at: CellPlace(line: 1, offset: 0))
      return row
    }
    #expect(ReportCells.year(row("1999 "), 0)?.year == 1999)
    #expect(
      ReportCells.year(row("2023 1/"), 0).map { [$0.year] + $0.footnotes.map(Int64.init) }
        == [2023, 1])
    #expect(ReportCells.year(row("2024p"), 0)?.year == 2024)
    for text in ["19991", "1999-00", "Total", "1,999", "1650", "2019 data"] {
      #expect(ReportCells.year(row(text), 0) == nil, "\(text)")
    }
    var typed = TableRow()
    typed.append(.number(1975, decimals: nil), at: CellPlace(line: 1, offset: 0))
    typed.append(.number(1975.5, decimals: nil), at: CellPlace(line: 1, offset: 1))
    #expect(ReportCells.year(typed, 0)?.year == 1975)
    #expect(ReportCells.year(typed, 1) == nil)
  }

  @Test func splitYears() {
    for text in ["2019/20", "2019-20", "1999/00", "2019/2020", "2019–20"] {
      #expect(ReportCells.isSplitYear(text), "\(text)")
    }
    for text in ["1975-79", "2019/21", "2019", "2019/", "19/20", "2019/20/21", "2019/2x", "Q1/20"] {
      #expect(!ReportCells.isSplitYear(text), "\(text)")
    }
  }

  @Test func periodLabels() {
    for (label, quarter) in [
      ("JAN-MAR", 1), ("Apr–Jun", 2), ("Q3", 3), ("4th quarter", 4), ("October to December", 4),
      ("III", 3),
    ] {
      #expect(PeriodText.part(label) == .quarter(quarter), "\(label)")
    }
    for (label, month) in [("January", 1), ("Feb.", 2), ("sept", 9)] {
      #expect(PeriodText.part(label) == .month(month), "\(label)")
    }
    for label in ["Annual", "Total", "Year"] {
      #expect(PeriodText.part(label) == .annual, "\(label)")
    }
    for label in ["1999", "May 2024", "Cheddar", "Feb-Apr"] {
      #expect(PeriodText.part(label) == nil, "\(label)")
    }
  }

  @Test func keysEscapeTheirSeparators() {
    #expect(ReportSeriesBuilder.escaped("Total 1/") == "Total 1\\/")
    #expect(ReportSeriesBuilder.escaped("a|b\\c") == "a\\|b\\\\c")
  }
}
