import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The restore a signal handler runs (``SignalRestore``), called directly on a pseudo-terminal:
/// the process does not die here, the end-to-end tests in `BrowseSignalTests` see it die.
@Suite("Giving the terminal back from a signal handler", .tags(.endToEnd), .serialized)
struct SignalRestoreTests {
  /// The handler `signal` has now, as a number to compare.
  func handler(of signal: Int32) -> Int? {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
  }

  @Test func theRestoreWritesTheLeaveSequenceAndPutsTheSettingsBackOnce() throws {
    // Given a pseudo-terminal in raw mode, and a pipe standing for the screen
    var controller: Int32 = 0
    var device: Int32 = 0
    try #require(openpty(&controller, &device, nil, nil, nil) == 0)
    defer {
      close(controller)
      close(device)
    }
    var original = termios()
    tcgetattr(device, &original)
    var raw = original
    cfmakeraw(&raw)
    tcsetattr(device, TCSANOW, &raw)
    var screen: [Int32] = [0, 0]
    try #require(pipe(&screen) == 0)
    defer { screen.forEach { close($0) } }
    let before = Terminal.coreSignals.map(handler(of:))

    // When armed: the core signals are handled, by something else than before
    SignalRestore.arm(
      settings: original, leaveSequence: "\u{1B}[?25h\u{1B}[?1049l", input: device,
      output: screen[1])
    let armed = Terminal.coreSignals.map(handler(of:))
    for (index, signal) in Terminal.coreSignals.enumerated() {
      #expect(armed[index] != before[index], "signal \(signal)")
    }

    // When the handler's restore runs twice, then the terminal is given back normally
    SignalRestore.restoreTerminal()
    SignalRestore.restoreTerminal()
    SignalRestore.disarm()

    // Then the leave sequence was written once, the settings are back, and so are the handlers
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(screen[0], &bytes, bytes.count)
    #expect(
      String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "\u{1B}[?25h\u{1B}[?1049l")
    var now = termios()
    tcgetattr(device, &now)
    #expect(now.c_lflag == original.c_lflag)
    #expect(now.c_iflag == original.c_iflag)
    #expect(Terminal.coreSignals.map(handler(of:)) == before)
  }

  /// A pseudo-terminal (its device end) and a pipe standing for the screen, armed with the leave
  /// sequence "L"; `body` gets the pipe's write end, and returns what reached the screen.
  func withArmedRestore(_ body: (Int32) throws -> Void) throws -> String {
    var controller: Int32 = 0
    var device: Int32 = 0
    try #require(openpty(&controller, &device, nil, nil, nil) == 0)
    defer {
      close(controller)
      close(device)
    }
    var settings = termios()
    tcgetattr(device, &settings)
    var screen: [Int32] = [0, 0]
    try #require(pipe(&screen) == 0)
    defer { close(screen[0]) }
    SignalRestore.arm(settings: settings, leaveSequence: "L", input: device, output: screen[1])
    try body(screen[1])
    SignalRestore.disarm()
    close(screen[1])
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(screen[0], &bytes, bytes.count)
    return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
  }

  @Test func aFrameBeingWrittenGoesOutBeforeTheLeaveSequenceAndNoneAfter() throws {
    let shown = try withArmedRestore { screen in
      // Given a frame in the middle of its write on one thread
      let (writing, finish, restored) = (
        DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
      )
      Thread {
        SignalRestore.whileHoldingTheTerminal {
          _ = write(screen, "frame", 5)
          writing.signal()
          finish.wait()
        }
      }.start()
      writing.wait()

      // When a crash on another thread gives the terminal back
      Thread {
        SignalRestore.restoreTerminal()
        restored.signal()
      }.start()

      // Then the restore waits for the frame to be written, and a frame after it is dropped
      #expect(restored.wait(timeout: .now() + 0.2) == .timedOut)
      finish.signal()
      restored.wait()
      SignalRestore.whileHoldingTheTerminal { _ = write(screen, "late", 4) }
    }
    #expect(shown == "frameL")
  }

  @Test func aCrashInTheMiddleOfAFrameGivesTheTerminalBackAtOnce() throws {
    // Given a frame being written, when the thread writing it crashes (the restore runs on it)
    let clock = ContinuousClock()
    var took = Duration.zero
    let shown = try withArmedRestore { screen in
      SignalRestore.whileHoldingTheTerminal {
        _ = write(screen, "frame", 5)
        took = clock.measure { SignalRestore.restoreTerminal() }
      }
      SignalRestore.whileHoldingTheTerminal { _ = write(screen, "late", 4) }
    }
    // Then the restore does not wait for the frame (it would wait for itself, up to its 1 s
    // bound), and nothing is written after the leave sequence
    #expect(took < .milliseconds(500))
    #expect(shown == "frameL")
  }

  @Test func theHandledSignalsAreThoseWhoseDefaultActionEndsAProcess() throws {
    // Given a `sleep` per signal, with every signal at its default action and none blocked
    // (1–31 and the real-time ones; glibc keeps the two between for its threads)
    let candidates =
      Array(1...SIGSYS) + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    var children: [(signal: Int32, pid: pid_t)] = []
    for signal in candidates where signal != SIGKILL && signal != SIGSTOP {
      children.append((signal, try Self.spawnSleep()))
    }

    // When each gets its signal, and those it does not end nor stop have had 2 s to do so
    for child in children { kill(child.pid, child.signal) }
    var ended: [Int32] = []
    var waiting = children
    let deadline = Date().addingTimeInterval(2)
    while !waiting.isEmpty && Date() < deadline {
      waiting.removeAll { child in
        var status: Int32 = 0
        guard waitpid(child.pid, &status, WNOHANG | WUNTRACED) == child.pid else { return false }
        // The low seven bits: 0x7F when stopped, 0 after an exit, else the signal that ended it
        switch status & 0x7F {
        case 0x7F:
          kill(child.pid, SIGKILL)
          waitpid(child.pid, &status, 0)
        case 0: break
        default: ended.append(child.signal)
        }
        return true
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    for child in waiting {
      var status: Int32 = 0
      kill(child.pid, SIGKILL)
      waitpid(child.pid, &status, 0)
    }

    // Then those that died of it are exactly the signals a full-screen view handles
    #expect(ended.sorted() == Terminal.endingSignals.sorted())
    // And the loop's pipe carries each signal it handles
    for signal in Terminal.terminatingSignals {
      let reason = WakePipe.Reason.ending(signal)
      #expect(WakePipe.Reason(byte: reason.byte) == reason)
    }
  }

  /// Starts `sleep 30` with every signal at its default action and none blocked.
  static func spawnSleep() throws -> pid_t {
    let words: [String] = ["/bin/sleep", "30"]
    let argv = words.map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = TestSupport.withDefaultSignals { attributes in
      posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv + [nil], environ)
    }
    try #require(spawned == 0, "cannot start sleep: \(spawned)")
    return pid
  }
}
