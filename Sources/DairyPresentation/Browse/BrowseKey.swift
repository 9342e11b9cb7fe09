import DairyImport
import DairyModel

/// A key press (or wheel turn) as the browse screen takes it: the screen's own type, which the
/// terminal layer's ``KeyDecoder`` makes from the bytes a terminal sends. The screen knows no
/// terminal type.
///
/// ```swift
/// state.handle(.key(.character("j")))  // one line down
/// BrowseKey.control("d").name          // "Ctrl-D"
/// ```
package enum BrowseKey: Sendable, Hashable {
  case character(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab
  /// Ctrl plus a letter, lowercased (`.control("c")` is Ctrl-C).
  case control(Character)
  case wheelUp, wheelDown

  /// How the help writes the key: `j`, `space`, `↓`, `PgDn`, `Ctrl-D`, `wheel`.
  package var name: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .tab: "Tab"
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .wheelUp, .wheelDown: "wheel"
    }
  }
}
