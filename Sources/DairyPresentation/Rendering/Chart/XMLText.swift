import DairyImport
import DairyModel

/// Text made safe for XML (SVG): control characters shown as visible escapes first (XML 1.0
/// cannot hold most of them at all, even as references), then `&`, `<`, `>` and quotes as
/// entities, and the two non-characters XML forbids spelled out.
///
/// ```swift
/// XMLText.escaped("Milk & <cream>")  // "Milk &amp; &lt;cream&gt;"
/// ```
package enum XMLText {
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in TextEscaping.visible(text).unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\u{FFFE}", "\u{FFFF}":
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A coordinate with at most two decimals.
  package static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    guard rounded.isFinite else { return "0" }
    if rounded == rounded.rounded() && rounded.magnitude < 1e15 { return String(Int(rounded)) }
    return rounded.description
  }
}
