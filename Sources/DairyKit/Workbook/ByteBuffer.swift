/// A growable run of bytes in memory of its own, for the per-token work of the workbook reader:
/// appending is one copy, emptying keeps the storage. (An `[UInt8]` went through generic code
/// for `removeAll(keepingCapacity:)` and `removeLast(_:)`: 8% of a large sheet's reading.)
struct ByteBuffer: ~Copyable {
  private var pointer: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    pointer = .allocate(capacity: self.capacity)
  }

  deinit { pointer.deallocate() }

  /// The bytes, valid until the buffer next changes.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer, count: count) }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if count + bytes.count > capacity {
      let wanted = max(capacity * 2, count + bytes.count)
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
      grown.update(from: pointer, count: count)
      pointer.deallocate()
      pointer = grown
      capacity = wanted
    }
    if let base = bytes.baseAddress { (pointer + count).update(from: base, count: bytes.count) }
    count += bytes.count
  }

  mutating func removeAll() { count = 0 }

  mutating func removeLast(_ n: Int) { count -= n }
}
