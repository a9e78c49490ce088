import CHeap

/// glibc's allocator, set for a server that runs for weeks (`bourse serve` only).
///
/// By default glibc gives every thread that meets contention an arena of its own (up to 8 per
/// core) and, after a large block is freed, serves blocks of that size from the arenas instead
/// of the kernel. A server that reads multi-megabyte answers (the whole market's snapshot) on
/// whichever thread is free then keeps the freed memory in many fragmented arenas: the hour-long
/// soak grew from 309 to 447 MiB while the live heap (heaptrack) stayed under 140 MiB. Two
/// arenas, and large blocks always mapped from and returned to the kernel, keep less of it;
/// `HeapService` hands back what the arenas still keep free (BENCHMARKS.md, "The hour-long soak").
///
/// What the operator sets in the environment (`MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_`,
/// glibc's own variables) wins. Elsewhere (macOS, musl) nothing is changed.
enum HeapSettings {
    /// The arenas: two for the two cores of the machine this is sized for.
    static let arenas: Int32 = 2
    /// Blocks from this size up are mapped from the kernel and returned to it when freed.
    static let mapThreshold: Int32 = 256 * 1024

    /// Sets the allocator; returns what was set, for the log.
    @discardableResult
    static func apply(environment: [String: String]) -> [String] {
        var set: [String] = []
        if environment["MALLOC_ARENA_MAX"] == nil, bourse_heap_set_arena_max(arenas) == 1 {
            set.append("arenas \(arenas)")
        }
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil, bourse_heap_set_mmap_threshold(mapThreshold) == 1 {
            set.append("mmap threshold \(mapThreshold / 1024) KiB")
        }
        return set
    }
}
