extension TextEscaping {
  /// `text` with its line breaks kept and every other control character shown escaped: for text
  /// that is several lines by design (ArgumentParser's usage), on its way to standard error.
  ///
  /// ```swift
  /// TextEscaping.visibleLines("Error: \u{1B}[2J\nUsage: dairy")  // "Error: \\e[2J\nUsage: dairy"
  /// ```
  package static func visibleLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else {
      return text
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { visible(String($0)) }.joined(separator: "\n")
  }
}
