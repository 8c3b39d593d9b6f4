/* The inner loop of Parlance's quick .po reader: the length of the run of
 * bytes inside a quoted string that need no attention — everything but the
 * closing quote, a backslash, a line end (\n or \r), NUL and U+0004 (the bytes the
 * reader stops at). Sixteen bytes a step with SSE2 (every x86-64 has it),
 * else a table lookup per byte, eight bytes a step. */
#include "parlance_shim.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static const unsigned char stops[256] = {
    [0] = 1, [4] = 1, ['\n'] = 1, ['\r'] = 1, ['"'] = 1, ['\\'] = 1,
};

size_t parlance_shim_po_plain_run(const unsigned char *text, size_t length) {
    size_t at = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i newline = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i eot = _mm_set1_epi8(4), zero = _mm_setzero_si128();
    while (length - at >= 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(text + at));
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)),
                                   _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, newline), _mm_cmpeq_epi8(chunk, cr)),
                                                _mm_or_si128(_mm_cmpeq_epi8(chunk, eot), _mm_cmpeq_epi8(chunk, zero))));
        int mask = _mm_movemask_epi8(hit);
        if (mask) return at + (size_t)__builtin_ctz((unsigned)mask);
        at += 16;
    }
#else
    while (length - at >= 8) {
        if (stops[text[at]] | stops[text[at + 1]] | stops[text[at + 2]] | stops[text[at + 3]] |
            stops[text[at + 4]] | stops[text[at + 5]] | stops[text[at + 6]] | stops[text[at + 7]])
            break;
        at += 8;
    }
#endif
    while (at < length && !stops[text[at]]) at++;
    return at;
}

/* The offset of the first byte that does not begin a well-formed UTF-8
 * sequence (Unicode's table 3-7: no overlongs, surrogates or values past
 * U+10FFFF), or `length` when all of it is well-formed. ASCII runs are
 * skipped sixteen bytes a step with SSE2. */
size_t parlance_shim_first_invalid_utf8(const unsigned char *text, size_t length) {
    size_t at = 0;
    while (at < length) {
#if defined(__SSE2__)
        while (length - at >= 16) {
            int mask = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(text + at)));
            if (mask) {
                at += (size_t)__builtin_ctz((unsigned)mask);
                break;
            }
            at += 16;
        }
#endif
        if (at >= length) break;
        unsigned char lead = text[at];
        if (lead < 0x80) { at++; continue; }
        size_t need;
        unsigned char low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) need = 2;
        else if (lead == 0xE0) { need = 3; low = 0xA0; }
        else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) need = 3;
        else if (lead == 0xED) { need = 3; high = 0x9F; }
        else if (lead == 0xF0) { need = 4; low = 0x90; }
        else if (lead >= 0xF1 && lead <= 0xF3) need = 4;
        else if (lead == 0xF4) { need = 4; high = 0x8F; }
        else return at;
        if (length - at < need) return at;
        if (text[at + 1] < low || text[at + 1] > high) return at;
        for (size_t i = 2; i < need; i++) if ((text[at + i] & 0xC0) != 0x80) return at;
        at += need;
    }
    return length;
}

/* The length of the run of bytes inside a JSON string that need no
 * attention: everything but the closing quote, a backslash and the control
 * characters below U+0020 (which JSON forbids raw). */
size_t parlance_shim_json_plain_run(const unsigned char *text, size_t length) {
    size_t at = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), control = _mm_set1_epi8(0x1F);
    while (length - at >= 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(text + at));
        __m128i low = _mm_cmpeq_epi8(_mm_max_epu8(chunk, control), control);   /* chunk <= 0x1F, unsigned */
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)), low);
        int mask = _mm_movemask_epi8(hit);
        if (mask) return at + (size_t)__builtin_ctz((unsigned)mask);
        at += 16;
    }
#endif
    while (at < length && text[at] != '"' && text[at] != '\\' && text[at] >= 0x20) at++;
    return at;
}
