import Foundation
import MetricsTestKit
import Testing

@testable import Bootstrap

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's allocator read and trimmed (`HeapUsage`, `HeapService`): the live heap follows what the
/// program holds, and a trim hands the free pages in the middle of an arena back to the kernel,
/// which the process's resident size shows. Serialized: each test measures the whole process.
@Suite("Heap usage and trimming", .serialized)
struct HeapServiceTests {
    #if canImport(Glibc)
        static let mebibyte = 1 << 20

        /// The process's resident size, from the kernel.
        static func resident() throws -> Int {
            let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            let pages = try #require(Int(statm.split(separator: " ")[1]))
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }

        /// 160 MiB in 4 KiB chunks, touched, then all freed but every 20th (and the last, so the
        /// top of the heap is not returned on its own): about 152 MiB free in holes of 76 KiB.
        /// Returns the chunks still held. (Large, so that what the process's other threads
        /// allocate or free meanwhile stays well inside the margins.)
        static func fragment() -> [UnsafeMutableRawPointer] {
            let chunks = (0..<40_960).map { _ -> UnsafeMutableRawPointer in
                let chunk = malloc(4_096)!
                memset(chunk, 1, 4_096)
                return chunk
            }
            var held: [UnsafeMutableRawPointer] = []
            for (index, chunk) in chunks.enumerated() {
                if index % 20 == 19 || index == chunks.count - 1 { held.append(chunk) } else { free(chunk) }
            }
            return held
        }

        @Test func theLiveHeapFollowsWhatTheProgramHolds() throws {
            let before = try #require(HeapUsage.now())
            let block = try #require(malloc(128 * Self.mebibyte))
            memset(block, 1, 128 * Self.mebibyte)
            let holding = try #require(HeapUsage.now())
            free(block)
            let after = try #require(HeapUsage.now())
            // 128 MiB, give or take what the process's other threads did meanwhile.
            #expect(holding.inUse - before.inUse >= 112 * Self.mebibyte)
            #expect(holding.inUse - after.inUse >= 112 * Self.mebibyte)
            #expect(before.arenas > 0 && before.inUse > 0)
        }

        @Test func aTrimHandsTheFreeMiddleOfTheArenasBack() throws {
            let held = Self.fragment()
            defer { held.forEach { free($0) } }
            let usage = try #require(HeapUsage.now())
            #expect(usage.free >= 120 * Self.mebibyte)
            let before = try Self.resident()
            #expect(HeapUsage.trim())
            let after = try Self.resident()
            #expect(before - after >= 100 * Self.mebibyte, "resident \(before) -> \(after)")
        }

        @Test func theServiceRecordsTheHeapAndTrimsFromItsThreshold() throws {
            let metrics = TestMetrics()
            let service = HeapService(factory: metrics, trimFrom: 16 * Self.mebibyte)
            let held = Self.fragment()
            defer { held.forEach { free($0) } }
            service.check()
            #expect(try metrics.expectMeter("bourse_heap_in_use_bytes").lastValue ?? 0 > 0)
            #expect(try metrics.expectMeter("bourse_heap_free_bytes").lastValue ?? 0 >= Double(120 * Self.mebibyte))
            #expect(try metrics.expectMeter("bourse_heap_arena_bytes").lastValue ?? 0 > 0)
            #expect(metrics.counterTotal(label: "bourse_heap_trims_total") == 1)

            // Below the threshold: recorded, not trimmed.
            let patient = HeapService(factory: metrics, trimFrom: Int.max)
            patient.check()
            #expect(metrics.counterTotal(label: "bourse_heap_trims_total") == 1)
        }
    #endif
}
