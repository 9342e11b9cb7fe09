/// One record of a CSV file: its fields, unescaped, with where each one starts in the file.
///
/// The field bytes live in one contiguous array so that reading a record allocates nothing once the
/// arrays have grown to the widest record.
///
/// ```swift
/// var record = CSVRecord()
/// while try reader.next(into: &record) {
///   print(record.line, record.string(at: 0) ?? "")
/// }
/// ```
public struct CSVRecord: Sendable {
  /// The unescaped bytes of every field, one after another.
  public internal(set) var bytes: [UInt8] = []
  /// `ends[i]` is the end offset in `bytes` of field `i`.
  public internal(set) var ends: [Int] = []
  /// The 1-based line on which each field starts (a quoted field may span lines).
  public internal(set) var fieldLines: [Int] = []
  /// The file offset of each field's first byte (its opening quote, if quoted).
  public internal(set) var fieldOffsets: [Int] = []
  /// The file offset at which each field's line starts, to turn offsets into columns.
  public internal(set) var lineOffsets: [Int] = []
  /// Whether each field was quoted in the source.
  public internal(set) var quoted: [Bool] = []

  public init() {}

  /// The 1-based line on which the record starts.
  public var line: Int { fieldLines.first ?? 0 }

  /// The number of fields.
  public var count: Int { ends.count }

  /// The byte range of field `index` in `bytes`.
  @inline(__always)
  public func range(at index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// Calls `body` with the bytes of field `index`.
  @inline(__always)
  public func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  {
    let range = range(at: index)
    return try bytes.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[range]))
    }
  }

  /// Field `index` as a string, or nil when its bytes are not valid UTF-8.
  public func string(at index: Int) -> String? {
    String(validating: bytes[range(at: index)], as: UTF8.self)
  }

  /// Whether field `index` has exactly the same bytes as field `otherIndex` of `other`.
  @inline(__always)
  public func fieldEquals(_ index: Int, _ other: CSVRecord, _ otherIndex: Int) -> Bool {
    let mine = range(at: index)
    let theirs = other.range(at: otherIndex)
    guard mine.count == theirs.count else { return false }
    return bytes.withUnsafeBufferPointer { a in
      other.bytes.withUnsafeBufferPointer { b in
        memcmp(a.baseAddress! + mine.lowerBound, b.baseAddress! + theirs.lowerBound, mine.count)
          == 0
      }
    }
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    fieldLines.removeAll(keepingCapacity: true)
    fieldOffsets.removeAll(keepingCapacity: true)
    lineOffsets.removeAll(keepingCapacity: true)
    quoted.removeAll(keepingCapacity: true)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
