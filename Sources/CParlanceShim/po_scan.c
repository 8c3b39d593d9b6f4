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
 * U+10FFFF), or `length` when all of it is well-formed, read sequence by
 * sequence from `at`. ASCII runs are skipped sixteen bytes a step with SSE2. */
static size_t first_invalid_from(const unsigned char *text, size_t length, size_t at) {
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

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <stdatomic.h>
#include <tmmintrin.h>
#define PARLANCE_UTF8_BLOCKS 1

/* Whether text[0, length) (a multiple of 16) holds no ill-formed UTF-8,
 * a sequence cut at its end aside: every byte checked against the three
 * before it with table lookups, sixteen at a time (the "lookup" method of
 * Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per
 * Byte", 2021). */
__attribute__((target("ssse3")))
static int blocks_are_well_formed(const unsigned char *text, size_t length) {
    /* The error classes one byte and the one before it can show. */
    enum {
        TOO_SHORT = 1 << 0,   /* a lead not followed by a continuation */
        TOO_LONG = 1 << 1,    /* a continuation after ASCII */
        OVERLONG_3 = 1 << 2,  /* E0 80..9F */
        TOO_LARGE = 1 << 3,   /* F4 90..BF, F5..FF */
        SURROGATE = 1 << 4,   /* ED A0..BF */
        OVERLONG_2 = 1 << 5,  /* C0, C1 */
        TOO_LARGE_1000 = 1 << 6,
        OVERLONG_4 = 1 << 6,  /* F0 80..8F */
        TWO_CONTS = 1 << 7,   /* two continuations: right only as a third or fourth byte */
        CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
    };
    const __m128i first_high = _mm_setr_epi8(
        TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
        TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
        TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);
    const __m128i first_low = _mm_setr_epi8(
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
        CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000);
    const __m128i second_high = _mm_setr_epi8(
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE),
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    const __m128i third_lead = _mm_set1_epi8((char)(0xE0 - 0x80)), fourth_lead = _mm_set1_epi8((char)(0xF0 - 0x80));
    const __m128i high_bit = _mm_set1_epi8((char)0x80);
    __m128i previous = _mm_setzero_si128(), error = _mm_setzero_si128();
    for (size_t at = 0; at < length; at += 16) {
        __m128i input = _mm_loadu_si128((const __m128i *)(text + at));
        if (_mm_movemask_epi8(input) == 0 && _mm_movemask_epi8(previous) == 0) {
            previous = input;   /* ASCII after ASCII: nothing to check */
            continue;
        }
        __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
        __m128i byte_1_high = _mm_shuffle_epi8(first_high, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble));
        __m128i byte_1_low = _mm_shuffle_epi8(first_low, _mm_and_si128(prev1, nibble));
        __m128i byte_2_high = _mm_shuffle_epi8(second_high, _mm_and_si128(_mm_srli_epi16(input, 4), nibble));
        __m128i special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
        __m128i prev2 = _mm_alignr_epi8(input, previous, 14), prev3 = _mm_alignr_epi8(input, previous, 13);
        __m128i must_continue = _mm_or_si128(_mm_subs_epu8(prev2, third_lead), _mm_subs_epu8(prev3, fourth_lead));
        error = _mm_or_si128(error, _mm_xor_si128(_mm_and_si128(must_continue, high_bit), special));
        previous = input;
    }
    return _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xFFFF;
}

/* Asked with one CPUID (leaf 1, ECX bit 9) the first time a long text is
 * checked, not with __builtin_cpu_supports: that links the compiler
 * runtime's CPU-model constructor, which runs a dozen CPUIDs when the
 * library is loaded, in every process, and a CPUID costs microseconds
 * under a hypervisor. Racing threads compute the same answer. */
static int has_ssse3(void) {
    static _Atomic int known = -1;
    int answer = atomic_load_explicit(&known, memory_order_relaxed);
    if (answer < 0) {
        unsigned eax, ebx, ecx, edx;
        answer = (__get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_SSSE3)) ? 1 : 0;
        atomic_store_explicit(&known, answer, memory_order_relaxed);
    }
    return answer;
}
#endif

size_t parlance_shim_first_invalid_utf8(const unsigned char *text, size_t length) {
#if defined(PARLANCE_UTF8_BLOCKS)
    if (length >= 64 && has_ssse3()) {
        size_t blocks = length & ~(size_t)15;
        if (!blocks_are_well_formed(text, blocks)) return first_invalid_from(text, length, 0);
        /* Well-formed up to a sequence the blocks' end may cut: read on from its lead. */
        size_t at = blocks;
        while (at > blocks - 3 && (text[at - 1] & 0xC0) == 0x80) at--;
        if (text[at - 1] >= 0xC0) at--;
        return first_invalid_from(text, length, at);
    }
#endif
    return first_invalid_from(text, length, 0);
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
