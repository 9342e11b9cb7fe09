// swift-tools-version: 6.1
// The libFuzzer target over the CSV reader and the importer: a separate package so that the main
// build and CI stay light. Build and run it with ../Scripts/fuzz.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is the clone's name: read it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "dairy-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .executableTarget(
      name: "dairy-fuzz",
      dependencies: [.product(name: "DairyKit", package: root)]
    )
  ],
  swiftLanguageModes: [.v6]
)
