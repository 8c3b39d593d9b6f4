/*
 * icu_functions.h -- every function of parlance_shim.h that calls ICU, in
 * one list: X(return type, name without parlance_icu_, parameters,
 * arguments, value when ICU cannot be loaded). The ICU library's table
 * (icu_table.c) and the loader's forwarding functions (icu_loader.c) are
 * both made from it, so a function added to the shim is added here once.
 *
 * Internal to Parlance: not installed, not part of the C API.
 */
#ifndef PARLANCE_ICU_FUNCTIONS_H
#define PARLANCE_ICU_FUNCTIONS_H

#include "parlance_shim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PARLANCE_ICU_FUNCTIONS(X) PARLANCE_ICU_ANSWERED(X) PARLANCE_ICU_ASKED(X)

/* The functions with answers that need no ICU (icu_answers.h:
 * parlance_icu_answer_<name>, asked first). */
#define PARLANCE_ICU_ANSWERED(X) \
    X(int32_t, to_bcp47, (const char *name, char *out, int32_t capacity), (name, out, capacity), -1) \
    X(int, is_script_code, (const char *name), (name), 0)

#define PARLANCE_ICU_ASKED(X) \
    X(int32_t, likely_subtags, (const char *tag, int maximize, char *out, int32_t capacity), \
      (tag, maximize, out, capacity), -1) \
    X(int32_t, best_match, (const char *desired, const char *const *supported, int32_t count), \
      (desired, supported, count), -1) \
    X(int32_t, subtags, (const char *tag, char *language, char *script, char *region, int32_t capacity), \
      (tag, language, script, region, capacity), -1) \
    X(int, is_nfc, (const char *text, int32_t length), (text, length), 1) \
    X(int32_t, nfc, (const char *text, int32_t length, char *out, int32_t capacity), (text, length, out, capacity), -1) \
    X(int, collate, (const char *a, int32_t a_length, const char *b, int32_t b_length, int cases), \
      (a, a_length, b, b_length, cases), 2) \
    X(int32_t, available_locale_count, (void), (), 0) \
    X(int32_t, available_locale, (int32_t index, char *out, int32_t capacity), (index, out, capacity), -1) \
    X(int32_t, runtime_version, (char *out, int32_t capacity), (out, capacity), -1) \
    X(parlance_shim_plural *, plural_open, (const char *locale, int ordinal), (locale, ordinal), NULL) \
    X(int, plural_select, (const parlance_shim_plural *rules, double n), (rules, n), PARLANCE_SHIM_OTHER) \
    X(int, plural_select_decimal, (const parlance_shim_plural *rules, const char *decimal, int32_t length), \
      (rules, decimal, length), -1) \
    X(uint32_t, plural_categories, (const parlance_shim_plural *rules), (rules), 1u << PARLANCE_SHIM_OTHER) \
    X(int32_t, plural_rules_text, (const parlance_shim_plural *rules, char *out, int32_t capacity), \
      (rules, out, capacity), -1) \
    X(int32_t, plural_rules_source, (const char *locale, int ordinal, char *out, int32_t capacity), \
      (locale, ordinal, out, capacity), -1) \
    X(char *, number_format, (const char *locale, const char *skeleton, const parlance_shim_value *value, \
      int32_t *length), (locale, skeleton, value, length), NULL) \
    X(char *, date_format, (const char *locale, double epoch_ms, int date_style, int time_style, \
      const char *skeleton, const char *time_zone, int32_t *length), \
      (locale, epoch_ms, date_style, time_style, skeleton, time_zone, length), NULL) \
    X(char *, relative_time, (const char *locale, double value, int unit, int style, int numeric_auto, \
      int32_t *length), (locale, value, unit, style, numeric_auto, length), NULL) \
    X(char *, list, (const char *locale, int type, int style, const char *const *items, int32_t count, \
      int32_t *length), (locale, type, style, items, count, length), NULL) \
    X(char *, message_format, (const char *locale, const char *pattern, int32_t pattern_length, \
      const char *const *names, const parlance_shim_value *values, int32_t count, int32_t *length, \
      parlance_shim_message_error *error), \
      (locale, pattern, pattern_length, names, values, count, length, error), \
      parlance_icu_unavailable_message(error)) \
    X(char *, message_arguments, (const char *pattern, int32_t pattern_length, int32_t *length, \
      parlance_shim_message_error *error), (pattern, pattern_length, length, error), \
      parlance_icu_unavailable_message(error)) \
    X(int, is_right_to_left, (const char *locale), (locale), 0) \
    X(int, first_strong, (const char *text, int32_t length), (text, length), 0) \
    X(int64_t, convert_to_utf8, (const char *charset, const char *in, int64_t length, char *out, int64_t capacity), \
      (charset, in, length, out, capacity), -1)

/* The table the ICU library (libparlance-icu.so.0) hands the loader: a
 * version, then one pointer per function of the list, then the functions
 * that return nothing. The version changes whenever the list does; the
 * loader refuses a table of another version. */
#define PARLANCE_ICU_TABLE_VERSION 1
struct parlance_icu_table {
    int version;
#define PARLANCE_ICU_FIELD(type, name, params, args, unavailable) type (*name) params;
    PARLANCE_ICU_FUNCTIONS(PARLANCE_ICU_FIELD)
#undef PARLANCE_ICU_FIELD
    void (*plural_close)(parlance_shim_plural *rules);
};

/* The one symbol the ICU library exports. */
#define PARLANCE_ICU_TABLE_SYMBOL "parlance_icu_table_v1"
__attribute__((visibility("default"))) const struct parlance_icu_table *parlance_icu_table_v1(void);

/* The loader's: the failure of a MessageFormat call without ICU
 * (error->name set to parlance_icu_load_error(); returns NULL). */
__attribute__((visibility("hidden"))) char *parlance_icu_unavailable_message(parlance_shim_message_error *error);

#ifdef __cplusplus
}
#endif

#endif
