import ArgumentParser
import DairyKit

/// How a CSV file's text is read: its encoding and separator, for every command that reads
/// files (`import`, and any command that looks at files the way `import` would).
struct ReadingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The encoding of files without a byte-order mark (a byte-order mark always decides).",
      valueName: "name"))
  var encoding: TextEncoding = .utf8

  @Option(
    help: ArgumentHelp(
      "The CSV separator, when detection from the first lines guesses wrong.",
      valueName: "separator"))
  var separator: CSVSeparator?

  /// Sets the reading options of `options`.
  func apply(to options: inout ImportOptions) {
    options.encoding = encoding
    options.separator = separator
  }
}

extension TextEncoding: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(name: argument)
  }

  public var defaultValueDescription: String { name }

  public static var allValueStrings: [String] { allCases.map { $0.name } }
}

extension CSVSeparator: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(name: argument)
  }

  public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}
