import DairyModel

// MARK: - Numbers as a formatted cell shows them

extension NumberParser {
  /// A field written as a spreadsheet's number format shows a number, saved as text by a CSV
  /// export: a currency sign (`$18.24`, `-$5`), a percent sign (`12.5%`, the number as shown),
  /// accounting parentheses for a negative (`(1,234)`, `($55)`), spaces between. The text inside
  /// is read as any other field (`1,234` by the column's commas, `style`). Nil when the field has
  /// none of these, or when what they hold is not a number (`(D)` is a missing marker, read by the
  /// plain reading).
  ///
  /// ```swift
  /// var style = CommaStyle.undecided
  /// NumberParser().shownAmount(Array("(1,234)".utf8), style: &style)  // .value(-1234, decimals: 0)
  /// ```
  package func shownAmount(_ bytes: [UInt8], style: inout CommaStyle) -> Amount? {
    bytes.withUnsafeBufferPointer { shownAmount($0, style: &style) }
  }

  /// Whether `field`'s ends look like a number format's (`(`, `$`, `-$`, `%`): the test that
  /// turns most text cells (numbers with commas, 10^6 of them in a report) away at once.
  @inline(__always)
  package static func looksShown(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
    var (start, end) = (0, field.count)
    while start < end && (field[start] == 0x20 || field[start] == 0x09) { start &+= 1 }
    while end > start && (field[end &- 1] == 0x20 || field[end &- 1] == 0x09) { end &-= 1 }
    guard start < end else { return false }
    let (head, tail) = (field[start], field[end &- 1])
    return head == 0x28 || head == 0x24 || tail == 0x25
      || ((head == 0x2D || head == 0x2B) && end &- start >= 2 && field[start &+ 1] == 0x24)
  }

  package func shownAmount(_ field: UnsafeBufferPointer<UInt8>, style: inout CommaStyle) -> Amount?
  {
    guard Self.looksShown(field) else { return nil }
    var text = Self.trimmed(field)
    var negative = false
    var decorated = false
    if text.count >= 2 && text[0] == 0x28 && text[text.count - 1] == 0x29 {  // ( … )
      text = Self.trimmed(UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)]))
      (negative, decorated) = (true, true)
    }
    if let last = text.last, last == 0x25 {  // …%
      text = Self.trimmed(UnsafeBufferPointer(rebasing: text[0..<(text.count - 1)]))
      decorated = true
    }
    // A sign, then the currency sign: `-$5`; or the currency sign first: `$-5`, `$ 5`.
    var sign: UInt8?
    if let first = text.first, first == 0x2D || first == 0x2B, text.count >= 2, text[1] == 0x24 {
      sign = first
      text = UnsafeBufferPointer(rebasing: text[1...])
    }
    if let first = text.first, first == 0x24 {  // $…
      text = Self.trimmed(UnsafeBufferPointer(rebasing: text[1...]))
      decorated = true
    }
    guard decorated, !text.isEmpty, text.first != 0x28 else { return nil }
    if negative && (text.first == 0x2D || text.first == 0x2B || sign != nil) { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count + 1) { copy in
      var count = 0
      if let sign {
        copy[0] = sign
        count = 1
      }
      for byte in text {
        copy[count] = byte
        count += 1
      }
      let inner = UnsafeBufferPointer(rebasing: copy[0..<count])
      let read: Amount
      switch Self.scan(inner) {
      case .number(let value, let decimals) where value.isFinite:
        read = .value(value, decimals: decimals)
      case .number, .notANumber:
        guard let withCommas = commaAmount(inner, style: &style) else { return nil }
        read = withCommas
      }
      guard case .value(let value, let decimals) = read else { return nil }
      return .value(negative ? -value : value, decimals: decimals)
    }
  }
}
