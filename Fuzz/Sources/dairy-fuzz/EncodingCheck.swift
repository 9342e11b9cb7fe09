@testable import DairyFormats
@testable import DairyImport
@testable import DairyKit
@testable import DairyModel
@testable import DairyPresentation
@testable import DairyStorage
@testable import DairyTerminal

/// A file in another encoding than UTF-8, which the reader transcodes as it streams a few bytes
/// at a time, against its text transcoded whole and read as UTF-8: the same records, cells,
/// places, columns and error locations. The input is UTF-16 after a UTF-16 byte-order mark, and
/// Windows-1252 otherwise (a UTF-8 byte-order mark leaves nothing to compare).
enum EncodingCheck {
  static let utf8Path = inputPath + ".utf8"

  static func run(
    _ path: String, _ input: UnsafeBufferPointer<UInt8>, readSize: Int, separator: CSVSeparator
  ) {
    let start = Array(input.prefix(3))
    let (encoding, skip): (TextEncoding, Int) =
      start.starts(with: [0xFF, 0xFE])
      ? (.utf16LE, 2) : start.starts(with: [0xFE, 0xFF]) ? (.utf16BE, 2) : (.windows1252, 0)
    guard start != [0xEF, 0xBB, 0xBF] else { return }
    let text = transcoded(UnsafeBufferPointer(rebasing: input[skip...]), encoding)
    // Read as UTF-8, text that starts with U+FEFF would lose it as a byte-order mark.
    guard !text.starts(with: [0xEF, 0xBB, 0xBF]) else { return }
    text.withUnsafeBufferPointer { write($0, to: utf8Path) }
    let streamed = ReaderCheck.read(
      path, readSize: readSize, separator: separator, encoding: .windows1252)
    let plain = ReaderCheck.read(utf8Path, readSize: nil, separator: separator)
    require(
      streamed.records == plain.records,
      "\(encoding.name) read as it streams is not its text read as UTF-8:\n\(streamed)\n\(plain)")
    // A character that cannot be decoded is a NUL in the UTF-8 text: the same place, another
    // message.
    // (The two files have their own paths: the line and the column are compared.)
    let places = [streamed, plain].map { $0.error?.location.map { [$0.line, $0.column] } }
    require(
      places[0] == places[1],
      "\(encoding.name) fails elsewhere: \(String(describing: streamed.error)), "
        + "\(String(describing: plain.error))")
  }

  /// `bytes` in `encoding`, transcoded in one go.
  static func transcoded(_ bytes: UnsafeBufferPointer<UInt8>, _ encoding: TextEncoding) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: 3 * bytes.count + 1)
    var faults: [(Int, TextTranscoder.Fault)] = []
    let step = output.withUnsafeMutableBufferPointer {
      TextTranscoder(encoding: encoding).transcode(
        bytes, final: true, into: $0.baseAddress!, room: $0.count, faults: &faults)
    }
    require(step.consumed == bytes.count, "the transcoder left bytes at the end")
    return Array(output[..<step.produced])
  }
}
