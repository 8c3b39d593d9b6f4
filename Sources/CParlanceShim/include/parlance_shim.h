/*
 * parlance_shim.h -- the only place where Parlance touches ICU and libc's
 * variadic or thread-local facilities. ICU's C API renames every symbol with
 * its version (uplrules_open_72), through macros Swift cannot see; these
 * small functions give the Swift core stable names.
 *
 * Internal to Parlance: not installed, not part of the C API.
 */
#ifndef PARLANCE_SHIM_H
#define PARLANCE_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nothing here is exported from libparlance.so. */
#pragma GCC visibility push(hidden)

/* ---- Locales --------------------------------------------------------- */

/* Converts a POSIX or BCP 47 spelling ("pt_BR.UTF-8", "zh_Hant_TW", "pt-BR")
 * to a canonical BCP 47 tag in out. Returns the tag's length, or -1 when ICU
 * rejects the input. */
int32_t parlance_icu_to_bcp47(const char *name, char *out, int32_t capacity);

/* Adds (maximize != 0) or removes likely subtags of a BCP 47 tag; the result
 * is a BCP 47 tag. Returns its length, or -1. */
int32_t parlance_icu_likely_subtags(const char *tag, int maximize, char *out, int32_t capacity);

/* The index of the locale among supported[0..count) (BCP 47 tags) that
 * best serves desired by CLDR's language distance (ICU's LocaleMatcher),
 * or -1 when none is close enough or on an error. */
int32_t parlance_icu_best_match(const char *desired, const char *const *supported, int32_t count);

/* Writes the language, script and region subtags of a BCP 47 tag (each may
 * come back empty). Returns 0, or -1 on error. */
int32_t parlance_icu_subtags(const char *tag, char *language, char *script, char *region, int32_t capacity);
/* 1 when name is a four-letter ISO 15924 script code ICU knows ("Latn",
 * "cyrl"), else 0 ("euro"). */
int parlance_icu_is_script_code(const char *name);

/* NFC of UTF-8 text: whether it is in NFC already (1; also without ICU's
 * data), and its NFC into out: the full length (out holds it when it fits),
 * or -1. */
int parlance_icu_is_nfc(const char *text, int32_t length);
int32_t parlance_icu_nfc(const char *text, int32_t length, char *out, int32_t capacity);

/* Compares two UTF-8 texts in ICU's root collation with numeric ordering of
 * digit runs, ignoring case (secondary strength) or, with cases != 0, telling
 * lowercase before uppercase (tertiary): -1, 0 or 1, or 2 when ICU cannot (no
 * collation data). Xcode's order of String Catalog keys (icu_collate.cpp). */
int parlance_icu_collate(const char *a, int32_t a_length, const char *b, int32_t b_length, int cases);

/* The locales ICU has data for (uloc_countAvailable), and the BCP 47 tag of
 * the one at index in out: its length (written NUL-terminated when it fits), or -1. */
int32_t parlance_icu_available_locale_count(void);
int32_t parlance_icu_available_locale(int32_t index, char *out, int32_t capacity);

/* ---- ICU itself (icu_version.c) --------------------------------------- */

/* The loaded ICU's version ("72.1"), from u_getVersion, into out. Returns its
 * length, or -1 when capacity is too small (32 always suffices). */
int32_t parlance_icu_runtime_version(char *out, int32_t capacity);

/* Why ICU could not be loaded (icu_loader.c): static text, NULL when it was
 * loaded, has not been needed yet, or is linked in (SwiftPM's build). */
const char *parlance_icu_load_error(void);

/* ---- Plural rules ---------------------------------------------------- */

/* Plural category indices, in CLDR order. */
enum {
    PARLANCE_SHIM_ZERO = 0, PARLANCE_SHIM_ONE = 1, PARLANCE_SHIM_TWO = 2,
    PARLANCE_SHIM_FEW = 3, PARLANCE_SHIM_MANY = 4, PARLANCE_SHIM_OTHER = 5
};

typedef struct parlance_shim_plural parlance_shim_plural;

/* Opens the cardinal (ordinal == 0) or ordinal rules of a locale (BCP 47).
 * NULL on failure. The handle is immutable and safe to share across threads. */
parlance_shim_plural *parlance_icu_plural_open(const char *locale, int ordinal);
void parlance_icu_plural_close(parlance_shim_plural *rules);

/* Category of a double (no visible fraction digits beyond its value). */
int parlance_icu_plural_select(const parlance_shim_plural *rules, double n);

/* Category of a decimal number spelled in ASCII ("1.0", "-2.50"), keeping its
 * visible fraction digits, as ICU does for a formatted number. -1 on error. */
int parlance_icu_plural_select_decimal(const parlance_shim_plural *rules, const char *decimal, int32_t length);

/* Bit mask (1 << category) of the categories the rules use. */
uint32_t parlance_icu_plural_categories(const parlance_shim_plural *rules);

/* The rules the handle evaluates, as ICU renders what it parsed, in UTF-8
 * ("one: i  in 1..1 and v  in 0..0; other: ": ICU's keywords in, not in,
 * within, mod; no samples). Returns the full length and writes it to out
 * NUL-terminated when it fits (call with capacity 0 to measure); -1 on error. */
int32_t parlance_icu_plural_rules_text(const parlance_shim_plural *rules, char *out, int32_t capacity);

/* The CLDR rule source ICU's data holds for a locale (BCP 47), following the
 * locale's parents as ICU does, in UTF-8, one "keyword: condition @integer
 * ... @decimal ..." per category joined by "; " (empty where ICU has none).
 * Length as above, or -1. */
int32_t parlance_icu_plural_rules_source(const char *locale, int ordinal, char *out, int32_t capacity);

/* ---- Locale-aware formatting (icu_format.cpp) ------------------------- */

/* A typed value for ICU's formatters. s is UTF-8 (a string) or ASCII (a
 * decimal number such as "-1234.50"), length bytes; d is a double or, for a
 * date, milliseconds since 1970-01-01T00:00Z. */
enum {
    PARLANCE_SHIM_VALUE_INT = 1, PARLANCE_SHIM_VALUE_DOUBLE = 2, PARLANCE_SHIM_VALUE_STRING = 3,
    PARLANCE_SHIM_VALUE_DECIMAL = 4, PARLANCE_SHIM_VALUE_DATE = 5
};
typedef struct parlance_shim_value {
    int type;
    int64_t i;
    double d;
    const char *s;
    int32_t length;
} parlance_shim_value;

/* Where and why a message could not be parsed or formatted: offset is in
 * UTF-16 units into the pattern (-1: no position); name is ICU's error name
 * (static). */
typedef struct parlance_shim_message_error {
    int32_t offset;
    const char *name;
} parlance_shim_message_error;

/* Results are malloc'd UTF-8, NUL-terminated, length in *length, released
 * with parlance_shim_free(); NULL on failure. All are safe to call from any
 * thread. */

/* A number (INT, DOUBLE or DECIMAL) formatted by an ICU number skeleton
 * ("" for the locale's default) in a locale (BCP 47). NULL for an invalid
 * skeleton or decimal. */
char *parlance_icu_number_format(const char *locale, const char *skeleton, const parlance_shim_value *value,
                                 int32_t *length);

/* A date and time: by skeleton ("yMMMd", NULL or "" for none), else by
 * styles (0 full, 1 long, 2 medium, 3 short, -1 none). time_zone is an
 * Olson id, NULL or "" for the default zone. */
char *parlance_icu_date_format(const char *locale, double epoch_ms, int date_style, int time_style,
                               const char *skeleton, const char *time_zone, int32_t *length);

/* A relative time, as JavaScript's Intl.RelativeTimeFormat formats it:
 * value in unit (0 year, 1 quarter, 2 month, 3 week, 4 day, 5 hour,
 * 6 minute, 7 second), style 0 long, 1 short, 2 narrow; numeric_auto
 * gives "tomorrow" where the locale has a word, else "in 1 day". */
char *parlance_icu_relative_time(const char *locale, double value, int unit, int style, int numeric_auto,
                                 int32_t *length);

/* count UTF-8 items joined as JavaScript's Intl.ListFormat joins them: type
 * 0 conjunction ("a, b, and c"), 1 disjunction ("a, b, or c"), 2 unit;
 * style 0 long, 1 short, 2 narrow. NULL on failure. */
char *parlance_icu_list(const char *locale, int type, int style, const char *const *items, int32_t count,
                        int32_t *length);

/* A message in ICU MessageFormat syntax, with count named values (numbered
 * arguments are named "0", "1"...). Parsed patterns are cached. */
char *parlance_icu_message_format(const char *locale, const char *pattern, int32_t pattern_length,
                                  const char *const *names, const parlance_shim_value *values, int32_t count,
                                  int32_t *length, parlance_shim_message_error *error);

/* The arguments of an ICU MessageFormat pattern, one line each:
 * "name TAB kind TAB selectors", kind being none, plural, selectordinal,
 * select, choice or a simple type's word (number, date...), selectors
 * comma-separated. NULL with error set when the pattern does not parse. */
char *parlance_icu_message_arguments(const char *pattern, int32_t pattern_length, int32_t *length,
                                     parlance_shim_message_error *error);

/* Whether a locale's script is written right to left. */
int parlance_icu_is_right_to_left(const char *locale);

/* The direction of text's first strong character outside isolates (rule P2
 * of the Unicode Bidirectional Algorithm): 1 left to right, 2 right to
 * left, 0 none. */
int parlance_icu_first_strong(const char *text, int32_t length);

void parlance_shim_free(void *memory);

/* ---- Charset conversion ---------------------------------------------- */

/* Converts bytes in the named charset to UTF-8. Returns the UTF-8 length
 * (call with capacity 0 to measure), -1 for an unknown charset, -2 for bytes
 * invalid in that charset. */
int64_t parlance_icu_convert_to_utf8(const char *charset, const char *in, int64_t length, char *out, int64_t capacity);

/* ---- The libintl functions' locale per thread (thread_locale.c) ------ */

/* What the libintl functions answer the calling thread in: the languages
 * it chose (kind CHOSEN, name: a colon-separated list owned by the thread,
 * valid until it chooses again), or the LC_MESSAGES name of its own locale
 * (THREAD, from uselocale) or of the global one (GLOBAL, from setlocale).
 * epoch and slot are what the runtime last remembered for that name on
 * this thread; epoch 0: nothing. The struct is the thread's own, valid
 * until its next call here. */
enum {
    PARLANCE_SHIM_LOCALE_GLOBAL = 0,
    PARLANCE_SHIM_LOCALE_THREAD = 1,
    PARLANCE_SHIM_LOCALE_CHOSEN = 2
};
#define PARLANCE_SHIM_LOCALE_NAME_CAPACITY 96
struct parlance_shim_messages_locale {
    uint64_t epoch;
    intptr_t slot;
    const char *name;
    int kind;
};
const struct parlance_shim_messages_locale *parlance_shim_messages_locale_current(void) __attribute__((returns_nonnull));
/* Caches (epoch, slot) for the name parlance_shim_messages_locale_current() just gave. */
void parlance_shim_messages_locale_remember(uint64_t epoch, intptr_t slot);
/* Sets (a colon-separated list, copied) or clears (NULL) the calling
 * thread's chosen languages. 0, or -1 when out of memory. */
int parlance_shim_messages_locale_choose(const char *languages);

/* ---- Thread-local error message ------------------------------------- */

/* Epoch-based reclamation (reclaim.c). A read section (nestable, per
 * thread) keeps every object retired after it began alive until it ends;
 * retire hands an unpublished object to release() once no section that
 * could hold it remains. collect releases what it can now and returns how
 * many objects stay retired. Sections are inline: entering costs a
 * thread-local increment and one store, leaving one store. */
struct parlance_shim_reader {
    uint64_t *epoch;        /* the thread's slot, NULL until its first section */
    unsigned depth;         /* sections open on the thread */
    int retired_inside;     /* a retire inside a section: its end collects */
};
extern __thread struct parlance_shim_reader parlance_shim_reader __attribute__((tls_model("initial-exec")));
extern uint64_t parlance_shim_global_epoch;
void parlance_shim_read_attach(void);
void parlance_shim_read_collect(void);
int parlance_shim_read_depth(void);
void parlance_shim_retire(void *object, void (*release)(void *));
size_t parlance_shim_collect(void);

static inline void parlance_shim_read_enter(void) {
    struct parlance_shim_reader *reader = &parlance_shim_reader;
    if (reader->depth++ != 0) return;
    if (__builtin_expect(reader->epoch == 0, 0)) parlance_shim_read_attach();
    /* seq_cst: the announcement is ordered before every load the section
     * makes, and against the writer's epoch advance and slot scan. */
    __atomic_store_n(reader->epoch, __atomic_load_n(&parlance_shim_global_epoch, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
}

static inline void parlance_shim_read_exit(void) {
    struct parlance_shim_reader *reader = &parlance_shim_reader;
    if (reader->depth == 0) return; /* unbalanced: ignored rather than corrupting the count */
    if (--reader->depth != 0) return;
    __atomic_store_n(reader->epoch, 0, __ATOMIC_RELEASE);
    if (__builtin_expect(reader->retired_inside, 0)) parlance_shim_read_collect();
}

/* Whether length bytes are well-formed UTF-8 (no overlongs, surrogates or
 * scalars past U+10FFFF). _checked remembers the verdict in flags[index]
 * (0 unknown, 1 valid, 2 invalid), so each string is validated once. */
int parlance_shim_utf8_valid(const char *text, size_t length);
int parlance_shim_utf8_checked(unsigned char *flags, size_t index, const char *text, size_t length);
/* A verdict byte read and written by racing threads; inline, so that the
 * lookup paths read it without a call. Release and acquire: a verdict
 * published after the bytes it judges were read in (a lazily read file,
 * PrivateBytes) is read before them. */
static inline int parlance_shim_flag_load(const unsigned char *flags, size_t index) {
    return __atomic_load_n(&flags[index], __ATOMIC_ACQUIRE);
}
static inline void parlance_shim_flag_store(unsigned char *flags, size_t index, int value) {
    __atomic_store_n(&flags[index], (unsigned char)value, __ATOMIC_RELEASE);
}

/* A slot of a found-key cache (64-bit words, 0 empty), read and claimed by
 * racing threads. Release and acquire: a slot names a message whose bytes
 * were read in before it was claimed (a lazily read file), and a reader of
 * the slot reads them after it. */
static inline uint64_t parlance_shim_slot_load(const uint64_t *slots, size_t index) {
    return __atomic_load_n(&slots[index], __ATOMIC_ACQUIRE);
}
/* Stores value into an empty slot: 0 when it did, else the slot's word. */
static inline uint64_t parlance_shim_slot_claim(uint64_t *slots, size_t index, uint64_t value) {
    uint64_t expected = 0;
    if (__atomic_compare_exchange_n(&slots[index], &expected, value, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return 0;
    return expected;
}
/* A counter shared by racing threads; returns the value before the add. */
static inline size_t parlance_shim_count_add(size_t *count) {
    return __atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}
/* A state byte moved on by one thread (claim) and published to the others
 * (release store, acquire load). */
static inline int parlance_shim_state_load(const unsigned char *state) {
    return __atomic_load_n(state, __ATOMIC_ACQUIRE);
}
static inline int parlance_shim_state_claim(unsigned char *state, int from, int to) {
    unsigned char expected = (unsigned char)from;
    return __atomic_compare_exchange_n(state, &expected, (unsigned char)to, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
static inline void parlance_shim_state_store(unsigned char *state, int value) {
    __atomic_store_n(state, (unsigned char)value, __ATOMIC_RELEASE);
}

/* Bit `index` of a bitmap set under a lock (release) and read without one
 * (acquire): a private copy's pages read so far. */
static inline int parlance_shim_bit_load(const unsigned char *bits, long index) {
    return (__atomic_load_n(bits + (index >> 3), __ATOMIC_ACQUIRE) >> (index & 7)) & 1;
}
static inline void parlance_shim_bit_set(unsigned char *bits, long index) {
    __atomic_fetch_or(bits + (index >> 3), (unsigned char)(1u << (index & 7)), __ATOMIC_RELEASE);
}

/* The quick .po reader: bytes from text up to the first '"', '\\', '\n', '\r', NUL or U+0004. */
size_t parlance_shim_po_plain_run(const unsigned char *text, size_t length);
/* The offset of the first byte not beginning a well-formed UTF-8 sequence; length when there is none. */
size_t parlance_shim_first_invalid_utf8(const unsigned char *text, size_t length);
/* The run of a JSON string's bytes up to a quote, backslash or control character. */
size_t parlance_shim_json_plain_run(const unsigned char *text, size_t length);

/* Whether length bytes are all ASCII (eight at a time); inline for the lookup paths. */
static inline int parlance_shim_is_ascii(const void *bytes, size_t length) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t any = 0;
    size_t at = 0;
    for (; at + 8 <= length; at += 8) {
        uint64_t word;
        __builtin_memcpy(&word, p + at, 8);
        any |= word;
    }
    for (; at < length; at++) any |= p[at];
    return (any & 0x8080808080808080ull) == 0;
}

/* Records the last failure on this thread; path may be NULL. */
void parlance_shim_set_error(int status, const char *message, size_t length,
                             const char *path, size_t path_length, uint32_t line, uint32_t column);
const char *parlance_shim_error(void);
int parlance_shim_error_details(const char **path, uint32_t *line, uint32_t *column);

/* ---- Key hashing ------------------------------------------------------ */

/* A 64-bit hash of up to four byte ranges read as one string (pieces may be
 * empty); the result does not depend on where the pieces split. The lookup
 * hot path: eight bytes at a time. */
uint64_t parlance_shim_hash(const void *p0, size_t n0, const void *p1, size_t n1,
                            const void *p2, size_t n2, const void *p3, size_t n3);

/* ---- Checksums ------------------------------------------------------- */

/* CRC-32C (Castagnoli) of bytes, continuing from crc (0 to start): the
 * checksum of compiled catalogs. crc32c(crc32c(0, a), b) == crc32c(0, ab). */
uint32_t parlance_shim_crc32c(uint32_t crc, const void *bytes, size_t length);

/* gettext's hash_string (PJW) over up to four byte ranges read as one string:
 * the hash a .mo file's own table is built with. */
uint32_t parlance_shim_pjw_hash(const void *p0, size_t n0, const void *p1, size_t n1,
                                const void *p2, size_t n2, const void *p3, size_t n3);

/* The expansion on this platform of a .mo file's system-dependent segment
 * (name: "PRIu64", "PRIxMAX", "I"; length bytes, no NUL needed), as glibc
 * expands it; NULL for a name glibc does not know. */
const char *parlance_shim_sysdep_segment(const char *name, size_t length);

/* ---- printf conversions ---------------------------------------------- */

/* Each formats one value with a validated single-conversion spec such as
 * "%08.3f" or "%lld" into out (snprintf semantics, result length returned). */
int parlance_shim_format_int(char *out, size_t capacity, const char *spec, long long value);
int parlance_shim_format_uint(char *out, size_t capacity, const char *spec, unsigned long long value);
int parlance_shim_format_double(char *out, size_t capacity, const char *spec, double value);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
