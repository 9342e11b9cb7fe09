import DairyModel
import Foundation

/// Where the database file is: `--db PATH`, else `$DAIRY_DB`, else
/// `$XDG_DATA_HOME/dairy/dairy.sqlite` (by default `~/.local/share/dairy/dairy.sqlite`).
///
/// ```swift
/// let location = try DatabaseLocation.resolve(flag: nil, environment: ["HOME": "/home/ann"])
/// location.path  // "/home/ann/.local/share/dairy/dairy.sqlite"
/// ```
package struct DatabaseLocation: Sendable, Hashable {
  package var path: String
  /// True for the default location, whose folders are created on first use.
  package var isDefault: Bool

  /// The location `--db` (`flag`) and the environment give. An empty `DAIRY_DB` or
  /// `XDG_DATA_HOME` counts as unset, and a relative `XDG_DATA_HOME` is ignored, as the XDG
  /// specification says.
  ///
  /// - Throws: ``DairyError`` (usage) for an empty `--db`, and when the default location is
  ///   needed but `HOME` is empty or relative with no absolute `XDG_DATA_HOME` (it would be
  ///   `/.local/share` or relative to the current folder).
  package static func resolve(
    flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> DatabaseLocation {
    if let flag {
      try requireFilePath(flag)
      return DatabaseLocation(path: flag, isDefault: false)
    }
    if let path = environment["DAIRY_DB"], !path.isEmpty {
      return DatabaseLocation(path: path, isDefault: false)
    }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      guard home.hasPrefix("/") else {
        throw DairyError(
          .usage,
          "cannot tell where the database goes: HOME is "
            + (home.isEmpty ? "empty" : "not an absolute path")
            + " and XDG_DATA_HOME is not set to one; set HOME, or pass --db PATH")
      }
      dataHome = home + "/.local/share"
    }
    return DatabaseLocation(path: dataHome + "/dairy/dairy.sqlite", isDefault: true)
  }

  /// Refuses an empty database path (SQLite would open a private temporary database for it).
  package static func requireFilePath(_ path: String) throws {
    if path.isEmpty {
      throw DairyError(.usage, "the database path is empty; pass a file path with --db")
    }
  }

  /// Checks that a database can live at `path` before SQLite is asked to open it.
  package static func prepare(path: String, createFolder: Bool) throws {
    try requireFilePath(path)
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue {
        throw DairyError(
          .database, "\(path) is a folder, not a database file; pass a file path with --db")
      }
      return
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if !manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard createFolder else {
        throw DairyError(
          .database,
          "cannot create the database \(path): the folder \(folder) does not exist; create it or pass another --db path"
        )
      }
      do {
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw DairyError(
          .database,
          "cannot create the folder \(folder) for the database: \(error.localizedDescription)")
      }
    } else if !isDirectory.boolValue {
      throw DairyError(.database, "cannot create the database \(path): \(folder) is not a folder")
    }
    if access(folder, W_OK) != 0 {
      throw DairyError(
        .database,
        "cannot create the database \(path): the folder \(folder) is read-only; pass another --db path"
      )
    }
  }

  /// Removes the database a failed command made at `path` (a `--db` path that did not exist
  /// before it): the file and SQLite's `-wal`, `-shm` and `-journal` beside it, so that nothing
  /// is left behind by a refused command and the path stays free for `dairy init`.
  package static func removeMade(path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}
