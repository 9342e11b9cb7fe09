import DairyFormats
import DairyModel

/// The columns each group caption of a report's header heads, as a reader finds them.
///
/// Group captions are read level by level, top down (a level is the header row a caption ends
/// on), each within the span of the caption above it. A caption's span is its merged range, or
/// its centring across the selection, when the sheet gives one. Otherwise it is guessed from
/// where the caption stands among the columns free at its level: a run of series columns
/// (bounded by spacer columns, the year column, columns whose own caption reaches up to the
/// level, the span of the caption above, and a `Total` column, which closes the group it ends),
/// shared by the captions on that level in it:
///
/// - a caption at the run's first column, and every caption of the run after it, starts its
///   span (a merged caption saved as CSV, a left-aligned caption): it spans up to the next one;
/// - otherwise a caption stands centred over its span (in its middle column, or one of the two
///   middle ones), and the spans are the tiling of the run that leaves the fewest columns under
///   no caption and agrees best with the leaves' words: a leaf `Other Italian` or `Total
///   cheese` belongs under `Italian` or `Cheese`; a leaf `Cottage cheese` names a kind of its
///   own, not a member of `Cheese`; two leaves that read the same under one caption, with no
///   caption between, are one series twice. When two tilings fit as well, the one closer to
///   centred is kept and the run's captions are marked undecided.
///
/// A workbook says how each caption is aligned: a left-aligned caption starts its span, a
/// right-aligned one ends it, a centred one is centred over it unless it stands at its run's
/// first column (where unmerging leaves a caption, centred in the first cell).
package enum HeaderSpans {
  /// What a misplaced column costs a tiling: a column under no caption, and a leaf whose words
  /// say it belongs elsewhere.
  static let gapCost = 2
  static let wordCost = 3
  /// What a leaf costs a tiling when another under the same caption reads the same.
  static let repeatCost = 10

  /// Gives every caption of `captions` its span.
  package static func spread(
    _ captions: inout [HeaderCaption], width: Int, yearColumn: Int, series: Set<Int>
  ) {
    var leafOf: [Int: Int] = [:]
    for index in captions.indices where captions[index].isLeaf {
      captions[index].span = captions[index].column...captions[index].column
      captions[index].evidence = .ownColumn
      leafOf[captions[index].column] = index
    }
    let groups = captions.indices.filter { !captions[$0].isLeaf }
    let levels = Set(groups.map { captions[$0].rows.upperBound }).sorted()
    // Per column, the first row of its leaf, and the rows of the groups that stand in it.
    var leafTop = [Int](repeating: Int.max, count: width)
    var groupRows: [Int: [(rows: ClosedRange<Int>, level: Int)]] = [:]
    for caption in captions where caption.column < width {
      if caption.isLeaf {
        leafTop[caption.column] = min(leafTop[caption.column], caption.rows.lowerBound)
      } else {
        groupRows[caption.column, default: []].append((caption.rows, caption.rows.upperBound))
      }
    }
    var parent = [Int](repeating: -1, count: width)
    let words = leafOf.mapValues { LeafWords(captions[$0].text) }
    let leafRow = leafOf.mapValues { captions[$0].rows.lowerBound }
    let wordsWithoutText = words.mapValues(\.withoutText)
    // Per level, the columns of the group captions below it.
    var groupColumnsBelow: [Int: [Int]] = [:]
    for level in levels {
      groupColumnsBelow[level] = groups.filter { captions[$0].rows.upperBound > level }.map {
        captions[$0].column
      }.sorted()
    }
    let byLevel = Dictionary(grouping: groups, by: { captions[$0].rows.upperBound })
    // Per header row, the first column of a group caption known by each set of words.
    var firstGroupOfKey: [Int: [Set<String>: Int]] = [:]
    for index in groups {
      guard let key = LeafWords.key(of: captions[index].text) else { continue }
      let row = captions[index].rows.lowerBound
      firstGroupOfKey[row, default: [:]][key] = min(
        firstGroupOfKey[row]?[key] ?? Int.max, captions[index].column)
    }
    for level in levels {
      let here = byLevel[level]!.sorted { captions[$0].column < captions[$1].column }
      let anchors = Set(here.map { captions[$0].column })
      let free = { (column: Int) -> Bool in
        guard column != yearColumn, series.contains(column) || anchors.contains(column),
          leafTop[column] > level
        else { return false }
        return !(groupRows[column] ?? []).contains { $0.level != level && $0.rows.contains(level) }
      }
      // A `Total` leaf closes the group on the level just above it, unless it totals a group
      // caption of its own row before it (`Total plain and flavored` after `Plain`): that is a
      // subtotal within the group, which goes on after it.
      let isTotal = { (column: Int) -> Bool in
        guard let row = leafRow[column], words[column]!.isTotal,
          levels.last(where: { $0 < row }) == level
        else { return false }
        return !subtotals(row: row, column: column, words[column]!, firstGroupOfKey)
      }
      // A Total ends its group; in a run that starts with one, each group opens with its
      // Total (`Total`, `Cheddar`, `Other`), which closes the group before it.
      let closes = { (start: Int, end: Int) -> Bool in
        isTotal(start) ? end + 1 < width && isTotal(end + 1) : isTotal(end)
      }
      // The captions of each run, walking both in column order.
      var next = 0
      for run in runs(width: width, free: free, parent: parent, closes: closes) {
        while next < here.count, captions[here[next]].column < run.lowerBound { next += 1 }
        var inRun: [Int] = []
        while next < here.count, run.contains(captions[here[next]].column) {
          inRun.append(here[next])
          next += 1
        }
        // Leaves that read the same are one series twice under one caption, unless captions
        // lower down stand between (`Plain` under `Whole` and under `Lower fat`).
        let below = groupColumnsBelow[level] ?? []
        let lowest = !Self.holds(below, run)
        if !inRun.isEmpty {
          place(inRun, in: run, &captions, words: lowest ? words : wordsWithoutText)
        }
      }
      for index in here {
        for column in captions[index].span where column < width { parent[column] = index }
      }
    }
  }

  /// Whether the sorted `columns` hold one in `run` (a binary search).
  private static func holds(_ columns: [Int], _ run: ClosedRange<Int>) -> Bool {
    var (low, high) = (0, columns.count)
    while low < high {
      let middle = (low + high) / 2
      if columns[middle] < run.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < columns.count && columns[low] <= run.upperBound
  }

  /// Whether a Total leaf (its first row and column) names a group caption that starts on its
  /// row, before its column: one whose
  /// words (a set of the leaf's words, of which a leaf has a few) stand first before it.
  private static func subtotals(
    row: Int, column: Int, _ words: LeafWords, _ firstGroupOfKey: [Int: [Set<String>: Int]]
  ) -> Bool {
    guard let groups = firstGroupOfKey[row] else { return false }
    let list = Array(words.words.filter { $0.count >= 3 }.sorted().prefix(6))
    for mask in 1..<(1 << list.count) {
      let key = Set(list.indices.filter { mask & (1 << $0) != 0 }.map { list[$0] })
      if let first = groups[key], first < column { return true }
    }
    return false
  }

  /// Gives each caption of a unit row of several the columns it applies to: its merged range
  /// or centring across the selection; in a CSV file, also the blank cells after it under the
  /// same group caption (a merged unit saved as CSV). A workbook's unit in one cell applies to
  /// its column: a row of units each centred in its cell is the usual layout.
  package static func spreadUnits(
    _ units: inout [HeaderCaption], width: Int, yearColumn: Int, series: Set<Int>,
    within groups: [HeaderCaption]
  ) {
    var parent = [Int](repeating: -1, count: width)
    for (index, group) in groups.enumerated() {
      for column in group.span where column < width { parent[column] = index }
    }
    let anchors = Set(units.map(\.column))
    let free = { (column: Int) in
      column != yearColumn && (series.contains(column) || anchors.contains(column))
    }
    for run in runs(width: width, free: free, parent: parent, closes: { _, _ in false }) {
      let spreading = units.indices.filter { index in
        run.contains(units[index].column)
          && (units[index].givenSpan != nil
            || (units[index].alignment == nil && parent[run.lowerBound] >= 0))
      }
      place(spreading, in: run, &units, words: [:])
    }
  }

  /// The runs of columns a level's captions share: free columns one after another under the
  /// same caption above, a run ending where `closes` says (given its first and last column).
  private static func runs(
    width: Int, free: (Int) -> Bool, parent: [Int], closes: (_ start: Int, _ end: Int) -> Bool
  ) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var start = 0
    while start < width {
      guard free(start) else {
        start += 1
        continue
      }
      var end = start
      while end + 1 < width, free(end + 1), parent[end + 1] == parent[start],
        !closes(start, end)
      {
        end += 1
      }
      runs.append(start...end)
      start = end + 1
    }
    return runs
  }

  /// Places the captions of one run: those with a given span take it, the others share the
  /// columns between them.
  private static func place(
    _ indices: [Int], in run: ClosedRange<Int>, _ captions: inout [HeaderCaption],
    words: [Int: LeafWords]
  ) {
    var movable: [Int] = []
    var from = run.lowerBound
    for index in indices.sorted(by: { captions[$0].column < captions[$1].column }) {
      // A caption inside the span another gives (a stray value in a merged range) heads its
      // own column only.
      guard captions[index].column >= from else { continue }
      if let given = captions[index].givenSpan {
        if !movable.isEmpty {
          tile(movable, in: from...max(from, given.lowerBound - 1), &captions, words: words)
        }
        movable = []
        captions[index].span = given
        from = max(from, given.upperBound + 1)
      } else {
        movable.append(index)
      }
    }
    if !movable.isEmpty, from <= run.upperBound {
      tile(movable, in: from...run.upperBound, &captions, words: words)
    }
  }

  /// How a caption stands over its span.
  private enum Stance {
    case starts, ends, centred
  }

  /// One span a caption may take, with what the tiling up to it costs.
  private struct Choice {
    var span: ClosedRange<Int>
    /// Columns under no caption and words against it, then halves off centre.
    var cost: (misplaced: Int, offCentre: Int)
    var ties: Int
    var previous: Int
  }

  /// Splits `run` among the captions `indices` (in column order) by the tiling that fits best.
  private static func tile(
    _ indices: [Int], in run: ClosedRange<Int>, _ captions: inout [HeaderCaption],
    words: [Int: LeafWords]
  ) {
    let columns = indices.map { captions[$0].column }
    let stances: [Stance] = indices.map { index in
      switch captions[index].alignment {
      case .right?: .ends
      case .general?, .left?, .other?: .starts
      // A caption at the run's first column starts its span, centred or not: a merged caption
      // saved as CSV, or unmerged in the sheet (Excel leaves it centred in the first cell).
      case .centre?, .centreAcrossSelection?, nil:
        columns[0] == run.lowerBound ? .starts : .centred
      }
    }
    let keys = indices.map { LeafWords.key(of: captions[$0].text) }
    let named = LeafWords.named(in: run, by: keys, words: words)
    // Per column, the last column before it in the run whose leaf reads the same: two such
    // under one caption would be one series twice.
    var lastOfText: [String: Int] = [:]
    var sameBefore: [Int: Int] = [:]
    for column in run {
      guard let leaf = words[column], !leaf.text.isEmpty else { continue }
      if let before = lastOfText[leaf.text] { sameBefore[column] = before }
      lastOfText[leaf.text] = column
    }
    var searched = 0
    let start = Choice(
      span: (run.lowerBound - 1)...(run.lowerBound - 1), cost: (0, 0), ties: 1, previous: -1)
    var stages: [[Choice]] = [[start]]
    for (position, column) in columns.enumerated() {
      let low = position == 0 ? run.lowerBound : columns[position - 1] + 1
      let high = position == columns.count - 1 ? run.upperBound : columns[position + 1] - 1
      var spans: [ClosedRange<Int>] = []
      switch stances[position] {
      case .starts: spans = (column...high).map { column...$0 }
      case .ends: spans = (low...column).map { $0...column }
      case .centred:
        for first in low...column {
          let centre = 2 * column - first
          for last in [centre - 1, centre, centre + 1] where last >= column && last <= high {
            spans.append(first...last)
          }
        }
      }
      let before = stages[stages.count - 1]
      searched += spans.count * before.count
      guard searched <= maxSearch else { return split(indices, in: run, &captions) }
      // What each column costs under this caption, summed from the window's start.
      var sums = [0]
      for column in low...high {
        let cost = words[column].map { $0.cost(for: position, naming: named[column] ?? []) } ?? 0
        sums.append(sums[sums.count - 1] + cost)
      }
      var stage: [Choice] = []
      searched += spans.count * (high - low + 1)
      guard searched <= maxSearch else { return split(indices, in: run, &captions) }
      for span in spans {
        var best: Choice?
        let twice = span.filter { (sameBefore[$0] ?? Int.min) >= span.lowerBound }.count
        let own =
          sums[span.upperBound - low + 1] - sums[span.lowerBound - low]
          + twice * repeatCost
        for (index, choice) in before.enumerated() where choice.span.upperBound < span.lowerBound {
          let gap = (span.lowerBound - choice.span.upperBound - 1) * gapCost
          let cost = (
            choice.cost.misplaced + gap + own,
            choice.cost.offCentre + (stances[position] == .centred ? (span.count + 1) % 2 : 0)
          )
          if let current = best, current.cost.misplaced < cost.0 { continue }
          if let current = best, current.cost.misplaced == cost.0 {
            best!.ties = min(2, best!.ties + choice.ties)
            if cost.1 < current.cost.offCentre {
              best!.cost = cost
              best!.previous = index
            }
            continue
          }
          best = Choice(span: span, cost: cost, ties: choice.ties, previous: index)
        }
        if let best { stage.append(best) }
      }
      stages.append(stage)
    }
    // The last span's end: columns after it are under no caption.
    var final: Choice?
    var ties = 0
    var finalIndex = 0
    for (index, choice) in stages[stages.count - 1].enumerated() {
      let misplaced = choice.cost.misplaced + (run.upperBound - choice.span.upperBound) * gapCost
      let cost = (misplaced, choice.cost.offCentre)
      if let current = final, current.cost.misplaced < misplaced { continue }
      if let current = final, current.cost.misplaced == misplaced {
        ties = min(2, ties + choice.ties)
        if cost.1 < current.cost.offCentre {
          final = Choice(span: choice.span, cost: cost, ties: 0, previous: choice.previous)
          finalIndex = index
        }
        continue
      }
      final = Choice(span: choice.span, cost: cost, ties: 0, previous: choice.previous)
      ties = choice.ties
      finalIndex = index
    }
    guard final != nil else { return }
    var index = finalIndex
    for position in columns.indices.reversed() {
      let choice = stages[position + 1][index]
      let caption = indices[position]
      captions[caption].span = choice.span
      captions[caption].evidence =
        switch stances[position] {
        case .starts: .startsSpan
        case .ends: .endsSpan
        case .centred: .centred
        }
      captions[caption].undecided = ties > 1
      index = choice.previous
    }
  }
}

extension HeaderSpans {
  /// The most pairs of spans a tiling weighs for the captions of one run (real headers weigh
  /// a few hundred); past it, ``split(_:in:_:)`` decides.
  static let maxSearch = 1 << 18

  /// Splits `run` among the captions `indices` midway between them, every span marked
  /// undecided: the reading of a run too wide to weigh its tilings.
  fileprivate static func split(
    _ indices: [Int], in run: ClosedRange<Int>, _ captions: inout [HeaderCaption]
  ) {
    for (position, index) in indices.enumerated() {
      let column = captions[index].column
      let first =
        position == 0 ? run.lowerBound : (captions[indices[position - 1]].column + column) / 2 + 1
      let last =
        position == indices.count - 1
        ? run.upperBound : (column + captions[indices[position + 1]].column) / 2
      captions[index].span = first...last
      captions[index].evidence = .centred
      captions[index].undecided = true
      // (A run this wide is split midway whatever its captions' stance: a guess either way.)
    }
  }
}

/// The words of a leaf caption, as the span of a group caption over it is weighed: whether it
/// says it belongs to a group (`Other Italian`, `Total cheese`) and which words it has.
package struct LeafWords {
  package var words: Set<String>
  /// `Other …`, `Total …`, `All other …`, `…, total`: a member of a group it names.
  package var belongs: Bool
  package var isTotal: Bool
  /// The caption as it reads, white space collapsed (empty where leaves reading the same are
  /// told apart by captions between them and the caption weighed: ``withoutText``).
  package var text: String

  /// The same words, without the text that tells two leaves reading the same.
  var withoutText: LeafWords {
    var copy = self
    copy.text = ""
    return copy
  }

  package init(_ text: String) {
    self.text = SectionFields.collapsingWhitespace(text)
    let list = CaptionText.letterWords(text)
    words = Set(list)
    belongs = CaptionText.belongsToAGroup(words: list)
    isTotal = CaptionText.totals(words: list)
  }

  /// The words a group caption is known by: its words of three letters or more but `and`,
  /// `the`, `for`, `all` (a leaf names the caption when it has them all: `Other Italian` names
  /// `Italian`, `Milk volume required` does not name `Milk cow cost`).
  package static func key(of text: String) -> Set<String>? {
    let words = Set(CaptionText.letterWords(text).filter { $0.count >= 3 }).subtracting([
      "and", "the", "for", "all",
    ])
    return words.isEmpty ? nil : words
  }

  /// The captions (by position among `keys`) each leaf of `run` names: those whose every key
  /// word it has. Found through the leaf's own words, so that a run of many captions costs
  /// what its leaves say, not their number times the captions'.
  static func named(
    in run: ClosedRange<Int>, by keys: [Set<String>?], words: [Int: LeafWords]
  ) -> [Int: Set<Int>] {
    var byWord: [String: [Int]] = [:]
    for (position, key) in keys.enumerated() {
      for word in key ?? [] { byWord[word, default: []].append(position) }
    }
    var named: [Int: Set<Int>] = [:]
    for column in run {
      guard let leaf = words[column] else { continue }
      for word in leaf.words {
        for position in byWord[word] ?? [] where keys[position]!.isSubset(of: leaf.words) {
          named[column, default: []].insert(position)
        }
      }
    }
    return named
  }

  /// What it costs to place this leaf under caption `position`, the leaf naming the captions
  /// `naming`: a leaf that names the caption as its group belongs there; one that names it
  /// otherwise (`Cottage cheese` under `Cheese`) is a kind of its own; one that names another
  /// caption as its group belongs there instead.
  func cost(for position: Int, naming: Set<Int>) -> Int {
    if naming.contains(position) { return belongs ? -HeaderSpans.wordCost : HeaderSpans.wordCost }
    return belongs && !naming.isEmpty ? HeaderSpans.wordCost : 0
  }
}
