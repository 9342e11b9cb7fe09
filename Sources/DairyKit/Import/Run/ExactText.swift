/// Text compared and hashed by its UTF-8 bytes, as SQLite compares it.
///
/// Swift's `String` equality is canonical equivalence: `"é"` (one scalar) equals `"e\u{301}"`
/// (two). Keys and dataset names are stored and looked up byte for byte, so the import's own
/// indexes must tell them apart too, or two different series would be merged into one.
///
/// ```swift
/// ExactText("é") == ExactText("e\u{301}")  // false
/// ```
struct ExactText: Hashable, Sendable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (left: ExactText, right: ExactText) -> Bool {
    left.text.utf8.elementsEqual(right.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
