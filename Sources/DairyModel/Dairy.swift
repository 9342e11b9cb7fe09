/// Facts about this build of dairy.
package enum Dairy {
  /// The tool's version, as `dairy --version` prints it and the imports log records it.
  package static let version = "0.1.0"
}
