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

/// Text that reaches the terminal: the invisible characters that separate lines or hide text
/// are escaped like the other controls, and widths agree with the escaping.
@Suite("Terminal text")
struct TerminalTextTests {
  @Test func separatorsByteOrderMarksAndTagsAreEscaped() {
    #expect(
      TextEscaping.visible("a\u{2028}b\u{2029}c\u{FEFF}d\u{E0001}\u{E0068}\u{E007F}")
        == "a\\u{2028}b\\u{2029}c\\u{FEFF}d\\u{E0001}\\u{E0068}\\u{E007F}")
    // And their neighbours that draw something are left alone
    #expect(
      TextEscaping.visible("\u{2027}\u{202F}\u{FEFE}\u{E0080}é")
        == "\u{2027}\u{202F}\u{FEFE}\u{E0080}é")
  }

  @Test func everyEscapedCharacterIsZeroWideAndItsEscapeIsPlainASCII() {
    // Over every scalar: what TextEscaping escapes draws nothing raw (DisplayWidth counts 0),
    // and its escape is printable ASCII, which DisplayWidth counts a column a byte
    var escaped = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), TextEscaping.needsEscape(scalar) else { continue }
      escaped += 1
      #expect(DisplayWidth.of(scalar) == 0, "U+\(String(value, radix: 16))")
      let visible = TextEscaping.visible(String(scalar))
      #expect(visible.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(visible)")
      #expect(DisplayWidth.of(visible) == visible.utf8.count)
    }
    #expect(escaped == 0x20 + 0x21 + 5 + 4 + 2 + 1 + 2 + 1 + 0x80)
  }

  @Test func showEscapesThemInTitlesUnitsAndNotes() throws {
    // Given a series whose header, unit and notes hide text in tags and separators
    let csv = try TestSupport.file(
      "tags.csv", "Year,Milk\u{E0069}\u{E006E}\u{FEFF}\n2000,1\n2001,2\n")
    var options = ImportOptions()
    options.unit = "lb\u{E0041}x"  // (U+2029 in a unit is white space: collapsed)
    let database = try DairyDatabase.inMemory()
    _ = try database.importFiles([csv], options: options)

    // When show prints the table, then they are escaped, never raw
    var output = ""
    var errors = ""
    let status = ShowFlow.run(
      ShowCommandLine(), terminal: Terminal(), output: &output, errors: &errors,
      open: { ReadingDatabase(database: database) })
    #expect(status == 0)
    #expect(output.contains("Milk\\u{E0069}\\u{E006E}\\u{FEFF}"), "\(output)")
    #expect(output.contains("lb\\u{E0041}x"), "\(output)")
    for line in output.split(separator: "\n") {
      #expect(!line.unicodeScalars.contains(where: TextEscaping.needsEscape), "\(line)")
    }
  }
}
