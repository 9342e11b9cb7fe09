import DairyImport
import DairyModel

/// A single value, or an array's elements, written as they come: the one place a scalar becomes
/// JSON text.
package struct JSONValueContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  package let sink: JSONSink
  /// The level of the array (`isArray`), or of the container this single value sits in.
  package let level: Int
  package let isArray: Bool
  package private(set) var count = 0

  package init(sink: JSONSink, level: Int, isArray: Bool) {
    self.sink = sink
    self.level = level
    self.isArray = isArray
  }

  package var codingPath: [any CodingKey] { [] }

  /// Makes room for the next value: an array's next element; a single value is in place already.
  private mutating func next() {
    guard isArray else { return }
    sink.beginElement(in: level)
    count += 1
  }

  private mutating func scalar(_ text: String) {
    next()
    sink.write(text)
  }

  private mutating func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible) {
    scalar(value.isFinite ? value.description : "null")
  }

  package mutating func encodeNil() throws { scalar("null") }
  package mutating func encode(_ value: Bool) throws { scalar(value ? "true" : "false") }
  package mutating func encode(_ value: String) throws { scalar(JSONText.string(value)) }
  package mutating func encode(_ value: Double) throws { number(value) }
  package mutating func encode(_ value: Float) throws { number(value) }
  package mutating func encode(_ value: Int) throws { scalar(String(value)) }
  package mutating func encode(_ value: Int8) throws { scalar(String(value)) }
  package mutating func encode(_ value: Int16) throws { scalar(String(value)) }
  package mutating func encode(_ value: Int32) throws { scalar(String(value)) }
  package mutating func encode(_ value: Int64) throws { scalar(String(value)) }
  package mutating func encode(_ value: UInt) throws { scalar(String(value)) }
  package mutating func encode(_ value: UInt8) throws { scalar(String(value)) }
  package mutating func encode(_ value: UInt16) throws { scalar(String(value)) }
  package mutating func encode(_ value: UInt32) throws { scalar(String(value)) }
  package mutating func encode(_ value: UInt64) throws { scalar(String(value)) }

  package mutating func encode<T: Encodable>(_ value: T) throws {
    next()
    try sink.encode(value, in: level)
  }

  /// An optional: `null` when nil.
  package mutating func encode<T: Encodable>(_ value: T?) throws {
    if let value { try encode(value) } else { try encodeNil() }
  }

  package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    next()
    return KeyedEncodingContainer(
      JSONObjectContainer<NestedKey>(sink: sink, level: sink.openContainer(array: false)))
  }

  package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    next()
    return JSONValueContainer(sink: sink, level: sink.openContainer(array: true), isArray: true)
  }

  package mutating func superEncoder() -> any Encoder {
    next()
    return JSONValueEncoder(sink: sink, level: level)
  }
}
