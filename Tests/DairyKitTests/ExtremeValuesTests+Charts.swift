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

/// The chart renderers over the same extreme values: the terminal chart fills its viewport
/// exactly at every size and style, the SVG and JSON hold no NaN or infinity, the JSON parses.
@Suite("Extreme values in charts")
struct ExtremeValuesChartTests {
  static let styles: [ChartStyle] = [
    ChartStyle(), ChartStyle(marks: .ascii), ChartStyle(index: true),
    ChartStyle(years: -(1 << 53)...(1 << 53)), ChartStyle(years: 1990...1991),
    ChartStyle(index: true, years: 0...3),
  ]

  static let sizes = [(1, 1), (19, 6), (20, 7), (33, 11), (80, 24), (200, 60)]

  @Test(arguments: ExtremeValuesTests.seeds)
  func terminalChartsFillTheirViewport(seed: UInt64) throws {
    let all = try ExtremeValues.chartSeries(try ExtremeValues.database(seed: seed))
    // Each series alone, and all of them (many panels: one a unit), in every style
    for series in all.map({ [$0] }) + [all] {
      for style in Self.styles {
        for (width, height) in Self.sizes {
          let lines = ChartRenderer.render(
            series, in: Viewport(width: width, height: height), style: style)
          #expect(lines.count == height, "\(series.map(\.title)) \(style) \(width)×\(height)")
          for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(series.map(\.title)) \(style): \(line)")
            #expect(!line.contains("nan") && !line.contains("inf"), "\(line)")
          }
        }
      }
    }
  }

  @Test(arguments: ExtremeValuesTests.seeds)
  func svgAndJSONHoldOnlyNumbers(seed: UInt64) throws {
    let all = try ExtremeValues.chartSeries(try ExtremeValues.database(seed: seed))
    for series in all.map({ [$0] }) + [all] {
      for style in Self.styles {
        for (width, height) in [(0, 0), (320, 120), (800, 480), (4000, 3000)] {
          let svg = ChartSVG.render(series, width: width, height: height, style: style)
          #expect(svg.hasSuffix("</svg>\n"), "\(series.map(\.title)) \(style)")
          #expect(!svg.contains("nan") && !svg.contains("inf"), "\(series.map(\.title)) \(style)")
        }
        let json = ChartJSON.render(series, style: style)
        #expect(
          (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil,
          "\(series.map(\.title)) \(style)")
      }
    }
  }

  @Test func theLargestTerminalChartIsDrawnAtItsSize() throws {
    // A chart as large as a viewport may be, and one asked larger (drawn at the largest)
    let all = try ExtremeValues.chartSeries(try ExtremeValues.database(seed: 0))
    for size in [1000, 5000] {
      let lines = ChartRenderer.render(all, in: Viewport(width: size, height: size))
      #expect(lines.count == 1000)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= 1000 })
    }
  }
}
