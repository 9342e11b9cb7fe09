import DairyKit

extension ShowArguments {
  /// Parses the plain forms of `dairy show …` by hand, or returns nil to leave the line to
  /// ArgumentParser.
  ///
  /// `show` is the command people run most, and most often from scripts, so its start-up is
  /// measured against `sqlite3` (docs/benchmarks.md). ArgumentParser finds a command's options by
  /// reflection, and each of its first dynamic casts scans every protocol conformance in the
  /// binary: on Linux that was 18 M of `show`'s 32 M instructions. This path takes only what it
  /// can take exactly as ArgumentParser would:
  ///
  /// ```
  /// show [SEARCH] [--since Y] [--until Y] [--page-size N] [--page N] [--after CURSOR]
  ///      [--format F] [--width W] [--height H] [--db PATH]     (also --name=value)
  /// ```
  ///
  /// Anything else returns nil: help, completion requests, `--`, a short or unknown option, an
  /// option given twice or without a value (`--db=` too), a value starting with `-`, a second
  /// positional, a value that does not convert, or arguments that break a rule of ``problem``.
  /// ArgumentParser then parses the line as before, with its own messages.
  /// `ShowQuickParsingTests` checks, over generated lines, that whatever this accepts
  /// ArgumentParser parses to the same values.
  init?(quickParsing arguments: [String]) {
    guard arguments.first == "show" else { return nil }
    var seen: [Substring] = []
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-") else {
        guard search == nil else { return nil }
        search = argument
        continue
      }
      let name: Substring
      let value: Substring
      if let equals = argument.firstIndex(of: "=") {
        name = argument[..<equals]
        value = argument[argument.index(after: equals)...]
        guard !value.isEmpty else { return nil }
      } else {
        guard index < arguments.count else { return nil }
        name = argument[...]
        value = arguments[index][...]
        index += 1
      }
      guard !value.hasPrefix("-"), !seen.contains(name), set(name, to: value) else { return nil }
      seen.append(name)
    }
    guard problem == nil else { return nil }
  }

  /// Sets the option `name` (with its dashes) from `value`; false for an unknown option or a
  /// value that does not convert.
  private mutating func set(_ name: Substring, to value: Substring) -> Bool {
    switch name {
    case "--since": return convert(value, into: &since)
    case "--until": return convert(value, into: &until)
    case "--page-size":
      guard let number = Int(value) else { return false }
      pageSize = number
      return true
    case "--page": return convert(value, into: &page)
    case "--after": after = String(value)
    case "--format":
      guard let format = ShowRenderer.Format(rawValue: String(value)) else { return false }
      self.format = format
    case "--width": return convert(value, into: &width)
    case "--height": return convert(value, into: &height)
    case "--db": databasePath = String(value)
    default: return false
    }
    return true
  }

  private func convert<Number: FixedWidthInteger>(_ value: Substring, into slot: inout Number?)
    -> Bool
  {
    guard let number = Number(value) else { return false }
    slot = number
    return true
  }
}
