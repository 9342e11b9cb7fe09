import DairyImport
import DairyModel

extension BrowseKeyBindings {
  /// Every key of the browse screen: the keys of `less` and VisiData.
  package static let lines: [Line] = [
    Line(
      bindings: [
        Binding(.character("j"), .lineDown), Binding(.character("k"), .lineUp),
        Binding(.down, .lineDown, [.browsing, .searching]),
        Binding(.up, .lineUp, [.browsing, .searching]),
      ], meaning: "one line down, up", inOverlay: true),
    Line(
      bindings: [Binding(.character(" "), .screenDown), Binding(.character("b"), .screenUp)],
      meaning: "one screen down, up", inOverlay: true),
    Line(
      bindings: [
        Binding(.pageDown, .screenDown, [.browsing, .searching]),
        Binding(.pageUp, .screenUp, [.browsing, .searching]),
      ], meaning: "one screen down, up", inOverlay: true),
    Line(
      bindings: [Binding(.control("d"), .halfScreenDown), Binding(.control("u"), .halfScreenUp)],
      meaning: "half a screen", inOverlay: true),
    Line(
      bindings: [
        Binding(.character("g"), .top), Binding(.character("G"), .bottom),
        Binding(.home, .top), Binding(.end, .bottom),
      ], meaning: "top, end (loads the rest)", inOverlay: true),
    Line(
      bindings: [
        Binding(.wheelDown, .wheelDown, [.browsing, .searching]),
        Binding(.wheelUp, .wheelUp, [.browsing, .searching]),
      ], meaning: "three lines", inOverlay: true),
    Line(
      bindings: [Binding(.character("/"), .openSearch)],
      meaning: "search titles as you type", inOverlay: true),
    Line(
      bindings: [
        Binding(.enter, .keepSearch, .searching), Binding(.escape, .clearSearch, .searching),
      ],
      meaning: "keep, clear the search", inOverlay: true),
    Line(
      bindings: [Binding(.character("r"), .retry)],
      meaning: "retry a failed load", inOverlay: true),
    Line(
      bindings: [Binding(.character("h"), .widenRange)], meaning: "show earlier years",
      inOverlay: true),
    Line(
      bindings: [
        Binding(.character("c"), .toggleChart, [.browsing, .charting]),
        Binding(.character("C"), .chartSearch, [.browsing, .charting]),
      ], meaning: "chart section, all found", inOverlay: true),
    Line(
      bindings: [Binding(.escape, .closeChart, .charting), Binding(.escape, .back)],
      meaning: "close chart, clear search, or quit", inOverlay: true),
    Line(
      bindings: [Binding(.character("d"), .toggleChange)],
      meaning: "change from previous year", inOverlay: true),
    Line(bindings: [Binding(.control("l"), .redraw)], meaning: "redraw", inOverlay: true),
    Line(
      bindings: [
        Binding(.character("q"), .quit),
        Binding(.control("c"), .quit, [.browsing, .searching, .helpShown]),
      ], meaning: "quit", inOverlay: true),
    Line(
      bindings: [Binding(.character("?"), .showHelp)],
      meaning: "these keys; any key closes them", inOverlay: false),
    Line(
      bindings: [Binding(.control("z"), .suspend)],
      meaning: "suspend, as in a shell (fg comes back)", inOverlay: false),
    Line(
      bindings: [
        Binding(.backspace, .deleteBackward, .searching),
        Binding(.control("u"), .clearSearchText, .searching),
      ], meaning: "in the search line: delete a character, all the text", inOverlay: false),
    Line(
      bindings: [
        Binding(.enter, .lineDown), Binding(.control("f"), .screenDown),
        Binding(.control("b"), .screenUp),
      ], meaning: "like j, space and b (as in less)", inOverlay: false),
  ]
}
