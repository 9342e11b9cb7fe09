import DairyTestSupport
import Testing

@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// The transcoder under the CSV reader: whole characters only, faults as NUL bytes, and room.
@Suite("Text transcoder")
struct TextTranscoderTests {
  /// Transcodes `input` in one call with `room` bytes of output.
  static func run(
    _ encoding: TextEncoding, _ input: [UInt8], final: Bool = true, room: Int = 64
  ) -> (step: TextTranscoder.Step, text: [UInt8], faults: [TextTranscoder.Fault]) {
    var output = [UInt8](repeating: 0xFF, count: room)
    var faults: [(Int, TextTranscoder.Fault)] = []
    let step = input.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer {
        TextTranscoder(encoding: encoding).transcode(
          input, final: final, into: $0.baseAddress!, room: room, faults: &faults)
      }
    }
    return (step, Array(output[..<step.produced]), faults.map { $0.1 })
  }

  @Test func windows1252MapsItsHighBytes() {
    let bytes: [UInt8] = [0x80, 0x92, 0x96, 0x9F, 0xE9, 0x81, 0x41]
    let result = Self.run(.windows1252, bytes)
    #expect(String(decoding: result.text, as: UTF8.self) == "€’–Ÿé\u{81}A")
    #expect(result.step.consumed == 7)
    // ISO 8859-1 reads each byte as its own code point
    #expect(
      String(decoding: Self.run(.latin1, bytes).text, as: UTF8.self)
        == "\u{80}\u{92}\u{96}\u{9F}é\u{81}A")
  }

  @Test func utf16TakesSurrogatePairsWhole() {
    let cow = Array("a🐄".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(String(decoding: Self.run(.utf16LE, cow).text, as: UTF8.self) == "a🐄")
    let big = Array("a🐄".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(String(decoding: Self.run(.utf16BE, big).text, as: UTF8.self) == "a🐄")
    // A pair cut by the end of a run waits for the next run
    let cut = Self.run(.utf16LE, Array(cow.prefix(4)), final: false)
    #expect(cut.step.consumed == 2 && cut.text == Array("a".utf8))
    let odd = Self.run(.utf16LE, Array(cow.prefix(5)), final: false)
    #expect(odd.step.consumed == 2)
  }

  @Test func undecodableCharactersBecomeNULBytesWithTheirFault() {
    // A high surrogate before a letter, a low one alone, and a last byte alone
    let bytes: [UInt8] = [0x00, 0xD8, 0x41, 0x00, 0x00, 0xDC, 0x42]
    let result = Self.run(.utf16LE, bytes)
    #expect(result.text == [0, 0x41, 0, 0])
    #expect(result.faults == [.unpairedSurrogate, .unpairedSurrogate, .oddLastByte])
    let last = Self.run(.utf16LE, [0x41, 0x00, 0x42])
    #expect(last.text == [0x41, 0] && last.faults == [.oddLastByte])
    // A high surrogate at the very end is a fault only at the end of the file
    #expect(Self.run(.utf16LE, [0x00, 0xD8], final: false).step.consumed == 0)
    #expect(Self.run(.utf16LE, [0x00, 0xD8]).faults == [.unpairedSurrogate])
  }

  @Test func itStopsBeforeACharacterThatDoesNotFit() {
    // é takes two bytes of UTF-8: one byte of room takes "a" only
    let result = Self.run(.windows1252, [0x61, 0xE9], room: 2)
    #expect(result.step.consumed == 1 && result.step.produced == 1 && result.step.needsRoom)
    let three = Self.run(.windows1252, [0x61, 0xE9], room: 3)
    #expect(three.step.consumed == 2 && !three.step.needsRoom)
  }

  @Test func windows1252LooksLikeWhatItIs() {
    func looks(_ bytes: [UInt8]) -> Bool { TextEncoding.looksLikeWindows1252(bytes) }
    #expect(looks(Array("Caf".utf8) + [0xE9]))
    #expect(looks(Array("J".utf8) + [0xE4, 0xE4] + Array("sk".utf8)))
    #expect(looks(Array("Farmers".utf8) + [0x92] + Array(" share".utf8)))
    // Broken UTF-8, a mix with valid UTF-8, unassigned bytes and long runs do not
    #expect(!looks(Array("Ye".utf8) + [0xE2, 0xA2] + Array("i".utf8)))
    #expect(!looks(Array("Crème ".utf8) + [0xE9]))
    #expect(!looks([0x41, 0x81]))
    #expect(!looks([0x8B, 0x8D, 0x93, 0xFB]))
    #expect(!looks([0x93, 0xFA, 0x96]))
  }
}

/// The examples in the documentation of this feature's types, as written.
@Suite("Dialect documentation examples")
struct DialectDocumentationExamplesTests {
  @Test func textTranscoder() {
    let input: [UInt8] = [0x43, 0x61, 0x66, 0xE9]  // "Café" in Windows-1252
    var output = [UInt8](repeating: 0, count: 8)
    var faults: [(Int, TextTranscoder.Fault)] = []
    let step = input.withUnsafeBufferPointer { input in
      TextTranscoder(encoding: .windows1252).transcode(
        input, final: true, into: &output, room: 8, faults: &faults)
    }
    #expect(Array(output.prefix(step.produced)) == Array("Café".utf8))
  }

  @Test func textEncoding() {
    #expect(TextEncoding(name: "cp1252") == .windows1252)
    #expect(TextEncoding.windows1252.name == "windows-1252")
    #expect(
      TextEncoding.invalidUTF8Message(Array("Butt\u{E9}r".unicodeScalars.map { UInt8($0.value) }))
        == "invalid UTF-8 (as Windows-1252 it reads \"Buttér\"); import it with "
        + "--encoding windows-1252, or save the file as UTF-8")
  }

  @Test func csvSeparator() {
    #expect(CSVSeparator(name: ";") == .semicolon)
    #expect(CSVSeparator.tab.byte == 0x09)
    let text = Array("Year;Milk, fluid;Butter\n1975;247;4.7\n".utf8)
    #expect(
      text.withUnsafeBufferPointer { CSVSeparator.detect(in: $0, isWhole: true) } == .semicolon)
  }

  @Test func displayPrecision() {
    var precision = DisplayPrecision()
    for amount in [0.048373566666666666, 0.24, 0.71] { precision.add(amount) }
    #expect(precision.decimals(written: 18) == 6)
  }
}
