/* Three of libc's functions the Embedded build of libparlance.so defines
 * for itself, hidden, each on another libc function the library calls
 * anyway: bcmp on memcmp, memcpy on memmove, calloc on malloc and memset.
 *
 * Why: every libc function a library imports is bound by the dynamic
 * loader the first time it is called (lazy binding): some 500-900
 * instructions and a walk of the process's libraries each, paid by a
 * program's first .mo lookup, which calls about 30 of them. The compiler
 * emits both bcmp (a memcmp compared with zero) and memcmp, both memcpy and
 * memmove; glibc gives each pair the same code. Binding at load (-z now)
 * was measured and rejected: every process start would pay for the
 * functions it never calls. The library's own calls bind to these
 * definitions (-Bsymbolic; they are not exported). The regular build
 * (SwiftPM's) compiles none of this. Compiled with -fno-builtin: else the
 * compiler turns malloc and memset back into calloc, and memmove between
 * pointers it may assume apart into memcpy, each calling itself. */
#if defined(PARLANCE_EMBEDDED) && defined(__linux__)
#include <errno.h>
#include <stdlib.h>
#include <string.h>

__attribute__((visibility("hidden"))) int bcmp(const void *a, const void *b, size_t n) {
    return memcmp(a, b, n);
}

__attribute__((visibility("hidden"))) void *memcpy(void *to, const void *from, size_t n) {
    return memmove(to, from, n);
}

__attribute__((visibility("hidden"))) void *calloc(size_t count, size_t size) {
    if (size != 0 && count > (size_t)-1 / size) {
        errno = ENOMEM;
        return NULL;
    }
    void *block = malloc(count * size);
    if (block) memset(block, 0, count * size);
    return block;
}
#endif
