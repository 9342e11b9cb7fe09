import DairyTestSupport
import Foundation
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// `dairy browse` in a terminal, sent SIGWINCH many times in a burst (a window dragged to a new
/// size sends dozens): the screen is drawn again once or a few times, not once a signal.
/// Measured by what the process writes (`wchar` in `/proc/PID/io`), against one full redraw.
@Suite(
  "dairy browse coalesces resizes", .tags(.endToEnd), .serialized,
  .enabled(if: TmuxTerminal.isUsable && FileManager.default.fileExists(atPath: "/proc/self/io")))
struct BrowseResizeBurstTests {
  @Test func aBurstOfResizesIsOneRedraw() throws {
    // Given browse on the screen, idle
    let (terminal, _, pid) = try BrowseSignalTests().startBrowse()
    defer { terminal.kill() }
    try Self.waitUntilIdle(pid)

    // One full redraw (Ctrl-L) writes a frame's bytes
    let before = try Self.bytesWritten(by: pid)
    try terminal.send("C-l")
    try Self.waitUntilIdle(pid)
    let frame = try Self.bytesWritten(by: pid) - before
    try #require(frame > 500, "a full frame of 80×24 is over 500 bytes: \(frame)")

    // When 50 SIGWINCH arrive in a burst
    let start = try Self.bytesWritten(by: pid)
    for _ in 0..<50 {
      #expect(kill(pid, SIGWINCH) == 0)
      usleep(1000)
    }
    try Self.waitUntilIdle(pid)

    // Then the screen is drawn again a few times at most, and is whole
    let written = try Self.bytesWritten(by: pid) - start
    #expect(written <= 3 * frame, "\(written) bytes for 50 resizes, \(frame) a frame")
    try terminal.waitFor("rows 1–19 of 958")
  }

  @Test func aBurstIsDueOnceWhenItStopsOrAfterTheLongestWait() {
    // The documented example
    var resize = ResizeCoalescer()
    let start = ContinuousClock.now
    resize.signalled(at: start)
    let early = resize.isDue(at: start + .milliseconds(10))
    let settled = resize.isDue(at: start + .milliseconds(40))
    let again = resize.isDue(at: start + .seconds(1))
    #expect(!early && settled && !again && !resize.isPending)

    // A drag: a signal every 5 ms for a second is laid out every 100 ms, not 200 times
    var layouts = 0
    for step in 0..<200 {
      let now = start + .milliseconds(5 * step)
      resize.signalled(at: now)
      if resize.isDue(at: now) { layouts += 1 }
    }
    #expect((9...11).contains(layouts), "\(layouts)")
    let last = resize.isDue(at: start + .seconds(2))
    #expect(last)
  }

  /// The bytes `pid` has written so far, to any file (its terminal, mostly).
  static func bytesWritten(by pid: pid_t) throws -> Int {
    let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
    let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("wchar:") })
    return try #require(Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)))
  }

  /// Waits until `pid` has written nothing for half a second.
  static func waitUntilIdle(_ pid: pid_t) throws {
    var last = try bytesWritten(by: pid)
    for _ in 0..<100 {
      Thread.sleep(forTimeInterval: 0.5)
      let now = try bytesWritten(by: pid)
      if now == last { return }
      last = now
    }
  }
}
