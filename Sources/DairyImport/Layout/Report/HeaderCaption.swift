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
    /// The one unit of a unit row: the unit of every column.
    case onlyUnit = "the unit row's only unit"

    /// Whether the span was read from the file rather than guessed from where the caption
    /// stands.
    package var isRead: Bool {
      self == .ownColumn || self == .merge || self == .centreAcrossSelection || self == .onlyUnit
    }
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
    let context = StackContext(pieces: pieces, byColumn: byColumn, series: series)
    var captions: [HeaderCaption] = []
    for column in byColumn.keys.sorted() {
      var stack: [HeaderCaption] = []
      for piece in byColumn[column]!.sorted(by: { $0.rows.lowerBound < $1.rows.lowerBound }) {
        if var upper = stack.last,
          joins(upper, piece, context, centredTable: centredTable)
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

  /// What telling stacked cells apart needs of the whole header, found once.
  private struct StackContext {
    /// By header row, the columns of the cells there that may head columns.
    var candidates: [Int: Set<Int>] = [:]
    /// By column, the first header row that has a cell.
    var top: [Int: Int] = [:]
    var series: Set<Int>

    init(pieces: [HeaderCaption], byColumn: [Int: [HeaderCaption]], series: Set<Int>) {
      self.series = series
      for (column, cells) in byColumn {
        let cells = cells.sorted { $0.rows.lowerBound < $1.rows.lowerBound }
        top[column] = cells[0].rows.lowerBound
        for (index, cell) in cells.enumerated() {
          // A cell going on with the one above it is a line of that caption.
          if index > 0, cells[index - 1].rows.upperBound + 1 == cell.rows.lowerBound,
            HeaderCaption.continues(cells[index - 1].text, cell.text)
          {
            continue
          }
          // Heads columns when a cell under it does not go on with it.
          let below = cells.count - index - 1
          let heads =
            below >= 2
            || (below == 1
              && !(cells[index + 1].rows.lowerBound == cell.rows.upperBound + 1
                && HeaderCaption.continues(cell.text, cells[index + 1].text)))
          if heads { candidates[cell.rows.lowerBound, default: []].insert(column) }
        }
      }
    }
  }

  /// The most free columns looked at on either side of a cell.
  private static let maxReach = 256

  /// Whether `lower` continues `upper` as one caption: it goes on with its words (starts in
  /// lower case or with a parenthesis, or `upper` ends with a hyphen, a comma or `and`); or, in
  /// a table of centred captions, `upper` cannot be a group caption: nothing else on its row
  /// heads columns (each other cell there is a line of a caption or a leaf), and it could not
  /// stand centred over the free columns around it (`Fluid` over `Milk 2/`, beside `Yogurt`
  /// and `Butter`).
  private static func joins(
    _ upper: HeaderCaption, _ lower: HeaderCaption, _ context: StackContext, centredTable: Bool
  ) -> Bool {
    guard lower.rows.lowerBound == upper.rows.upperBound + 1, upper.givenSpan == nil,
      lower.givenSpan == nil
    else { return false }
    if continues(upper.text, lower.text) { return true }
    guard centredTable, !CaptionText.belongsToAGroup(lower.text) else { return false }
    let row = upper.rows.upperBound
    let others = context.candidates[upper.rows.lowerBound] ?? []
    guard others.isEmpty || (others.count == 1 && others.contains(upper.column)) else {
      return false
    }
    // The free columns around it: series columns with no caption down to its row.
    let free = { (column: Int) in
      context.series.contains(column) && (context.top[column] ?? Int.max) > row
    }
    var first = upper.column
    while free(first - 1), upper.column - first < maxReach { first -= 1 }
    var last = upper.column
    while free(last + 1), last - upper.column < maxReach { last += 1 }
    return abs((upper.column - first) - (last - upper.column)) > 1
  }

  /// Whether the text of `lower`, under `upper` in its column, goes on with it.
  fileprivate static func continues(_ upper: String, _ lower: String) -> Bool {
    let last = upper.last
    if last == "-" || last == "," || lower.first == "(" { return true }
    if lower.first?.isLowercase == true { return true }
    if let word = upper.split(separator: " ").last?.lowercased(),
      ["and", "or", "of", "for", "&", "per"].contains(word)
    {
      return true
    }
    return false
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
