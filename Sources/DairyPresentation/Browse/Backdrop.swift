import DairyImport
import DairyModel

/// What lies behind the content: a small cow that peeks out under the footer when the content is
/// pulled past its end, and the empty-state picture with a caption when there are few rows or none.
///
/// ```swift
/// Backdrop.peek(height: 3, width: 40)  // the cow's top three lines, centred
/// ```
package enum Backdrop {
  package static let cow = [
    #"        (__)"#,
    #"        (oo)"#,
    #"  /------\/ "#,
    #" / |    ||  "#,
    #"*  /\---/\  "#,
    #"   ~~   ~~  "#,
  ]

  /// The cow's first `height` lines, centred in `width` columns: it peeks out as the content moves
  /// up, ears first.
  package static func peek(height: Int, width: Int) -> [String] {
    (0..<height).map { index in index < cow.count ? centred(cow[index], width: width) : "" }
  }

  /// The empty-state picture for `height` lines: the cow and a caption centred in the space, or
  /// just the caption when the cow does not fit, or nothing.
  package static func emptyState(caption: [String], height: Int, width: Int) -> [String] {
    var picture = cow.map { centred($0, width: width) }
    if !caption.isEmpty { picture += [""] + caption.map { centred($0, width: width) } }
    if picture.count > height {
      picture = caption.count <= height ? caption.map { centred($0, width: width) } : []
    }
    let above = (height - picture.count) / 2
    let below = height - picture.count - above
    return Array(repeating: "", count: above) + picture + Array(repeating: "", count: below)
  }

  package static func centred(_ text: String, width: Int) -> String {
    let shown = DisplayWidth.truncate(text, to: width)
    let pad = (width - DisplayWidth.of(shown)) / 2
    return String(repeating: " ", count: max(0, pad)) + shown
  }
}
