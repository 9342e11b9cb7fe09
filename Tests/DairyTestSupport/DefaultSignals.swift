import Foundation

extension TestSupport {
  /// Calls `body` with `posix_spawn` attributes that start the child with every signal at its
  /// default action and none blocked, as in a terminal: the test runner's threads block some
  /// signals, and a child inherits the mask.
  package static func withDefaultSignals<T>(_ body: (inout posix_spawnattr_t) throws -> T) rethrows
    -> T
  {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return try body(&attributes)
  }
}
