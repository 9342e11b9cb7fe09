#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a failed system call on a file says to a person: `errno` in a few words.
///
/// ```swift
/// SystemError.describe(ENOENT)  // "no such file"
/// ```
package enum SystemError {
  package static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    default: String(cString: strerror(code))
    }
  }
}
