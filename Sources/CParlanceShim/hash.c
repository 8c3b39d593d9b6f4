/* The key hash of Parlance's lookup index. Compiled catalogs store indices
 * built with it, with a check value in their header: changing it makes
 * existing compiled files fail to open (docs/compiled-format.md). */
#include "parlance_shim.h"

#include <string.h>

struct stream {
    uint64_t state, word;
    size_t filled, total;
};

static inline void mix(struct stream *s, uint64_t value) {
    s->state = (s->state ^ value) * 0x9E3779B97F4A7C15ull;
    s->state ^= s->state >> 32;
}

static inline void add(struct stream *s, const unsigned char *p, size_t n) {
    s->total += n;
    while (s->filled != 0 && n > 0) {
        s->word |= (uint64_t)*p++ << (s->filled * 8);
        n--;
        if (++s->filled == 8) {
            mix(s, s->word);
            s->word = 0;
            s->filled = 0;
        }
    }
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8); /* little-endian hosts; the index is built on the same host */
        mix(s, w);
        p += 8;
        n -= 8;
    }
    while (n > 0) {
        s->word |= (uint64_t)*p++ << (s->filled * 8);
        s->filled++;
        n--;
    }
}

static inline uint64_t finish(struct stream *s) {
    uint64_t h;
    mix(s, s->word ^ ((uint64_t)s->total << 56));
    h = s->state;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h;
}

/* The last n < 8 bytes as a zero-padded little-endian word, the same as
 * shifting them in, with fixed-size loads only (no call to memcpy): two
 * overlapping 4-byte loads, or the first, middle and last byte. */
static inline uint64_t tail(const unsigned char *p, size_t n) {
    if (n >= 4) {
        uint32_t low, high;
        memcpy(&low, p, 4);
        memcpy(&high, p + n - 4, 4);
        return (uint64_t)low | ((uint64_t)high << ((n - 4) * 8));
    }
    if (n == 0) return 0;
    return (uint64_t)p[0] | ((uint64_t)p[n / 2] << (n / 2 * 8)) | ((uint64_t)p[n - 1] << ((n - 1) * 8));
}

/* The same hash over contiguous bytes: whole words, then the zero-padded tail. */
static inline uint64_t hash_contiguous(const unsigned char *p, size_t n) {
    struct stream s = {0x243F6A8885A308D3ull, 0, 0, n};
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        mix(&s, w);
        p += 8;
        n -= 8;
    }
    s.word = tail(p, n);
    return finish(&s);
}

uint64_t parlance_shim_hash(const void *p0, size_t n0, const void *p1, size_t n1,
                            const void *p2, size_t n2, const void *p3, size_t n3) {
    struct stream s = {0x243F6A8885A308D3ull, 0, 0, 0};
    size_t total = n0 + n1 + n2 + n3;
    if (n1 == 0 && n2 == 0 && n3 == 0) return hash_contiguous(p0, n0);
    if (total <= 256) {
        /* Joining the pieces on the stack is cheaper than streaming them. */
        unsigned char joined[256], *at = joined;
        if (n0) { memcpy(at, p0, n0); at += n0; }
        if (n1) { memcpy(at, p1, n1); at += n1; }
        if (n2) { memcpy(at, p2, n2); at += n2; }
        if (n3) { memcpy(at, p3, n3); }
        return hash_contiguous(joined, total);
    }
    if (n0) add(&s, p0, n0);
    if (n1) add(&s, p1, n1);
    if (n2) add(&s, p2, n2);
    if (n3) add(&s, p3, n3);
    return finish(&s);
}

static inline uint64_t pjw(uint64_t value, const unsigned char *p, size_t n) {
    while (n-- > 0) {
        uint64_t high;
        value = (value << 4) + *p++;
        high = value & 0xFFFFFFFFF0000000ull;
        if (high != 0) {
            value ^= high >> 24;
            value ^= high;
        }
    }
    return value;
}

uint32_t parlance_shim_pjw_hash(const void *p0, size_t n0, const void *p1, size_t n1,
                                const void *p2, size_t n2, const void *p3, size_t n3) {
    uint64_t value = 0;
    value = pjw(value, p0, n0);
    value = pjw(value, p1, n1);
    value = pjw(value, p2, n2);
    value = pjw(value, p3, n3);
    return (uint32_t)value;
}
