import DairyImport
import DairyModel

/// How wide a text is in the SVG, estimated without a browser: the advance widths of DejaVu Sans
/// (the first font the SVG asks for; Verdana's are close), so that a title, a legend entry or the
/// source line longer than the image is wrapped or shortened rather than clipped.
///
/// The estimate is a little wide on purpose (``safety``): characters outside ASCII count as a
/// capital M, and wide ones (CJK, emoji) as 1.25 em.
///
/// ```swift
/// SVGText.width("Butter", size: 12)  // ≈ 41 px
/// SVGText.lines("A long title …", width: 300, size: 18, bold: true, limit: 2)
/// // ["A long title that goes on", "and on and …"]
/// ```
package enum SVGText {
  /// The widths of ASCII 32–126 in thousandths of an em, DejaVu Sans Book.
  private static let regular: [Int] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
  ]
  /// The same, DejaVu Sans Bold.
  private static let bold: [Int] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
  ]

  /// The factor the estimate is widened by: fonts close to DejaVu Sans differ by a few percent.
  package static let safety = 1.05

  /// The width of `text` in pixels at `size` px.
  package static func width(_ text: String, size: Double, bold isBold: Bool = false) -> Double {
    let table = isBold ? bold : regular
    var thousandths = 0
    for character in text {
      if let ascii = character.asciiValue, (32...126).contains(ascii) {
        thousandths += table[Int(ascii) - 32]
      } else {
        thousandths += DisplayWidth.of(String(character)) > 1 ? 1_250 : 1_000
      }
    }
    return Double(thousandths) / 1_000 * size * safety
  }

  /// `text` cut at a word (or, failing one, a character) and ended with "…" so that it takes at
  /// most `width` px; the text itself when it fits.
  package static func shortened(
    _ text: String, width: Double, size: Double, bold: Bool = false
  ) -> String {
    guard Self.width(text, size: size, bold: bold) > width else { return text }
    var characters = Array(text)
    while !characters.isEmpty
      && Self.width(String(characters) + "…", size: size, bold: bold) > width
    {
      characters.removeLast()
    }
    var kept = String(characters)
    if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > 0,
      Double(kept.distance(from: kept.startIndex, to: space)) > Double(kept.count) * 0.6
    {
      kept = String(kept[..<space])
    }
    return kept.trimmingTrailingSpaces() + "…"
  }

  /// `text` in lines of at most `width` px, broken between words (a word longer than a line is
  /// cut), at most `limit` lines, the last shortened with "…" when text is left over.
  package static func lines(
    _ text: String, width: Double, size: Double, bold: Bool = false, limit: Int = .max
  ) -> [String] {
    var lines: [String] = []
    var current = ""
    var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    while !words.isEmpty {
      let word = words.removeFirst()
      let candidate = current.isEmpty ? word : current + " " + word
      if Self.width(candidate, size: size, bold: bold) <= width {
        current = candidate
        continue
      }
      if current.isEmpty {
        // A word wider than a line: as much of it as fits, the rest on the next line.
        var head = Array(word)
        var tail: [Character] = []
        while head.count > 1 && Self.width(String(head), size: size, bold: bold) > width {
          tail.insert(head.removeLast(), at: 0)
        }
        lines.append(String(head))
        if !tail.isEmpty { words.insert(String(tail), at: 0) }
      } else {
        lines.append(current)
        current = ""
        words.insert(word, at: 0)
      }
      if lines.count == limit {
        let rest = ([current] + words).filter { !$0.isEmpty }
        if !rest.isEmpty {
          lines[limit - 1] = shortened(
            lines[limit - 1] + " " + rest.joined(separator: " "), width: width, size: size,
            bold: bold)
        }
        return lines
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
