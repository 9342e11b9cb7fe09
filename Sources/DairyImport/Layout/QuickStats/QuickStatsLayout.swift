import DairyFormats
import DairyModel
import Foundation

/// A NASS Quick Stats download: one row per value, recognised from its header
/// (``QuickStatsColumns``) with no flags.
///
/// A series is a `Data Item` with its `Domain Category` (unless `NOT SPECIFIED`) at a place
/// (``QuickStatsPlace``), from one `Program`, at one class of period (``QuickStatsPeriod``):
/// an item's monthly values and its annual total are two series. Its key is the file's texts,
/// `ITEM[ | CATEGORY] @ PLACE (PROGRAM, CLASS)`; its title and unit come from the item, its
/// group from the category (``QuickStatsText``), each worked out once per distinct text.
/// Each value's key is its period's (``QuickStatsPeriod/key(year:weekEnding:)``).
///
/// `Value` is read with the NASS markers `(D)`, `(Z)`, `(NA)`, `(X)` and `(S)` as missing
/// cells; a `CV (%)` that the file gives is kept in a companion series right after its
/// value's, `TITLE, CV (%)` in percent, with `(H)` and `(L)` marked too. Each section has the
/// frequency of its periods and its place (name, level, code). Where two series of one title,
/// group, place and frequency stand together, a title says what tells it from the others (`Milk
/// production` and `Milk production, August forecast`; `…, census` and `…, survey`).
///
/// ```swift
/// // Program,Year,Period,…,Data Item,Domain,Domain Category,Value,CV (%)
/// var layout = QuickStatsLayout(columns: QuickStatsColumns(header)!)
/// ```
package struct QuickStatsLayout: TableLayout {
  package let columns: QuickStatsColumns

  /// The markers of NASS data, with their meanings (``NASSMarker``, the one table every reader
  /// shares): missing values but for `-`, which the value column reads as a plain missing cell
  /// already.
  package static let valueMarkers = NASSMarker.valueMarkers.map {
    (marker: $0.rawValue, meaning: $0.meaning)
  }
  /// The markers of a `CV (%)` column, besides the value's.
  package static let cvMarkers = NASSMarker.coefficientOfVariationMarkers.map {
    (marker: $0.rawValue, meaning: $0.meaning)
  }

  /// One series the table has rows for.
  package struct Series {
    package var section: Int
    /// Its CV's companion section, once a row gives a CV.
    package var cv: Int?
    package var period: QuickStatsPeriod
    package var place: QuickStatsPlace
    /// Its data item as written.
    package var item: String
    package var program: String
    package var unit: String?
    /// Its first and last period keys, and how many periods it has.
    package var first = Int64.max
    package var last = Int64.min
  }

  package private(set) var series: [Series] = []
  private var seriesIndex: [RowKey: Int] = [:]
  /// Each distinct `Period` text's period and the number that stands for its class in a key.
  private var periods: [RowKey: (period: QuickStatsPeriod, classID: UInt8)] = [:]
  /// What the previous row's `Period` read as, and its bytes.
  private var previousPeriod: (period: QuickStatsPeriod, classID: UInt8)?
  private var previousPeriodBytes: [UInt8] = []
  private var classIDs: [String: UInt8] = [:]
  /// The title and unit of each distinct data item, the group of each domain category.
  private var items: [String: (title: String, unit: String?)] = [:]
  /// The commodities and programs of the series, in the order they first come: the dataset's
  /// title.
  private var commodities: [String] = []
  private var programs: [String] = []
  /// Each data item's title, before any is told from another's at its place.
  package var itemTitles: [String: String] { items.mapValues(\.title) }
  private var categories: [String: String?] = [:]
  /// Each distinct place, by the texts of ``QuickStatsPlace/columns(of:)``.
  private var places: [[String]: QuickStatsPlace] = [:]
  private let placeColumns: [Int?]
  /// The numbers of the value column and of the CV column, with the NASS markers.
  package private(set) var valueNumbers = NumberParser()
  private var cvNumbers = NumberParser()
  /// How many cells held each marker, value and CV apart (``explanation(_:)``).
  package private(set) var markerCounts: [String: (values: Int, cvs: Int)] = [:]

  /// The distinct period keys of each frequency (``explanation(_:)``), and the last one seen.
  package private(set) var periodKeys: [Frequency: Set<Int64>] = [:]
  private var lastPeriod: (key: Int64, frequency: Frequency) = (.min, .annual)

  private var scratchKey = RowKey()
  private var recentSeries = RecentKeys()
  /// Each series' key (``setSeriesKey(_:classID:)``), by index, and the series that came right
  /// after it the last time (-1 before any): a download repeats its order of series from one
  /// period to the next (each place's items, then the next place's), so that a row's series is
  /// most often the one that followed the previous row's, recognised by comparing bytes. In a
  /// county file a series comes back thousands of rows later, past ``RecentKeys``.
  private var seriesKeys: [RowKey] = []
  private var successors: [Int] = []
  private var previousSeries = -1

  /// ``QuickStatsColumns/seriesRuns``, worked out once, and their columns in order.
  private let seriesRuns: [ClosedRange<Int>]
  private let seriesColumns: [Int]

  package init(columns: QuickStatsColumns) {
    self.columns = columns
    seriesRuns = columns.seriesRuns
    seriesColumns = Array(seriesRuns.joined())
    placeColumns = QuickStatsPlace.columns(of: columns)
  }

  package mutating func start(_ table: inout TableImport) throws {
    valueNumbers = table.numbers.adding(missingMarkers: Self.valueMarkers.map(\.marker))
    cvNumbers = valueNumbers.readingCoefficientsOfVariation()
    table.numbers = valueNumbers
  }

  package mutating func read(_ row: TableRow, into table: inout TableImport) throws {
    let (period, classID) = try period(of: row, table)
    let year = try table.year(row, columns.year)
    let key = try periodKey(period, year: year, row, table)
    let index = try series(of: row, period: period, classID: classID, &table)
    let missing = table.missing
    try table.store(row, columns.value, year: key, section: series[index].section)
    if table.missing != missing { count(row, columns.value, cv: false) }
    if key < series[index].first { series[index].first = key }
    if key > series[index].last { series[index].last = key }
    if key != lastPeriod.key || period.frequency != lastPeriod.frequency {
      lastPeriod = (key, period.frequency)
      periodKeys[period.frequency, default: []].insert(key)
    }
    if let cv = columns.cv, !row.isEmpty(at: cv) {
      let section = try cvSection(of: index, row, &table)
      let missing = table.missing
      // The CV's own markers, (H) and (L), are read in its column alone.
      swap(&table.numbers, &cvNumbers)
      let stored = Result { try table.store(row, cv, year: key, section: section) }
      swap(&table.numbers, &cvNumbers)
      try stored.get()
      if table.missing != missing { count(row, cv, cv: true) }
    }
  }

  /// Counts the marker a missing cell holds.
  private mutating func count(_ row: TableRow, _ cell: Int, cv: Bool) {
    let marker =
      row.isText(at: cell) ? row.withText(at: cell) { cvNumbers.missingMarker($0) } : ""
    if cv {
      markerCounts[marker, default: (0, 0)].cvs += 1
    } else {
      markerCounts[marker, default: (0, 0)].values += 1
    }
  }

  // MARK: - Periods

  /// The period of a row's `Period`, read once per distinct text.
  private mutating func period(of row: TableRow, _ table: TableImport) throws -> (
    QuickStatsPeriod, UInt8
  ) {
    if let previous = previousPeriod, row.isText(at: columns.period),
      row.withText(at: columns.period, { $0.elementsEqual(previousPeriodBytes) })
    {
      return previous
    }
    scratchKey.bytes.removeAll(keepingCapacity: true)
    appendBytes(row, columns.period)
    if let known = periods[scratchKey] {
      (previousPeriodBytes, previousPeriod) = (scratchKey.bytes, known)
      return known
    }
    let text = try table.text(row, columns.period)
    guard let period = QuickStatsPeriod(text: text.trimmingCharacters(in: .whitespaces)) else {
      throw DairyError.importFailed(
        table.location(row, columns.period),
        "period \"\(TextEscaping.visible(text))\" is not a year, marketing year, month, "
          + "quarter or week (\(Self.periodForms))")
    }
    let classID =
      classIDs[period.seriesClass]
      ?? {
        let id = UInt8(truncatingIfNeeded: classIDs.count)
        classIDs[period.seriesClass] = id
        return id
      }()
    periods[scratchKey] = (period, classID)
    (previousPeriodBytes, previousPeriod) = (scratchKey.bytes, (period, classID))
    return (period, classID)
  }

  static let periodForms =
    "YEAR, MARKETING YEAR, JAN … DEC, FIRST OF JAN, JAN THRU MAR, FIRST QUARTER, WEEK #10, "
    + "YEAR - AUG FORECAST"

  /// The key of a row's period in `year`; a week's from its `Week Ending`.
  private func periodKey(
    _ period: QuickStatsPeriod, year: Int64, _ row: TableRow, _ table: TableImport
  ) throws -> Int64 {
    var date: (year: Int, month: Int, day: Int)?
    if case .week = period {
      guard let column = columns.weekEnding else {
        throw DairyError.importFailed(
          table.location(row, columns.period),
          "a week needs the date it ends, and the file has no \"Week Ending\" column")
      }
      let text = try table.text(row, column)
      date = QuickStatsPeriod.weekEnding(text.trimmingCharacters(in: .whitespaces))
      if date == nil {
        throw DairyError.importFailed(
          table.location(row, column),
          "week ending \"\(TextEscaping.visible(text))\" is not a date (2020-03-07)")
      }
    }
    guard let key = period.key(year: year, weekEnding: date) else {
      throw DairyError.importFailed(
        table.location(row, columns.year),
        "year \(year) is out of the years a month, quarter or week may have (1–9999)")
    }
    return key
  }

  // MARK: - Series

  /// The series of a row. The one that followed the previous row's series last time is
  /// recognised by comparing its key with the row's cells where they lie
  /// (``hasSeriesKey(_:_:classID:)``), the series of the last few rows by comparing bytes
  /// (``RecentKeys``), any other by one hash of them: the common case copies, builds and hashes
  /// nothing.
  private mutating func series(
    of row: TableRow, period: QuickStatsPeriod, classID: UInt8, _ table: inout TableImport
  ) throws -> Int {
    if previousSeries >= 0 {
      let predicted = successors[previousSeries]
      if predicted >= 0 && hasSeriesKey(row, seriesKeys[predicted], classID: classID) {
        previousSeries = predicted
        return predicted
      }
    }
    setSeriesKey(row, classID: classID)
    let index: Int
    if let recent = recentSeries.value(for: scratchKey) {
      index = recent
    } else if let known = seriesIndex[scratchKey] {
      recentSeries.remember(scratchKey, known)
      index = known
    } else {
      let bytes = scratchKey
      index = try newSeries(row, period: period, &table)
      seriesIndex[bytes] = index
      recentSeries.remember(bytes, index)
      // The dictionary's key and this share their bytes.
      seriesKeys.append(bytes)
      successors.append(-1)
    }
    if previousSeries >= 0 { successors[previousSeries] = index }
    previousSeries = index
    return index
  }

  /// Creates the section of a row's series, and its CV's when the row gives one.
  private mutating func newSeries(
    _ row: TableRow, period: QuickStatsPeriod, _ table: inout TableImport
  ) throws -> Int {
    // The source, not the table: a copy of the table would share its book's storage, and the
    // table's next write would copy all of it.
    let source = table.source
    func text(_ column: Int?) throws -> String {
      guard let column else { return "" }
      return SectionFields.collapsingWhitespace(try TableImport.text(row, column, in: source))
    }
    let item = try text(columns.item)
    if item.isEmpty {
      throw DairyError.importFailed(
        table.location(row, columns.item),
        "the data item (column \"\(table.columnName(columns.item))\") is empty")
    }
    let category = try text(columns.domainCategory)
    let program = try text(columns.program)
    let commodity = try text(columns.commodity)
    if !commodity.isEmpty && !commodities.contains(commodity) { commodities.append(commodity) }
    if !program.isEmpty && !programs.contains(program) { programs.append(program) }
    // A place is worked out once (its name title-cased, its codes): a download has each
    // place's items, thousands of series at a few hundred places.
    let placeTexts = try placeColumns.map(text)
    let place = try places[placeTexts] ?? QuickStatsPlace(text, columns: columns)
    places[placeTexts] = place
    let described = try items[item] ?? QuickStatsText.item(item, unitColumn: text(columns.unit))
    items[item] = described
    let group = categories[category] ?? QuickStatsText.category(category)
    categories[category] = group
    let draft = SectionFields(
      key: Self.key(
        item: item, category: category, place: place.key, program: program, period: period),
      title: described.title, unit: described.unit ?? table.unit, group: group,
      frequency: period.frequency, place: place.name, placeLevel: place.level,
      placeCode: place.code)
    let here = table.location(row, columns.item)
    let section = try table.section(draft, at: here)
    series.append(
      Series(
        section: section, period: period, place: place, item: item, program: program,
        unit: described.unit))
    return series.count - 1
  }

  /// The key of a series: the file's texts, `ITEM[ | CATEGORY] @ PLACE (PROGRAM, CLASS)`.
  package static func key(
    item: String, category: String, place: String, program: String, period: QuickStatsPeriod
  ) -> String {
    var key = item
    if !category.isEmpty && category.uppercased() != "NOT SPECIFIED" { key += " | " + category }
    key += " @ " + place + " (" + (program.isEmpty ? "" : program + ", ")
    return key + period.seriesClass + ")"
  }

  /// The key of a series' CV companion.
  package static func cvKey(_ key: String) -> String { key + ", CV (%)" }

  /// The CV section of series `index`, created on first use, right after its value's when its
  /// first row gives a CV.
  private mutating func cvSection(of index: Int, _ row: TableRow, _ table: inout TableImport)
    throws -> Int
  {
    if let cv = series[index].cv { return cv }
    let value = table.book.sections[series[index].section].fields
    var draft = value
    (draft.key, draft.title, draft.unit) = (
      Self.cvKey(value.key), value.title + ", CV (%)", "percent"
    )
    let here = table.location(row, columns.cv!)
    let section = try table.section(draft, at: here)
    series[index].cv = section
    return section
  }

  /// Sets `scratchKey` to what names a row's series: each run of adjacent series columns' text,
  /// then each cell's length, so that no two rows' cells make the same bytes, then the period's
  /// class. The key is sized first and then written in place: appending to an array a piece at
  /// a time cost a Quick Stats row about two thousand instructions. A row with a cell that is
  /// not text (a sheet's number) gives each cell's text and a separator instead (after a first
  /// byte that tells the two apart).
  private mutating func setSeriesKey(_ row: TableRow, classID: UInt8) {
    let size = row.cells.withUnsafeBufferPointer { cells -> Int? in
      @inline(__always) func start(_ column: Int) -> Int {
        column == 0 ? 0 : cells[column - 1].end
      }
      var size = 2
      for run in seriesRuns { size += cells[run.upperBound].end - start(run.lowerBound) }
      for column in seriesColumns {
        guard case .text = cells[column].value else { return nil }
        var length = cells[column].end - start(column)
        while length >= 0x80 {
          size += 1
          length >>= 7
        }
        size += 1
      }
      return size
    }
    guard let size else {
      scratchKey.bytes.removeAll(keepingCapacity: true)
      scratchKey.bytes.append(1)
      for column in seriesColumns {
        appendBytes(row, column)
        scratchKey.bytes.append(0)
      }
      scratchKey.bytes.append(classID)
      return
    }
    scratchKey.resize(to: size)
    scratchKey.bytes.withUnsafeMutableBufferPointer { key in
      row.bytes.withUnsafeBufferPointer { all in
        row.cells.withUnsafeBufferPointer { cells in
          @inline(__always) func start(_ column: Int) -> Int {
            column == 0 ? 0 : cells[column - 1].end
          }
          let (to, from) = (key.baseAddress!, all.baseAddress!)
          to[0] = 0
          var at = 1
          for run in seriesRuns {
            let first = start(run.lowerBound)
            let count = cells[run.upperBound].end - first
            if count > 0 { (to + at).update(from: from + first, count: count) }
            at += count
          }
          for column in seriesColumns {
            // The length in 7-bit groups, the last one's high bit clear.
            var length = cells[column].end - start(column)
            while length >= 0x80 {
              to[at] = UInt8(truncatingIfNeeded: length) | 0x80
              at += 1
              length >>= 7
            }
            to[at] = UInt8(length)
            at += 1
          }
          to[at] = classID
        }
      }
    }
  }

  /// Whether `key` is the one ``setSeriesKey(_:classID:)`` makes of `row`, told without making
  /// it: the runs' text compared where it lies in the row, then the cells' lengths and the
  /// class. A row with a cell that is not text answers false (its key is then made and looked
  /// up).
  private func hasSeriesKey(_ row: TableRow, _ key: RowKey, classID: UInt8) -> Bool {
    key.bytes.withUnsafeBufferPointer { key in
      row.bytes.withUnsafeBufferPointer { all in
        row.cells.withUnsafeBufferPointer { cells in
          @inline(__always) func start(_ column: Int) -> Int {
            column == 0 ? 0 : cells[column - 1].end
          }
          // The key's last byte is the class; everything before it is compared below.
          let end = key.count - 1
          guard end >= 1, key[0] == 0, key[end] == classID else { return false }
          var at = 1
          for run in seriesRuns {
            let first = start(run.lowerBound)
            let count = cells[run.upperBound].end - first
            guard count <= end - at else { return false }
            if count > 0 && memcmp(key.baseAddress! + at, all.baseAddress! + first, count) != 0 {
              return false
            }
            at += count
          }
          for column in seriesColumns {
            guard case .text = cells[column].value else { return false }
            var length = cells[column].end - start(column)
            while length >= 0x80 {
              guard at < end, key[at] == UInt8(truncatingIfNeeded: length) | 0x80 else {
                return false
              }
              at += 1
              length >>= 7
            }
            guard at < end, key[at] == UInt8(length) else { return false }
            at += 1
          }
          return at == end
        }
      }
    }
  }

  /// Appends the bytes of a column's cell (a number's shortest text).
  private mutating func appendBytes(_ row: TableRow, _ column: Int) {
    if row.isText(at: column) {
      row.withText(at: column) { scratchKey.bytes.append(contentsOf: $0) }
    } else {
      scratchKey.bytes.append(contentsOf: (row.string(at: column) ?? "").utf8)
    }
  }

  // MARK: - The whole table

  /// Makes titles that repeat at one place distinct, sets each CV's title after its value's,
  /// and gives the dataset's title (its commodities and programs: `Quick Stats: Milk
  /// (census)`), its source (NASS Quick Stats) and the legend of the markers the table holds.
  package mutating func finish(_ table: inout TableImport) throws -> DatasetFacts {
    var clashes: [[String?]: [Int]] = [:]
    for (index, item) in series.enumerated() {
      let fields = table.book.sections[item.section].fields
      let scope = [fields.title, fields.group, item.place.key, fields.frequency.rawValue]
      clashes[scope, default: []].append(index)
    }
    for members in clashes.values where members.count > 1 {
      let members = members.map { series[$0] }
      let differ = { (words: (Series) -> String?) in Set(members.map(words)).count > 1 }
      let byUnit = differ { $0.unit }
      let byPeriod = differ { $0.period.seriesClass }
      let byProgram = differ { $0.program }
      for item in members {
        var words: [String] = []
        if byUnit { words.append(item.unit.map { "in " + $0 } ?? "no unit") }
        if byPeriod, let period = item.period.titleWords { words.append(period) }
        if byProgram { words.append(item.program.lowercased()) }
        if !words.isEmpty {
          table.book.sections[item.section].fields.title += ", " + words.joined(separator: ", ")
        }
      }
    }
    for item in series {
      guard let cv = item.cv else { continue }
      table.book.sections[cv].fields.title =
        table.book.sections[item.section].fields.title + ", CV (%)"
    }
    let legend = (Self.valueMarkers + Self.cvMarkers).filter { markerCounts[$0.marker] != nil }
      .map { DatasetFacts.LegendEntry(marker: $0.marker, meaning: $0.meaning) }
    var facts = DatasetFacts(legend: legend)
    facts.title = Self.title(commodities: commodities, programs: programs)
    facts.source = Self.source
    return facts
  }

  /// Where every Quick Stats download comes from.
  package static let source =
    "USDA National Agricultural Statistics Service, Quick Stats (quickstats.nass.usda.gov)"

  /// A download's title: `Quick Stats: Milk (census)`, `Quick Stats: Milk, Cattle (survey and
  /// census)`; nil without a commodity.
  package static func title(commodities: [String], programs: [String]) -> String? {
    guard !commodities.isEmpty else { return nil }
    let names = commodities.map(QuickStatsText.sentence).joined(separator: ", ")
    let kinds = programs.map(QuickStatsText.lowered).joined(separator: " and ")
    return "Quick Stats: " + names + (kinds.isEmpty ? "" : " (" + kinds + ")")
  }

  // MARK: - Finding a value again

  package func cell(holding key: ObservationKey, in row: TableRow, numbers: NumberParser) -> Int? {
    guard row.count > max(columns.value, columns.item),
      let text = row.string(at: columns.period),
      let period = QuickStatsPeriod(text: text.trimmingCharacters(in: .whitespaces)),
      case .value(let year) = row.year(at: columns.year, numbers)
    else { return nil }
    let date = columns.weekEnding.flatMap { row.string(at: $0) }.flatMap {
      QuickStatsPeriod.weekEnding($0.trimmingCharacters(in: .whitespaces))
    }
    guard period.key(year: year, weekEnding: date) == key.year,
      let seriesKey = seriesKey(of: row, period: period)
    else { return nil }
    if ExactText(seriesKey) == ExactText(key.section),
      row.holdsAnObservation(at: columns.value, valueNumbers)
    {
      return columns.value
    }
    if let cv = columns.cv, ExactText(Self.cvKey(seriesKey)) == ExactText(key.section),
      row.holdsAnObservation(at: cv, cvNumbers)
    {
      return cv
    }
    return nil
  }

  /// The key of a row's series, or nil when a cell is not text.
  private func seriesKey(of row: TableRow, period: QuickStatsPeriod) -> String? {
    let text = { (column: Int?) -> String? in
      guard let column else { return "" }
      return row.string(at: column).map(SectionFields.collapsingWhitespace)
    }
    guard let item = text(columns.item), let category = text(columns.domainCategory),
      let program = text(columns.program),
      let place = try? QuickStatsPlace(
        { column in
          guard let text = text(column) else { throw DairyError(.input, "") }
          return text
        }, columns: columns)
    else { return nil }
    return Self.key(
      item: item, category: category, place: place.key, program: program, period: period)
  }
}
