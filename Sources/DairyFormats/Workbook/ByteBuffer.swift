import DairyModel

/// A growable run of bytes in memory of its own, for the per-token work of the workbook reader:
/// appending is one copy, emptying keeps the storage. (An `[UInt8]` went through generic code
/// for `removeAll(keepingCapacity:)` and `removeLast(_:)`: 8% of a large sheet's reading.)
package struct ByteBuffer: ~Copyable {
  private var pointer: UnsafeMutablePointer<UInt8>
  package private(set) var count = 0
  private var capacity: Int

  package init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    pointer = .allocate(capacity: self.capacity)
  }

  deinit { pointer.deallocate() }

  /// The bytes, valid until the buffer next changes.
  package var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: pointer, count: count)
  }

  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
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

  package mutating func removeAll() { count = 0 }

  package mutating func removeLast(_ n: Int) { count -= n }
}
