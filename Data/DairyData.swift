import Foundation

/// The USDA per-capita consumption table and its metadata sidecar, shipped with the tool.
///
/// The files are SwiftPM resources, so they are found wherever the built binary runs from.
public enum BundledData {
  /// The file name of the bundled CSV.
  public static let csvName = "per_capita_consumption_1975-2022.csv"

  /// The URL of the bundled CSV, or nil when the resource bundle is missing.
  public static var csvURL: URL? {
    Bundle.module.url(forResource: "per_capita_consumption_1975-2022", withExtension: "csv")
  }

  /// The URL of the bundled metadata sidecar.
  public static var metadataURL: URL? {
    Bundle.module.url(
      forResource: "per_capita_consumption_1975-2022.metadata", withExtension: "json")
  }
}
