// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "dairy",
  // Linux only (see docs/development.md): the terminal layer uses Glibc's
  // signal, terminal and write calls, so no Apple platform is claimed.
  products: [
    .library(name: "DairyKit", targets: ["DairyKit"]),
    .executable(name: "dairy", targets: ["dairy"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    // Workbooks (.xlsx) are ZIP archives: ZIPFoundation's raw inflate (over zlib) spares us
    // writing deflate by hand; it links into the static executable (Scripts/build-release).
    .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
  ],
  targets: [
    // The USDA tables that ship with the tool (the per-capita CSV and its metadata sidecar, three
    // ERS workbooks as published), as SwiftPM resources so the binary finds them wherever it
    // runs from.
    .target(
      name: "DairyData",
      path: "Data",
      exclude: ["README.md"],
      resources: [
        .copy("per_capita_consumption_1975-2022.csv"),
        .copy("per_capita_consumption_1975-2022.metadata.json"),
        .copy("fluidmilk.xlsx"),
        .copy("annualmilkprodfactors.xlsx"),
        .copy("milkcowsandprod.xlsx"),
      ]
    ),
    // The layers, bottom to top; a target depends only on the ones below it, so the compiler
    // refuses a backward edge (docs/architecture.md). Between them: `package` access.
    //
    // SHA-256's compression on the x86 SHA extensions, in C (Swift cannot emit them): the
    // imports log hashes every byte imported. DairyModel's SHA256 falls back to its own.
    .target(name: "SHAExtensions"),
    // The model: sections, rows, datasets, the facts an import writes, errors, and the small
    // utilities every layer uses.
    .target(name: "DairyModel", dependencies: ["SHAExtensions"]),
    // The file formats, as rows of located cells: CSV, workbooks (ZIP + SpreadsheetML), JSON,
    // numbers.
    .target(
      name: "DairyFormats",
      dependencies: [
        "DairyModel",
        // Inflating the parts of .xlsx workbooks.
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    // The import: sources, layouts, the run; it writes into any `ImportTarget`.
    .target(name: "DairyImport", dependencies: ["DairyModel", "DairyFormats"]),
    // SQLite through GRDB: the schema, reading pages, and an import transaction (an
    // `ImportTarget`); it never runs an import.
    .target(
      name: "DairyStorage",
      dependencies: [
        "DairyModel",
        .product(name: "GRDB", package: "GRDB.swift"),
        // The raw statement API, for the import's insert loop.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // Pure functions of values: the rendered pages, charts, JSON and CSV documents, the browse
    // state.
    .target(name: "DairyPresentation", dependencies: ["DairyModel", "DairyImport"]),
    // The terminal: standard streams, modes, signals, sizes. I/O only.
    .target(name: "DairyTerminal", dependencies: ["DairyModel", "DairyPresentation"]),
    // The commands (one folder each: request, flow), and the library's public face.
    .target(
      name: "DairyKit",
      dependencies: [
        "DairyData", "DairyModel", "DairyFormats", "DairyImport", "DairyStorage",
        "DairyPresentation", "DairyTerminal",
      ]
    ),
    // The command line: ArgumentParser's commands over DairyKit's flows. It names show's options
    // (DairyPresentation's ShowOption table, which the footer also prints), the CSV dialect
    // values (DairyFormats), the standard streams it prints to (DairyTerminal) and the periods
    // `--since` reads (DairyModel).
    .executableTarget(
      name: "dairy",
      dependencies: [
        "DairyKit", "DairyModel", "DairyFormats", "DairyPresentation", "DairyTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The in-process timings Scripts/bench runs (release): browse frames, chart rendering,
    // paging, the workbook reader's stages. Built beside dairy so that it reaches the layers'
    // `package` API.
    .executableTarget(
      name: "dairy-bench",
      dependencies: [
        "DairyKit", "DairyModel", "DairyFormats", "DairyImport", "DairyStorage",
        "DairyPresentation", "DairyTerminal",
      ],
      path: "Benchmarks/Sources/dairy-bench"
    ),
    // What the tests share: fixtures (as resources), temporary files, the USDA database, the
    // built binary's path. Uses the layers' `package` API only (no @testable), so that it builds
    // in any configuration.
    .target(
      name: "DairyTestSupport",
      dependencies: [
        "DairyData", "DairyModel", "DairyFormats", "DairyImport", "DairyStorage",
        "DairyPresentation", "DairyTerminal", "DairyKit",
      ],
      path: "Tests/DairyTestSupport",
      resources: [.copy("Fixtures")]
    ),
    // Unit tests, a target per layer (`swift test --filter DairyImportTests`); they call the
    // library in process. `swift test --skip DairyEndToEndTests` runs them all, without the
    // end-to-end tests.
    .unitTests("DairyModelTests"),
    .unitTests("DairyFormatsTests"),
    .unitTests("DairyImportTests"),
    .unitTests("DairyStorageTests"),
    .unitTests("DairyPresentationTests", snapshots: true),
    .unitTests("DairyTerminalTests"),
    .unitTests("DairyKitTests", snapshots: true, cli: true),
    // The tests that start processes: the built binary, tmux, Chromium, sqlite3.
    .unitTests("DairyEndToEndTests", cli: true),
  ],
  swiftLanguageModes: [.v6]
)

extension Target {
  /// A test target of this package: it sees every layer and the shared test support, and, with
  /// `cli`, the `dairy` executable's commands.
  static func unitTests(_ name: String, snapshots: Bool = false, cli: Bool = false) -> Target {
    .testTarget(
      name: name,
      dependencies: [
        "DairyTestSupport", "DairyModel", "DairyFormats", "DairyImport", "DairyStorage",
        "DairyPresentation", "DairyTerminal", "DairyKit",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
        + (cli
          ? ["dairy", .product(name: "ArgumentParser", package: "swift-argument-parser")] : []),
      exclude: snapshots ? ["__Snapshots__"] : []
    )
  }
}
