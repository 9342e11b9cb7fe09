import DairyFormats
import DairyImport
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dairy browse` on a real terminal: the thin layer that feeds keys, page results, ticks and
/// window sizes to a ``BrowseState`` and writes its frames, diffed, to the screen.
///
/// Everything the screen does is in `BrowseState`; this only waits (`poll` on standard input and
/// a wake pipe), reads, and writes.
///
/// ```swift
/// let database = try DairyDatabase.open(path: path)
/// try BrowseSession(database: database, filter: SectionFilter(search: "butter")).run()
/// ```
package final class BrowseSession {
  private let database: DairyDatabase
  private var state: BrowseState
  private let mouse: Bool
  private let wake = WakePipe()
  private var decoder = KeyDecoder()
  private var shown: BrowseFrame?
  private let out = StandardStream.output
  private var resize = ResizeCoalescer()
  private let clock = ContinuousClock()

  /// How often the spinner turns and the bounce springs back.
  package static let tick: Duration = .milliseconds(80)
  /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
  package static let escapeWait: Int32 = 25

  package init(
    database: DairyDatabase, filter: SectionFilter = SectionFilter(), pageSize: Int = 50,
    mouse: Bool = true, color: Bool = true
  ) {
    self.database = database
    self.mouse = mouse
    let size = Self.windowSize()
    state = BrowseState(
      filter: filter, pageSize: pageSize, width: size.width, height: size.height, color: color)
  }

  /// How a session ended.
  package enum Ending: Equatable, Sendable {
    /// The person quit (or the terminal went away).
    case quit
    /// A signal whose default action ends the process arrived (SIGTERM, SIGINT, SIGHUP,
    /// SIGUSR1, SIGALRM, SIGPIPE…). The terminal is given back; the caller should then die of the
    /// same signal (``Terminal/dieOf(signal:)``) so that its parent sees why it ended. (A crash,
    /// SIGQUIT and the other signals that dump core give the terminal back and end the process
    /// from their handler, at once: ``SignalRestore``.)
    case signal(Int32)
  }

  /// Takes over the terminal, runs until the person quits or a signal ends it, and gives the
  /// terminal back as it was in every case.
  ///
  /// - Throws: ``DairyError`` when standard input or output is not a terminal.
  @discardableResult
  package func run() throws -> Ending {
    // Signals first: one that arrives while the screen is being taken over waits in the pipe.
    wake.catchSignals()
    defer { wake.releaseSignals() }
    let modes = try TerminalModes.takeOver(mouse: mouse)
    defer { modes.restore() }
    let fetcher = PageFetcher(database: database, wake: wake)
    var lastTick = clock.now
    var pending = state.start()
    var ending = Ending.quit

    loop: while true {
      // A burst of resizes is laid out once, when it is over; nothing is drawn meanwhile.
      if resize.isDue(at: clock.now) { pending += laidOutAgain() }
      for effect in pending {
        switch effect {
        case .fetch(let fetch): fetcher.start(fetch)
        case .fetchChart(let fetch): fetcher.start(fetch)
        case .quit: break loop
        case .redraw: shown = nil
        case .suspend: suspend(modes)
        }
      }
      pending = []
      if !resize.isPending { draw() }

      let timeout = pollTimeout(sinceTick: clock.now - lastTick)
      var descriptors = [
        pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 && errno != EINTR { break }
      guard readKeys(ready: ready, input: descriptors[0], into: &pending) else { break }

      if let signal = handleWake(fetcher: fetcher, modes: modes, effects: &pending) {
        ending = .signal(signal)
        break loop
      }

      if state.needsTicks && clock.now - lastTick >= Self.tick {
        lastTick = clock.now
        pending += state.handle(.tick)
      } else if !state.needsTicks {
        lastTick = clock.now
      }
    }
    return ending
  }

  /// Reads the keys waiting on standard input, or the lone ESC that waited long enough;
  /// false when the terminal went away.
  private func readKeys(ready: Int32, input: pollfd, into effects: inout [BrowseEffect]) -> Bool {
    if input.revents != 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(0, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return false }
      if count > 0 {
        for key in decoder.feed(Array(buffer[0..<count])) { effects += state.handle(.key(key)) }
      }
    } else if ready == 0 && decoder.hasPending {
      for key in decoder.flush() { effects += state.handle(.key(key)) }
    }
    return true
  }

  /// How long `poll` may wait, in milliseconds (-1: for ever): until a lone ESC counts as the
  /// Escape key, until the next tick, or until a burst of resizes is over.
  private func pollTimeout(sinceTick elapsed: Duration) -> Int32 {
    var timeout: Int32 = -1
    // Rounded up: `poll` must not return before the moment it waits for.
    func wait(_ left: Duration) {
      let milliseconds = Int32(min(max(0, left / .milliseconds(1)), 60_000).rounded(.up))
      timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
    }
    if decoder.hasPending { timeout = Self.escapeWait }
    if state.needsTicks { wait(Self.tick - elapsed) }
    if let deadline = resize.deadline { wait(deadline - clock.now) }
    return timeout
  }

  /// The screen laid out at the window's size now.
  private func laidOutAgain() -> [BrowseEffect] {
    shown = nil
    let size = Self.windowSize()
    return state.handle(.resized(width: size.width, height: size.height))
  }

  /// Handles what was written to the wake pipe: pages fetched, window size, suspend and continue.
  ///
  /// - Returns: the signal that ends the session, if one came.
  private func handleWake(
    fetcher: PageFetcher, modes: TerminalModes, effects: inout [BrowseEffect]
  ) -> Int32? {
    for reason in wake.drain() {
      switch reason {
      case .fetched:
        for event in fetcher.take() { effects += state.handle(event) }
      case .resized:
        resize.signalled(at: clock.now)
      case .ending(let signal):
        return signal
      case .suspended:
        suspend(modes)
      case .continued:
        shown = nil
      }
    }
    return nil
  }

  /// Writes what changed since the last frame.
  private func draw() {
    let frame = state.frame()
    let bytes = FrameDiff.update(from: shown, to: frame)
    guard !bytes.isEmpty else { return }
    SignalRestore.whileHoldingTheTerminal {
      out.write(bytes)
      out.flush()
    }
    shown = frame
  }

  /// Ctrl-Z: the terminal goes back to the shell, the process stops; on `fg` it takes the screen
  /// again at whatever size the window now has.
  private func suspend(_ modes: TerminalModes) {
    modes.restore()
    Glibc.signal(SIGTSTP, SIG_DFL)
    kill(getpid(), SIGTSTP)
    // Stopped here until SIGCONT.
    wake.catchSignals()
    modes.enter()
    let size = Self.windowSize()
    _ = state.handle(.resized(width: size.width, height: size.height))
    shown = nil
  }

  /// The window's size, from the terminal on standard output (the one place that asks it).
  package static func windowSize() -> (width: Int, height: Int) {
    let terminal = Terminal.current()
    return (terminal.width, terminal.height ?? 24)
  }
}
