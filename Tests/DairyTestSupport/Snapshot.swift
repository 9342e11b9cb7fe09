import Foundation
import Synchronization
import Testing

/// How a snapshot is kept: as text, in a `.txt` file, compared byte for byte and shown line by
/// line when it differs. (The one format the tests need; its name keeps the call sites that
/// swift-snapshot-testing's `.lines` had.)
package enum SnapshotFormat {
  case lines
}

/// Compares `text` with its reference file, and fails with the first line that differs.
///
/// The reference is `__Snapshots__/<test file>/<test>.<name>.txt` beside the test file, where
/// `<test>` is the test function's name with each run of other characters than letters, digits
/// and `_` made a `-` (`width(_:)` → `width`, `table(width:)` → `table-width`), and `<name>` is
/// `name` made the same way, or else `1`, `2`… in the order the test takes its unnamed
/// snapshots: the files swift-snapshot-testing wrote.
///
/// - A missing reference is written, and the test fails once: review the file, then commit it.
/// - `SNAPSHOT_RECORD=1` writes each reference that differs from its text (and fails the test,
///   so that a recording run never passes for a check).
///
/// ```swift
/// assertSnapshot(of: try show("cheese", width: 80), as: .lines)
/// assertSnapshot(of: chart, as: .lines, named: "\(width)x\(height)")
/// ```
package func assertSnapshot(
  of text: @autoclosure () throws -> String, as format: SnapshotFormat, named name: String? = nil,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let location = SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  let reference = Snapshot.reference(filePath: "\(filePath)", testName: testName, name: name)
  do {
    if let failure = try Snapshot.check(try text(), against: reference) {
      Issue.record(Comment(rawValue: failure), sourceLocation: location)
    }
  } catch {
    Issue.record(error, sourceLocation: location)
  }
}

/// Where references are, how they are compared, and what a failure says.
package enum Snapshot {
  /// `SNAPSHOT_RECORD=1`: write the references that differ.
  package static let isRecording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"

  /// How many unnamed snapshots each test took so far, by the path their files start with.
  private static let counts = Mutex<[String: Int]>([:])

  /// The reference file of a snapshot taken in `testName`, in the file at `filePath`.
  package static func reference(filePath: String, testName: String, name: String?) -> URL {
    let testFile = URL(fileURLWithPath: filePath, isDirectory: false)
    let folder = testFile.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let test = pathComponent(testName)
    let suffix =
      name.map(pathComponent)
      ?? String(
        counts.withLock { counts in
          let key = folder.appendingPathComponent(test).path
          counts[key, default: 0] += 1
          return counts[key]!
        })
    return folder.appendingPathComponent("\(test).\(suffix).txt")
  }

  /// `text` with each run of characters other than letters, digits and `_` made one `-`, and
  /// none at either end.
  package static func pathComponent(_ text: String) -> String {
    text.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
      .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
  }

  /// Compares `text` with the file at `reference` (writing it when it is missing, or when
  /// recording) and returns why the check fails, or nil when it passes.
  package static func check(_ text: String, against reference: URL) throws -> String? {
    let bytes = Data(text.utf8)
    let stored = try? Data(contentsOf: reference)
    if stored == bytes { return nil }
    let shown = reference.pathComponents.suffix(3).joined(separator: "/")
    guard let stored, !isRecording else {
      try FileManager.default.createDirectory(
        at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: reference)
      return stored == nil
        ? "No reference \(shown): recorded it from the text; review it, then commit it"
        : "Recorded \(shown) anew (SNAPSHOT_RECORD=1); review the change, then commit it"
    }
    return difference(
      String(decoding: stored, as: UTF8.self), text, reference: shown,
      actual: try writeActual(bytes, for: reference))
  }

  /// Says where `text` first differs from `stored`, with both versions of that line (escaped,
  /// so that a trailing space or an escape sequence shows), and how to see or take the rest.
  package static func difference(
    _ stored: String, _ text: String, reference: String, actual: String
  )
    -> String
  {
    let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
    let new = text.split(separator: "\n", omittingEmptySubsequences: false)
    // Byte for byte: `==` on text would call `é` and `e\u{301}` the same.
    let index =
      (0..<min(old.count, new.count)).first { !old[$0].utf8.elementsEqual(new[$0].utf8) }
      ?? min(old.count, new.count)
    func shown(_ lines: [Substring]) -> String {
      index < lines.count ? String(lines[index]).debugDescription : "(no such line)"
    }
    return """
      Snapshot \(reference) differs from the text, first at line \(index + 1) \
      (the reference has \(old.count) lines, the text \(new.count)):
        reference: \(shown(old))
        text:      \(shown(new))
      The text is in \(actual): `diff` it with the reference; SNAPSHOT_RECORD=1 makes it the \
      reference.
      """
  }

  /// Writes the text that failed a check under the temporary folder, for a look, and returns
  /// its path.
  package static func writeActual(_ bytes: Data, for reference: URL) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dairy-snapshots")
      .appendingPathComponent(reference.deletingLastPathComponent().lastPathComponent)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(reference.lastPathComponent)
    try bytes.write(to: file)
    return file.path
  }
}
