@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// `dairy show` over what the input imported, as the binary runs it (`ShowFlow.run`): every page
/// in every format must print with status 0, and a table must stay within its width and hold no
/// control character.
enum ShowCheck {
  static let width = 40

  static func run(_ database: DairyDatabase) {
    let reading = ReadingDatabase(database: database)
    for format in ShowRenderer.Format.allCases {
      var line = ShowCommandLine(pageSize: 7, format: format)
      // Enough pages to reach a second section in most inputs, few enough to stay fast.
      for _ in 0..<20 {
        var output = ""
        var errors = ""
        let status = ShowFlow.run(
          line, terminal: Terminal(width: width), output: &output, errors: &errors,
          open: { reading })
        require(status == 0, "show \(line) exited \(status): \(errors)")
        if format == .table { checkTable(output) }
        guard let next = try? database.page(line.pageRequest).next else { break }
        line.start = .after(next)
      }
    }
  }

  static func checkTable(_ text: String) {
    for line in text.split(separator: "\n") {
      require(DisplayWidth.of(String(line)) <= width, "a line wider than \(width): \(line)")
      require(
        !line.unicodeScalars.contains(where: TextEscaping.needsEscape),
        "a control character on the screen: \(line.debugDescription)")
    }
  }
}
