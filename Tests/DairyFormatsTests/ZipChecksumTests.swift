import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The CRC-32 of ZIP entries, eight bytes a step, against the bit-a-step definition.
@Suite("ZIP checksum")
struct ZipChecksumTests {
  @Test func theCheckValue() {
    var crc = ZipChecksum()
    Array("123456789".utf8).withUnsafeBytes { crc.update($0) }
    #expect(crc.value == 0xCBF4_3926)
  }

  /// The CRC bit by bit, as the standard defines it.
  static func reference(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }

  @Test func agreesWithTheDefinitionInPiecesOfEverySize() {
    var generator = TestSeed.generator()
    let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for piece in [1, 3, 7, 8, 9, 64, 4096, 10_000] {
      var crc = ZipChecksum()
      for start in stride(from: 0, to: bytes.count, by: piece) {
        bytes[start..<min(start + piece, bytes.count)].withUnsafeBytes { crc.update($0) }
      }
      #expect(crc.value == Self.reference(bytes), "pieces of \(piece); \(TestSeed.replay)")
    }
  }
}
