// swift-tools-version: 6.1
// The benchmarks: a separate package so that the main build and CI stay light.
// Run them with ../Scripts/bench.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is the clone's name: read it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "dairy-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .executableTarget(
      name: "dairy-bench",
      dependencies: [.product(name: "DairyKit", package: root)]
    )
  ],
  swiftLanguageModes: [.v6]
)
