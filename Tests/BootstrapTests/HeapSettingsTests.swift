import Testing

@testable import Bootstrap

/// The allocator's settings for `bourse serve`: set on glibc unless the operator set them.
@Suite("Heap settings")
struct HeapSettingsTests {
    #if canImport(Glibc)
        @Test func glibcIsSetToTwoArenasAndMappedLargeBlocks() {
            #expect(HeapSettings.apply(environment: [:]) == ["arenas 2", "mmap threshold 256 KiB"])
        }

        @Test func whatTheOperatorSetWins() {
            #expect(HeapSettings.apply(environment: ["MALLOC_ARENA_MAX": "4"]) == ["mmap threshold 256 KiB"])
            #expect(HeapSettings.apply(environment: ["MALLOC_ARENA_MAX": "4", "MALLOC_MMAP_THRESHOLD_": "65536"]).isEmpty)
        }
    #endif
}
