extension DairyDatabase {
  /// What each table and view of the schema holds, in words a reader of the database needs:
  /// the titles and descriptions that `dairy export --format datasette` gives Datasette.
  ///
  /// Every table and view the migrations make has an entry (a test checks it against
  /// `sqlite_master`), in the order a reader should meet them: the two views first, then the
  /// tables. The tables that only keep dairy's own books (which migrations ran, which datasets
  /// the bundle gave) are ``SchemaEntry/isInternal``: Datasette hides them.
  ///
  /// ```swift
  /// DairyDatabase.catalogue.first?.name  // "observations"
  /// ```
  package static let catalogue: [SchemaEntry] = [
    SchemaEntry(
      view: "observations", title: "Observations",
      description: "One row per value of a series: its dataset, section (title and key), group, "
        + "place, period, amount and unit, and the section's notes. Amounts are in the unit of "
        + "their row.",
      columns: [
        ("dataset", "the dataset it belongs to (table dataset)"),
        ("section", "the section's title"),
        ("section_key", "the source's own name for the series"),
        ("group", "the section's group (a spanning caption)"),
        ("place", "the place it is about, when the source names one"),
        ("period", "the period as text: 2020, 2019/20, 2020-Q1, 2020-03, 2020-03-07"),
        ("year", "the calendar year of the period (for a marketing year, the year it begins)"),
        (
          "period_key",
          "the period as a number that sorts in time: the year, year × 10 + quarter, "
            + "year × 100 + month, a week's last day as yyyymmdd"
        ),
        ("amount", "the value, exactly as published"),
        ("unit", "the unit of the amount"),
        ("notes", "the section's notes"),
      ]),
    SchemaEntry(
      view: "sections", title: "Sections",
      description: "One row per series: its title, key, unit, group, notes, frequency, place, "
        + "the years it covers and how many values it has.",
      columns: [
        ("dataset", "the dataset it belongs to"),
        ("position", "its place in the dataset, from 0"),
        ("section", "its title"),
        ("section_key", "the source's own name for it"),
        ("unit", "the unit of its amounts"),
        ("group", "its group (a spanning caption)"),
        ("notes", "its notes"),
        ("frequency", "annual, marketing-year, quarterly, monthly or weekly"),
        ("place", "the place it is about, when the source names one"),
        ("place_level", "nation, region, state or county"),
        ("place_code", "the place's ANSI (FIPS) code"),
        ("first_year", "the calendar year of its first period with a value"),
        ("last_year", "the calendar year of its last period with a value"),
        ("observations", "how many values it has"),
        ("link", "where it came from: a URL, or the file and the cell that names it"),
      ]),
    SchemaEntry(
      table: "dataset", title: "Datasets",
      description: "One per imported source: its name, title, source, link, last update, "
        + "contact and notes."),
    SchemaEntry(
      table: "section", title: "Sections (table)",
      description: "One series of a dataset, in source order; the sections view shows it "
        + "with its dataset's name."),
    SchemaEntry(
      table: "observation", title: "Observations (table)",
      description: "One value of a series by section id and period key; the observations view "
        + "shows it readably."),
    SchemaEntry(
      table: "missing", title: "Missing cells",
      description: "The cells of a section that hold no value, with the marker written there "
        + "(empty for an empty cell, NA, (D))."),
    SchemaEntry(
      table: "legend", title: "Legends",
      description: "Per dataset, what each missing marker means, as its notes define it."),
    SchemaEntry(
      table: "mark", title: "Marked values",
      description: "The values a file wrote as a marker its legend gives a value "
        + "(- that represents zero)."),
    SchemaEntry(
      table: "import", title: "Imports",
      description: "The imports log: one row per file of each import that changed something."),
    SchemaEntry(
      table: "bundle", title: "Bundled datasets",
      description: "The datasets the tables shipped with dairy gave this database.",
      isInternal: true),
    SchemaEntry(
      table: migrationsTable, title: "Migrations",
      description: "The schema changes applied to this database.", isInternal: true),
  ]

  /// One table or view of the schema, described.
  package struct SchemaEntry: Sendable, Hashable {
    package var name: String
    package var isView: Bool
    package var title: String
    package var description: String
    /// What some of its columns hold, by column name, in the order they come.
    package var columns: [ColumnNote]
    /// Whether it keeps only dairy's own books, which a reader need not see first.
    package var isInternal: Bool

    /// A column's name and what it holds.
    package struct ColumnNote: Sendable, Hashable {
      package var name: String
      package var description: String
    }

    init(
      table name: String, title: String, description: String, isInternal: Bool = false
    ) {
      self.name = name
      self.isView = false
      self.title = title
      self.description = description
      self.columns = []
      self.isInternal = isInternal
    }

    init(view name: String, title: String, description: String, columns: [(String, String)]) {
      self.name = name
      self.isView = true
      self.title = title
      self.description = description
      self.columns = columns.map { ColumnNote(name: $0, description: $1) }
      self.isInternal = false
    }
  }
}
