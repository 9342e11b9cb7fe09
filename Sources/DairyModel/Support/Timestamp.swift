#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ISO 8601 timestamps without Foundation's formatters (which load ICU's calendars, megabytes of
/// memory for one string).
package enum Timestamp {
  /// Now, in UTC, as `2026-11-22T13:51:26Z`.
  package static func utcNow() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}
