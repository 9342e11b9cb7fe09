import Testing

@testable import DairyModel

/// Titles from source text: runs of white space become one space, none at either end, and a
/// text with nothing to collapse comes back as it was (read from its bytes alone).
@Suite("White space in titles")
struct WhitespaceTests {
  @Test(arguments: [
    ("Milk production", "Milk production"),
    ("", ""),
    (" ", ""),
    ("a", "a"),
    (" Milk", "Milk"),
    ("Milk ", "Milk"),
    ("Milk  production", "Milk production"),
    ("Milk\tproduction", "Milk production"),
    ("Milk\r\nproduction", "Milk production"),
    ("Milk\u{0B}\u{0C}production", "Milk production"),
    ("Milk\u{A0}production", "Milk production"),  // no-break space
    ("Milk\u{2003}production", "Milk production"),  // em space
    ("Milk\u{85}production", "Milk production"),  // next line
    ("Crème  fraîche", "Crème fraîche"),
    ("Crème fraîche", "Crème fraîche"),
    ("MILK - PRODUCTION, MEASURED IN LB / HEAD", "MILK - PRODUCTION, MEASURED IN LB / HEAD"),
  ])
  func runsOfWhiteSpaceCollapse(text: String, expected: String) {
    #expect(SectionFields.collapsingWhitespace(text) == expected)
  }

  @Test func underscoresReadAsSpacesWhenAsked() {
    #expect(
      SectionFields.title(fromKey: "milk__per_cow ", underscoresAsSpaces: true) == "milk per cow")
    #expect(
      SectionFields.title(fromKey: "milk_per_cow", underscoresAsSpaces: false) == "milk_per_cow")
  }
}
