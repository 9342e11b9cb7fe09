import DairyModel

/// The `metadata.json` that `datasette DB --metadata metadata.json` reads (Datasette 0.64–0.65):
/// what the database holds, said where Datasette shows it.
///
/// - The whole: a title, the licence (US government works are in the public domain) and, on
///   the database page, a list of the datasets with their titles, sources, last updates,
///   contacts, notes and missing markers.
/// - Each table and view: its title and description, what its columns hold, and `units` for a
///   column of amounts when every amount in the database is in one unit that Pint (which
///   Datasette reads units with) knows (``pintUnit(for:)``); a view that mixes units says the
///   unit in its `unit` column instead. The tables that keep only dairy's own books are hidden.
/// - Each dataset: a canned query of its rows under its title, with its source (and
///   `source_url` when its link is a URL) and its notes as the description.
///
/// Datasette finds a database's metadata by the database's name, its file name without the
/// extension (`dairy` for `dairy.sqlite`): ``databaseName(ofPath:)``.
///
/// ```swift
/// let metadata = DatasetteMetadata(
///   databaseName: "dairy", datasets: datasets, sections: sections, tables: tables)
/// JSONOutput.string(metadata)  // {"title":"USDA dairy statistics", …}
/// ```
package struct DatasetteMetadata: Encodable, Sendable {
  /// The licence of every dataset dairy imports: US government works, not subject to copyright
  /// in the United States (17 U.S.C. § 105).
  package static let license = "Public domain (US government work)"
  package static let licenseURL = "https://www.usa.gov/government-works"

  package var title: String { database.title }
  package var databaseName: String
  package var database: Database

  /// What Datasette shows on the database page and under it.
  package struct Database: Encodable, Sendable {
    package var title: String
    package var descriptionHTML: String
    /// The datasets' source, when they all have the same one.
    package var source: String?
    package var sourceURL: String?
    package var tables: Entries<Table>
    package var queries: Entries<Query>
  }

  /// A table or view, described.
  package struct Table: Encodable, Sendable {
    package var title: String
    package var description: String
    package var hidden = false
    /// What its columns hold, by name.
    package var columns = Entries<String>()
    /// The Pint unit of a column of amounts, by name.
    package var units = Entries<String>()
    package var facets: [String] = []

    package init(title: String, description: String) {
      self.title = title
      self.description = description
    }
  }

  /// A dataset's rows, as a canned query.
  package struct Query: Encodable, Sendable {
    package var sql: String
    package var title: String
    package var descriptionHTML: String
    package var source: String?
    package var sourceURL: String?
  }

  /// A JSON object whose keys come in the order given, as Datasette lists them.
  package struct Entries<Value: Encodable & Sendable>: Encodable, Sendable {
    package var pairs: [(key: String, value: Value)] = []

    package init() {}

    package var isEmpty: Bool { pairs.isEmpty }

    package mutating func append(_ key: String, _ value: Value) {
      pairs.append((key, value))
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for (key, value) in pairs { try container.encode(value, forKey: Key(key)) }
    }
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

// MARK: - What it says

extension DatasetteMetadata {
  /// The metadata of the database Datasette names `databaseName`, holding `datasets` and their
  /// `sections`, whose tables and views are `tables` (by name, in the order to list them).
  ///
  /// - Parameters:
  ///   - amounts: the table and column whose rows are the observations' amounts, in the unit of
  ///     their section (`observations.amount`): it gets `units` when all sections share a unit
  ///     Pint knows.
  package init(
    databaseName: String, datasets: [DatasetInfo], sections: [SectionInfo],
    tables: [(name: String, table: Table)], amounts: (table: String, column: String)
  ) {
    self.databaseName = databaseName
    let bySet = Dictionary(grouping: sections, by: \.dataset)
    var tableEntries = Entries<Table>()
    // One unit for all, as Pint reads them: `pounds` and `lb` are one unit
    let units = Set(sections.map { $0.unit.flatMap(Self.pintUnit) })
    for (name, var table) in tables {
      if name == amounts.table, units.count == 1, let unit = units.first ?? nil {
        table.units.append(amounts.column, unit)
      }
      tableEntries.append(name, table)
    }
    var queries = Entries<Query>()
    let names = Set(tables.map(\.name))
    for dataset in datasets {
      let name = names.contains(dataset.name) ? "\(dataset.name) (dataset)" : dataset.name
      queries.append(name, Self.query(dataset, sections: bySet[dataset.name] ?? []))
    }
    let sources = Set(datasets.map { $0.facts.source ?? "" })
    let links = Set(datasets.map { Self.url($0.facts.link) ?? "" })
    database = Database(
      title: "USDA dairy statistics",
      descriptionHTML: Self.listing(datasets, sections: bySet),
      source: sources.count == 1 ? sources.first.flatMap { $0.isEmpty ? nil : $0 } : nil,
      sourceURL: links.count == 1 ? links.first.flatMap { $0.isEmpty ? nil : $0 } : nil,
      tables: tableEntries, queries: queries)
  }

  /// The name Datasette gives the database file at `path`: its file name without the last
  /// extension, as Python's `Path.stem` (`dairy` for `~/.local/share/dairy/dairy.sqlite`).
  package static func databaseName(ofPath path: String) -> String {
    let file =
      path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
      ?? path
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  /// The database page's description: a list of the datasets, each with its title and name,
  /// its size, source, last update, contact and notes.
  static func listing(_ datasets: [DatasetInfo], sections: [String: [SectionInfo]]) -> String {
    var html =
      "<p>\(plural(datasets.count, "dataset")) imported by dairy; each has a query "
      + "below with its rows.</p><ul>"
    for dataset in datasets {
      html += "<li><strong>\(escaped(dataset.displayTitle))</strong>"
      if dataset.displayTitle != dataset.name { html += " (<code>\(escaped(dataset.name))</code>)" }
      var said = [escaped(size(sections[dataset.name] ?? []))]
      if let source = dataset.facts.source, !source.isEmpty {
        said.append("Source: \(linked(source, to: url(dataset.facts.link)))")
      }
      html += ": " + sentences(said + facts(dataset)) + "</li>"
    }
    return html + "</ul>"
  }

  /// A dataset's rows under its title, its notes as the description.
  static func query(_ dataset: DatasetInfo, sections: [SectionInfo]) -> Query {
    let name = dataset.name.replacingOccurrences(of: "'", with: "''")
    var description = "<p>\(sentences([escaped(size(sections))] + facts(dataset)))</p>"
    if let notes = dataset.facts.notes, !notes.isEmpty {
      for line in notes.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
        description += "<p>\(escaped(String(line)))</p>"
      }
    }
    let source = dataset.facts.source.flatMap { $0.isEmpty ? nil : $0 }
    return Query(
      sql: "SELECT section, section_key, \"group\", place, period, amount, unit, notes\n"
        + "FROM observations WHERE dataset = '\(name)'",
      title: dataset.displayTitle, descriptionHTML: description, source: source,
      sourceURL: url(dataset.facts.link))
  }

  /// `12 sections, 1975–2022, 576 values` (the years of its first and last periods).
  private static func size(_ sections: [SectionInfo]) -> String {
    let values = sections.reduce(0) { $0 + $1.observationCount }
    let years = sections.compactMap { section in
      section.years.map { section.period($0.lowerBound).year...section.period($0.upperBound).year }
    }
    var span = ""
    if let first = years.map(\.lowerBound).min(), let last = years.map(\.upperBound).max() {
      span = first == last ? ", \(first)" : ", \(first)–\(last)"
    }
    return "\(plural(sections.count, "section"))\(span), \(plural(values, "value"))"
  }

  /// A dataset's last update, contact and legend, escaped.
  private static func facts(_ dataset: DatasetInfo) -> [String] {
    var said: [String] = []
    if let updated = dataset.facts.updated { said.append("Last update: \(escaped(updated))") }
    if let contact = dataset.facts.contact { said.append("Contact: \(escaped(contact))") }
    for entry in dataset.facts.legend {
      said.append("\(escaped(entry.marker)): \(escaped(entry.meaning))")
    }
    return said
  }

  /// `parts` as sentences: a full stop after each that does not end in one.
  private static func sentences(_ parts: [String]) -> String {
    parts.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
  }

  /// `link` when it is a web address (a metadata sidecar's `link`), not a file's name.
  static func url(_ link: String?) -> String? {
    guard let link, link.hasPrefix("https://") || link.hasPrefix("http://") else { return nil }
    return link
  }

  private static func linked(_ text: String, to url: String?) -> String {
    guard let url else { return escaped(text) }
    return "<a href=\"\(escaped(url))\">\(escaped(text))</a>"
  }

  /// `text` safe in HTML text and in a quoted attribute.
  static func escaped(_ text: String) -> String {
    var html = ""
    for character in text {
      switch character {
      case "&": html += "&amp;"
      case "<": html += "&lt;"
      case ">": html += "&gt;"
      case "\"": html += "&quot;"
      default: html.append(character)
      }
    }
    return html
  }
}

// MARK: - Encoding

extension DatasetteMetadata {
  private enum Field: String, CodingKey {
    case title, license
    case licenseURL = "license_url"
    case databases
    case descriptionHTML = "description_html"
    case description, source
    case sourceURL = "source_url"
    case tables, queries, hidden, columns, units, facets, sql
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    try container.encode(title, forKey: .title)
    try container.encode(Self.license, forKey: .license)
    try container.encode(Self.licenseURL, forKey: .licenseURL)
    var databases = Entries<Database>()
    databases.append(databaseName, database)
    try container.encode(databases, forKey: .databases)
  }
}

extension DatasetteMetadata.Database {
  private typealias Field = DatasetteMetadata.Field

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    try container.encode(title, forKey: .title)
    try container.encode(descriptionHTML, forKey: .descriptionHTML)
    if let source { try container.encode(source, forKey: .source) }
    if let sourceURL { try container.encode(sourceURL, forKey: .sourceURL) }
    try container.encode(tables, forKey: .tables)
    if !queries.isEmpty { try container.encode(queries, forKey: .queries) }
  }
}

extension DatasetteMetadata.Table {
  private typealias Field = DatasetteMetadata.Field

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    try container.encode(title, forKey: .title)
    try container.encode(description, forKey: .description)
    // Datasette reads `units` and the rest with `.get(name, {})`: a key is written only with a
    // value, never as null.
    if hidden { try container.encode(true, forKey: .hidden) }
    if !columns.isEmpty { try container.encode(columns, forKey: .columns) }
    if !units.isEmpty { try container.encode(units, forKey: .units) }
    if !facets.isEmpty { try container.encode(facets, forKey: .facets) }
  }
}

extension DatasetteMetadata.Query {
  private typealias Field = DatasetteMetadata.Field

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    try container.encode(sql, forKey: .sql)
    try container.encode(title, forKey: .title)
    try container.encode(descriptionHTML, forKey: .descriptionHTML)
    if let source { try container.encode(source, forKey: .source) }
    if let sourceURL { try container.encode(sourceURL, forKey: .sourceURL) }
    // A canned query's page shows its own licence only: Datasette does not inherit it there.
    try container.encode(DatasetteMetadata.license, forKey: .license)
    try container.encode(DatasetteMetadata.licenseURL, forKey: .licenseURL)
  }
}
