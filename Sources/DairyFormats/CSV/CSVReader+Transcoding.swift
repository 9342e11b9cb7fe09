import DairyModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file's side of a reader that transcodes: the bytes read and not yet transcoded, and where
/// the transcoded text came from, to find a line again for its columns.
package struct CSVTranscoding {
  package let transcoder: TextTranscoder
  /// Bytes of the file; `raw[start..<end]` are read and not yet transcoded.
  package let raw: UnsafeMutablePointer<UInt8>
  package let rawCapacity: Int
  package var start = 0
  package var end = 0
  /// The file offset of `raw[0]`.
  package var rawOffset: Int
  package var rawEOF: Bool
  /// True when the last call stopped because the next character did not fit in the buffer.
  package var needsRoom = false
  /// Where transcoding can start again from nothing: a text offset and the file offset of the
  /// same character, in increasing order.
  package var checkpoints: [(text: Int, file: Int)] = []
  /// The text offsets of the NUL bytes written for characters that could not be decoded.
  package var faults: [Int: TextTranscoder.Fault] = [:]

  /// Starts with the bytes `first`, which begin at `fileOffset` in the file.
  package init(
    encoding: TextEncoding, capacity: Int, first: UnsafeBufferPointer<UInt8>, fileOffset: Int,
    atEOF: Bool
  ) {
    transcoder = TextTranscoder(encoding: encoding)
    rawCapacity = max(capacity, first.count, 2 * TextTranscoder.maxPending)
    raw = .allocate(capacity: rawCapacity)
    if let bytes = first.baseAddress { raw.update(from: bytes, count: first.count) }
    end = first.count
    rawOffset = fileOffset
    rawEOF = atEOF
  }
}

extension CSVReader {
  /// ``fill(minimum:)`` for a file that is not UTF-8: reads the file into the raw bytes and
  /// transcodes them into the buffer.
  package func fillTranscoding(minimum: Int) throws {
    var added = 0
    while added < minimum && !atEOF {
      let state = transcoding!
      var faults: [(Int, TextTranscoder.Fault)] = []
      let step = state.transcoder.transcode(
        UnsafeBufferPointer(start: state.raw + state.start, count: state.end - state.start),
        final: state.rawEOF, into: buffer + end, room: capacity - end, faults: &faults)
      transcoding!.needsRoom = step.needsRoom
      if step.produced > 0 {
        let text = bufferOffset + end
        transcoding!.checkpoints.append((text, state.rawOffset + state.start))
        for (offset, fault) in faults { transcoding!.faults[text + offset] = fault }
        transcoding!.start += step.consumed
        end += step.produced
        added += step.produced
      } else if step.needsRoom {
        break
      } else if state.rawEOF {
        atEOF = true
      } else {
        try readRaw()
      }
    }
  }

  /// Reads more of the file after the bytes left from the last run.
  private func readRaw() throws {
    var state = transcoding!
    let left = state.end - state.start
    state.raw.update(from: state.raw + state.start, count: left)
    state.rawOffset += state.start
    (state.start, state.end) = (0, left)
    let count = try readFile(into: state.raw + left, min(state.rawCapacity - left, readSize))
    state.end += count
    state.rawEOF = count == 0
    transcoding = state
  }

  /// The 1-based column, in characters, of text offset `offset` on the line that starts at
  /// text offset `lineOffset`: transcodes the file again, a chunk at a time, from the last
  /// checkpoint before the line. Only needed on the way to an error.
  package func transcodedColumn(lineOffset: Int, offset: Int) -> Int {
    guard let state = transcoding, offset > lineOffset,
      let checkpoint = state.checkpoints.last(where: { $0.text <= lineOffset })
    else { return 1 }
    let (from, to) = (lineOffset - checkpoint.text, offset - checkpoint.text)
    let chunk = 1 << 16
    var raw = [UInt8](repeating: 0, count: chunk + TextTranscoder.maxPending)
    var text = [UInt8](repeating: 0, count: 4 * raw.count)
    var (filePosition, left, position, characters) = (checkpoint.file, 0, 0, 0)
    while position < to {
      let got = raw.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + left, chunk, off_t(filePosition))
      }
      guard got >= 0 else { break }
      filePosition += got
      var faults: [(Int, TextTranscoder.Fault)] = []
      let step = raw.withUnsafeBufferPointer { input in
        text.withUnsafeMutableBufferPointer {
          state.transcoder.transcode(
            UnsafeBufferPointer(rebasing: input[..<(left + got)]), final: got == 0,
            into: $0.baseAddress!, room: $0.count, faults: &faults)
        }
      }
      let (lower, upper) = (max(from - position, 0), min(to - position, step.produced))
      if lower < upper {
        characters += text[lower..<upper].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
      }
      position += step.produced
      left = left + got - step.consumed
      raw.replaceSubrange(0..<left, with: raw[step.consumed..<step.consumed + left])
      if got == 0 { break }
    }
    return characters + 1
  }
}
