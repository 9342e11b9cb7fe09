import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// The signals whose default action ends the process with a core dump (signal(7): "Core"): a
  /// fault of the process itself (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS), `abort()`, a
  /// resource limit (SIGXCPU, SIGXFSZ), or a request for a core dump (SIGQUIT, often sent to a
  /// program that hangs).
  ///
  /// A full-screen view gives the terminal back from the signal handler itself, at once, and the
  /// process dies of the signal (``SignalRestore``): the loop may be what is stuck or broken.
  package static let coreSignals: [Int32] = [
    SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGXCPU, SIGXFSZ, SIGSYS,
  ]

  /// The signals whose default action ends the process without a core (signal(7): "Term"), the
  /// real-time signals among them: requests to end.
  ///
  /// A full-screen view ends its loop, gives the terminal back, and the process then dies of the
  /// signal; a second one before the loop has ended gives the terminal back from the handler.
  package static let terminatingSignals: [Int32] =
    [
      SIGHUP, SIGINT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGSTKFLT, SIGVTALRM, SIGPROF,
      SIGIO, SIGPWR,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

  /// Every signal whose default action ends the process and that a process can catch (SIGKILL
  /// and SIGSTOP cannot be caught).
  package static var endingSignals: [Int32] { coreSignals + terminatingSignals }

  /// Whether `signal` is ignored, as a parent may have arranged (`nohup` ignores SIGHUP; a shell
  /// without job control ignores SIGINT and SIGQUIT in background commands): such a signal is
  /// left ignored, as if the process were not there to catch it.
  package static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    sigaction(signal, nil, &current)
    let handler = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
    return handler == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Ends the process by `signal` with its default action, as if it had not been caught, so that
  /// the parent (a shell: `exit=143` for SIGTERM) sees why it ended. Async-signal-safe: signal
  /// handlers end with it too.
  ///
  /// ```swift
  /// if case .signal(let number) = try session.run() { Terminal.dieOf(signal: number) }
  /// ```
  package static func dieOf(signal number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    // Not reached for a signal whose default action ends the process; for any other, the shell's
    // convention.
    _exit(128 + number)
  }
}
