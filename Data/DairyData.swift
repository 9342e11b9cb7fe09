import Foundation

/// The USDA tables that ship with the tool (the *bundle*): the per-capita consumption table with
/// its metadata sidecar, and three ERS Dairy Data workbooks as published.
///
/// The files are SwiftPM resources, so they are found wherever the built binary runs from. A
/// reading command imports them into a database that has no data yet, in ``files`` order, which
/// is also the order their datasets are listed in (Data/README.md says where each comes from).
///
/// ```swift
/// let paths = BundledData.files.compactMap { BundledData.url(of: $0)?.path }
/// ```
public enum BundledData {
  /// The bundle's files, in the order their datasets are listed: the per-capita table first (it
  /// is what the tool exists for), then fluid milk sales, the national supply factors, and milk
  /// cows and production by State. A metadata sidecar goes with the file it names
  /// (`STEM.metadata.json` beside `STEM.csv`) and is not listed.
  public static let files = [
    csvName, "fluidmilk.xlsx", "annualmilkprodfactors.xlsx", "milkcowsandprod.xlsx",
  ]

  /// The file name of the bundled per-capita CSV.
  public static let csvName = "per_capita_consumption_1975-2022.csv"

  /// The URL of the bundled file named `name` (one of ``files``), or nil when the resource
  /// bundle is missing it.
  public static func url(of name: String) -> URL? {
    let url = URL(fileURLWithPath: name)
    return Bundle.module.url(
      forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension)
  }

  /// The URL of the bundled per-capita CSV, or nil when the resource bundle is missing.
  public static var csvURL: URL? { url(of: csvName) }

  /// The URL of the per-capita CSV's metadata sidecar.
  public static var metadataURL: URL? {
    Bundle.module.url(
      forResource: "per_capita_consumption_1975-2022.metadata", withExtension: "json")
  }
}
