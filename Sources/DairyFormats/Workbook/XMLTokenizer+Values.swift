import DairyModel

extension XMLTokenizer {
  /// `bytes` as a string, or an error at the current token when they are not UTF-8.
  package func string(_ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw error("invalid UTF-8; a workbook part is UTF-8")
    }
    return text
  }

  /// The current start tag's attribute `name` as a string.
  package func attributeString(_ name: StaticString) throws -> String? {
    try attribute(name).map { try string($0) }
  }

  /// The current start tag's attribute `name` as a whole number (digits only).
  package func attributeInt(_ name: StaticString) throws -> Int? {
    guard let bytes = attribute(name) else { return nil }
    guard let value = Self.integer(bytes) else {
      throw error("attribute \(name) is \"\(Self.visible(bytes))\", not a whole number")
    }
    return value
  }

  /// Digits as a number of at most 9 digits; nil for anything else.
  package static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// Whether an `xsd:boolean` attribute is true (`1` or `true`).
  package func attributeIsTrue(_ name: StaticString) -> Bool {
    guard let bytes = attribute(name) else { return false }
    return bytes.elementsEqual("1".utf8) || bytes.elementsEqual("true".utf8)
  }
}
