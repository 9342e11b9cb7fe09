#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe that wakes the browse loop's `poll`: a page fetch finishing, or a signal arriving. Signal
/// handlers may only do async-signal-safe work, so they write one byte here and the loop does the
/// rest.
final class WakePipe: @unchecked Sendable {
  /// Why the loop was woken.
  enum Reason: UInt8 {
    case fetched = 1
    case resized, suspended, continued
    /// SIGINT, SIGTERM or SIGHUP: the loop ends, and the process then dies of the same signal.
    case interrupted, terminated, hungUp

    /// The signal that ends the loop for this reason, if it is one.
    var endingSignal: Int32? {
      switch self {
      case .interrupted: SIGINT
      case .terminated: SIGTERM
      case .hungUp: SIGHUP
      default: nil
      }
    }
  }

  let readEnd: Int32
  let writeEnd: Int32

  /// The pipe signal handlers write to (a handler cannot capture context).
  nonisolated(unsafe) static var signalWriteEnd: Int32 = -1

  init() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "cannot make a pipe")
    readEnd = ends[0]
    writeEnd = ends[1]
    for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  func send(_ reason: Reason) {
    var byte = reason.rawValue
    _ = write(writeEnd, &byte, 1)
  }

  /// The reasons written since the last call, oldest first.
  func drain() -> [Reason] {
    var reasons: [Reason] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      reasons += buffer[0..<count].compactMap(Reason.init)
    }
    return reasons
  }

  /// The signals the loop handles.
  static let signals = [SIGWINCH, SIGTERM, SIGINT, SIGHUP, SIGTSTP, SIGCONT]

  /// Routes SIGWINCH, SIGTERM, SIGINT, SIGHUP, SIGTSTP and SIGCONT to this pipe.
  func catchSignals() {
    Self.signalWriteEnd = writeEnd
    // A parent may have left these blocked (a blocked mask is inherited): unblock them.
    var set = sigset_t()
    sigemptyset(&set)
    for signal in Self.signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for signal in Self.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        let reason: Reason =
          switch signal {
          case SIGWINCH: .resized
          case SIGTSTP: .suspended
          case SIGCONT: .continued
          case SIGINT: .interrupted
          case SIGHUP: .hungUp
          default: .terminated
          }
        var byte = reason.rawValue
        _ = write(WakePipe.signalWriteEnd, &byte, 1)
      }
      sigaction(signal, &action, nil)
    }
  }

  /// Gives the signals back to their default actions.
  func releaseSignals() {
    for signal in Self.signals {
      Glibc.signal(signal, SIG_DFL)
    }
  }
}
