import Foundation

/// The bytes of a row's cells as a dictionary key, hashed in one pass (an array of bytes hashes
/// byte by byte, which was a tenth of a Quick Stats import).
struct RowKey: Hashable {
  var bytes: [UInt8] = []

  /// Makes the key `count` bytes long, keeping its first bytes (and its storage): what is
  /// then written in place.
  mutating func resize(to count: Int) {
    if bytes.count < count {
      bytes.append(contentsOf: repeatElement(0, count: count - bytes.count))
    } else if bytes.count > count {
      bytes.removeLast(bytes.count - count)
    }
  }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (lhs: RowKey, rhs: RowKey) -> Bool {
    lhs.bytes.count == rhs.bytes.count
      && lhs.bytes.withUnsafeBytes { left in
        rhs.bytes.withUnsafeBytes { right in
          left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }
      }
  }
}

/// The last few distinct keys looked up, each with what it stands for, found again by comparing
/// bytes rather than by hashing.
///
/// A Quick Stats download interleaves series: the items of a query one after another at each
/// place and period (milk production, then milk per cow, then milk cows, …), so a row's series
/// is most often one of the last few rows'. Comparing a key of a hundred bytes with sixteen
/// others (by length first) costs a fraction of hashing it; a key that is not among them is
/// looked up as before, and then remembered in place of the oldest. A key longer than
/// `maxKeyBytes` is never remembered, so that a file of huge keys costs one hash of each, not
/// sixteen comparisons.
///
/// ```swift
/// var recent = RecentKeys()
/// recent.remember(key, 7)
/// recent.value(for: key)  // 7
/// ```
struct RecentKeys {
  static let capacity = 16
  static let maxKeyBytes = 1024
  private var keys: [RowKey] = []
  private var values: [Int] = []
  /// The slot the next key to remember takes, once all are taken.
  private var oldest = 0

  func value(for key: RowKey) -> Int? {
    for index in keys.indices where keys[index] == key { return values[index] }
    return nil
  }

  /// Remembers `key`, which is not among the recent keys, in place of the oldest.
  mutating func remember(_ key: RowKey, _ value: Int) {
    guard key.bytes.count <= Self.maxKeyBytes else { return }
    guard keys.count == Self.capacity else {
      keys.append(key)
      values.append(value)
      return
    }
    // Copied into the oldest key's storage: no allocation once all slots are taken.
    keys[oldest].bytes.removeAll(keepingCapacity: true)
    keys[oldest].bytes.append(contentsOf: key.bytes)
    values[oldest] = value
    oldest = (oldest + 1) % Self.capacity
  }
}
