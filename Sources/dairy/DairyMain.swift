import ArgumentParser
import DairyKit

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
    var printed = "to standard output"
    var status: Int32 = 0
    do {
      var command = try DairyCommand.parseAsRoot(arguments)
      if let printing = command as? any PrintingCommand { printed = type(of: printing).printed }
      try command.run()
    } catch {
      status = report(error)
    }
    exit(StandardStream.exitStatus(after: status, printed: printed))
  }

  /// Prints what ArgumentParser has to say about `error` (help on standard output, a usage error
  /// on standard error) through the checked streams, as its own `exit(withError:)` would; returns
  /// the exit code.
  static func report(_ error: any Error) -> Int32 {
    let code = DairyCommand.exitCode(for: error).rawValue
    let message = DairyCommand.fullMessage(for: error, columns: nil)
    if !message.isEmpty {
      (code == 0 ? StandardStream.output : StandardStream.error).write(message + "\n")
    }
    return code
  }
}

/// A command whose standard output holds one thing, named in the message when it cannot be
/// written ("cannot write the export: No space left on device").
protocol PrintingCommand {
  static var printed: String { get }
}

/// Ends a command's `run()` with `status`: nothing for 0, else `ExitCode`.
func finish(_ status: Int32) throws {
  if status != 0 { throw ExitCode(status) }
}
