/*
 * icu_answers.h -- answers of the shim's ICU functions that need no ICU:
 * the commonest locale names, and inputs ICU rejects before looking. Each
 * ICU function asks here first, in SwiftPM's build as in the Makefile's, so
 * both builds answer alike; with ICU loaded on need (icu_loader.c) these
 * are why a process that only looks strings up in "de_DE" or "pt_BR" never
 * loads ICU. Each answer is ICU 72's own for the same input
 * (Tests/c/test_icu_on_need.c compares all of them with ICU's).
 *
 * Internal to Parlance: not installed, not part of the C API.
 */
#ifndef PARLANCE_ICU_ANSWERS_H
#define PARLANCE_ICU_ANSWERS_H

#include <stdint.h>
#include <string.h>

/* What the functions return when ICU must answer. */
#define PARLANCE_ICU_ASK (-2)

static inline int parlance_icu_answer_lower(char c) { return c >= 'a' && c <= 'z'; }
static inline int parlance_icu_answer_upper(char c) { return c >= 'A' && c <= 'Z'; }

/* parlance_icu_to_bcp47 for "ll" and "ll_RR" (a two-letter language, a
 * two-letter region): "ll", "ll-RR", unless uloc_canonicalize replaces the
 * language (in, iw, ji, jw, mo: deprecated codes) or the region (BU, DD,
 * FX, TP, YD, ZR); PARLANCE_ICU_ASK for any other name, or when out cannot
 * hold the tag and its NUL. */
static inline int32_t parlance_icu_answer_to_bcp47(const char *name, char *out, int32_t capacity) {
    static const char deprecated_languages[] = "in iw ji jw mo ";
    static const char deprecated_regions[] = "BU DD FX TP YD ZR ";
    if (name == NULL) return PARLANCE_ICU_ASK;
    size_t length = strlen(name);
    if (length != 2 && length != 5) return PARLANCE_ICU_ASK;
    if (!parlance_icu_answer_lower(name[0]) || !parlance_icu_answer_lower(name[1])) return PARLANCE_ICU_ASK;
    for (const char *d = deprecated_languages; *d; d += 3)
        if (d[0] == name[0] && d[1] == name[1]) return PARLANCE_ICU_ASK;
    if (length == 5) {
        if (name[2] != '_' || !parlance_icu_answer_upper(name[3]) || !parlance_icu_answer_upper(name[4]))
            return PARLANCE_ICU_ASK;
        for (const char *d = deprecated_regions; *d; d += 3)
            if (d[0] == name[3] && d[1] == name[4]) return PARLANCE_ICU_ASK;
    }
    if (capacity <= (int32_t)length) return PARLANCE_ICU_ASK; /* too small: ICU's own status */
    memcpy(out, name, length + 1);
    if (length == 5) out[2] = '-';
    return (int32_t)length;
}

/* parlance_icu_is_script_code: only a four-letter name can be a script code. */
static inline int parlance_icu_answer_is_script_code(const char *name) {
    return name != NULL && strlen(name) == 4 ? PARLANCE_ICU_ASK : 0;
}

#endif
