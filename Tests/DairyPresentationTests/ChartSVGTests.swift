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

/// The SVG and JSON forms of a chart: structure, escaping, one path per run of years, and the
/// numbers JSON gives.
@Suite("Chart SVG and JSON")
struct ChartSVGTests {
  /// Element names open and closed in order; the first problem, or nil when the tags balance.
  static func tagProblem(_ svg: String) -> String? {
    var open: [String] = []
    let tags = try! NSRegularExpression(pattern: "<(/?)([A-Za-z]+)(?:\\s[^<>]*?)?(/?)>")
    for match in tags.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
      let part = { (index: Int) in String(svg[Range(match.range(at: index), in: svg)!]) }
      if part(3) == "/" { continue }
      if part(1) == "/" {
        guard open.popLast() == part(2) else { return "</\(part(2))> closes \(open)" }
      } else {
        open.append(part(2))
      }
    }
    return open.isEmpty ? nil : "unclosed \(open)"
  }

  static func count(_ text: String, in svg: String) -> Int {
    svg.components(separatedBy: text).count - 1
  }

  @Test func yogurtsAsAReportImage() {
    let svg = ChartSVG.render(ChartFixtures.matching("yogurt"))
    #expect(Self.tagProblem(svg) == nil)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.contains(">Dairy products: per capita consumption, United States</text>"))
    #expect(svg.contains(">Frozen yogurt, lb per person: 2.0 (1989) → 0.9</text>"))
    #expect(svg.contains(">Source: USDA Economic Research Service, Dairy Data (annual)</text>"))
    // One unbroken run each: frozen yogurt from 1989, yogurt from 1975
    #expect(Self.count("<path class=\"series\"", in: svg) == 2)
    for tick in ["0.0", "2.5", "15.0", "1975", "1990", "2022"] {
      #expect(svg.contains(">\(tick)</text>"), "\(tick)")
    }
    assertSnapshot(of: svg, as: .lines)
  }

  @Test func runsAndLonePoints() {
    let gappy = ChartFixtures.series("Gappy", [1, 2, nil, 4, 5, nil, 7, nil, 9, 10])
    let svg = ChartSVG.render([gappy])
    #expect(Self.count("<path class=\"series\"", in: svg) == 3)
    #expect(Self.count("<circle class=\"series\"", in: svg) == 1)
    let one = ChartSVG.render([ChartFixtures.series("One", [3])])
    #expect(Self.count("<path class=\"series\"", in: one) == 0)
    #expect(Self.count("<circle class=\"series\"", in: one) == 1)
  }

  @Test func panelsByUnit() {
    let svg = ChartSVG.render(ChartFixtures.usda)
    #expect(Self.tagProblem(svg) == nil)
    #expect(Self.count("<g class=\"panel\">", in: svg) == 2)
    #expect(Self.count("<text class=\"legend\"", in: svg) == 21)
    let indexed = ChartSVG.render(ChartFixtures.usda, style: ChartStyle(index: true))
    #expect(Self.count("<g class=\"panel\">", in: indexed) == 1)
  }

  @Test func hostileTextIsEscaped() {
    let hostile = ChartSeries(
      title: "</text><script>alert(1)</script> & \u{1B}[31m\u{FFFE}", unit: "\"lb\" 'per'",
      dataset: "<svg onload=alert(1)>", source: "a]]>b", notes: "\u{0}\u{202E}",
      points: [Observation(year: 2000, amount: 1), Observation(year: 2001, amount: 2)])
    let svg = ChartSVG.render([hostile])
    #expect(Self.tagProblem(svg) == nil)
    #expect(!svg.contains("<script") && !svg.contains("<svg onload"))
    #expect(
      svg.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; \\e[31m\\u{FFFE}"))
    #expect(svg.contains("&quot;lb&quot; &apos;per&apos;"))
    #expect(svg.contains("Notes: \\x00\\u{202E}"))
    #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  static func json(_ series: [ChartSeries], style: ChartStyle = ChartStyle()) throws -> [String:
    Any]
  {
    let data = Data(ChartJSON.render(series, style: style).utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func jsonGivesPointsAndAxes() throws {
    let json = try Self.json(ChartFixtures.usda)
    let panels = try #require(json["panels"] as? [[String: Any]])
    #expect(
      panels.map { $0["unit"] as? String } == ["lb per person", "lb milk equivalent per person"])
    #expect(panels[0]["ticks"] as? [Double] == [0, 50, 100, 150, 200, 250])
    #expect(panels[0]["range"] as? [String: Double] == ["min": 0, "max": 250])
    #expect((panels[1]["series"] as? [Int]) == [19, 20])
    #expect(json["years"] as? [String: Int] == ["from": 1975, "to": 2022])
    #expect(
      json["yearTicks"] as? [Int] == [1975, 1980, 1985, 1990, 1995, 2000, 2005, 2010, 2015, 2020])
    let series = try #require(json["series"] as? [[String: Any]])
    let frozen = try #require(series.first { $0["title"] as? String == "Frozen yogurt" })
    #expect((frozen["points"] as? [Any])?.count == 34)
    #expect(frozen["first"] as? [String: Double] == ["year": 1989, "amount": 2.0])
    #expect(frozen["mark"] as? String == "D" && frozen["problem"] is NSNull)
  }

  @Test func jsonInIndexMode() throws {
    let series = [ChartFixtures.series("Butter"), ChartFixtures.series("Zero", [0, 1])]
    let json = try Self.json(series, style: ChartStyle(index: true, years: 2000...2022))
    let lines = try #require(json["series"] as? [[String: Any]])
    let points = try #require(lines[0]["points"] as? [[String: Double]])
    #expect(points.first == ["year": 2000, "amount": 4.5, "index": 100])
    #expect(points.count == 23)
    #expect(lines[1]["problem"] as? String == "notIndexable")
    #expect((lines[1]["points"] as? [Any])?.isEmpty == true)
    let panels = try #require(json["panels"] as? [[String: Any]])
    #expect(panels.count == 1 && panels[0]["unit"] as? String == "index, first year in range = 100")
  }

  @Test func jsonKeepsHostileTextExactly() throws {
    let title = "Milk \"quoted\" \\ \u{1B}[31m\n\u{0}"
    let json = try Self.json([ChartFixtures.series(title, [1, 2])])
    let series = try #require(json["series"] as? [[String: Any]])
    #expect(series[0]["title"] as? String == title)
  }
}
