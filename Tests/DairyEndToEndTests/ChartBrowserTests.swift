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

/// Headless Chromium, to see an SVG chart as a browser draws it.
enum Chromium {
  static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// In CI the test must run (`.ci/run` installs chromium); elsewhere it is skipped without it.
  static let isUsable = path != nil || ProcessInfo.processInfo.environment["CI"] != nil

  /// Runs Chromium headless on `file` with `options`, and returns what it printed on standard
  /// output. Generous time: a loaded machine can take many seconds to start a browser.
  static func run(_ options: [String], file: URL, folder: URL) throws -> String {
    let chromium = try #require(path, "chromium is not installed (apt-get install chromium)")
    let output = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
        "--force-device-scale-factor=1", "--user-data-dir=\(folder.path)/profile",
      ] + options + [file.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(180)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      Issue.record("chromium took more than 180 s")
    }
    return try String(contentsOf: output, encoding: .utf8)
  }
}

/// The SVG chart opened in a real browser: its screenshot shows the lines in the plot area, and
/// its DOM holds the legend.
@Suite(
  "SVG chart in a browser", .tags(.endToEnd), .serialized,
  .enabled(if: Chromium.isUsable, "needs chromium (apt-get install chromium; CI installs it)"),
  .enabled(if: PNGRegion.python != nil, "needs python3"))
struct ChartBrowserTests {
  static let series = ChartFixtures.matching("yogurt")

  @Test func screenshotShowsEachLineInThePlotArea() throws {
    // Given the yogurt chart as an SVG file
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("yogurt.svg")
    try ChartSVG.render(Self.series).write(to: svg, atomically: true, encoding: .utf8)
    let chart = Chart(series: Self.series, style: ChartStyle())
    let layout = ChartSVGLayout(chart: chart, legendRows: 2, width: 800, height: 480)
    // When Chromium takes a screenshot of it at its own size
    let png = folder.appendingPathComponent("yogurt.png")
    _ = try Chromium.run(
      ["--screenshot=\(png.path)", "--window-size=\(Int(layout.width)),\(Int(layout.height))"],
      file: svg, folder: folder)
    // Then the plot area holds both lines' colours, and the area left of it none
    let panel = layout.panels[0]
    let plot = PNGRegion(
      x: Int(layout.plotLeft) + 2, y: Int(panel.top), width: Int(layout.plotWidth) - 2,
      height: Int(panel.height))
    let colors = chart.lines.map { ChartPalette.color($0.number).hex }
    let inside = try plot.count(colors, in: png)
    #expect(inside.width == Int(layout.width) && inside.height == Int(layout.height))
    for color in colors {
      #expect((inside.counts[color] ?? 0) > 200, "\(color): \(inside.counts)")
    }
    #expect(inside.nonWhite > 500)
    let margin = PNGRegion(x: 0, y: Int(panel.top), width: 12, height: Int(panel.height))
    #expect(try margin.count(colors, in: png).nonWhite == 0)
  }

  /// Long texts as a browser lays them out: the title wraps to two lines ending in "…", and no
  /// text (title, unit, legend, source, tick or year) reaches past the image's edges.
  @Test(arguments: [480, 800])
  func longTextsStayInsideTheImage(width: Int) throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = ChartSVG.render(ChartFixtures.longTexts, width: width)
    let measured = try SVGTextBoxes.measure(svg, folder: folder)
    #expect(measured.width == Double(width))
    let titles = measured.boxes.filter { $0.kind == "title" }
    #expect(titles.count == 2 && titles[1].text.hasSuffix("…"))
    #expect(measured.boxes.count > 10)
    for box in measured.boxes {
      #expect(box.left >= 0 && box.right <= measured.width, "\(box.kind): \(box.text) \(box)")
      #expect(box.top >= 0 && box.bottom <= measured.height, "\(box.kind): \(box.text) \(box)")
    }
  }

  @Test func domHoldsTheLegendAndParsedAsSVG() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("yogurt.svg")
    let hostile = ChartFixtures.series("Curds & <whey> \u{1B}[31m", [1, 2, 3])
    try ChartSVG.render(Self.series + [hostile]).write(to: svg, atomically: true, encoding: .utf8)
    let dom = try Chromium.run(["--dump-dom"], file: svg, folder: folder)
    #expect(dom.contains("Frozen yogurt, lb per person: 2.0 (1989) → 0.9"), "\(dom.prefix(500))")
    #expect(dom.contains("Yogurt (other than frozen), lb per person: 2.0 → 13.9"))
    #expect(dom.contains("Curds &amp; &lt;whey&gt; \\e[31m, lb"))
    #expect(!dom.contains("parsererror") && !dom.contains("error on line"))
  }
}

/// Every text of an SVG chart as Chromium lays it out: a page holds the SVG inline and a script
/// that writes each `<text>`'s bounding box (`getBBox`) into the page, which `--dump-dom` prints.
struct SVGTextBoxes: Decodable {
  struct Box: Decodable {
    var kind: String
    var text: String
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
  }

  var width: Double
  var height: Double
  var boxes: [Box]

  static func measure(_ svg: String, folder: URL) throws -> SVGTextBoxes {
    let inline = svg.replacingOccurrences(
      of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
    let page = """
      <!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">
      \(inline)<pre id="boxes"></pre>
      <script>
      const svg = document.querySelector('svg');
      const view = svg.viewBox.baseVal;
      const boxes = [...svg.querySelectorAll('text')].map(t => {
        const b = t.getBBox();
        return {kind: t.getAttribute('class'), text: t.textContent,
                left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height};
      });
      document.getElementById('boxes').textContent =
        JSON.stringify({width: view.width, height: view.height, boxes: boxes});
      </script></body></html>
      """
    let file = folder.appendingPathComponent("chart.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let dom = try Chromium.run(
      ["--dump-dom", "--virtual-time-budget=3000"], file: file, folder: folder)
    let start = try #require(dom.range(of: "<pre id=\"boxes\">"), "\(dom.suffix(300))")
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let json = String(dom[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode(SVGTextBoxes.self, from: Data(json.utf8))
  }
}

/// A rectangle of a PNG file, whose pixels python3 counts (zlib and the PNG filters, standard
/// library only): those close to each of some colours, and those not white.
struct PNGRegion {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  struct Counts: Decodable {
    var width: Int
    var height: Int
    var nonWhite: Int
    var counts: [String: Int]
  }

  func count(_ colors: [String], in png: URL) throws -> Counts {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.python))
    process.arguments =
      ["-c", Self.script, png.path, "\(x)", "\(y)", "\(width)", "\(height)"] + colors
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return try JSONDecoder().decode(Counts.self, from: data)
  }

  static let script = """
    import json, struct, sys, zlib
    path, x0, y0, w, h, *colors = sys.argv[1:]
    x0, y0, w, h = int(x0), int(y0), int(w), int(h)
    data = open(path, 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
    pos, idat, header = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
        if kind == b'IDAT': idat += body
        pos += 12 + length
    width, height, depth, ctype = header[:4]
    assert depth == 8 and ctype in (2, 6), 'unexpected PNG format'
    bpp = 4 if ctype == 6 else 3
    raw, stride, rows, prev, i = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for k in range(stride):
            a = line[k - bpp] if k >= bpp else 0
            b, c = prev[k], prev[k - bpp] if k >= bpp else 0
            if f == 1: line[k] = (line[k] + a) & 255
            elif f == 2: line[k] = (line[k] + b) & 255
            elif f == 3: line[k] = (line[k] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[k] = (line[k] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    targets = {c: tuple(int(c[j:j + 2], 16) for j in (1, 3, 5)) for c in colors}
    counts, nonwhite = {c: 0 for c in colors}, 0
    for y in range(max(0, y0), min(height, y0 + h)):
        for x in range(max(0, x0), min(width, x0 + w)):
            r, g, b = rows[y][x * bpp:x * bpp + 3]
            if min(r, g, b) < 235: nonwhite += 1
            for c, (tr, tg, tb) in targets.items():
                if abs(r - tr) + abs(g - tg) + abs(b - tb) < 60: counts[c] += 1
    print(json.dumps({'width': width, 'height': height, 'nonWhite': nonwhite, 'counts': counts}))
    """
}
