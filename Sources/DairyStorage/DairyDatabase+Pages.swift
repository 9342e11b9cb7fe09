import DairyModel
import GRDB

extension DairyDatabase {
  /// One page of rows, from one consistent snapshot.
  ///
  /// Paging is keyset-based: a page starts after a (section, year) cursor and reads one row more
  /// than it shows to know whether more exist. Totals and the jump to page `n` come from the
  /// per-section counts the import keeps, so the first and the ten-thousandth page cost the same.
  ///
  /// ```swift
  /// let first = try database.page(PageRequest(pageSize: 20))
  /// let second = try database.page(PageRequest(pageSize: 20, start: .after(first.next!)))
  /// ```
  ///
  /// - Throws: ``DairyError`` with kind `.stale` for a cursor made from another version of its
  ///   dataset (imported again since) or without a version, `.usage` for one in a section the
  ///   search does not match, `.busy` when the database is locked.
  public func page(_ request: PageRequest) throws -> Page {
    try read { snapshot in try PageQuery(db: snapshot.db, request: request).run() }
  }

  /// Every section whose title matches `filter`'s search, with its latest value and trend.
  package func summaries(matching filter: SectionFilter) throws -> [SectionSummary] {
    try read { snapshot in
      let query = PageQuery(db: snapshot.db, request: PageRequest(filter: SectionFilter()))
      return try snapshot.sections(matching: filter).map { info in
        let latest = try Observation.fetchAll(
          snapshot.db,
          sql:
            "SELECT year, amount FROM observation WHERE sectionId = ? ORDER BY year DESC LIMIT 1",
          arguments: [info.id]
        ).first
        return SectionSummary(
          info: info, latest: latest, trend: try query.trend(of: info),
          statistics: SectionStatistics(
            rows: try snapshot.observations(of: info.id), frequency: info.frequency))
      }
    }
  }
}

extension DairyDatabase.Snapshot {
  /// Whether one of `sections` has a marked missing cell (`(D)`, `NA`) or a row the file wrote
  /// as a marker (`-`) in the filter's periods: whether `show`'s CSV of every row has a marker
  /// column, known before its first line. Indexed looks per section, stopping at the first.
  package func hasMarkedCells(_ sections: [SectionInfo], filter: SectionFilter) throws -> Bool {
    try sections.contains {
      try hasMarkedMissingCells($0, in: filter) || hasMarks($0, in: filter)
    }
  }

  /// Whether the section has marked missing cells (not empty ones) in the filter's periods.
  package func hasMarkedMissingCells(_ info: SectionInfo, in filter: SectionFilter) throws -> Bool {
    try exists(
      "SELECT 1 FROM missing WHERE sectionId = ? AND year BETWEEN ? AND ? AND marker <> '' LIMIT 1",
      info, filter)
  }

  /// Whether the section has rows the file wrote as a marker in the filter's periods.
  package func hasMarks(_ info: SectionInfo, in filter: SectionFilter) throws -> Bool {
    try exists(
      "SELECT 1 FROM mark WHERE sectionId = ? AND year BETWEEN ? AND ? LIMIT 1", info, filter)
  }

  /// Whether `sql` (a section id and a range of keys as arguments) finds a row for the section's
  /// keys in the filter's periods; false for an empty range.
  private func exists(_ sql: String, _ info: SectionInfo, _ filter: SectionFilter) throws -> Bool {
    guard !filter.isEmptyRange else { return false }
    let range = filter.keys(for: info.frequency)
    return try Bool.fetchOne(
      db.cachedStatement(sql: sql), arguments: [info.id, range.lowerBound, range.upperBound])
      ?? false
  }

  /// The page `request` asks for, in this snapshot: the pages read one after another in one
  /// snapshot are of one version of the data, and follow each other's cursors whatever an import
  /// does meanwhile (`show --format csv` to a pipe reads every row so, a page at a time).
  ///
  /// ```swift
  /// try database.read { snapshot in
  ///   let first = try snapshot.page(PageRequest(pageSize: 10_000), display: false)
  /// }
  /// ```
  ///
  /// - Parameter display: false to leave out what only a screen shows (each part's trend, its
  ///   dataset's header and footer), which CSV and JSON do not write; the gaps and marks they
  ///   write are there either way.
  package func page(_ request: PageRequest, display: Bool = true) throws -> Page {
    try PageQuery(db: db, request: request, display: display).run()
  }
}

/// The queries behind one page.
package struct PageQuery {
  package let db: Database
  package let request: PageRequest
  /// Whether parts get what only a screen shows of them: the trend, the dataset's header and
  /// footer (their gaps and marks they get either way).
  package var display = true

  package func run() throws -> Page {
    let matching = try DairyDatabase.Snapshot(db: db).sections(matching: request.filter)
    let counts = try matching.map { try rowsInRange(of: $0) }
    let start = try self.start(in: matching, counts: counts)
    let (found, more) = try parts(from: start, in: matching, counts: counts)
    let parts = try decorated(
      found, matching: matching, counts: counts, afterYear: start.afterYear,
      datasets: display)
    let last = parts.last.flatMap { part in
      part.section.rows.last.map {
        PageCursor(section: part.section.info.id, year: $0.year, version: part.section.info.version)
      }
    }
    return Page(
      request: request, parts: parts,
      rowsBefore: counts[..<start.index].reduce(0, +) + start.skipped,
      total: counts.reduce(0, +), matchingSections: matching.count, next: more ? last : nil,
      history: history(of: matching))
  }

  /// Where a page starts: a section index, the year after which its rows begin, and how many of
  /// that section's rows in range come before.
  package struct Start {
    package var index = 0
    package var afterYear: Int64?
    package var skipped = 0
  }

  /// Where the request's page starts among the matching sections, which have `counts` rows in
  /// range.
  package func start(in matching: [SectionInfo], counts: [Int]) throws -> Start {
    var start = Start()
    switch request.start {
    case .first:
      break
    case .after(let cursor):
      let found = try index(of: cursor, in: matching)
      start.index = found
      start.afterYear = cursor.year
      start.skipped = try rowCount(of: matching[found], through: cursor.year)
    case .number(let number):
      // Past every row when it overflows: any page from there on is past the end.
      var skip = (max(number, 1) - 1).multipliedSaturated(by: request.pageSize)
      // A section without rows in range where the page starts is the page's (it may hold
      // marked cells, shown alone): the skip stops at it.
      while start.index < matching.count && skip >= counts[start.index]
        && (skip > 0 || counts[start.index] > 0)
      {
        skip -= counts[start.index]
        start.index += 1
      }
      if start.index < matching.count && skip > 0 {
        start.afterYear = try year(of: matching[start.index], atRow: skip - 1)
        start.skipped = skip
      }
    }
    return start
  }

  /// The page's rows from `start` on, under their sections, and whether more rows follow: it
  /// reads one row more than the page holds to know.
  package func parts(
    from start: Start, in matching: [SectionInfo], counts: [Int]
  ) throws -> (parts: [Page.Part], more: Bool) {
    var parts: [Page.Part] = []
    var shownCount = 0
    var more = false
    var position = start.index
    var afterYear = start.afterYear
    while position < matching.count && !more {
      defer {
        position += 1
        afterYear = nil
      }
      let info = matching[position]
      if counts[position] == 0 {
        // No value in range, but marked cells (a State's census sales all withheld): shown as
        // its gaps alone, on the page whose rows it follows, never as a silent gap; after a
        // full page, on the next (which starts after this page's last row).
        if position > start.index || start.afterYear == nil,
          try DairyDatabase.Snapshot(db: db).hasMarkedMissingCells(info, in: request.filter)
        {
          if shownCount < request.pageSize {
            parts.append(
              Page.Part(
                section: Section(info: info, rows: []), rowsInRange: 0, opensSection: true,
                closesSection: true, trend: []))
          } else {
            more = true
          }
        }
        continue
      }
      let room = request.pageSize - shownCount
      let rows = try observations(of: info, after: afterYear, limit: room.addingSaturated(1))
      let shown = Array(rows.prefix(room))
      more = rows.count > shown.count
      guard !shown.isEmpty else { continue }
      let before = position == start.index ? start.skipped : 0
      parts.append(
        Page.Part(
          section: Section(info: info, rows: shown), rowsInRange: counts[position],
          opensSection: before == 0, closesSection: before + shown.count == counts[position],
          trend: display ? try trend(of: info) : [],
          previous: try row(of: info.id, before: shown[0].year)))
      shownCount += shown.count
    }
    return (parts, more)
  }

  // MARK: Counting without scanning

  /// The section's rows in the filter's periods: from its stored count when the range covers its
  /// span or its periods are dense, else by counting in the primary-key index.
  package func rowsInRange(of info: SectionInfo) throws -> Int {
    guard !request.filter.isEmptyRange else { return 0 }
    return try rowCount(of: info, in: request.filter.keys(for: info.frequency))
  }

  /// The section's rows whose keys are in `range`.
  private func rowCount(of info: SectionInfo, in range: ClosedRange<Int64>) throws -> Int {
    guard let years = info.years else { return 0 }
    let low = max(years.lowerBound, range.lowerBound)
    let high = min(years.upperBound, range.upperBound)
    if low > high { return 0 }
    if low == years.lowerBound && high == years.upperBound { return info.observationCount }
    if info.isDense, info.frequency != .weekly {
      return Int(info.period(high).ordinal - info.period(low).ordinal + 1)
    }
    return try Int.fetchOne(
      db, sql: "SELECT count(*) FROM observation WHERE sectionId = ? AND year BETWEEN ? AND ?",
      arguments: [info.id, low, high])!
  }

  /// The section's rows in range up to and including the period `key`.
  package func rowCount(of info: SectionInfo, through key: Int64) throws -> Int {
    let range = request.filter.keys(for: info.frequency)
    // A cursor before the range (`--since 1990 --after 5:1975`): no row in range comes before.
    guard !request.filter.isEmptyRange, key >= range.lowerBound else { return 0 }
    return try rowCount(of: info, in: range.lowerBound...min(key, range.upperBound))
  }

  /// The period key of the section's `row`-th row in range (from 0).
  package func year(of info: SectionInfo, atRow row: Int) throws -> Int64? {
    guard let years = info.years else { return nil }
    let low = max(years.lowerBound, request.filter.keys(for: info.frequency).lowerBound)
    if info.isDense, info.frequency != .weekly {
      return Period(frequency: info.frequency, ordinal: info.period(low).ordinal + Int64(row)).key
    }
    // Sparse periods: an offset inside this one section, bounded by its size, not the
    // database's.
    return try Int64.fetchOne(
      db,
      sql: """
        SELECT year FROM observation WHERE sectionId = ? AND year >= ? ORDER BY year
        LIMIT 1 OFFSET ?
        """,
      arguments: [info.id, low, row])
  }

  // MARK: Rows

  package func observations(of info: SectionInfo, after year: Int64?, limit: Int) throws
    -> [Observation]
  {
    let range = request.filter.keys(for: info.frequency)
    // Nothing comes after the last key there is (and `year + 1` would wrap to the first).
    if year == .max { return [] }
    let low = year.map { max($0 + 1, range.lowerBound) } ?? range.lowerBound
    return try Observation.fetchAll(
      db,
      sql: """
        SELECT year, amount FROM observation WHERE sectionId = ? AND year BETWEEN ? AND ?
        ORDER BY year LIMIT ?
        """,
      arguments: [info.id, low, range.upperBound, limit])
  }

  /// The section's series in range, averaged into at most `Trend.points` buckets of periods.
  package func trend(of info: SectionInfo) throws -> [Double] {
    guard let years = info.years else { return [] }
    let range = request.filter.keys(for: info.frequency)
    let low = max(years.lowerBound, range.lowerBound)
    let high = min(years.upperBound, range.upperBound)
    guard low <= high else { return [] }
    // Buckets of periods counted without gaps (``Period/ordinal``): a month's key jumps from
    // 201912 to 202001.
    let first = info.period(low).ordinal
    let span = info.period(high).ordinal.subtractingSaturated(first).addingSaturated(1)
    let points = Int64(Trend.points)
    // The mean of each bucket; where the sum of its values overflows a double (1e308 twice),
    // the mean of the values scaled down by 2^64, scaled back: exact in its leading digits, and
    // finite, as a mean lies between its values.
    return try Double?.fetchAll(
      db,
      sql: """
        SELECT CASE WHEN abs(avg(amount)) <= 1.7976931348623157e308 THEN avg(amount)
          ELSE avg(amount * 5.421010862427522e-20) * 18446744073709551616.0 END
        FROM observation WHERE sectionId = ? AND year BETWEEN ? AND ?
        GROUP BY (\(Self.ordinalSQL(info.frequency)) - ?) * ? / ? ORDER BY min(year)
        """,
      arguments: [info.id, low, high, first, min(points, span), span]
    ).compactMap { $0 }
  }

  /// SQL for an observation's ``Period/ordinal`` in a section of `frequency`.
  package static func ordinalSQL(_ frequency: Frequency) -> String {
    switch frequency {
    case .annual, .marketingYear: "year"
    case .quarterly: "(year / 10) * 4 + year % 10 - 1"
    case .monthly: "(year / 100) * 12 + year % 100 - 1"
    case .weekly:
      // Days since 1970 shifted by 7,000,000 (a multiple of 7) to be positive: SQLite's `/`
      // truncates toward zero, ``Period/ordinal`` rounds down, before 1970 too.
      """
      (CAST(julianday(printf('%04d-%02d-%02d', year / 10000, year / 100 % 100, year % 100))
        - 2440587.5 AS INTEGER) + 7000000) / 7 - 1000000
      """
    }
  }

  /// The years before `since` that hold data for the matching sections: from the first year
  /// with data to the year of the last period before the range, each section read in its own
  /// frequency (`--since 2020-03` leaves 2020-01 and 2020-02 of a monthly section before it:
  /// the span ends in 2020).
  package func history(of sections: [SectionInfo]) -> ClosedRange<Int64>? {
    guard let since = request.filter.since else { return nil }
    var span: ClosedRange<Int64>?
    for info in sections {
      guard let years = info.years else { continue }
      let start = since.lowerKey(for: info.frequency)
      guard years.lowerBound < start else { continue }
      let first = info.period(years.lowerBound)
      let before = Period(
        frequency: info.frequency, ordinal: info.period(start).ordinal - 1,
        weekEndingLike: first)
      // Up to the period before the range, or the last with data when that comes first.
      let end = min(before.year, info.period(years.upperBound).year)
      span = min(span?.lowerBound ?? first.year, first.year)...max(span?.upperBound ?? end, end)
    }
    return span
  }

}
