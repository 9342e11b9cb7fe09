import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

extension ShowCommandLine {
  /// Parses the plain forms of `dairy show …` by hand, or returns nil to leave the line to
  /// ArgumentParser.
  ///
  /// `show` is the command people run most, and most often from scripts, so its start-up is
  /// measured against `sqlite3` (docs/benchmarks.md). ArgumentParser finds a command's options by
  /// reflection, and each of its first dynamic casts scans every protocol conformance in the
  /// binary: on Linux that was 18 M of `show`'s 32 M instructions. This path takes only what it
  /// can take exactly as ArgumentParser would, with the options of ``ShowOption``:
  ///
  /// ```
  /// show [SEARCH] [--since Y] [--until Y] [--wide] [--page-size N] [--page N] [--after CURSOR]
  ///      [--format F] [--decimals N] [--change] [--width W] [--height H] [--no-pager] [--db PATH]
  ///      (also --name=value)
  /// ```
  ///
  /// It also takes the forms the printed commands use (``shellCommand``): a value that starts
  /// with `-` joined to its option (`--since=-5`), and a search that starts with `-` after `--`.
  ///
  /// Anything else returns nil: help, completion requests, a short or unknown option, an option
  /// given twice or without a value (`--db=` too), a separate value starting with `-`, a second
  /// positional, anything after `--` but one search, a value that does not convert, or
  /// arguments that break a rule of ``problem``. ArgumentParser then parses the line as before,
  /// with its own messages. `ShowQuickParsingTests` checks, over generated lines, that whatever
  /// this accepts ArgumentParser parses to the same values.
  package init?(quickParsing arguments: [String]) {
    guard arguments.first == "show" else { return nil }
    self.init()
    var seen: [ShowOption] = []
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        // One search, and nothing after it.
        guard index == arguments.count - 1, search == nil else { return nil }
        search = arguments[index]
        break
      }
      guard argument.hasPrefix("-") else {
        guard search == nil else { return nil }
        search = argument
        continue
      }
      if let flag = ShowOption.allCases.first(where: { $0.isFlag && $0.flag == argument }) {
        guard !seen.contains(flag), flag.take("", into: &self) else { return nil }
        seen.append(flag)
        continue
      }
      guard let (name, value) = Self.option(argument, then: arguments, at: &index),
        let option = ShowOption.allCases.first(where: { $0.flag.map { $0 == name } ?? false }),
        !option.isFlag,
        !seen.contains(option), option.take(value, into: &self)
      else { return nil }
      seen.append(option)
    }
    guard problem() == nil else { return nil }
  }

  /// The name and value of the option `argument`: `--name=value` (any value but an empty one),
  /// or `--name value` with the next argument, which must not start with `-`.
  private static func option(
    _ argument: String, then arguments: [String], at index: inout Int
  ) -> (Substring, Substring)? {
    if let equals = argument.firstIndex(of: "=") {
      let value = argument[argument.index(after: equals)...]
      return value.isEmpty ? nil : (argument[..<equals], value)
    }
    guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
    index += 1
    return (argument[...], arguments[index - 1][...])
  }
}

extension ShowOption {
  /// Sets this option in `line` from `text`; false when the text does not convert.
  package func take(_ text: Substring, into line: inout ShowCommandLine) -> Bool {
    switch value {
    case .text(_, let set): set(&line, String(text))
    case .period(_, let set):
      guard let bound = PeriodBound(String(text)) else { return false }
      set(&line, bound)
    case .number(_, let set): return convert(text, set, &line)
    case .format(_, let set):
      guard let format = ShowRenderer.Format(rawValue: String(text)) else { return false }
      set(&line, format)
    case .cursor(_, let set):
      guard let cursor = PageCursor(String(text)) else { return false }
      set(&line, cursor)
    case .flag(_, let set): set(&line, true)
    }
    return true
  }

  /// Whether the option is a flag, which takes no value.
  package var isFlag: Bool {
    if case .flag = value { true } else { false }
  }

  private func convert<Number: FixedWidthInteger>(
    _ text: Substring, _ set: (inout ShowCommandLine, Number) -> Void,
    _ line: inout ShowCommandLine
  ) -> Bool {
    guard let number = Number(text) else { return false }
    set(&line, number)
    return true
  }
}
