/// Where rendered lines go: a width in display columns, an optional height (for the sticky footer)
/// and whether colour is wanted.
///
/// ```swift
/// let viewport = Viewport(width: 80, height: 24)
/// ```
public struct Viewport: Sendable, Hashable {
  public var width: Int
  /// The number of lines the output should fill, with the footer on the last; nil for no padding.
  public var height: Int?
  public var color: Bool

  public init(width: Int, height: Int? = nil, color: Bool = false) {
    self.width = max(1, width)
    self.height = height
    self.color = color
  }
}

/// ANSI styles, applied only when the viewport wants colour.
public struct TextStyle: Sendable, Hashable {
  public var enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func reverse(_ text: String) -> String { wrap(text, "7") }
  func cyan(_ text: String) -> String { wrap(text, "36") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func red(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard enabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
  }
}
