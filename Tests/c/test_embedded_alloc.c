/*
 * test_embedded_alloc.c -- the posix_memalign the Embedded build of
 * libparlance.so defines for its own allocations
 * (Sources/CParlanceShim/embedded_alloc.c) answers as glibc's does: EINVAL
 * for an alignment that is not a power of two at least the size of a
 * pointer, else a block of the alignment asked, whole and writable, that
 * free takes; for sizes from 0 to a megabyte and alignments up to a page.
 */
#define PARLANCE_EMBEDDED 1
#define posix_memalign shim_posix_memalign
#include "embedded_alloc.c"
#undef posix_memalign
int posix_memalign(void **out, size_t alignment, size_t size);   /* glibc's */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void check(int ok, const char *what, size_t alignment, size_t size) {
    if (!ok) {
        failures++;
        fprintf(stderr, "FAIL: %s (alignment %zu, size %zu)\n", what, alignment, size);
    }
}

int main(void) {
    const size_t alignments[] = {0, 1, 2, 3, 4, 8, 12, 16, 24, 32, 48, 64, 128, 4096, 6000, 8192};
    const size_t sizes[] = {0, 1, 7, 8, 15, 16, 17, 100, 4095, 4096, 4097, 65536, 1 << 20};
    int checked = 0;
    for (size_t a = 0; a < sizeof alignments / sizeof *alignments; a++) {
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            size_t alignment = alignments[a], size = sizes[s];
            void *mine = (void *)1, *glibc = (void *)1;
            int mine_result = shim_posix_memalign(&mine, alignment, size);
            int glibc_result = posix_memalign(&glibc, alignment, size);
            check(mine_result == glibc_result, "the same result as glibc's", alignment, size);
            if (mine_result != 0) {
                check(mine == (void *)1, "an error leaves the pointer alone", alignment, size);
            } else {
                check(mine != NULL, "a block", alignment, size);
                check((uintptr_t)mine % alignment == 0, "aligned", alignment, size);
                memset(mine, 0xA5, size);
                free(mine);
                checked++;
            }
            if (glibc_result == 0) free(glibc);
        }
    }
    /* 7 valid alignments (8 to 8192) times 13 sizes. */
    if (checked != 7 * 13) {
        fprintf(stderr, "FAIL: %d blocks checked, not 91\n", checked);
        failures++;
    }
    printf("test_embedded_alloc: %d blocks, %d failures\n", checked, failures);
    return failures ? 1 : 0;
}
