/// Facts about this build of dairy.
public enum Dairy {
  /// The tool's version, as `dairy --version` prints it and the imports log records it.
  public static let version = "0.1.0"
}
