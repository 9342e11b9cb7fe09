import DairyImport
import DairyModel

/// The `?` overlay: the keys, in a box drawn over the middle of the content. Any key closes it.
///
/// It lists the lines of ``BrowseKeyBindings`` marked for it, as many as fit.
///
/// ```swift
/// HelpOverlay.lines(width: 80, height: 22)[1]
/// // "             │ j k ↓ ↑        one line down, up                  │"
/// ```
package enum HelpOverlay {
  package static let keys = BrowseKeyBindings.lines.filter(\.inOverlay).map {
    ($0.keys, $0.meaning)
  }

  /// The box's lines, each centred in `width`; as many keys as fit in `height` lines.
  package static func lines(width: Int, height: Int) -> [String] {
    let keyWidth = keys.map { DisplayWidth.of($0.0) }.max()!
    let rows = keys.prefix(max(0, height - 3)).map { key, meaning in
      DisplayWidth.padRight(key, to: keyWidth) + "  " + meaning
    }
    let inner = min(width - 4, (rows.map(DisplayWidth.of).max() ?? 0))
    guard inner > 0 else { return [] }
    let title = DisplayWidth.truncate("─ Keys · any key closes ", to: inner + 2)
    var box = [
      "┌" + title + String(repeating: "─", count: inner + 2 - DisplayWidth.of(title)) + "┐"
    ]
    for row in rows {
      box.append(
        "│ " + DisplayWidth.padRight(DisplayWidth.truncate(row, to: inner), to: inner) + " │")
    }
    box.append("└" + String(repeating: "─", count: inner + 2) + "┘")
    return box.map { Backdrop.centred($0, width: width) }
  }
}
