import Foundation

/// `dairy show`'s command line as values: what a person typed, and what a footer prints for the
/// next page, the same page again, or the earlier years, so that a person can copy it.
///
/// Its options are declared once, in ``ShowOption``; ``description`` spells them from there.
///
/// ```swift
/// let line = ShowCommandLine(search: "butter", pageSize: 20)
/// line.next(after: PageCursor(section: 5, year: 1994))
/// // "dairy show butter --page-size 20 --after 5:1994"
/// ```
public struct ShowCommandLine: Sendable, Hashable {
  /// Rows per page without `--page-size`; the printed commands leave it out.
  public static let defaultPageSize = 50

  /// The command's name in the printed commands.
  public var command = "show"
  public var search: String?
  public var since: Int64?
  public var until: Int64?
  public var pageSize: Int
  public var format: ShowRenderer.Format
  /// `--decimals N`: the decimals amounts are shown with, instead of each section's own.
  public var decimals: Int?
  public var width: Int?
  public var height: Int?
  public var database: String?
  /// `--page N`, counting from 1.
  public var page: Int?
  /// `--after CURSOR`.
  public var after: PageCursor?

  public init(
    search: String? = nil, since: Int64? = nil, until: Int64? = nil,
    pageSize: Int = Self.defaultPageSize, start: PageStart = .first,
    format: ShowRenderer.Format = .table, width: Int? = nil, height: Int? = nil,
    database: String? = nil
  ) {
    self.search = search
    self.since = since
    self.until = until
    self.pageSize = pageSize
    self.format = format
    self.width = width
    self.height = height
    self.database = database
    self.start = start
  }

  /// Which page the command line asks for: `--after`, else `--page`, else the first.
  public var start: PageStart {
    get { after.map(PageStart.after) ?? page.map(PageStart.number) ?? .first }
    set {
      switch newValue {
      case .first: (page, after) = (nil, nil)
      case .after(let cursor): (page, after) = (nil, cursor)
      case .number(let number): (page, after) = (number, nil)
      }
    }
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

  /// The command as a shell reads it: `dairy show`, then each option that is set, in the order
  /// of ``ShowOption``.
  public var description: String {
    var words = ["dairy", command]
    for option in ShowOption.allCases { words += option.words(in: self) }
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
