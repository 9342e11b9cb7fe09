import ArgumentParser
import DairyKit
import DairyPresentation
import DairyTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point: a plain `dairy show …` line runs without ArgumentParser's reflection (see
/// `ShowCommandLine(quickParsing:)`); every other line goes to ``DairyCommand``. Whatever runs,
/// the process ends here, through `StandardStream.exitStatus`, which checks that everything was
/// written.
@main
enum DairyMain {
  static func main() {
    StandardStream.reportFileSizeLimit()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let line = ShowCommandLine(quickParsing: arguments) {
      exit(StandardStream.exitStatus(after: ShowCommand.show(line), printed: ShowCommand.printed))
    }
    if let request = ChartRequest(quickParsing: arguments) {
      exit(
        StandardStream.exitStatus(
          after: ChartCommand.chart(request), printed: ChartCommand.printed))
    }
    var printed = "to standard output"
    var done: String?
    var status: Int32 = 0
    do {
      var command = try DairyCommand.parseAsRoot(arguments)
      if let printing = command as? any PrintingCommand {
        printed = type(of: printing).printed
        done = type(of: printing).doneAllTheSame
      }
      try command.run()
    } catch {
      status = report(error)
    }
    exit(StandardStream.exitStatus(after: status, printed: printed, done: done))
  }

  /// Prints what ArgumentParser has to say about `error` (help on standard output, a usage error
  /// on standard error) through the checked streams, as its own `exit(withError:)` would; returns
  /// the exit code.
  ///
  /// The error's own sentence, which can quote what was typed (`The value '…' is invalid`), is
  /// one line, shown escaped as every message is; the usage under it stays as ArgumentParser
  /// wrote it.
  static func report(_ error: any Error) -> Int32 {
    // ArgumentParser wraps its messages at $COLUMNS, else the terminal's width, and traps
    // below its help's label column (`COLUMNS=5 dairy --help`), even to find the exit code. It
    // gets the width of the terminal's facts instead (a bad $COLUMNS ignored, at most 1000),
    // and never less than it can wrap to.
    let columns = max(Terminal.current().width, helpMinimumWidth)
    setenv("COLUMNS", String(columns), 1)
    let code = DairyCommand.exitCode(for: error).rawValue
    var message = DairyCommand.fullMessage(for: error, columns: columns)
    let sentence = DairyCommand.message(for: error)
    if code != 0, !sentence.isEmpty, let range = message.range(of: sentence) {
      message.replaceSubrange(range, with: TextEscaping.visible(sentence))
    }
    message = usagePrefixed(message, code: code)
    if !message.isEmpty {
      (code == 0 ? StandardStream.output : StandardStream.error).write(message + "\n")
    }
    return code
  }
}

/// `message` with ArgumentParser's `Error: ` replaced by the prefix of every other error,
/// `dairy: error: `, so that a usage error reads as the rest do; the usage lines under it stay.
///
/// ```swift
/// usagePrefixed("Error: Missing expected argument '<file> ...'\nUsage: …", code: 64)
/// // "dairy: error: Missing expected argument '<file> ...'\nUsage: …"
/// ```
func usagePrefixed(_ message: String, code: Int32) -> String {
  let prefix = "Error: "
  guard code != 0, message.hasPrefix(prefix) else { return message }
  return "dairy: error: " + message.dropFirst(prefix.count)
}

/// The narrowest help and usage text: ArgumentParser indents its help by 30 columns.
let helpMinimumWidth = 40

/// A command whose standard output holds one thing, named in the message when it cannot be
/// written ("cannot write the export: No space left on device").
protocol PrintingCommand {
  static var printed: String { get }
  /// What the command did all the same when only its output was lost ("the import itself is
  /// committed"); nil for a command that only prints.
  static var doneAllTheSame: String? { get }
}

extension PrintingCommand {
  static var doneAllTheSame: String? { nil }
}

/// Ends a command's `run()` with `status`: nothing for 0, else `ExitCode`.
func finish(_ status: Int32) throws {
  if status != 0 { throw ExitCode(status) }
}
