/*
 * test_embedded_imports.c -- the bcmp, memcpy and calloc the Embedded
 * build of libparlance.so defines for its own calls
 * (Sources/CParlanceShim/embedded_imports.c) answer as glibc's do: bcmp is
 * zero exactly when the bytes are equal, memcpy copies every byte and
 * returns its destination, calloc gives zeroed blocks free takes, and NULL
 * with ENOMEM for a size that overflows; for lengths 0 to 4,096 at every
 * alignment up to 16 and each differing byte position.
 */
#define PARLANCE_EMBEDDED 1
#define bcmp shim_bcmp
#define memcpy shim_memcpy
#define calloc shim_calloc
#include "embedded_imports.c"
#undef bcmp
#undef memcpy
#undef calloc

#include <stdint.h>
#include <stdio.h>

static int failures;
static long checked;

static void check(int ok, const char *what, size_t n, size_t at) {
    checked++;
    if (!ok) {
        failures++;
        fprintf(stderr, "FAIL: %s (length %zu, at %zu)\n", what, n, at);
    }
}

int main(void) {
    static unsigned char a[4096 + 32], b[4096 + 32], to[4096 + 32];
    const size_t lengths[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 1000, 4096};
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        size_t n = lengths[l];
        for (size_t align = 0; align < 16; align++) {
            for (size_t i = 0; i < n + 16; i++) a[align + i] = b[align + i] = (unsigned char)(i * 131 + n);
            check(shim_bcmp(a + align, b + align, n) == 0, "equal bytes compare equal", n, align);
            for (size_t at = 0; at < n; at += (n > 64 ? 37 : 1)) {
                b[align + at] ^= 0x80;
                check(shim_bcmp(a + align, b + align, n) != 0, "a differing byte is found", n, at);
                check((shim_bcmp(a + align, b + align, n) < 0) == (memcmp(a + align, b + align, n) < 0),
                      "the order memcmp gives", n, at);
                b[align + at] ^= 0x80;
            }
            memset(to, 0xAA, sizeof to);
            check(shim_memcpy(to + align, a, n) == to + align, "memcpy returns its destination", n, align);
            check(memcmp(to + align, a, n) == 0, "every byte copied", n, align);
            check((align == 0 || to[align - 1] == 0xAA) && to[align + n] == 0xAA, "nothing written outside", n, align);
        }
        for (size_t size = 1; size <= 64; size *= 4) {
            unsigned char *block = malloc(n * size + 1);
            memset(block, 0x55, n * size + 1);
            free(block);   /* a reused chunk is dirty: calloc must clear it */
            unsigned char *zeroed = shim_calloc(n, size);
            check(zeroed != NULL, "calloc gives a block", n, size);
            int clear = 1;
            for (size_t i = 0; zeroed && i < n * size; i++) clear &= zeroed[i] == 0;
            check(clear, "every byte zero", n, size);
            free(zeroed);
        }
    }
    /* volatile: the sizes are the test's input, not constants the compiler checks. */
    volatile size_t half = SIZE_MAX / 2, three = 3, big = (size_t)1 << 33;
    errno = 0;
    check(shim_calloc(half, three) == NULL && errno == ENOMEM, "an overflowing size is refused", half, three);
    errno = 0;
    check(shim_calloc(big, big) == NULL && errno == ENOMEM, "2^66 bytes refused", big, big);
    printf("test_embedded_imports: %ld checks, %d failures\n", checked, failures);
    return failures != 0;
}
