import DairyModel
import DairyPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's line discipline and screen, taken over for a full-screen view and given back
/// exactly as found: raw input (no echo, no line editing, no signals from keys), the alternate
/// screen, a hidden cursor and, if asked, mouse-wheel reports.
///
/// ```swift
/// let modes = try TerminalModes.takeOver(mouse: true)
/// defer { modes.restore() }
/// ```
package struct TerminalModes: Sendable {
  /// The settings found on standard input before the take-over.
  package let original: termios
  package let mouse: Bool

  /// Enters raw mode and the alternate screen. Also arranges for a crash (a trap, a bad access,
  /// SIGQUIT: ``Terminal/coreSignals``) to give the terminal back before the process dies.
  ///
  /// - Throws: ``DairyError`` (usage) when standard input or output is not a terminal.
  package static func takeOver(mouse: Bool) throws -> TerminalModes {
    try requireTerminal()
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else {
      throw DairyError(.usage, "cannot read the terminal's settings; use dairy show instead")
    }
    let modes = TerminalModes(original: settings, mouse: mouse)
    modes.enter()
    return modes
  }

  /// Checks that standard input and output are both a terminal, as a full-screen view needs.
  ///
  /// - Throws: ``DairyError`` (usage) pointing to `dairy show` when either is not.
  package static func requireTerminal(_ terminal: Terminal = .current()) throws {
    guard terminal.inputIsTerminal, terminal.isTerminal else {
      throw DairyError(.usage, "dairy browse needs a terminal; use dairy show for pipes and files")
    }
  }

  /// Raw mode and the full-screen sequences again, after a suspend.
  package func enter() {
    SignalRestore.arm(settings: original, leaveSequence: leaveSequence)
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSAFLUSH, &raw)
    var enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    if mouse { enterSequence += "\u{1B}[?1000h\u{1B}[?1006h" }
    Self.write(enterSequence)
  }

  /// The main screen, the cursor, and the settings found at the start.
  package func restore() {
    Self.write(leaveSequence)
    var settings = original
    tcsetattr(0, TCSAFLUSH, &settings)
    // Last: a signal arriving meanwhile still gives the terminal back.
    SignalRestore.disarm()
  }

  package var leaveSequence: String {
    (mouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "") + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
  }

  /// Writes all of `text` to standard output, unbuffered (nothing once a crash gave the
  /// terminal back).
  package static func write(_ text: String) {
    SignalRestore.whileHoldingTheTerminal {
      StandardStream.output.write(text)
      StandardStream.output.flush()
    }
  }
}
