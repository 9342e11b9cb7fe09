import DairyModel

/// How a cell style places its text across the cell (`<alignment horizontal="…">` in a style of
/// `<cellXfs>`): what tells a caption centred over the columns it heads from one that starts them.
///
/// ```swift
/// HorizontalAlignment(attribute: Array("centerContinuous".utf8))  // .centreAcrossSelection
/// HorizontalAlignment(attribute: Array("left".utf8))  // .left
/// ```
package enum HorizontalAlignment: UInt8, Hashable, Sendable {
  /// No alignment of its own: text starts at the left, numbers end at the right.
  case general = 0
  case left, centre, right
  /// "Centre across selection": the text is centred over this cell and the empty cells after it
  /// whose style says the same.
  case centreAcrossSelection
  /// `fill`, `justify`, `distributed`: text spread over the cell; read as starting at the left.
  case other

  /// The alignment an attribute value names; `general` for an unknown one.
  package init(attribute text: some Collection<UInt8>) {
    switch String(decoding: text, as: UTF8.self) {
    case "left": self = .left
    case "center": self = .centre
    case "right": self = .right
    case "centerContinuous": self = .centreAcrossSelection
    case "fill", "justify", "distributed": self = .other
    default: self = .general
    }
  }

  /// Whether a caption with this alignment is centred over the columns it heads.
  package var isCentred: Bool { self == .centre || self == .centreAcrossSelection }
}
