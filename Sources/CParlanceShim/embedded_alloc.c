/* posix_memalign for the Embedded build of libparlance.so, hidden: the
 * Embedded standard library allocates every object and buffer with
 * posix_memalign, asking 8 or 16 bytes of alignment, which malloc gives
 * anyway (glibc's chunks are 16-byte aligned). glibc's posix_memalign
 * checks the alignment and then calls malloc: about 45 instructions more
 * an allocation, and a program's first .mo lookup makes about 130. The
 * library's own calls bind to this definition (-Bsymbolic; it is not
 * exported); a larger alignment goes to aligned_alloc. The regular build
 * (SwiftPM's) compiles none of this. */
#if defined(PARLANCE_EMBEDDED) && defined(__linux__)
#define _POSIX_C_SOURCE 200112L
#include <errno.h>
#include <stdlib.h>

__attribute__((visibility("hidden"))) int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *block;
    if (alignment <= 16) {
        block = malloc(size);
    } else {
        /* C11's aligned_alloc takes a size that is a multiple of the alignment. */
        if (size > (size_t)-1 - alignment) return ENOMEM;
        block = aligned_alloc(alignment, (size + alignment - 1) & ~(alignment - 1));
    }
    if (!block && size != 0) return ENOMEM;
    *out = block;
    return 0;
}
#endif
