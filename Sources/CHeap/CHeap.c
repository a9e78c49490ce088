#include "CHeap.h"

// Any libc header defines __GLIBC__ on glibc (stddef.h is the compiler's, so it does not).
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

int bourse_heap_available(void) { return 1; }

bourse_heap_usage bourse_heap_usage_now(void) {
    struct mallinfo2 info = mallinfo2();
    bourse_heap_usage usage = {
        .arenas = info.arena, .inUse = info.uordblks, .mapped = info.hblkhd, .free = info.fordblks};
    return usage;
}

int bourse_heap_set_arena_max(int arenas) { return mallopt(M_ARENA_MAX, arenas); }

int bourse_heap_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

int bourse_heap_trim(void) { return malloc_trim(0); }

#else

int bourse_heap_available(void) { return 0; }

bourse_heap_usage bourse_heap_usage_now(void) {
    bourse_heap_usage usage = {0, 0, 0, 0};
    return usage;
}

int bourse_heap_set_arena_max(int arenas) { return 0; }

int bourse_heap_set_mmap_threshold(int bytes) { return 0; }

int bourse_heap_trim(void) { return 0; }

#endif
