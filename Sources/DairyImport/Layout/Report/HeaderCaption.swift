import DairyFormats
import DairyModel

/// A caption of a report's header as a reader sees it: the text of one cell, or of cells stacked
/// in one column that read as one caption (`Dry` / `whole` / `milk`), the header rows it takes,
/// and the columns it heads.
///
/// ```swift
/// // Year,Dry,     (rows of a header, the year column first)
/// //     ,whole,Butter
/// //     ,milk,
/// let captions = HeaderCaption.captions(of: rows, width: 3, yearColumn: 0, series: [1, 2])
/// captions.map(\.text)  // ["Dry\nwhole\nmilk", "Butter"]
/// ```
package struct HeaderCaption: Hashable, Sendable {
  /// How a caption's span was found.
  package enum Evidence: String, Hashable, Sendable {
    /// It heads its own column only.
    case ownColumn = "own column"
    /// The sheet merges its cell across the span.
    case merge
    /// The sheet centres it across the span ("centre across selection").
    case centreAcrossSelection = "centre across selection"
    /// Centred in its one cell over the span: read from where it stands, guessed.
    case centred = "centred caption"
    /// Starts the span (a merged caption saved as CSV, a left-aligned caption): guessed.
    case startsSpan = "caption at the span's start"
    /// Ends the span (a right-aligned caption): guessed.
    case endsSpan = "caption at the span's end"

    /// Whether the span was read from the file rather than guessed from where the caption
    /// stands.
    package var isRead: Bool { self == .ownColumn || self == .merge || self == .centreAcrossSelection }
  }

  /// The caption's text: its cells top to bottom, one line each.
  package var text: String
  /// The header rows it takes (indices into the header's rows).
  package var rows: ClosedRange<Int>
  /// The column of its cell.
  package var column: Int
  /// The columns it heads.
  package var span: ClosedRange<Int>
  /// A caption nothing stands under in its own column: a series' own caption.
  package var isLeaf: Bool
  package var evidence: Evidence = .ownColumn
  /// Whether another span fits the evidence as well: the reading kept is a guess.
  package var undecided = false
  /// How the sheet aligns it, or nil when the file does not say (CSV).
  package var alignment: HorizontalAlignment?
  /// The columns its merged range or its centring across the selection spans, when the sheet
  /// gives one wider than its cell.
  package var givenSpan: ClosedRange<Int>?

  /// The captions of header `rows`, each with the columns it heads: stacked cells joined, leaves
  /// told from groups, and each group's span found (``HeaderSpans``).
  package static func captions(
    of rows: [TableRow], width: Int, yearColumn: Int, series: Set<Int>
  ) -> [HeaderCaption] {
    let cells = pieces(of: rows, width: width, yearColumn: yearColumn)
    let centredTable = cells.contains { $0.alignment?.isCentred == true && $0.givenSpan == nil }
    var captions = stacked(cells, rows: rows, series: series, centredTable: centredTable)
    captions = classified(captions)
    HeaderSpans.spread(&captions, width: width, yearColumn: yearColumn, series: series)
    if !centredTable, rows.first?.knowsAlignment != true,
      captions.contains(where: { $0.evidence == .centred })
    {
      // A CSV file whose group captions stand centred: its captions over one column on top of
      // another may be lines of one caption (`Fluid` over `Milk 2/`); read them again so.
      var again = stacked(cells, rows: rows, series: series, centredTable: true)
      again = classified(again)
      HeaderSpans.spread(&again, width: width, yearColumn: yearColumn, series: series)
      captions = again
    }
    return captions
  }

  /// Each non-blank header cell as a caption of its own, with the span its merged range or its
  /// centring across the selection gives.
  private static func pieces(of rows: [TableRow], width: Int, yearColumn: Int) -> [HeaderCaption] {
    var pieces: [HeaderCaption] = []
    for (index, row) in rows.enumerated() {
      for column in 0..<min(width, row.count) where column != yearColumn && !row.isBlank(at: column)
      {
        var piece = HeaderCaption(
          text: row.trimmedText(at: column), rows: index...index, column: column,
          span: column...column, isLeaf: true, alignment: row.alignment(at: column))
        if let merge = row.merge(at: column), merge.anchor.column == column,
          merge.anchor.row == row.line
        {
          let down = min(rows.count - 1, index + merge.rows - 1)
          piece.rows = index...down
          if merge.columns > 1 {
            piece.givenSpan = column...min(width - 1, column + merge.columns - 1)
            piece.evidence = .merge
          }
        } else if piece.alignment == .centreAcrossSelection {
          // The selection: the empty cells after it aligned the same, and those before it
          // when no caption of the selection stands there.
          var first = column
          while first - 1 >= 0, first - 1 != yearColumn, row.isBlank(at: first - 1),
            row.merge(at: first - 1) == nil, row.alignment(at: first - 1) == .centreAcrossSelection
          {
            first -= 1
          }
          if first > 0, !row.isBlank(at: first - 1),
            row.alignment(at: first - 1) == .centreAcrossSelection
          {
            first = column  // the caption before spans these cells
          }
          var end = column
          while end + 1 < width, row.isBlank(at: end + 1), row.merge(at: end + 1) == nil,
            row.alignment(at: end + 1) == .centreAcrossSelection
          {
            end += 1
          }
          if first < column || end > column {
            piece.givenSpan = first...end
            piece.evidence = .centreAcrossSelection
          }
        }
        pieces.append(piece)
      }
    }
    return pieces
  }

  /// The pieces with those stacked in one column that read as one caption joined: the cell
  /// under another, on the next row, continuing it (`whole` under `Dry`, `equivalent,` under
  /// `milk-`); in a table of centred captions, also a cell under another that a group caption
  /// would not stand over (`Milk 2/` under `Fluid`, when `Fluid` is not centred between free
  /// columns).
  private static func stacked(
    _ pieces: [HeaderCaption], rows: [TableRow], series: Set<Int>, centredTable: Bool
  ) -> [HeaderCaption] {
    let byColumn = Dictionary(grouping: pieces, by: \.column)
    var captions: [HeaderCaption] = []
    for column in byColumn.keys.sorted() {
      var stack: [HeaderCaption] = []
      for piece in byColumn[column]!.sorted(by: { $0.rows.lowerBound < $1.rows.lowerBound }) {
        if var upper = stack.last,
          joins(upper, piece, rows: rows, series: series, centredTable: centredTable)
        {
          upper.text += "\n" + piece.text
          upper.rows = upper.rows.lowerBound...piece.rows.upperBound
          stack[stack.count - 1] = upper
        } else {
          stack.append(piece)
        }
      }
      captions += stack
    }
    return captions.sorted { ($0.rows.lowerBound, $0.column) < ($1.rows.lowerBound, $1.column) }
  }

  /// Whether `lower` continues `upper` as one caption.
  private static func joins(
    _ upper: HeaderCaption, _ lower: HeaderCaption, rows: [TableRow], series: Set<Int>,
    centredTable: Bool
  ) -> Bool {
    guard lower.rows.lowerBound == upper.rows.upperBound + 1, upper.givenSpan == nil,
      lower.givenSpan == nil
    else { return false }
    let last = upper.text.last
    if last == "-" || last == "," || lower.text.first == "(" { return true }
    if lower.text.first?.isLowercase == true { return true }
    if let word = upper.text.split(separator: " ").last?.lowercased(),
      ["and", "or", "of", "for", "&", "per"].contains(word)
    {
      return true
    }
    guard centredTable, !CaptionText.belongsToAGroup(lower.text) else { return false }
    // A caption with a free column on either side, on its row, may be centred over them.
    let row = rows[upper.rows.upperBound]
    let free = { (column: Int) in
      series.contains(column) && row.isBlank(at: column) && row.merge(at: column) == nil
    }
    return !(free(upper.column - 1) && free(upper.column + 1))
  }

  /// The captions with leaves told from groups: a caption is a group when a caption stands
  /// under it in its column, or its given span is wider than its cell.
  private static func classified(_ captions: [HeaderCaption]) -> [HeaderCaption] {
    var lowest: [Int: Int] = [:]
    for caption in captions {
      lowest[caption.column] = max(lowest[caption.column] ?? -1, caption.rows.lowerBound)
    }
    return captions.map { caption in
      var caption = caption
      caption.isLeaf =
        caption.givenSpan == nil && lowest[caption.column]! <= caption.rows.upperBound
      return caption
    }
  }
}
