import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe that wakes the browse loop's `poll`: a page fetch finishing, or a signal arriving. Signal
/// handlers may only do async-signal-safe work, so they write one byte here and the loop does the
/// rest.
package final class WakePipe: @unchecked Sendable {
  /// Why the loop was woken.
  package enum Reason: Equatable {
    case fetched, resized, suspended, continued
    /// A signal whose default action ends the process (``Terminal/terminatingSignals``): the loop
    /// ends, and the process then dies of the same signal.
    case ending(Int32)

    /// The byte written to the pipe: the ending signal's number with the high bit set.
    package var byte: UInt8 {
      switch self {
      case .fetched: 1
      case .resized: 2
      case .suspended: 3
      case .continued: 4
      case .ending(let signal): 0x80 | UInt8(truncatingIfNeeded: signal)
      }
    }

    package init?(byte: UInt8) {
      switch byte {
      case 1: self = .fetched
      case 2: self = .resized
      case 3: self = .suspended
      case 4: self = .continued
      case 0x81...0xFF: self = .ending(Int32(byte & 0x7F))
      default: return nil
      }
    }
  }

  package let readEnd: Int32
  package let writeEnd: Int32
  /// The handlers found by the first ``catchSignals()``, put back by ``releaseSignals()``.
  private var previous: [Int32: sigaction] = [:]

  /// What the handler reads (it cannot capture context): the pipe to write to, and whether an
  /// ending signal came already (a second one, if the loop has not ended meanwhile, gives the
  /// terminal back and ends the process from the handler). In memory allocated once rather than
  /// in Swift globals, whose accesses the runtime tracks.
  private struct HandlerState {
    var writeEnd: Int32 = -1
    var endingRequested = false
  }

  nonisolated(unsafe) private static let handlerState: UnsafeMutablePointer<HandlerState> = {
    let state = UnsafeMutablePointer<HandlerState>.allocate(capacity: 1)
    state.initialize(to: HandlerState())
    return state
  }()

  package init() {
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

  package func send(_ reason: Reason) {
    var byte = reason.byte
    _ = write(writeEnd, &byte, 1)
  }

  /// The reasons written since the last call, oldest first.
  package func drain() -> [Reason] {
    var reasons: [Reason] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      reasons += buffer[0..<count].compactMap(Reason.init(byte:))
    }
    return reasons
  }

  /// The signals the loop handles: window size, suspend and continue, and every request to end.
  package static let signals = [SIGWINCH, SIGTSTP, SIGCONT] + Terminal.terminatingSignals

  /// Routes ``signals`` to this pipe, except those the parent left ignored. Called again after a
  /// suspend, it puts the handlers back.
  package func catchSignals() {
    Self.handlerState.pointee = HandlerState(writeEnd: writeEnd, endingRequested: false)
    SignalRestore.prepare()
    // A parent may have left these blocked (a blocked mask is inherited): unblock them.
    var set = sigset_t()
    sigemptyset(&set)
    for signal in Self.signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for signal in Self.signals where !Terminal.isIgnored(signal) {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in WakePipe.handle(signal) }
      var found = sigaction()
      sigaction(signal, &action, &found)
      if previous[signal] == nil { previous[signal] = found }
    }
  }

  /// The handler: one byte to the pipe. Async-signal-safe.
  private static func handle(_ signal: Int32) {
    let reason: Reason
    switch signal {
    case SIGWINCH: reason = .resized
    case SIGTSTP: reason = .suspended
    case SIGCONT: reason = .continued
    default:
      if handlerState.pointee.endingRequested { SignalRestore.restoreAndDie(signal) }
      handlerState.pointee.endingRequested = true
      reason = .ending(signal)
    }
    var byte = reason.byte
    _ = write(handlerState.pointee.writeEnd, &byte, 1)
  }

  /// Puts back the handlers found by the first ``catchSignals()``.
  package func releaseSignals() {
    for (signal, action) in previous {
      var action = action
      sigaction(signal, &action, nil)
    }
    previous = [:]
  }
}
