import DairyFormats
import DairyModel

/// How a section's key is made from the values that name it, so that two different series
/// never share a key (and so are never merged into one section).
///
/// One value is the key as written (a wide header, a long table's one section column). Several
/// values (a long table's section columns) are joined with ` / `, each with `\`, `/` and `|`
/// escaped by a `\` first: `"A / B",C` is `A \/ B / C` and `A,"B / C"` is `A / B \/ C`. A
/// report's keys escape their captions the same way.
///
/// ```swift
/// SectionKey.joined(["Northeast", "Maine"])  // "Northeast / Maine"
/// SectionKey.joined(["A / B", "C"])  // "A \\/ B / C"
/// ```
package enum SectionKey {
  /// Separates the values of several section columns in a section's key and title.
  package static let separator = " / "

  /// The key of the section named by `parts`.
  package static func joined(_ parts: [String]) -> String {
    if parts.count == 1 { return parts[0] }
    return parts.map(escaped).joined(separator: separator)
  }

  /// A part of a key with `\`, `/` and `|` escaped by a `\`.
  package static func escaped(_ part: String) -> String {
    guard part.utf8.contains(where: { $0 == 0x5C || $0 == 0x2F || $0 == 0x7C }) else {
      return part
    }
    var out = ""
    for character in part.unicodeScalars {
      if character == "\\" || character == "/" || character == "|" {
        out.unicodeScalars.append("\\")
      }
      out.unicodeScalars.append(character)
    }
    return out
  }
}
