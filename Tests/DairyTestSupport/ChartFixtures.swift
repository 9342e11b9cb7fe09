import DairyFormats
import DairyImport
import DairyKit
import DairyModel
import DairyPresentation
import DairyStorage
import DairyTerminal
import Foundation

/// The bundled USDA data as chart series, read from an in-memory database as `dairy chart` will
/// read them.
package enum ChartFixtures {
  package static let usda: [ChartSeries] = {
    let database = try! DairyDatabase.inMemory()
    _ = try! TestSupport.importPerCapita(into: database)
    return try! database.read { snapshot in
      let datasets = try snapshot.datasets()
      return try snapshot.sections().map { info in
        let dataset = datasets.first { $0.name == info.dataset } ?? DatasetInfo(name: info.dataset)
        let section = Section(info: info, rows: try snapshot.observations(of: info.id))
        return ChartSeries(section: section, dataset: dataset)
      }
    }
  }()

  /// The series whose title contains `search`, in any case.
  package static func matching(_ search: String) -> [ChartSeries] {
    usda.filter { $0.title.lowercased().contains(search.lowercased()) }
  }

  /// The one series titled exactly `title`.
  package static func series(_ title: String) -> ChartSeries {
    usda.first { $0.title == title }!
  }

  /// A series of `amounts` from `start` on, one a year; nil amounts are missing years.
  package static func series(
    _ title: String = "Test", unit: String? = "lb", start: Int64 = 2000, _ amounts: [Double?]
  ) -> ChartSeries {
    let points = amounts.enumerated().compactMap { offset, amount in
      amount.map { Observation(year: start + Int64(offset), amount: $0) }
    }
    return ChartSeries(title: title, unit: unit, dataset: "Test data", decimals: 1, points: points)
  }

  /// A made-up series of `years` years from `start`: a deterministic random walk, with a run of
  /// missing years every `gapEvery` years (none when nil) and a spike and a dip, so that long
  /// series are drawn as they would be, gaps and peaks included.
  package static func walk(
    _ title: String, unit: String? = "lb", start: Int64 = 1_000, years: Int, seed: UInt64,
    gapEvery: Int? = nil
  ) -> ChartSeries {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var amount = 100.0
    let amounts = (0..<years).map { offset -> Double? in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      amount = max(1, amount + Double(Int(state % 201) - 100) / 20)
      if let gapEvery, offset % gapEvery >= gapEvery - 1 - Int(state % 3) { return nil }
      if offset == years / 3 { return amount * 3 }
      return offset == years * 2 / 3 ? amount / 4 : amount
    }
    return series(title, unit: unit, start: start, amounts)
  }

  /// Two series whose dataset title, unit, title and source are far longer than a small image.
  package static let longTexts: [ChartSeries] = [
    ChartSeries(
      title: "Milk utilized on farms where produced, including milk fed to calves and consumed "
        + "by the farm household, all States combined",
      unit: "million pounds of milk equivalent, milkfat basis, seasonally adjusted at annual rates",
      dataset: "Milk production, disposition and income: annual summary of farm production, "
        + "marketings, on-farm use and cash receipts by State and region, 1970–current",
      source: "USDA National Agricultural Statistics Service, Milk Production, Disposition, and "
        + "Income Annual Summary; USDA Economic Research Service calculations & estimates",
      decimals: 1,
      points: [Observation(year: 2000, amount: 1), Observation(year: 2010, amount: 3)]),
    series("Other", unit: "million pounds of milk equivalent", [2, 3, 4]),
  ]

  /// The chart as one text, lines joined, for snapshots.
  package static func text(
    _ series: [ChartSeries], width: Int, height: Int, style: ChartStyle = ChartStyle(),
    color: Bool = false
  ) -> String {
    ChartRenderer.render(
      series, in: Viewport(width: width, height: height, color: color), style: style
    ).joined(separator: "\n") + "\n"
  }
}
