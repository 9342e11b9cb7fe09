// swift-tools-version: 6.1
// A program that uses dairy as a library, through DairyKit's public API only (another package
// sees no `package` declaration): it proves that API is enough to open a database, import a file
// and read its sections. Build and run it with
// `swift run --package-path Examples/library-use dairy-library-use FILE.csv`.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which is the clone's name: read it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "dairy-library-use",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "dairy-library-use",
      dependencies: [.product(name: "DairyKit", package: root)]
    )
  ],
  swiftLanguageModes: [.v6]
)
