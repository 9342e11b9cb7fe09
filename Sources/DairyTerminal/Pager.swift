import DairyModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pager (`less -R`, `$PAGER`) that shows a long text on the terminal a screen at a time, as
/// git does: the text goes to the pager's standard input, the pager draws on the terminal and
/// reads its keys from it, and the command waits for it to end.
///
/// Which pager, and whether to use one at all, are the caller's facts (``Terminal/pager``, a
/// command's `--no-pager`); this is only the running of it.
///
/// ```swift
/// if case .failed(let reason) = Pager.run("less -R", text: page) {
///   print(page)  // and say `reason`
/// }
/// ```
package enum Pager {
  /// How a pager run ended.
  package enum Outcome: Sendable, Hashable {
    /// The pager ran (whatever it did; the user may have quit it before the end of the text).
    case shown
    /// The pager could not be started, for this reason: the text was not shown.
    case failed(String)
  }

  /// Runs a pager; injected into a command so that its tests need no process.
  package typealias Run = @Sendable (_ command: String, _ text: String) -> Outcome

  /// The pager when `$PAGER` is not set: `less`, with the colours of the table kept (`-R`).
  package static let standard = "less -R"

  /// The command `$PAGER` names, as a command takes it: ``standard`` when unset, nil (no pager)
  /// when empty or `cat`.
  ///
  /// ```swift
  /// Pager.command(environment: [:])                  // "less -R"
  /// Pager.command(environment: ["PAGER": "cat"])     // nil
  /// Pager.command(environment: ["PAGER": "more"])    // "more"
  /// ```
  package static func command(environment: [String: String]) -> String? {
    guard let pager = environment["PAGER"] else { return standard }
    let trimmed = pager.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
  }

  /// Shows `text` through `command`: a program and its arguments separated by spaces, or, with
  /// any character a shell gives a meaning to (`less -R | tee`, `"my pager"`), a line for
  /// `/bin/sh -c`. The pager gets `LESS=FRX` when `$LESS` is unset, as git gives it: quit when
  /// the text fits on one screen, keep colours, leave the text on the screen after `q`; and
  /// `LESSCHARSET=utf-8` unless a charset is set, as the text is UTF-8 whatever the locale.
  ///
  /// The pager may quit before it has read the whole text (`q` on the first screen): the rest
  /// is dropped, which is not an error. While it runs, Ctrl-C and Ctrl-\ are the pager's alone,
  /// as `system(3)` leaves them.
  ///
  /// - Returns: ``Outcome/failed(_:)`` when the program cannot be started (not found, not
  ///   executable; through the shell: it exits 126 or 127, the shell's codes for those), so
  ///   that the caller writes the text itself.
  package static func run(_ command: String, text: String) -> Outcome {
    let words = Self.words(command)
    let arguments = words ?? ["/bin/sh", "-c", command]
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return .failed(String(cString: strerror(errno))) }
    let (reading, writing) = (ends[0], ends[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, reading, 0)
    posix_spawn_file_actions_addclose(&actions, reading)
    posix_spawn_file_actions_addclose(&actions, writing)
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    if environment["LV"] == nil { environment["LV"] = "-c" }
    // What dairy writes is UTF-8 whatever the locale says (a terminal's own output is, too):
    // less shows it as such, not as `<E2><94><80>`, unless told otherwise.
    if environment["LESSCHARSET"] == nil && environment["LESSCHARDEF"] == nil {
      environment["LESSCHARSET"] = "utf-8"
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    close(reading)
    guard spawned == 0 else {
      close(writing)
      return .failed("\(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    // The pager has the terminal now: a quit before the end of the text is an EPIPE, not
    // SIGPIPE, and Ctrl-C is for the pager (less stays, and so must we, to wait for it).
    let pipeAction = signal(SIGPIPE, SIG_IGN)
    let interruptAction = signal(SIGINT, SIG_IGN)
    let quitAction = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGPIPE, pipeAction)
      signal(SIGINT, interruptAction)
      signal(SIGQUIT, quitAction)
    }
    writeAll(text, to: writing)
    close(writing)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // Through the shell, a program that is not there is exit 126 or 127 before any read.
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    if words == nil, exitCode == 126 || exitCode == 127 {
      return .failed("\(command) exited with status \(exitCode)")
    }
    return .shown
  }

  /// `command` split into words at spaces and tabs, or nil when it holds a character a shell
  /// would read otherwise (quotes, `$`, `|`, `;`, `*`, `~`, `=`…), and so needs `/bin/sh -c`.
  package static func words(_ command: String) -> [String]? {
    let special = Set("|&;<>()$`\\\"'*?[]#~=%{}!\n")
    guard !command.contains(where: special.contains) else { return nil }
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    return words.isEmpty ? nil : words
  }

  /// Writes `text` to `descriptor` until done or the reader is gone.
  private static func writeAll(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break  // EPIPE: the pager quit before the end, which is its right
      }
    }
  }
}
