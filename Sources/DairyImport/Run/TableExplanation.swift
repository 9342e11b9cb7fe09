import DairyFormats
import DairyModel

/// How a layout reads one table, for `dairy inspect`: the rows of each block, where each series
/// comes from, the footnotes, and what it warns about. The import run adds what it learned (the
/// sections' titles, years and counts), so that inspect shows exactly what an import would do.
package struct TableExplanation: Sendable, Hashable {
  /// What a run of rows is.
  package enum Role: String, Sendable, CaseIterable {
    case title, header, unit, data, notes
  }

  /// A run of rows with one role, by line (a CSV file) or row (a sheet); in JSON
  /// `{"role": "title", "first": 1, "last": 2}`.
  package struct Block: Sendable, Hashable, Encodable {
    package var role: Role
    package var lines: ClosedRange<Int>

    private enum CodingKeys: String, CodingKey {
      case role, first, last
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(role.rawValue, forKey: .role)
      try container.encode(lines.lowerBound, forKey: .first)
      try container.encode(lines.upperBound, forKey: .last)
    }
  }

  /// Where one series comes from.
  package struct Series: Sendable, Hashable {
    package var key: String
    /// The 1-based column of a years-down series, or nil.
    package var column: Int?
    /// The line (row) of a years-across series, or nil.
    package var line: Int?
    /// The footnotes its caption and its group's caption name, in order.
    package var footnotes: [FootnoteMark] = []
  }

  /// A caption of a report's header that heads several columns (a group, or a unit over
  /// several), the columns it heads and how they were found; in JSON `{"caption": "Cheese",
  /// "cell": "F6", "kind": "group", "first": 6, "last": 7, "from": "centred caption",
  /// "guessed": true, "undecided": false}`.
  package struct Span: Sendable, Hashable, Encodable {
    package var caption: String
    /// Where the caption stands: a sheet's cell (`F6`) or a CSV file's `line:column`.
    package var cell: String
    /// `group` or `unit`.
    package var kind: String
    /// The 1-based columns it heads.
    package var columns: ClosedRange<Int>
    package var evidence: HeaderCaption.Evidence
    /// Whether another span fits the evidence as well.
    package var undecided: Bool

    private enum CodingKeys: String, CodingKey {
      case caption, cell, kind, first, last, from, guessed, undecided
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(caption, forKey: .caption)
      try container.encode(cell, forKey: .cell)
      try container.encode(kind, forKey: .kind)
      try container.encode(columns.lowerBound, forKey: .first)
      try container.encode(columns.upperBound, forKey: .last)
      try container.encode(evidence.rawValue, forKey: .from)
      try container.encode(!evidence.isRead, forKey: .guessed)
      try container.encode(undecided, forKey: .undecided)
    }
  }

  /// A footnote of the notes block, or one a marker names that the block does not have.
  /// In JSON `{"number": 1, "text": …}`, or `{"letter": "a", "text": …}` for a raised letter.
  package struct Footnote: Sendable, Hashable, Encodable {
    package var mark: FootnoteMark
    package var text: String?

    private enum CodingKeys: String, CodingKey {
      case number, letter, text
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch mark {
      case .number(let number): try container.encode(number, forKey: .number)
      case .letter(let letter): try container.encode(String(letter), forKey: .letter)
      }
      try container.encode(text, forKey: .text)
    }
  }

  /// What one column of a long table read whole is to its sections (``LongColumns``): in JSON
  /// `{"column": 2, "name": "ItemId", "part": "ID of Item, in the key"}`.
  package struct ColumnPart: Sendable, Hashable, Encodable {
    /// The 1-based column.
    package var column: Int
    package var name: String
    package var part: String
  }

  /// What a layout found in the whole table, for a line of `dairy inspect` each: a Quick
  /// Stats file's items, places, periods and markers. In JSON `{"label": "places", "text":
  /// "50 States: Alabama, Alaska, …"}`.
  package struct Finding: Sendable, Hashable, Encodable {
    package var label: String
    package var text: String

    package init(_ label: String, _ text: String) {
      (self.label, self.text) = (label, text)
    }
  }

  /// `wide`, `long`, or `report (years down)` / `report (years across)`.
  package var layout: String
  package var blocks: [Block] = []
  package var series: [Series] = []
  /// The unit a report's title gives every series that has none of its own.
  package var unit: String?
  package var footnotes: [Footnote] = []
  /// A long table read whole, or a NASS report: what each of its columns is (``LongColumns``;
  /// a period, a change); else empty.
  package var columns: [ColumnPart] = []
  package var warnings: [LayoutWarning] = []
  /// The header captions that head several columns, and how their spans were found.
  package var spans: [Span] = []
  /// What the layout found in the whole table (a Quick Stats file's places and periods).
  package var findings: [Finding] = []

  /// Adds the rows `lines` to the blocks: they extend the last block when it has the same role
  /// (rows given in order; blank rows between them belong to the block).
  package mutating func add(_ role: Role, lines: ClosedRange<Int>) {
    if let last = blocks.last, last.role == role, last.lines.lowerBound <= lines.lowerBound {
      blocks[blocks.count - 1].lines =
        last.lines.lowerBound...max(last.lines.upperBound, lines.upperBound)
    } else {
      blocks.append(Block(role: role, lines: lines))
    }
  }
}
