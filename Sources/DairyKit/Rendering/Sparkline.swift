/// A small trend drawn with block characters, lowest value `▁`, highest `█`.
///
/// ```swift
/// Sparkline.render([1, 2, 3, 4])  // "▁▃▆█"
/// ```
public enum Sparkline {
  static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// One character per value; a flat series draws at mid height.
  public static func render(_ values: [Double]) -> String {
    guard let low = values.min(), let high = values.max() else { return "" }
    guard high > low else { return String(repeating: blocks[3], count: values.count) }
    return String(
      values.map { value in
        let level = Int(((value - low) / (high - low) * Double(blocks.count - 1)).rounded())
        return blocks[min(max(level, 0), blocks.count - 1)]
      })
  }

  /// `values` averaged into at most `count` buckets, for a narrower sparkline.
  public static func resample(_ values: [Double], to count: Int) -> [Double] {
    guard values.count > count, count > 0 else { return values }
    return (0..<count).map { bucket in
      let start = bucket * values.count / count
      let end = max(start + 1, (bucket + 1) * values.count / count)
      return values[start..<end].reduce(0, +) / Double(end - start)
    }
  }
}
