import DairyModel

/// The shared-strings part (`xl/sharedStrings.xml`): the text of every `t="s"` cell, by index.
///
/// Held in memory for the whole read, so bounded by ``WorkbookLimits/maxSharedStrings`` and
/// ``WorkbookLimits/maxSharedStringsBytes``. Rich text is its runs' text concatenated; phonetic
/// runs are left out. The part's `count` and `uniqueCount` are not trusted: strings are counted.
package struct SharedStrings {
  package var strings: [String] = []

  package static func parse(_ tokenizer: inout XMLTokenizer, limits: WorkbookLimits) throws
    -> SharedStrings
  {
    var table = SharedStrings()
    var text = RichText()
    var inItem = false
    while true {
      let event = try tokenizer.next()
      switch event {
      case .start where tokenizer.depth == 2 && tokenizer.nameIs("si"):
        guard table.strings.count < limits.maxSharedStrings else {
          throw tokenizer.error(
            "more than \(limits.maxSharedStrings) shared strings, the limit for a workbook")
        }
        text.begin(&tokenizer)
        inItem = true
      case .end where inItem && tokenizer.depth == 1:
        guard let string = text.string else {
          throw tokenizer.malformed("invalid UTF-8; a workbook part is UTF-8", at: text.offset)
        }
        table.strings.append(string)
        inItem = false
      case .endOfDocument:
        return table
      default:
        if inItem { text.handle(event, &tokenizer) }
      }
    }
  }
}
