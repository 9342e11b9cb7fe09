import DairyFormats
import DairyModel

/// Text compared and hashed by its UTF-8 bytes, as SQLite compares it.
///
/// Swift's `String` equality is canonical equivalence: `"é"` (one scalar) equals `"e\u{301}"`
/// (two). Keys and dataset names are stored and looked up byte for byte, so the import's own
/// indexes must tell them apart too, or two different series would be merged into one.
///
/// ```swift
/// ExactText("é") == ExactText("e\u{301}")  // false
/// ```
package struct ExactText: Hashable, Sendable {
  package let text: String

  package init(_ text: String) {
    self.text = text
  }

  package static func == (left: ExactText, right: ExactText) -> Bool {
    left.text.utf8.elementsEqual(right.text.utf8)
  }

  package func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
