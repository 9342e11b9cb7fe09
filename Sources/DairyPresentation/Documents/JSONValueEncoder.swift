import DairyImport
import DairyModel

/// The `Encoder` a value is handed by ``JSONOutput``: its containers write straight to the
/// ``JSONSink``, at the level of the container the value sits in.
package struct JSONValueEncoder: Encoder {
  package let sink: JSONSink
  /// The level of the container the value is an element of; -1 for the document itself.
  package let level: Int

  package var codingPath: [any CodingKey] { [] }
  package var userInfo: [CodingUserInfoKey: Any] { [:] }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(JSONObjectContainer(sink: sink, level: sink.openContainer(array: false)))
  }

  package func unkeyedContainer() -> any UnkeyedEncodingContainer {
    JSONValueContainer(sink: sink, level: sink.openContainer(array: true), isArray: true)
  }

  package func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONValueContainer(sink: sink, level: level, isArray: false)
  }
}

/// An object's keys and values, written as they come.
package struct JSONObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  package let sink: JSONSink
  package let level: Int

  package var codingPath: [any CodingKey] { [] }

  /// Begins the element for `key`, writes the key, and lets `write` write its value.
  private func value(_ key: Key, _ write: (inout JSONValueContainer) throws -> Void) rethrows {
    sink.beginElement(in: level)
    sink.key(key.stringValue)
    var container = JSONValueContainer(sink: sink, level: level, isArray: false)
    try write(&container)
  }

  package mutating func encodeNil(forKey key: Key) throws { try value(key) { try $0.encodeNil() } }
  package mutating func encode(_ v: Bool, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: String, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Double, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Float, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Int, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Int8, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Int16, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Int32, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: Int64, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: UInt, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: UInt8, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: UInt16, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: UInt32, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode(_ v: UInt64, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encode<T: Encodable>(_ v: T, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }

  // Synthesized `encode(to:)` leaves out a nil optional through these; dairy writes `null`.
  package mutating func encodeIfPresent(_ v: Bool?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: String?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Double?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Float?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Int?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Int8?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Int16?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Int32?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: Int64?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: UInt?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: UInt8?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: UInt16?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: UInt32?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent(_ v: UInt64?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }
  package mutating func encodeIfPresent<T: Encodable>(_ v: T?, forKey key: Key) throws {
    try value(key) { try $0.encode(v) }
  }

  package mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    value(key) { _ in }
    return KeyedEncodingContainer(
      JSONObjectContainer<NestedKey>(sink: sink, level: sink.openContainer(array: false)))
  }

  package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    value(key) { _ in }
    return JSONValueContainer(sink: sink, level: sink.openContainer(array: true), isArray: true)
  }

  package mutating func superEncoder() -> any Encoder {
    value(Key(stringValue: "super")!) { _ in }
    return JSONValueEncoder(sink: sink, level: level)
  }

  package mutating func superEncoder(forKey key: Key) -> any Encoder {
    value(key) { _ in }
    return JSONValueEncoder(sink: sink, level: level)
  }
}
