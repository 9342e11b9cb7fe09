import Foundation

/// The `dairy show` commands a footer offers: the next page, the same page again, the earlier
/// years. Built from the options of the command that made the page, so that a person can copy them.
///
/// ```swift
/// let line = ShowCommandLine(search: "butter", pageSize: 20)
/// line.next(after: PageCursor(section: 5, year: 1994))  // "dairy show butter --page-size 20 --after 5:1994"
/// ```
public struct ShowCommandLine: Sendable, Hashable {
  public var search: String?
  public var since: Int64?
  public var until: Int64?
  public var pageSize: Int?
  public var start: PageStart
  public var format: String?
  public var width: Int?
  public var height: Int?
  public var database: String?

  public init(
    search: String? = nil, since: Int64? = nil, until: Int64? = nil, pageSize: Int? = nil,
    start: PageStart = .first, format: String? = nil, width: Int? = nil, height: Int? = nil,
    database: String? = nil
  ) {
    self.search = search
    self.since = since
    self.until = until
    self.pageSize = pageSize
    self.start = start
    self.format = format
    self.width = width
    self.height = height
    self.database = database
  }

  /// The command for the page after `cursor`.
  public func next(after cursor: PageCursor) -> String {
    var copy = self
    copy.start = .after(cursor)
    return copy.description
  }

  /// The command for page `number` (the first page without `--page`).
  public func page(_ number: Int) -> String {
    var copy = self
    copy.start = number == 1 ? .first : .number(number)
    return copy.description
  }

  /// The command that shows the earlier years: the range widened back to `from`.
  public func widened(from year: Int64) -> String {
    var copy = self
    copy.since = year
    copy.start = .first
    return copy.description
  }

  public var description: String {
    var words = ["dairy", "show"]
    if let search, !search.isEmpty { words.append(Self.quoted(search)) }
    if let since { words += ["--since", String(since)] }
    if let until { words += ["--until", String(until)] }
    if let pageSize { words += ["--page-size", String(pageSize)] }
    if let format { words += ["--format", format] }
    if let width { words += ["--width", String(width)] }
    if let height { words += ["--height", String(height)] }
    if let database { words += ["--db", Self.quoted(database)] }
    switch start {
    case .first: break
    case .after(let cursor): words += ["--after", cursor.description]
    case .number(let number): words += ["--page", String(number)]
    }
    return words.joined(separator: " ")
  }

  /// A word as a POSIX shell reads it back: quoted when it holds anything but safe characters.
  static func quoted(_ word: String) -> String {
    let safe = word.unicodeScalars.allSatisfy { scalar in
      (scalar.value < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        || "_-./:=@%+,".unicodeScalars.contains(scalar)
    }
    if safe && !word.isEmpty && !word.hasPrefix("-") { return word }
    if word.unicodeScalars.contains(where: TextEscaping.needsEscape) { return dollarQuoted(word) }
    // Scalar by scalar: a quote followed by a combining mark is one `Character`, which
    // `replacingOccurrences(of: "'", …)` passes over, and the quoting would end early.
    var out = "'"
    for scalar in word.unicodeScalars {
      if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
    }
    return out + "'"
  }

  /// `$'…'` (bash, zsh, ksh, POSIX 2024): the quoting that spells control characters as escapes,
  /// so that the command is printed without them and still reads back as the same word.
  static func dollarQuoted(_ word: String) -> String {
    var out = "$'"
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\", "'": out += "\\" + String(scalar)
      case "\u{1B}": out += "\\e"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where TextEscaping.needsEscape(scalar):
        for byte in String(scalar).utf8 {
          out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "'"
  }
}
