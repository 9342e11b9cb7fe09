import DairyImport
import DairyModel

// MARK: - The key table as text
//
// The `?` overlay draws the lines marked `inOverlay` (HelpOverlay); `dairy browse --help` and the
// docs/commands/browse.md's table list them all.

extension BrowseKeyBindings {
  /// The key table for `dairy browse --help`: a line a row, keys then what they do.
  ///
  /// ```swift
  /// BrowseKeyBindings.helpText.split(separator: "\n")[0]
  /// // "  j k ↓ ↑              one line down, up"
  /// ```
  package static var helpText: String {
    let width = lines.map { DisplayWidth.of($0.keys) }.max() ?? 0
    return lines.map { "  " + DisplayWidth.padRight($0.keys, to: width) + "  " + $0.meaning }
      .joined(separator: "\n")
  }

  /// The key table in Markdown, as docs/commands/browse.md has it.
  package static var markdownTable: String {
    let rows = lines.map { line in
      let keys = line.keys.split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
      return "| \(keys) | \(line.meaning) |"
    }
    return (["| key | does |", "|---|---|"] + rows).joined(separator: "\n")
  }
}
