import DairyModel
import DairyPresentation

/// A burst of window-size changes taken as one. Dragging a window's corner sends SIGWINCH dozens
/// of times a second; laying out and drawing the whole screen for each would write a frame per
/// signal, most of them out of date at once. The session lays out again once the signals stop
/// for ``quiet``, or at the latest ``longest`` after the first, so that a long drag still
/// follows the window a few times a second.
///
/// ```swift
/// var resize = ResizeCoalescer()
/// let start = ContinuousClock.now
/// resize.signalled(at: start)
/// resize.isDue(at: start + .milliseconds(10))  // false: more may follow
/// resize.isDue(at: start + .milliseconds(40))  // true, once: lay out at the new size
/// ```
package struct ResizeCoalescer: Sendable {
  /// How long the signals must stop before the burst counts as over.
  package static let quiet: Duration = .milliseconds(30)
  /// The longest a burst waits, from its first signal.
  package static let longest: Duration = .milliseconds(100)

  private var first: ContinuousClock.Instant?
  private var last: ContinuousClock.Instant?

  /// Whether a resize waits to be laid out (the screen is not drawn meanwhile).
  package var isPending: Bool { first != nil }

  /// A SIGWINCH arrived at `now`.
  package mutating func signalled(at now: ContinuousClock.Instant) {
    if first == nil { first = now }
    last = now
  }

  /// The moment the pending resize is due; nil when none is pending.
  package var deadline: ContinuousClock.Instant? {
    guard let first, let last else { return nil }
    return min(last + Self.quiet, first + Self.longest)
  }

  /// Whether the pending resize is due at `now`; when it is, it is no longer pending.
  package mutating func isDue(at now: ContinuousClock.Instant) -> Bool {
    guard let deadline, now >= deadline else { return false }
    (first, last) = (nil, nil)
    return true
  }

  package init() {}
}
