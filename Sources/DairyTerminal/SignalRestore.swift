import DairyModel
import DairyPresentation
import Synchronization

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
///
/// A crash on one thread lands while another may be drawing a frame, so the two take turns
/// (``whileHoldingTheTerminal(_:)``): the restore waits for a frame being written to be done, and
/// no frame is written after the leave sequence (it would take the screen again, its cursor
/// hidden).
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

  /// Who holds the terminal: nobody (``free``), the thread writing a frame (its `pthread_t`), or
  /// a handler that gave the terminal back, for good (``givenBack``).
  private static let holder = Atomic<UInt>(free)
  private static let free: UInt = 0
  private static let givenBack: UInt = 1

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
    _ = (state, leave, previous, holder.load(ordering: .relaxed))
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
    holder.store(free, ordering: .releasing)
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
  /// A frame being written on another thread is let finish first, and none is written after.
  package static func restoreTerminal() {
    guard state.pointee.taken else { return }
    state.pointee.taken = false
    takeTheLastTurn()
    _ = write(state.pointee.output, leave, state.pointee.leaveCount)
    tcsetattr(state.pointee.input, TCSANOW, &state.pointee.settings)
  }

  /// Runs `write`, which writes to the terminal, unless a handler gave the terminal back: then
  /// the frame is dropped, since the leave sequence went out before it.
  ///
  /// ```swift
  /// SignalRestore.whileHoldingTheTerminal { out.write(frame); out.flush() }
  /// ```
  package static func whileHoldingTheTerminal(_ write: () -> Void) {
    let thread = currentThread()
    guard
      holder.compareExchange(expected: free, desired: thread, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    write()
    // Not `free` if a handler took the terminal meanwhile (on this thread, or past its wait).
    _ = holder.compareExchange(expected: thread, desired: free, ordering: .releasing)
  }

  /// Waits for a frame being written to be done, then keeps the terminal for the restore.
  /// Async-signal-safe (atomics, `clock_gettime`, `sched_yield`).
  ///
  /// It does not wait when the frame is being written by the thread the handler runs on (a
  /// crash, or a second SIGTERM, in the middle of a frame), nor beyond a second: a write stuck
  /// on a terminal that reads nothing would hold the leave sequence back anyway.
  private static func takeTheLastTurn() {
    let deadline = monotonicSeconds() + 1
    while true {
      let (exchanged, found) = holder.compareExchange(
        expected: free, desired: givenBack, ordering: .acquiringAndReleasing)
      if exchanged || found == givenBack { return }
      if found == currentThread() || monotonicSeconds() > deadline {
        holder.store(givenBack, ordering: .releasing)
        return
      }
      sched_yield()
    }
  }

  /// The calling thread, as a number that is neither ``free`` nor ``givenBack`` (Glibc's
  /// `pthread_t` is the address of the thread's descriptor).
  private static func currentThread() -> UInt {
    pthread_self()
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Gives the terminal back, then ends the process by `signal`'s default action, so that the
  /// parent sees the death by that signal. Async-signal-safe.
  package static func restoreAndDie(_ signal: Int32) -> Never {
    restoreTerminal()
    Terminal.dieOf(signal: signal)
  }
}
