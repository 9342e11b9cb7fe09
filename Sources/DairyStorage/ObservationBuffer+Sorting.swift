import DairyModel

extension ObservationBuffer.Pending {
  /// Whether it comes before `other` in (section, year) order.
  @inline(__always)
  package func precedes(_ other: Self) -> Bool {
    key < other.key
  }

  /// Sorts `rows` by (section, year), in place.
  ///
  /// A chunk out of order comes from a table read across its series: few sections, each
  /// holding many rows already in year order. The rows are put into one bucket per section
  /// in place (an American flag sort: one pass to count, one to swap every row into its
  /// bucket), then each bucket is sorted by year when it is not already (by counting, through
  /// a scratch buffer the size of one section). Nothing the size of the rows is allocated,
  /// where the standard library's merge sort would take half as much again; that sort is used
  /// only when the sections are too spread out for a count each.
  ///
  /// ```swift
  /// var rows = [2, 1].map { Pending(section: $0, year: 1975, amount: 0)! }
  /// Pending.sort(&rows)  // section 1 first
  /// ```
  package static func sort(_ rows: inout [Self]) {
    guard rows.count > 1 else { return }
    var lowest = rows[0].key >> 32
    var highest = lowest
    for row in rows {
      lowest = min(lowest, row.key >> 32)
      highest = max(highest, row.key >> 32)
    }
    let span = Int(highest - lowest)
    // At most one count for 8 rows: the counts stay small beside the rows.
    guard span < rows.count / 8 else {
      rows.sort { $0.precedes($1) }
      return
    }
    let buckets = span + 1
    // ends[b]: the end of bucket b once sorted; next[b]: its first row not yet placed.
    var ends = [Int](repeating: 0, count: buckets)
    for row in rows { ends[Int(row.key >> 32 - lowest)] += 1 }
    var next = [Int](repeating: 0, count: buckets)
    var total = 0
    for bucket in 0..<buckets {
      next[bucket] = total
      total += ends[bucket]
      ends[bucket] = total
    }
    rows.withUnsafeMutableBufferPointer { rows in
      for bucket in 0..<buckets {
        while next[bucket] < ends[bucket] {
          let target = Int(rows[next[bucket]].key >> 32 - lowest)
          if target == bucket {
            next[bucket] += 1
          } else {
            rows.swapAt(next[bucket], next[target])
            next[target] += 1
          }
        }
      }
      var scratch = Scratch()
      var start = 0
      for end in ends {
        sortByYear(rows, start..<end, &scratch)
        start = end
      }
    }
  }

  /// What sorting the sections by year reuses from one section to the next.
  private struct Scratch {
    var rows: [ObservationBuffer.Pending] = []
    var counts: [Int] = []
  }

  /// Sorts the rows of one section by year, unless they are in order already: reversed when
  /// they come latest first (a NASS Quick Stats download does), by counting when the years lie
  /// close together (a table's years do: one pass to count, one to place), else by comparing.
  private static func sortByYear(
    _ rows: UnsafeMutableBufferPointer<Self>, _ range: Range<Int>, _ scratch: inout Scratch
  ) {
    guard range.count > 1 else { return }
    var (ordered, reversed) = (true, true)
    var lowest = rows[range.lowerBound].key
    var highest = lowest
    for index in range.dropFirst() {
      let (key, previous) = (rows[index].key, rows[index - 1].key)
      if key < previous { ordered = false }
      if key >= previous { reversed = false }
      lowest = min(lowest, key)
      highest = max(highest, key)
    }
    if ordered { return }
    if reversed {
      rows[range].reverse()
      return
    }
    // The keys of one section differ by their years only.
    let span = Int(highest - lowest) + 1
    guard span <= 4 * range.count else {
      rows[range].sort { $0.key < $1.key }
      return
    }
    scratch.rows.removeAll(keepingCapacity: true)
    scratch.rows.append(contentsOf: rows[range])
    scratch.counts.removeAll(keepingCapacity: true)
    scratch.counts.append(contentsOf: repeatElement(0, count: span + 1))
    for row in scratch.rows { scratch.counts[Int(row.key - lowest) + 1] += 1 }
    for index in 1...span { scratch.counts[index] += scratch.counts[index - 1] }
    for row in scratch.rows {
      let slot = Int(row.key - lowest)
      rows[range.lowerBound + scratch.counts[slot]] = row
      scratch.counts[slot] += 1
    }
  }
}
