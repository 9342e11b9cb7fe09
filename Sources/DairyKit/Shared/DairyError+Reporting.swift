import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal

extension DairyError {
  /// `error` as a ``DairyError``: itself, or (for an error from outside the family, which none
  /// is expected to be) a database error that describes it.
  package init(_ error: any Error) {
    self = error as? DairyError ?? DairyError(.database, String(describing: error))
  }

  /// Writes `error` to `errors` as one line (`dairy: error: …`) and returns the exit code for it.
  ///
  /// ```swift
  /// var errors = ""
  /// DairyError.report(DairyError(.usage, "no"), to: &errors)  // 64; errors == "dairy: error: no\n"
  /// ```
  @discardableResult
  package static func report(_ error: any Error, to errors: inout some TextOutputStream) -> Int32 {
    let failure = DairyError(error)
    errors.writeMessage("dairy: \(failure)")
    return failure.exitCode
  }
}
