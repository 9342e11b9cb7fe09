import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StandardStream {
  /// Makes a file size limit (`ulimit -f`) fail a write with `EFBIG`, which the stream reports,
  /// instead of killing the process with `SIGXFSZ` before it can say why. Call it first thing.
  package static func reportFileSizeLimit() {
    signal(SIGXFSZ, SIG_IGN)
  }

  /// The status the process ends with, once both streams are flushed and closed: `status`, unless
  /// a write failed. Then standard error gets one line naming what could not be written and why
  /// (`dairy: error: cannot write the export: No space left on device`) and the status is 74;
  /// when standard error itself failed there is nowhere to say it, and the status is 74 all the
  /// same. A reader that went away (`| head -1`) changes nothing.
  ///
  /// ```swift
  /// exit(StandardStream.exitStatus(after: 0, printed: "the export"))
  /// ```
  ///
  /// - Parameters:
  ///   - printed: what standard output holds, as the message names it ("the page").
  ///   - done: what was done all the same when the command succeeded and only its output was
  ///     lost, said after the reason ("the import itself is committed"), so that a user does not
  ///     take a lost summary for a failed import and run it again.
  package static func exitStatus(after status: Int32, printed: String, done: String? = nil)
    -> Int32
  {
    var status = status
    output.close()
    if let failure = output.failure, !failure.readerIsGone {
      var message = "cannot write \(printed): \(failure.reason)"
      if status == 0, let done { message += "; \(done)" }
      let problem = DairyError(.output, message)
      error.append(TextEscaping.visibleLines("dairy: \(problem)\n"))
      status = problem.exitCode
    }
    error.close()
    if let failure = error.failure, !failure.readerIsGone {
      status = DairyError(.output, "cannot write to standard error: \(failure.reason)").exitCode
    }
    return status
  }
}
