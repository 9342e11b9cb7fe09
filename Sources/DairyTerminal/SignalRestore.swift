import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives the terminal back from inside a signal handler, then dies of the signal.
///
/// A handler may only make async-signal-safe calls (`write`, `tcsetattr`, `sigaction`,
/// `raise`), so everything it needs is copied beforehand into memory allocated once and never
/// freed: no allocation, no lock, no reference counting in the handler.
///
/// While a full-screen view holds the terminal it is *armed*: the signals of
/// ``Terminal/coreSignals`` (a crash, `abort()`, SIGQUIT…) then give the terminal back and end the
/// process at once, in place of their previous handlers. Among those is the Swift runtime's
/// backtracer, which would print over the full screen and then wait 30 s for a key; disarming
/// puts the previous handlers back.
package enum SignalRestore {
  private struct State {
    /// The core signals are handled here.
    var armed = false
    /// The terminal is still to be given back.
    var taken = false
    var input: Int32 = 0
    var output: Int32 = 1
    var settings = termios()
    var leaveCount = 0
  }

  private static let leaveCapacity = 64
  nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
    let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    state.initialize(to: State())
    return state
  }()
  nonisolated(unsafe) private static let leave = UnsafeMutablePointer<UInt8>.allocate(
    capacity: leaveCapacity)
  /// The handlers found when arming, by signal number.
  nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(
    capacity: 128)

  /// Allocates the memory the handlers use, so that no handler ever does (a Swift global is
  /// made on first use). Called before any handler that may end up here is installed.
  package static func prepare() {
    _ = (state, leave, previous)
  }

  /// Prepares the restore of `settings` on `input` and the writing of `leaveSequence` to
  /// `output`, and handles the core signals with it (those not ignored).
  package static func arm(
    settings: termios, leaveSequence: String, input: Int32 = 0, output: Int32 = 1
  ) {
    prepare()
    disarm()
    let bytes = Array(leaveSequence.utf8.prefix(leaveCapacity))
    leave.update(from: bytes, count: bytes.count)
    state.pointee = State(
      armed: true, taken: true, input: input, output: output, settings: settings,
      leaveCount: bytes.count)
    for signal in Terminal.coreSignals where !Terminal.isIgnored(signal) {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in SignalRestore.restoreAndDie(signal) }
      // On the alternate signal stack when there is one (the Swift runtime sets one up), so
      // that a stack overflow still reaches the handler.
      action.sa_flags = SA_ONSTACK
      sigaction(signal, &action, previous + Int(signal))
    }
  }

  /// Puts back the handlers found when arming (the caller gives the terminal back itself).
  package static func disarm() {
    state.pointee.taken = false
    guard state.pointee.armed else { return }
    state.pointee.armed = false
    for signal in Terminal.coreSignals where !Terminal.isIgnored(signal) {
      sigaction(signal, previous + Int(signal), nil)
    }
  }

  /// Writes the leave sequence and puts the settings back, once, if armed. Async-signal-safe.
  ///
  /// The output is first pointed at `/dev/null` (the terminal kept on a copy of its descriptor
  /// for the leave sequence): a crash on one thread lands while another may be drawing a frame,
  /// and a frame written after the leave sequence took the terminal again (its cursor hidden).
  package static func restoreTerminal() {
    guard state.pointee.taken else { return }
    state.pointee.taken = false
    let (input, output) = (state.pointee.input, state.pointee.output)
    var terminal = output
    let copy = dup(output)
    let null = open("/dev/null", O_WRONLY)
    if copy >= 0 && null >= 0 && dup2(null, output) == output {
      terminal = copy
    }
    _ = write(terminal, leave, state.pointee.leaveCount)
    tcsetattr(input == output ? terminal : input, TCSANOW, &state.pointee.settings)
  }

  /// Gives the terminal back, then ends the process by `signal`'s default action, so that the
  /// parent sees the death by that signal. Async-signal-safe.
  package static func restoreAndDie(_ signal: Int32) -> Never {
    restoreTerminal()
    Terminal.dieOf(signal: signal)
  }
}
