import CHeap

/// What glibc's allocator holds, in bytes (`mallinfo2`, over every arena): how the live heap is
/// told from the memory the allocator keeps, which the process's resident size cannot tell.
struct HeapUsage: Equatable, Sendable {
    /// Taken from the kernel for the arenas.
    var arenas: Int
    /// Held by the program: its chunks in the arenas and its blocks mapped on their own.
    var inUse: Int
    /// Free chunks the arenas keep for the next allocation (resident until trimmed).
    var free: Int

    /// Now; nil where the allocator cannot be read (not glibc).
    static func now() -> HeapUsage? {
        guard bourse_heap_available() == 1 else { return nil }
        let usage = bourse_heap_usage_now()
        return HeapUsage(arenas: Int(usage.arenas), inUse: Int(usage.inUse + usage.mapped), free: Int(usage.free))
    }

    /// Hands the free pages of every arena back to the kernel (`malloc_trim(0)`): true when some were.
    @discardableResult
    static func trim() -> Bool {
        bourse_heap_trim() == 1
    }
}
