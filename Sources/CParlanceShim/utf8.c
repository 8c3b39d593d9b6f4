/* UTF-8 validation of text served in place (mapped .mo files), once per
 * string: a flag byte per string records the verdict. */
#include "parlance_shim.h"

#include <stdint.h>
#include <string.h>

int parlance_shim_utf8_valid(const char *text, size_t length) {
    const unsigned char *s = (const unsigned char *)text, *end = s + length;
    while (s < end) {
        /* ASCII eight bytes at a time. */
        if (end - s >= 8) {
            uint64_t word;
            memcpy(&word, s, 8);
            if ((word & 0x8080808080808080ULL) == 0) { s += 8; continue; }
        }
        unsigned c = *s;
        if (c < 0x80) { s++; continue; }
        size_t need;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF) { need = 1; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; min = 0x10000; }
        else return 0;
        if ((size_t)(end - s) <= need) return 0;
        unsigned scalar = c & (0x3F >> need);
        for (size_t i = 1; i <= need; i++) {
            if ((s[i] & 0xC0) != 0x80) return 0;
            scalar = scalar << 6 | (s[i] & 0x3F);
        }
        if (scalar < min || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return 0;
        s += need + 1;
    }
    return 1;
}

int parlance_shim_utf8_checked(unsigned char *flags, size_t index, const char *text, size_t length) {
    /* 0: not checked yet, 1: valid, 2: invalid. Racing threads store the same verdict. */
    unsigned char known = __atomic_load_n(&flags[index], __ATOMIC_RELAXED);
    if (known) return known == 1;
    int valid = parlance_shim_utf8_valid(text, length);
    __atomic_store_n(&flags[index], valid ? 1 : 2, __ATOMIC_RELAXED);
    return valid;
}

