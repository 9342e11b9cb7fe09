import DairyImport
import DairyModel

/// Places a footer under content: on the viewport's last line when the content is shorter than the
/// viewport (a sticky footer), right after the content when it is longer.
///
/// ```swift
/// StickyFooterLayout.arrange(content: ["a"], footer: ["end"], height: 4)  // ["a", "", "", "end"]
/// StickyFooterLayout.arrange(content: ["a"], footer: ["end"], height: nil)  // ["a", "end"]
/// ```
package enum StickyFooterLayout {
  package static func arrange(content: [String], footer: [String], height: Int?) -> [String] {
    guard let height, content.count + footer.count < height else { return content + footer }
    return content + Array(repeating: "", count: height - content.count - footer.count) + footer
  }
}
