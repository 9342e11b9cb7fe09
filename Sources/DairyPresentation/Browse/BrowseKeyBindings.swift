import DairyImport
import DairyModel

/// The browse screen's keys, declared once: the key handler looks actions up here, and the `?`
/// overlay, `dairy browse --help` and the key table of docs/commands/browse.md are written from here
/// (`BrowseKeyBindingsTests` holds docs/commands/browse.md to it).
///
/// ```swift
/// BrowseKeyBindings.action(for: .character("j"), in: .browsing)  // .lineDown
/// BrowseKeyBindings.action(for: .character("j"), in: .searching)  // nil: it types a "j"
/// ```
package enum BrowseKeyBindings {
  /// What the screen is doing, which decides what a key does.
  package struct Modes: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Scrolling the sections.
    package static let browsing = Modes(rawValue: 1)
    /// Typing in the search line: a character without a binding there types itself.
    package static let searching = Modes(rawValue: 2)
    /// The `?` overlay is open: a key without a binding there closes it.
    package static let helpShown = Modes(rawValue: 4)
    /// Browsing with the chart pane open: a key without a binding here does what it does when
    /// browsing.
    package static let charting = Modes(rawValue: 8)
  }

  /// One key and what it does, in which modes.
  package struct Binding: Sendable, Hashable {
    package var key: BrowseKey
    package var action: BrowseAction
    package var modes: Modes

    package init(_ key: BrowseKey, _ action: BrowseAction, _ modes: Modes = .browsing) {
      self.key = key
      self.action = action
      self.modes = modes
    }
  }

  /// A line of the key table: keys that go together, in the order the help lists them, and what
  /// they do in a few words.
  package struct Line: Sendable, Hashable {
    package var bindings: [Binding]
    package var meaning: String
    /// Shown in the `?` overlay, which keeps to the keys used most; every line is in
    /// `--help` and docs/commands/browse.md.
    package var inOverlay: Bool

    /// The keys as the help writes them: `j k ↓ ↑`.
    package var keys: String {
      var names: [String] = []
      for binding in bindings where !names.contains(binding.key.name) {
        names.append(binding.key.name)
      }
      return names.joined(separator: " ")
    }
  }

  /// What `key` does in `mode`, or nil.
  package static func action(for key: BrowseKey, in mode: Modes) -> BrowseAction? {
    let action = actions[mode]?[key]
    return mode == .charting ? action ?? actions[.browsing]?[key] : action
  }

  /// The lookup tables, one a mode, made once.
  private static let actions: [Modes: [BrowseKey: BrowseAction]] = {
    var tables: [Modes: [BrowseKey: BrowseAction]] = [:]
    for mode in [Modes.browsing, .searching, .helpShown, .charting] {
      for line in lines {
        for binding in line.bindings where binding.modes.contains(mode) {
          tables[mode, default: [:]][binding.key] = binding.action
        }
      }
    }
    return tables
  }()
}
