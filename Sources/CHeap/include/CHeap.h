// glibc's allocator, for `bourse serve` (Bootstrap's HeapSettings and HeapService): its settings,
// what it holds, and handing free memory back to the kernel. The Glibc module leaves out
// <malloc.h>; elsewhere (macOS, musl) these do nothing and `bourse_heap_available` is 0.
#ifndef BOURSE_CHEAP_H
#define BOURSE_CHEAP_H

#include <stddef.h>

/// What the allocator holds now, in bytes (glibc's mallinfo2, over every arena).
typedef struct {
    /// Taken from the kernel for the arenas (the heap and the arenas' mapped heaps).
    size_t arenas;
    /// In chunks the program holds, in the arenas.
    size_t inUse;
    /// In blocks mapped from the kernel on their own (the large ones), all held by the program.
    size_t mapped;
    /// In free chunks, kept in the arenas for the next allocation.
    size_t free;
} bourse_heap_usage;

/// 1 where these work (glibc), 0 elsewhere.
int bourse_heap_available(void);

/// What the allocator holds now; all zero where it cannot be read.
bourse_heap_usage bourse_heap_usage_now(void);

/// The most arenas (mallopt M_ARENA_MAX); 1 when set.
int bourse_heap_set_arena_max(int arenas);

/// Blocks from `bytes` up are mapped from the kernel on their own (mallopt M_MMAP_THRESHOLD); 1 when set.
int bourse_heap_set_mmap_threshold(int bytes);

/// Hands the free pages of every arena back to the kernel (malloc_trim(0)); 1 when some were.
int bourse_heap_trim(void);

#endif
