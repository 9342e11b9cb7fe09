#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// Ends the process by `signal` with its default action, as if it had not been caught, so that
  /// the parent (a shell: `exit=143` for SIGTERM) sees why it ended.
  ///
  /// ```swift
  /// if case .signal(let number) = try session.run() { Terminal.dieOf(signal: number) }
  /// ```
  public static func dieOf(signal number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    // Not reached for SIGINT, SIGTERM or SIGHUP; for any other, the shell's convention.
    exit(128 + number)
  }
}
