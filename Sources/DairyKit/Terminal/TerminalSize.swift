import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's size: the one place that asks the terminal.
public enum TerminalSize {
  /// The width of the terminal on stdout or stderr, else `$COLUMNS`, else 80.
  public static func columns(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int
  {
    for descriptor in [Int32(1), 2] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
        return Int(size.ws_col)
      }
    }
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return 80
  }
}
