/* arc4random for the libstdc++ linked into libparlance.so. The Makefile's
 * build links libstdc++.a (the Swift runtime's few C++ functions: no
 * libstdc++.so.6 to load and relocate at start); its random_device refers
 * to arc4random, which glibc has only since 2.36, while the Python wheel
 * runs on 2.35 (manylinux_2_35). This definition, hidden, answers that
 * reference from getrandom (glibc 2.25), as glibc's own arc4random does
 * (which ends the process when the system has no entropy to give, as this
 * does). Nothing in Parlance calls it. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>

static void fill_random(void *buffer, size_t size) {
    unsigned char *p = buffer;
    size_t filled = 0;
    while (filled < size) {
        ssize_t n = getrandom(p + filled, size - filled, 0);
        if (n > 0) filled += (size_t)n;
        else if (n < 0 && errno != EINTR) abort();
    }
}

__attribute__((visibility("hidden"))) uint32_t arc4random(void) {
    uint32_t value;
    fill_random(&value, sizeof value);
    return value;
}

#ifdef PARLANCE_EMBEDDED
/* The Embedded standard library seeds its hashing with arc4random_buf:
 * answered here too, for the same glibc 2.35. */
__attribute__((visibility("hidden"))) void arc4random_buf(void *buffer, size_t size) {
    fill_random(buffer, size);
}
#endif
