extension DairyError {
  /// `error` as a ``DairyError``: itself, or (for an error from outside the family, which none
  /// is expected to be) a database error that describes it.
  public init(_ error: any Error) {
    self = error as? DairyError ?? DairyError(.database, String(describing: error))
  }

  /// Writes `error` to `errors` as one line (`dairy: error: …`) and returns the exit code for it.
  ///
  /// ```swift
  /// var errors = ""
  /// DairyError.report(DairyError(.usage, "no"), to: &errors)  // 64; errors == "dairy: error: no\n"
  /// ```
  @discardableResult
  public static func report(_ error: any Error, to errors: inout some TextOutputStream) -> Int32 {
    let failure = DairyError(error)
    errors.write("dairy: \(failure)\n")
    return failure.exitCode
  }
}
