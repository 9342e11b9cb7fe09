/// Where UTF-8 goes wrong in a run of bytes.
package enum UTF8Validation {
  /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or nil.
  package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    // Fast path over ASCII.
    while index < bytes.count && bytes[index] < 0x80 { index += 1 }
    if index == bytes.count { return nil }
    var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
    var decoder = UTF8()
    var offset = index
    while true {
      let before = offset
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return before
      }
    }
  }

  package static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidByte(in: $0) }
  }
}
