import Metrics
import ServiceLifecycle

/// Watches glibc's allocator while `bourse serve` runs, and hands back to the kernel what it keeps
/// free. Every `every` it records what the allocator holds (`bourse_heap_*_bytes`, docs/metrics.md)
/// and, when the arenas keep `trimFrom` or more free, trims them (`malloc_trim`): the free pages
/// in the middle of the arenas are returned, which glibc never does on its own (it only returns
/// the top of the heap). Without it the soak's resident memory was about twice its live heap and
/// rose after every burst of reading the market's snapshot; with it, it stays near the live heap
/// (BENCHMARKS.md, "The hour-long soak, with the heap watched"). A trim walks each arena under
/// its lock: a few milliseconds every 10 s. Not started where the allocator cannot be read (not
/// glibc).
struct HeapService: Service {
    let every: Duration
    /// Free bytes in the arenas from which they are trimmed.
    let trimFrom: Int
    private let inUse: Meter
    private let free: Meter
    private let arenas: Meter
    private let trims: Counter

    init(factory: any MetricsFactory, every: Duration = .seconds(10), trimFrom: Int = 4 << 20) {
        self.every = every
        self.trimFrom = trimFrom
        inUse = Meter(label: "bourse_heap_in_use_bytes", factory: factory)
        free = Meter(label: "bourse_heap_free_bytes", factory: factory)
        arenas = Meter(label: "bourse_heap_arena_bytes", factory: factory)
        trims = Counter(label: "bourse_heap_trims_total", factory: factory)
    }

    func run() async throws {
        // Returns only once shutdown has begun (a service that returns early would stop the app).
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                check()
                try? await Task.sleep(for: every)
            }
        }
    }

    /// Records what the allocator holds, and trims it when it keeps `trimFrom` or more free.
    func check() {
        guard let usage = HeapUsage.now() else { return }
        inUse.set(usage.inUse)
        free.set(usage.free)
        arenas.set(usage.arenas)
        if usage.free >= trimFrom, HeapUsage.trim() { trims.increment() }
    }
}
