// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "dairy",
  // Linux only (see the README's Development section): the terminal layer uses Glibc's
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
    // The USDA file and its metadata sidecar, shipped as SwiftPM resources so the binary finds
    // them wherever it runs from.
    .target(
      name: "DairyData",
      path: "Data",
      exclude: ["README.md"],
      resources: [
        .copy("per_capita_consumption_1975-2022.csv"),
        .copy("per_capita_consumption_1975-2022.metadata.json"),
      ]
    ),
    .target(
      name: "DairyKit",
      dependencies: [
        "DairyData",
        .product(name: "GRDB", package: "GRDB.swift"),
        // The raw statement API, for the import's insert loop.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        // Inflating the parts of .xlsx workbooks.
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]
    ),
    .executableTarget(
      name: "dairy",
      dependencies: [
        "DairyKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "DairyKitTests",
      dependencies: [
        "DairyKit", "dairy",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["__Snapshots__"],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
