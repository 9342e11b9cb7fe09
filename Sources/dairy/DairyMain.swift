import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point: a plain `dairy show …` line runs without ArgumentParser's reflection (see
/// ``ShowArguments/init(quickParsing:)``); every other line goes to ``DairyCommand``.
@main
enum DairyMain {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let show = ShowArguments(quickParsing: arguments) else {
      DairyCommand.main(arguments)
      return
    }
    do {
      try show.run()
    } catch let code as ExitCode {
      exit(code.rawValue)
    } catch {
      DairyCommand.exit(withError: error)
    }
  }
}
