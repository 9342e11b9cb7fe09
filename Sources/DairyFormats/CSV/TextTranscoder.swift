import DairyModel

/// Turns the bytes of a file in another encoding than UTF-8 into UTF-8, one run of bytes at a
/// time, so that the CSV reader's byte loop sees UTF-8 whatever the file's encoding.
///
/// It takes whole characters only: the bytes of a character cut by the end of a run wait for the
/// next run. A character that cannot be decoded (a UTF-16 surrogate without its pair, a last byte
/// alone) becomes one NUL byte, which the reader refuses where it stands as it refuses a NUL in
/// any file; `faults` says why.
///
/// ```swift
/// let input: [UInt8] = [0x43, 0x61, 0x66, 0xE9]  // "Café" in Windows-1252
/// var output = [UInt8](repeating: 0, count: 8)
/// var faults: [(Int, TextTranscoder.Fault)] = []
/// let step = input.withUnsafeBufferPointer { input in
///   TextTranscoder(encoding: .windows1252).transcode(
///     input, final: true, into: &output, room: 8, faults: &faults)
/// }
/// output.prefix(step.produced)  // the 5 bytes of "Café" in UTF-8
/// ```
package struct TextTranscoder {
  /// Why a character could not be decoded.
  package enum Fault: Hashable, Sendable {
    /// A UTF-16 high surrogate not followed by a low one, or a low one alone.
    case unpairedSurrogate
    /// A UTF-16 file whose last character has one byte of its two.
    case oddLastByte
  }

  /// What one call did.
  package struct Step {
    /// The input bytes taken (whole characters only).
    package var consumed = 0
    /// The UTF-8 bytes written.
    package var produced = 0
    /// True when it stopped because the next character did not fit in the room left.
    package var needsRoom = false
  }

  package let encoding: TextEncoding

  /// The most bytes of input one character takes: what may be left over after a run.
  package static let maxPending = 3

  /// Transcodes the whole characters of `input` that fit in `room` bytes of `output`. With
  /// `final`, the input is the end of the file: a character it cuts short is a fault.
  ///
  /// - Parameter faults: gets the offset in `output` of each NUL written for a fault.
  package func transcode(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool, into output: UnsafeMutablePointer<UInt8>,
    room: Int, faults: inout [(Int, Fault)]
  ) -> Step {
    switch encoding {
    case .utf16LE, .utf16BE:
      return utf16(input, final: final, into: output, room: room, faults: &faults)
    case .utf8, .windows1252, .latin1:
      return singleByte(input, into: output, room: room)
    }
  }

  // MARK: - One byte, one character

  private func singleByte(
    _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, room: Int
  ) -> Step {
    var step = Step()
    let windows = encoding == .windows1252
    while step.consumed < input.count {
      let byte = input[step.consumed]
      if byte < 0x80 {
        guard step.produced < room else {
          step.needsRoom = true
          break
        }
        output[step.produced] = byte
        step.consumed += 1
        step.produced += 1
        continue
      }
      let scalar = windows && byte < 0xA0 ? Self.windows1252High[Int(byte) - 0x80] : UInt32(byte)
      let width = Self.utf8Width(scalar)
      guard step.produced + width <= room else {
        step.needsRoom = true
        break
      }
      Self.writeUTF8(scalar, width: width, to: output + step.produced)
      step.consumed += 1
      step.produced += width
    }
    return step
  }

  /// The characters of Windows-1252's bytes 0x80–0x9F; its five unassigned bytes (0x81, 0x8D,
  /// 0x8F, 0x90, 0x9D) read as the C1 controls of the same number, as browsers read them.
  package static let windows1252High: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]

  // MARK: - UTF-16

  private func utf16(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool, into output: UnsafeMutablePointer<UInt8>,
    room: Int, faults: inout [(Int, Fault)]
  ) -> Step {
    var step = Step()
    let littleEndian = encoding == .utf16LE
    func unit(_ at: Int) -> UInt32 {
      littleEndian
        ? UInt32(input[at]) | UInt32(input[at + 1]) << 8
        : UInt32(input[at]) << 8 | UInt32(input[at + 1])
    }
    while input.count - step.consumed >= 2 {
      let first = unit(step.consumed)
      var scalar = first
      var size = 2
      if first >= 0xD800 && first <= 0xDBFF {
        if input.count - step.consumed >= 4 {
          let second = unit(step.consumed + 2)
          if second >= 0xDC00 && second <= 0xDFFF {
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            size = 4
          }
        } else if !final {
          break  // the low surrogate is in the next run
        }
      }
      let fault = scalar >= 0xD800 && scalar <= 0xDFFF
      let width = fault ? 1 : Self.utf8Width(scalar)
      guard step.produced + width <= room else {
        step.needsRoom = true
        return step
      }
      if fault {
        output[step.produced] = 0
        faults.append((step.produced, .unpairedSurrogate))
      } else {
        Self.writeUTF8(scalar, width: width, to: output + step.produced)
      }
      step.consumed += size
      step.produced += width
    }
    if final && input.count - step.consumed == 1 {
      guard step.produced < room else {
        step.needsRoom = true
        return step
      }
      output[step.produced] = 0
      faults.append((step.produced, .oddLastByte))
      step.consumed += 1
      step.produced += 1
    }
    return step
  }

  // MARK: - UTF-8 out

  package static func utf8Width(_ scalar: UInt32) -> Int {
    scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
  }

  package static func writeUTF8(_ scalar: UInt32, width: Int, to out: UnsafeMutablePointer<UInt8>) {
    switch width {
    case 1:
      out[0] = UInt8(scalar)
    case 2:
      out[0] = UInt8(0xC0 | scalar >> 6)
      out[1] = UInt8(0x80 | scalar & 0x3F)
    case 3:
      out[0] = UInt8(0xE0 | scalar >> 12)
      out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[2] = UInt8(0x80 | scalar & 0x3F)
    default:
      out[0] = UInt8(0xF0 | scalar >> 18)
      out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      out[3] = UInt8(0x80 | scalar & 0x3F)
    }
  }
}
