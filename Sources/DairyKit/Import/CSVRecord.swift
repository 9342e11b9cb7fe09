#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One record of a CSV file: its fields, unescaped, with where each one starts in the file.
///
/// The field bytes live in one contiguous array, and what is known of each field in one more, so
/// that reading a record allocates nothing once the arrays have grown to the widest record.
///
/// ```swift
/// var record = CSVRecord()
/// while try reader.next(into: &record) {
///   print(record.line, record.string(at: 0) ?? "")
/// }
/// ```
public struct CSVRecord: Sendable {
  /// Where one field is, in the record and in the file.
  public struct Field: Sendable, Hashable {
    /// The end offset of the field's bytes in ``CSVRecord/bytes``.
    public var end: Int
    /// The 1-based line on which the field starts (a quoted field may span lines).
    public var line: Int
    /// The file offset of the field's first byte (its opening quote, if quoted).
    public var offset: Int
    /// The file offset at which the field's line starts, to turn offsets into columns.
    public var lineOffset: Int
    /// Whether the field was quoted in the source.
    public var quoted: Bool
  }

  /// The unescaped bytes of every field, one after another.
  public internal(set) var bytes: [UInt8] = []
  /// The fields, in order.
  public internal(set) var fields: [Field] = []

  public init() {}

  /// The 1-based line on which the record starts.
  public var line: Int { fields.first?.line ?? 0 }

  /// The number of fields.
  public var count: Int { fields.count }

  /// The byte range of field `index` in `bytes`.
  @inline(__always)
  public func range(at index: Int) -> Range<Int> {
    (index == 0 ? 0 : fields[index - 1].end)..<fields[index].end
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

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    fields.removeAll(keepingCapacity: true)
  }
}
