import DairyModel
import GRDB

extension DairyDatabase {
  /// The schema, one migration per released change.
  ///
  /// - `dataset`: one per imported source, named after the file stem or `--dataset`; its
  ///   `version` is the imports log's `id` of the import that wrote it.
  /// - `section`: one series of a dataset, in source order (`position`).
  /// - `observation`: one (section, year, amount), keyed by (section, year).
  /// - `import`: the imports log, one row per file of each import that changed something.
  /// - `missing`: the cells of a section that hold no value (section, year, the marker as
  ///   written: `""` for an empty cell); not observations.
  /// - `legend`: per dataset, what each missing marker means, as its notes define it.
  /// - `dataset.link`, `section.link`: where each came from (v5).
  /// - `section.frequency`, `.place`, `.placeLevel`, `.placeCode` (v7): how often its rows come
  ///   and where it is about; an observation's `year` is then its period key (``Period``).
  /// - `bundle`: the datasets the tables that ship with dairy gave this database, with the file
  ///   each came from (v6, ``BundlePlan``); datasets are listed in the order they were first
  ///   imported (``datasetOrder``), and the views say so since v6.
  /// - `mark`: the observations a file wrote as a marker whose legend gives it a value (section,
  ///   year, marker: `-` that represents zero is the amount 0, marked `-`) (v8); sparse, as such
  ///   values are rare.
  /// - Views `observations` and `sections` with readable column names, for `sqlite3` and Datasette;
  ///   since v9 each row names its section's key, group and notes too.
  ///
  /// ``migrate(_:path:)`` applies them, all in one transaction.
  package static let migrations = [
    Migration(
      identifier: "v1",
      sql: """
        CREATE TABLE dataset (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          title TEXT,
          source TEXT,
          fingerprint TEXT NOT NULL
        );
        CREATE TABLE section (
          id INTEGER PRIMARY KEY,
          datasetId INTEGER NOT NULL REFERENCES dataset(id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          key TEXT NOT NULL,
          title TEXT NOT NULL,
          unit TEXT,
          "group" TEXT,
          notes TEXT,
          decimals INTEGER NOT NULL DEFAULT 0,
          UNIQUE (datasetId, key),
          UNIQUE (datasetId, position)
        );
        CREATE TABLE observation (
          sectionId INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
          year INTEGER NOT NULL,
          amount REAL NOT NULL,
          PRIMARY KEY (sectionId, year)
        ) WITHOUT ROWID;
        CREATE TABLE "import" (
          id INTEGER PRIMARY KEY,
          dataset TEXT NOT NULL,
          fileName TEXT NOT NULL,
          sha256 TEXT NOT NULL,
          bytes INTEGER NOT NULL,
          rowCount INTEGER NOT NULL,
          sectionCount INTEGER NOT NULL,
          observationCount INTEGER NOT NULL,
          missingCount INTEGER NOT NULL,
          importedAt TEXT NOT NULL,
          toolVersion TEXT NOT NULL
        );
        CREATE VIEW observations AS
          SELECT dataset.name AS dataset, section.title AS section, observation.year AS year,
                 observation.amount AS amount, section.unit AS unit
          FROM observation
          JOIN section ON section.id = observation.sectionId
          JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.name, section.position, observation.year;
        CREATE VIEW sections AS
          SELECT dataset.name AS dataset, section.position AS position, section.title AS section,
                 section.unit AS unit, section."group" AS "group", section.notes AS notes,
                 (SELECT min(year) FROM observation WHERE sectionId = section.id) AS first_year,
                 (SELECT max(year) FROM observation WHERE sectionId = section.id) AS last_year,
                 (SELECT count(*) FROM observation WHERE sectionId = section.id) AS observations
          FROM section JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.name, section.position;
        """),
    // Per-section counts and year span, kept by the import, so that paging knows totals and can
    // jump to any page without counting rows.
    Migration(
      identifier: "v2 section stats",
      sql: """
        ALTER TABLE section ADD COLUMN observationCount INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE section ADD COLUMN firstYear INTEGER;
        ALTER TABLE section ADD COLUMN lastYear INTEGER;
        UPDATE section SET
          observationCount = (SELECT count(*) FROM observation WHERE sectionId = section.id),
          firstYear = (SELECT min(year) FROM observation WHERE sectionId = section.id),
          lastYear = (SELECT max(year) FROM observation WHERE sectionId = section.id);
        """),
    // What a report says of itself (last update, contact, notes), the cells that hold no value
    // with the marker each holds, and the legend that says what a marker means.
    Migration(
      identifier: "v3 dataset facts and missing cells",
      sql: """
        ALTER TABLE dataset ADD COLUMN updated TEXT;
        ALTER TABLE dataset ADD COLUMN contact TEXT;
        ALTER TABLE dataset ADD COLUMN notes TEXT;
        CREATE TABLE missing (
          sectionId INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
          year INTEGER NOT NULL,
          marker TEXT NOT NULL,
          PRIMARY KEY (sectionId, year)
        ) WITHOUT ROWID;
        CREATE TABLE legend (
          datasetId INTEGER NOT NULL REFERENCES dataset(id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          marker TEXT NOT NULL,
          meaning TEXT NOT NULL,
          PRIMARY KEY (datasetId, marker)
        ) WITHOUT ROWID;
        """),
    // Each dataset's version: the number (`id`) of the imports log's row of the import that wrote
    // it, so that a page cursor or a loaded browse can tell that the dataset was imported again
    // since (section ids are reused when a dataset is replaced).
    Migration(
      identifier: "v4 dataset version",
      sql: """
        ALTER TABLE dataset ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
        UPDATE dataset SET version = coalesce(
          (SELECT max(id) FROM "import" WHERE "import".dataset = dataset.name), 0);
        """),
    // Where each dataset and section came from (a URL, or the file and, in a workbook, the
    // cell that names the section); null in a database written before, which knew nothing of
    // it. The `sections` view shows it last.
    Migration(
      identifier: "v5 source links",
      sql: """
        ALTER TABLE dataset ADD COLUMN link TEXT;
        ALTER TABLE section ADD COLUMN link TEXT;
        DROP VIEW sections;
        CREATE VIEW sections AS
          SELECT dataset.name AS dataset, section.position AS position, section.title AS section,
                 section.unit AS unit, section."group" AS "group", section.notes AS notes,
                 (SELECT min(year) FROM observation WHERE sectionId = section.id) AS first_year,
                 (SELECT max(year) FROM observation WHERE sectionId = section.id) AS last_year,
                 (SELECT count(*) FROM observation WHERE sectionId = section.id) AS observations,
                 section.link AS link
          FROM section JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.name, section.position;
        """),
    // The tables shipped with dairy that this database was given (``BundlePlan``): a dataset
    // each, with its file. A database written before was given the per-capita table on its
    // first run, when its first import is that file. The views list datasets as every listing
    // does: in the order they were first imported (``datasetOrder``), no longer by name.
    Migration(
      identifier: "v6 bundle",
      sql: """
        CREATE TABLE bundle (
          dataset TEXT NOT NULL PRIMARY KEY,
          file TEXT NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO bundle (dataset, file)
          SELECT dataset, fileName FROM "import"
          WHERE id = (SELECT min(id) FROM "import")
            AND fileName = 'per_capita_consumption_1975-2022.csv'
            AND dataset = 'per_capita_consumption_1975-2022';
        DROP VIEW observations;
        CREATE VIEW observations AS
          SELECT dataset.name AS dataset, section.title AS section, observation.year AS year,
                 observation.amount AS amount, section.unit AS unit
          FROM observation
          JOIN section ON section.id = observation.sectionId
          JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position, observation.year;
        DROP VIEW sections;
        CREATE VIEW sections AS
          SELECT dataset.name AS dataset, section.position AS position, section.title AS section,
                 section.unit AS unit, section."group" AS "group", section.notes AS notes,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN min(year) / 10 WHEN 'monthly' THEN min(year) / 100
                           WHEN 'weekly' THEN min(year) / 10000 ELSE min(year) END
                  FROM observation WHERE sectionId = section.id) AS first_year,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN max(year) / 10 WHEN 'monthly' THEN max(year) / 100
                           WHEN 'weekly' THEN max(year) / 10000 ELSE max(year) END
                  FROM observation WHERE sectionId = section.id) AS last_year,
                 (SELECT count(*) FROM observation WHERE sectionId = section.id) AS observations,
                 section.link AS link
          FROM section JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position;
        """),
    // How often a section's rows come (its frequency: no value for annual, so that every section
    // written before reads as it did) and the place it is about. An observation's `year` is its
    // period key under its section's frequency (``Period``): the year for an annual section,
    // 202003 for March 2020 in a monthly one. The views write each period as text and name the
    // place.
    Migration(
      identifier: "v7 periods and places",
      sql: """
        ALTER TABLE section ADD COLUMN frequency TEXT;
        ALTER TABLE section ADD COLUMN place TEXT;
        ALTER TABLE section ADD COLUMN placeLevel TEXT;
        ALTER TABLE section ADD COLUMN placeCode TEXT;
        DROP VIEW observations;
        CREATE VIEW observations AS
          SELECT dataset.name AS dataset, section.title AS section, section.place AS place,
                 CASE section.frequency
                   WHEN 'quarterly' THEN (observation.year / 10) || '-Q' || (observation.year % 10)
                   WHEN 'monthly' THEN printf('%d-%02d', observation.year / 100,
                                              observation.year % 100)
                   WHEN 'weekly' THEN printf('%d-%02d-%02d', observation.year / 10000,
                                             observation.year / 100 % 100, observation.year % 100)
                   WHEN 'marketing-year' THEN printf('%d/%02d', observation.year,
                                                     (observation.year + 1) % 100)
                   ELSE CAST(observation.year AS TEXT) END AS period,
                 observation.year AS year,
                 observation.amount AS amount, section.unit AS unit
          FROM observation
          JOIN section ON section.id = observation.sectionId
          JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position, observation.year;
        DROP VIEW sections;
        CREATE VIEW sections AS
          SELECT dataset.name AS dataset, section.position AS position, section.title AS section,
                 section.unit AS unit, section."group" AS "group", section.notes AS notes,
                 coalesce(section.frequency, 'annual') AS frequency, section.place AS place,
                 section.placeLevel AS place_level, section.placeCode AS place_code,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN min(year) / 10 WHEN 'monthly' THEN min(year) / 100
                           WHEN 'weekly' THEN min(year) / 10000 ELSE min(year) END
                  FROM observation WHERE sectionId = section.id) AS first_year,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN max(year) / 10 WHEN 'monthly' THEN max(year) / 100
                           WHEN 'weekly' THEN max(year) / 10000 ELSE max(year) END
                  FROM observation WHERE sectionId = section.id) AS last_year,
                 (SELECT count(*) FROM observation WHERE sectionId = section.id) AS observations,
                 section.link AS link
          FROM section JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position;
        """),
    // The marker a file wrote for a value, where its legend gives the marker one (NASS's
    // `-  Represents zero.`): the observation holds the value, this table the marker, for the
    // few observations that have one. A database written before has none.
    Migration(
      identifier: "v8 value marks",
      sql: """
        CREATE TABLE mark (
          sectionId INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
          year INTEGER NOT NULL,
          marker TEXT NOT NULL,
          PRIMARY KEY (sectionId, year)
        ) WITHOUT ROWID;
        """),
    // The views as Datasette shows them (``DatasetteMetadata``): each row says which section it
    // is of by its key too, and carries its section's group and notes, so that a table page
    // alone says what its numbers are. Every column of v7 keeps its name.
    Migration(
      identifier: "v9 datasette views",
      sql: """
        DROP VIEW observations;
        CREATE VIEW observations AS
          SELECT dataset.name AS dataset, section.title AS section, section.key AS section_key,
                 section."group" AS "group", section.place AS place,
                 CASE section.frequency
                   WHEN 'quarterly' THEN (observation.year / 10) || '-Q' || (observation.year % 10)
                   WHEN 'monthly' THEN printf('%d-%02d', observation.year / 100,
                                              observation.year % 100)
                   WHEN 'weekly' THEN printf('%d-%02d-%02d', observation.year / 10000,
                                             observation.year / 100 % 100, observation.year % 100)
                   WHEN 'marketing-year' THEN printf('%d/%02d', observation.year,
                                                     (observation.year + 1) % 100)
                   ELSE CAST(observation.year AS TEXT) END AS period,
                 CASE section.frequency
                   WHEN 'quarterly' THEN observation.year / 10
                   WHEN 'monthly' THEN observation.year / 100
                   WHEN 'weekly' THEN observation.year / 10000
                   ELSE observation.year END AS year,
                 observation.year AS period_key,
                 observation.amount AS amount, section.unit AS unit, section.notes AS notes
          FROM observation
          JOIN section ON section.id = observation.sectionId
          JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position, observation.year;
        DROP VIEW sections;
        CREATE VIEW sections AS
          SELECT dataset.name AS dataset, section.position AS position, section.title AS section,
                 section.key AS section_key,
                 section.unit AS unit, section."group" AS "group", section.notes AS notes,
                 coalesce(section.frequency, 'annual') AS frequency, section.place AS place,
                 section.placeLevel AS place_level, section.placeCode AS place_code,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN min(year) / 10 WHEN 'monthly' THEN min(year) / 100
                           WHEN 'weekly' THEN min(year) / 10000 ELSE min(year) END
                  FROM observation WHERE sectionId = section.id) AS first_year,
                 (SELECT CASE section.frequency
                           WHEN 'quarterly' THEN max(year) / 10 WHEN 'monthly' THEN max(year) / 100
                           WHEN 'weekly' THEN max(year) / 10000 ELSE max(year) END
                  FROM observation WHERE sectionId = section.id) AS last_year,
                 (SELECT count(*) FROM observation WHERE sectionId = section.id) AS observations,
                 section.link AS link
          FROM section JOIN dataset ON dataset.id = section.datasetId
          ORDER BY dataset.id, section.position;
        """),
    // The bundle's records are a file and a dataset each, keyed by both: a dataset renamed
    // to the name of another file's dataset (deleted, its record kept) must not take that
    // file's record away, which made a later run import the file again.
    Migration(
      identifier: "v10 bundle by file and dataset",
      sql: """
        CREATE TEMP TABLE bundle_v9 AS SELECT dataset, file FROM bundle;
        DROP TABLE bundle;
        CREATE TABLE bundle (
          dataset TEXT NOT NULL,
          file TEXT NOT NULL,
          PRIMARY KEY (file, dataset)
        ) WITHOUT ROWID;
        INSERT INTO bundle (dataset, file) SELECT dataset, file FROM temp.bundle_v9;
        DROP TABLE temp.bundle_v9;
        """),
  ]

  /// The tables and views the migrations make, which a dairy database must have, as
  /// `sqlite_master` types and names.
  package static let schemaObjects = [
    ("table", "dataset"), ("table", "section"), ("table", "observation"), ("table", "import"),
    ("table", "missing"), ("table", "legend"), ("table", "bundle"), ("table", "mark"),
    ("view", "observations"), ("view", "sections"),
  ]

  /// One change of the schema, applied once and recorded by its identifier.
  package struct Migration: Sendable {
    package let identifier: String
    package let sql: String
  }
}
