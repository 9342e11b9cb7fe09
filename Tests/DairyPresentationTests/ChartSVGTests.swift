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

  /// A title, unit, legend entry and source line longer than the image: the title wraps to two
  /// lines and ends in "…", the source likewise, a unit or an entry is shortened with "…"; none
  /// is estimated wider than the image (a browser checks the real widths: ChartBrowserTests).
  @Test func longTextsWrapOrShortenWithinTheWidth() {
    let svg = ChartSVG.render(ChartFixtures.longTexts, width: 480)
    #expect(Self.tagProblem(svg) == nil)
    let texts = svg.matches(of: /<text class="([a-z]+)" x="([0-9.]+)"[^>]*>([^<]*)<\/text>/)
      .map { (kind: String($0.1), x: Double($0.2)!, text: String($0.3)) }
    let titles = texts.filter { $0.kind == "title" }
    #expect(titles.count == 2 && titles[1].text.hasSuffix("…"))
    #expect(titles[0].text.hasPrefix("Milk production, disposition and income"))
    let sources = texts.filter { $0.kind == "source" }
    #expect(sources.count == 2 && sources[1].text.hasSuffix("…"))
    #expect(texts.first { $0.kind == "unit" }?.text.hasSuffix("…") == true)
    let legend = texts.filter { $0.kind == "legend" }
    #expect(legend.count == 2 && legend[0].text.hasSuffix(": 1.0 → 3.0"))
    #expect(legend[0].text.contains("…"))
    for text in texts where ["title", "unit", "legend", "source", "notes"].contains(text.kind) {
      let size = text.kind == "title" ? 18.0 : 12.0
      let width = SVGText.width(
        text.text.replacingOccurrences(of: "&amp;", with: "&"), size: size,
        bold: text.kind == "title")
      #expect(text.x + width <= 480 - ChartSVGLayout.margin + 0.5, "\(text)")
    }
  }

  @Test func svgTextWrapsAtWordsAndShortens() {
    #expect(SVGText.lines("one two three", width: 1_000, size: 12) == ["one two three"])
    let lines = SVGText.lines(
      "alpha beta gamma delta epsilon zeta eta theta", width: 90, size: 12, limit: 2)
    #expect(lines.count == 2 && lines[0] == "alpha beta" && lines[1].hasSuffix("…"))
    #expect(SVGText.width(lines[1], size: 12) <= 90)
    #expect(SVGText.shortened("short", width: 100, size: 12) == "short")
    #expect(SVGText.width("WWW", size: 12) > SVGText.width("iii", size: 12) * 2)
    #expect(SVGText.width("Title", size: 18, bold: true) > SVGText.width("Title", size: 18))
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

  /// Ticks are written as they read (`0.3`, never `0.30000000000000004`), and the range is the
  /// data's, rounded out to ticks; `--zero` takes it down to zero.
  @Test func jsonTicksHaveNoBinaryNoise() throws {
    let series = [ChartFixtures.series("Small", unit: "lb", [0.12, 0.31, 0.7])]
    let text = ChartJSON.render(series)
    #expect(text.contains(#""range":{"min":0.1,"max":0.7},"ticks":[0.1,0.2,0.3,0.4,0.5,0.6,0.7]"#))
    #expect(!text.contains("0000000"))
    let cows = [ChartFixtures.series("Milk per cow", unit: "pounds", [18_210, 23_149])]
    #expect(ChartJSON.render(cows).contains(#""range":{"min":18000.0,"max":24000.0}"#))
    #expect(
      ChartJSON.render(cows, style: ChartStyle(zero: true))
        .contains(#""range":{"min":0.0,"max":25000.0}"#))
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
