/// Thousands separators that do not depend on the machine's locale, so output is the same
/// everywhere.
///
/// ```swift
/// Grouping.digits(1234567)  // "1,234,567"
/// ```
package enum Grouping {
  /// `value` with a comma between each group of three digits.
  package static func digits(_ value: Int) -> String {
    group(String(value.magnitude), negative: value < 0)
  }

  /// Groups the integer digits of an already formatted decimal ("-1234.5" → "-1,234.5").
  package static func decimal(_ text: String) -> String {
    var body = Substring(text)
    let negative = body.hasPrefix("-")
    if negative { body = body.dropFirst() }
    guard let dot = body.firstIndex(of: ".") else { return group(String(body), negative: negative) }
    return group(String(body[..<dot]), negative: negative) + body[dot...]
  }

  private static func group(_ digits: String, negative: Bool) -> String {
    guard digits.count > 3, digits.allSatisfy(\.isNumber) else {
      return (negative ? "-" : "") + digits
    }
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return (negative ? "-" : "") + out
  }
}
