#if canImport(Glibc)
  /// glibc's `malloc_trim` (in `<malloc.h>`, which the Glibc module does not export).
  @_silgen_name("malloc_trim")
  private func malloc_trim(_ pad: Int) -> Int32
#endif

/// Gives the memory the allocator holds freed back to the system.
///
/// glibc keeps what a program frees for its next allocations, and returns only the top of its
/// heap to the system. An import that has just freed the many rows of a table's first reading
/// (megabytes, in blocks too small to be mapped on their own) and now fills one large buffer
/// (mapped on its own, so the freed blocks never serve it) would hold both at once.
///
/// ```swift
/// FreedMemory.giveBack()
/// ```
package enum FreedMemory {
  package static func giveBack() {
    #if canImport(Glibc)
      _ = malloc_trim(0)
    #endif
  }
}
