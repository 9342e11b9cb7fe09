#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StandardStream {
  /// Makes a file size limit (`ulimit -f`) fail a write with `EFBIG`, which the stream reports,
  /// instead of killing the process with `SIGXFSZ` before it can say why. Call it first thing.
  public static func reportFileSizeLimit() {
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
  /// - Parameter printed: what standard output holds, as the message names it ("the page").
  public static func exitStatus(after status: Int32, printed: String) -> Int32 {
    var status = status
    output.close()
    if let failure = output.failure, !failure.readerIsGone {
      let problem = DairyError(.output, "cannot write \(printed): \(failure.reason)")
      error.append("dairy: \(problem)\n")
      status = problem.exitCode
    }
    error.close()
    if let failure = error.failure, !failure.readerIsGone {
      status = DairyError(.output, "cannot write to standard error: \(failure.reason)").exitCode
    }
    return status
  }
}
