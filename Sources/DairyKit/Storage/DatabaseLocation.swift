import Foundation

/// Where the database file is: `--db PATH`, else `$DAIRY_DB`, else
/// `$XDG_DATA_HOME/dairy/dairy.sqlite` (by default `~/.local/share/dairy/dairy.sqlite`).
///
/// ```swift
/// let location = DatabaseLocation.resolve(flag: nil, environment: ["HOME": "/home/ann"])
/// location.path  // "/home/ann/.local/share/dairy/dairy.sqlite"
/// ```
public struct DatabaseLocation: Sendable, Hashable {
  public var path: String
  /// True for the default location, whose folders are created on first use.
  public var isDefault: Bool

  public static func resolve(
    flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> DatabaseLocation {
    if let flag, !flag.isEmpty { return DatabaseLocation(path: flag, isDefault: false) }
    if let path = environment["DAIRY_DB"], !path.isEmpty {
      return DatabaseLocation(path: path, isDefault: false)
    }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }
    return DatabaseLocation(path: dataHome + "/dairy/dairy.sqlite", isDefault: true)
  }

  /// Checks that a database can live at `path` before SQLite is asked to open it.
  static func prepare(path: String, createFolder: Bool) throws {
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
}
