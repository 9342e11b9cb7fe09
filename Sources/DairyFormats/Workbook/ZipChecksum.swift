import DairyModel

/// The CRC-32 checksum of ZIP entries (IEEE 802.3, reflected polynomial 0xEDB88320), eight
/// bytes a step ("slicing-by-8"): ZIPFoundation's own, a byte a step, took a seventh of a large
/// sheet's reading time.
///
/// ```swift
/// var crc = ZipChecksum()
/// Array("123456789".utf8).withUnsafeBytes { crc.update($0) }
/// crc.value  // 0xCBF43926
/// ```
package struct ZipChecksum {
  package private(set) var value: UInt32 = 0

  package init() {}

  /// Eight tables of 256 entries: table k gives the CRC of a byte followed by k zero bytes.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      tables[byte] = crc
    }
    for byte in 0..<256 {
      for table in 1..<8 {
        let previous = tables[(table - 1) * 256 + byte]
        tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = ~value
    var index = 0
    let count = bytes.count
    Self.tables.withUnsafeBufferPointer { t in
      while index + 8 <= count {
        let low = crc ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
        let high = bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
        crc =
          t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
          ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = (crc >> 8) ^ t[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
        index += 1
      }
    }
    value = ~crc
  }
}
