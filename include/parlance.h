/*
 * parlance.h -- the C API of Parlance, an embeddable localization runtime.
 *
 * Parlance loads translation tables (Apple .strings and .stringsdict,
 * hierarchical JSON, gettext .po and .mo, and its own compiled catalogs),
 * resolves context-keyed and CLDR-plural strings along an application-chosen
 * locale fallback chain, and formats typed arguments. GNU libintl's
 * interface is in parlance_libintl.h.
 *
 * Conventions
 * - All text is UTF-8. Every string argument is NUL-terminated.
 * - Fallible calls return an int status: PARLANCE_OK (0) or a parlance_status
 *   code. Decide success from the status alone; then parlance_last_error()
 *   describes the failure.
 * - Out parameters come first and are written only on success.
 * - A `const char *` result is borrowed: its lifetime is stated on each call.
 *   Text the caller owns is returned through `char **out` and released with
 *   parlance_free(), or copied into the caller's buffer (the _copy calls).
 * - Lifetime of looked-up strings: a translation returned by
 *   parlance_localizer_text(), _lookup(), _plural(), _localize_marked() or
 *   _explain() lives until the catalog is freed or a later load into it
 *   replaces the table that supplied it (loading the same file again, or
 *   another file into the same locale and table), whichever comes first.
 *   Loads reclaim what they replace, so a program that reloads keeps a
 *   bounded footprint. A thread that looks strings up while another thread
 *   may load into the catalog has two safe ways to use them:
 *     - copy them out with parlance_localizer_copy() / _plural_copy(); or
 *     - hold a read section: strings obtained between parlance_read_begin()
 *       and parlance_read_end() on a thread stay valid until that
 *       parlance_read_end(), whatever loads happen meanwhile.
 *   Programs that load only before they look strings up (or on the same
 *   thread) need neither. The libintl-compatible functions of
 *   parlance_libintl.h keep libintl's promise instead: their strings live
 *   as long as the process.
 * - Thread safety: a catalog and its localizers may be used from any number
 *   of threads at once, including loads and locale changes while other
 *   threads look strings up; readers see the state before or after a change,
 *   never a mix. parlance_last_error() is per thread.
 */
#ifndef PARLANCE_H
#define PARLANCE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
#  define PARLANCE_BEGIN_DECL extern "C" {
#  define PARLANCE_END_DECL }
#else
#  define PARLANCE_BEGIN_DECL
#  define PARLANCE_END_DECL
#endif

#if defined(__GNUC__)
#  define PARLANCE_API __attribute__((visibility("default")))
#else
#  define PARLANCE_API
#endif

PARLANCE_BEGIN_DECL

/* ---- Version ------------------------------------------------------------ */

#define PARLANCE_VERSION_MAJOR 0
#define PARLANCE_VERSION_MINOR 1
#define PARLANCE_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define PARLANCE_VERSION_NUMBER (PARLANCE_VERSION_MAJOR * 10000 + PARLANCE_VERSION_MINOR * 100 + PARLANCE_VERSION_PATCH)

/** The version number of the library loaded at run time; compare it with
 *  PARLANCE_VERSION_NUMBER to detect a header/library mismatch. */
PARLANCE_API uint32_t parlance_version_number(void);

/** The version as "MAJOR.MINOR.PATCH"; a static string. */
PARLANCE_API const char *parlance_version(void);

/** The version of the ICU library Parlance runs on, as that library reports
 *  it at run time (u_getVersion), e.g. "72.1" or "76.1": the system's ICU for
 *  a library built from source, the package's own copy for the Python wheel.
 *  A static string, never NULL ("" only if ICU gives no version); safe to
 *  call from any thread. */
PARLANCE_API const char *parlance_icu_version(void);

/** Why ICU could not be loaded; NULL while it is loaded or has not been
 *  needed yet. libparlance.so opens ICU (libparlance-icu.so.0, found beside
 *  it or where PARLANCE_ICU_LIBRARY says) at the first call that needs it,
 *  not at start (docs/architecture.md lists those calls). When it cannot,
 *  those calls answer without ICU (a locale name with a script or variant
 *  not canonicalised, a plural rule of "other" alone, no formatted numbers
 *  or dates: a message that formats one fails with this reason), and the
 *  library writes the reason once to standard error. parlance_icu_version()
 *  loads ICU: a program that wants to know at start calls it, then this.
 *  A static string; safe to call from any thread. */
PARLANCE_API const char *parlance_icu_error(void);

/* ---- Errors ------------------------------------------------------------- */

/** Status codes. */
typedef enum parlance_status {
    PARLANCE_OK         = 0,
    PARLANCE_EINVAL     = 1, /**< unusable argument: NULL, unknown format, bad option */
    PARLANCE_ENOTFOUND  = 2, /**< no such file, directory or resource */
    PARLANCE_EIO        = 3, /**< reading a file failed */
    PARLANCE_ESYNTAX    = 4, /**< a table does not follow its format's grammar */
    PARLANCE_EENCODING  = 5, /**< invalid UTF-8/UTF-16 or an unknown charset */
    PARLANCE_EFORMAT    = 6, /**< placeholders do not match the arguments */
    PARLANCE_ELOCALE    = 7, /**< a locale name that cannot be parsed */
    PARLANCE_EREFERENCE = 8, /**< a {key.path} cycle or nesting too deep */
    PARLANCE_ERESOURCE  = 9  /**< out of memory or over a size limit */
} parlance_status;

/** The message of the last failed call on this thread, e.g.
 *  "fr.lproj/Localizable.strings:3:14: missing ';' after value".
 *  Never NULL ("" when no call failed). Owned by Parlance; valid until the
 *  next Parlance call on this thread. */
PARLANCE_API const char *parlance_last_error(void);

/** Details of the last failed call on this thread: returns its status and,
 *  for each non-NULL out pointer, the file it concerned (NULL when none) and
 *  the 1-based line and column (0 when unknown). Same lifetime as
 *  parlance_last_error(). */
PARLANCE_API int parlance_last_error_details(const char **path, uint32_t *line, uint32_t *column);

/** Releases text that a Parlance call returned through a `char **out`
 *  parameter. NULL is a harmless no-op. */
PARLANCE_API void parlance_free(void *text);

/* ---- Typed values -------------------------------------------------------- */

/** Argument types for formatting and plural selection. */
typedef enum parlance_arg_type {
    PARLANCE_ARG_INT    = 1, /**< value.i: a 64-bit signed integer */
    PARLANCE_ARG_DOUBLE = 2, /**< value.d: a double */
    PARLANCE_ARG_STRING = 3, /**< value.s: UTF-8 text; as a plural count, a decimal
                                  such as "1.50" whose fraction digits count */
    PARLANCE_ARG_DECIMAL = 4, /**< value.s: a decimal number as ASCII text ("-1234.50",
                                   "1e3"), kept exactly: digits beyond a double's and
                                   visible fraction digits count; a number everywhere */
    PARLANCE_ARG_DATE   = 5, /**< value.d: a date, milliseconds since 1970-01-01T00:00Z */
    PARLANCE_ARG_BOOL   = 6, /**< value.i: a boolean (0 false, any other true): "true" or
                                  "false" where a message shows or selects on it as text
                                  (i18next, ICU select, MessageFormat 2), 1 or 0 for a
                                  printf conversion; never a plural count */
    PARLANCE_ARG_LIST   = 7  /**< value.s: a list of UTF-8 texts, each ended by a NUL,
                                  the list by an empty one ("a\0b\0" "\0"; an item
                                  cannot be empty): i18next's {{v, list}} joins it in the
                                  language's words ("a, b, and c"); shown as text it is
                                  "a,b" in i18next (JavaScript's String(array)), the
                                  language's "and" list elsewhere; never a number */
} parlance_arg_type;

/** A tagged argument. No varargs cross the API: a placeholder whose type does
 *  not match its argument is reported as PARLANCE_EFORMAT, never misread. */
typedef struct parlance_arg {
    int type; /**< a parlance_arg_type */
    union {
        int64_t i;
        double d;
        const char *s;
    } value;
} parlance_arg;

/** Convenience initializers: `parlance_arg a = PARLANCE_INT(3);` (C and C++). */
#ifdef __cplusplus
static inline parlance_arg parlance_arg_int_(int64_t v) { parlance_arg a; a.type = PARLANCE_ARG_INT; a.value.i = v; return a; }
static inline parlance_arg parlance_arg_double_(double v) { parlance_arg a; a.type = PARLANCE_ARG_DOUBLE; a.value.d = v; return a; }
static inline parlance_arg parlance_arg_string_(const char *v) { parlance_arg a; a.type = PARLANCE_ARG_STRING; a.value.s = v; return a; }
static inline parlance_arg parlance_arg_decimal_(const char *v) { parlance_arg a; a.type = PARLANCE_ARG_DECIMAL; a.value.s = v; return a; }
static inline parlance_arg parlance_arg_date_(double v) { parlance_arg a; a.type = PARLANCE_ARG_DATE; a.value.d = v; return a; }
static inline parlance_arg parlance_arg_list_(const char *v) { parlance_arg a; a.type = PARLANCE_ARG_LIST; a.value.s = v; return a; }
#  define PARLANCE_INT(v)    parlance_arg_int_((int64_t)(v))
#  define PARLANCE_DOUBLE(v) parlance_arg_double_((double)(v))
#  define PARLANCE_STRING(v) parlance_arg_string_(v)
#  define PARLANCE_DECIMAL(v) parlance_arg_decimal_(v)
#  define PARLANCE_DATE(ms)  parlance_arg_date_((double)(ms))
#  define PARLANCE_LIST(v)   parlance_arg_list_(v)
#else
#  define PARLANCE_INT(v)    ((parlance_arg){PARLANCE_ARG_INT, {.i = (int64_t)(v)}})
#  define PARLANCE_DOUBLE(v) ((parlance_arg){PARLANCE_ARG_DOUBLE, {.d = (double)(v)}})
#  define PARLANCE_STRING(v) ((parlance_arg){PARLANCE_ARG_STRING, {.s = (v)}})
#  define PARLANCE_DECIMAL(v) ((parlance_arg){PARLANCE_ARG_DECIMAL, {.s = (v)}})
#  define PARLANCE_DATE(ms)  ((parlance_arg){PARLANCE_ARG_DATE, {.d = (double)(ms)}})
#  define PARLANCE_LIST(v)   ((parlance_arg){PARLANCE_ARG_LIST, {.s = (v)}})
#endif

/* ---- Catalogs ------------------------------------------------------------ */

/** A set of loaded translation tables, by locale and table name. */
typedef struct parlance_catalog parlance_catalog;

/** Table formats. */
typedef enum parlance_format {
    PARLANCE_FORMAT_AUTO        = 0, /**< infer from the file name and contents */
    PARLANCE_FORMAT_STRINGS     = 1, /**< Apple .strings (text, XML or binary plist) */
    PARLANCE_FORMAT_STRINGSDICT = 2, /**< Apple .stringsdict (XML or binary plist) */
    PARLANCE_FORMAT_JSON        = 3, /**< hierarchical JSON with {key.path} references */
    PARLANCE_FORMAT_PO          = 4, /**< gettext .po (and .pot) source catalog */
    PARLANCE_FORMAT_MO          = 5, /**< gettext .mo compiled catalog (either byte order) */
    PARLANCE_FORMAT_COMPILED    = 6, /**< Parlance compiled catalog (`parlance compile`): every
                                          locale and table in one file, read in place */
    PARLANCE_FORMAT_XCSTRINGS   = 7, /**< Apple String Catalog (.xcstrings): every language of
                                          one table in one JSON file */
    PARLANCE_FORMAT_ANDROID     = 8, /**< Android string resources (res/values-xx/strings.xml);
                                          they load into the default table */
    PARLANCE_FORMAT_XLIFF       = 9, /**< XLIFF 1.2 or 2.0 (.xliff, .xlf): each file element a
                                          table of its target language */
    PARLANCE_FORMAT_I18NEXT     = 10, /**< i18next JSON v4 (LNG/NS.json): one namespace, a table;
                                          format with parlance_localizer_format_named() */
    PARLANCE_FORMAT_PROPERTIES  = 11, /**< Java .properties resource bundle (Base_xx_YY.properties);
                                          java.text.MessageFormat messages */
    PARLANCE_FORMAT_FLUENT      = 12, /**< Fluent resource (LOCALE/NAME.ftl): one table a file, Fluent
                                          messages (format with parlance_localizer_format_named();
                                          attributes by the key "message.attribute") */
    PARLANCE_FORMAT_QT_TS       = 13, /**< Qt Linguist source (NAME_LOCALE.ts), served as lrelease
                                          compiles it: key the source text, context the Qt context
                                          (then U+0004 and the disambiguation, when there is one) */
    PARLANCE_FORMAT_QT_QM       = 14 /**< Qt compiled translations (NAME_LOCALE.qm), keyed as
                                          PARLANCE_FORMAT_QT_TS */
} parlance_format;

/** String Catalog `stringUnit` states, as flags: which ones a catalog
 *  serves (parlance_catalog_set_xcstrings_states()). A state Parlance does
 *  not know counts as translated. */
typedef enum parlance_xcstrings_state {
    PARLANCE_XCSTRINGS_TRANSLATED   = 1, /**< "translated" (and unknown states) */
    PARLANCE_XCSTRINGS_NEEDS_REVIEW = 2, /**< "needs_review" */
    PARLANCE_XCSTRINGS_NEW          = 4, /**< "new": not translated yet */
    PARLANCE_XCSTRINGS_STALE        = 8, /**< "stale": translated for an older source text */
    /** The default: translated, needs review and stale, as a built app shows them. */
    PARLANCE_XCSTRINGS_SERVED       = 11
} parlance_xcstrings_state;

/** Creates an empty catalog in *out. Returns PARLANCE_OK, or PARLANCE_EINVAL
 *  when out is NULL. Free it with parlance_catalog_free(). */
PARLANCE_API int parlance_catalog_create(parlance_catalog **out);

/** Frees a catalog and every string it handed out (once no read section
 *  that could hold them remains). NULL is a harmless no-op. Free the
 *  localizers made on it first. */
PARLANCE_API void parlance_catalog_free(parlance_catalog *catalog);

/** Loads a file or a directory into the catalog.
 *
 *  A directory is searched for `xx.lproj/Table.ext` (also under `i18n/`),
 *  where ext is strings, stringsdict or json, for String Catalogs
 *  (`Table.xcstrings` beside the folders or in `mul.lproj/`), for Android's
 *  `values[-xx]` folders of .xml resource files (also under `res/`), for
 *  i18next's `LNG/NS.json` (also under `locales/`), and for gettext's
 *  `LANG/LC_MESSAGES/DOMAIN.mo` (or `.po`), the domain being the table;
 *  locale and table must then be NULL. For a single file, NULL locale and
 *  table are inferred from its path (`fr.lproj/Menu.strings` is locale fr,
 *  table Menu; `de/LC_MESSAGES/app.mo` is locale de, table app); the default
 *  table is "Localizable". A table loaded again replaces the earlier one as a whole.
 *
 *  A compiled catalog (`parlance compile`, recognised by its contents) holds
 *  every locale and table: locale and table must be NULL, and each of its
 *  tables replaces the one loaded before. It is read into private memory
 *  in one pass and not parsed: loading costs a copy of the file (about a
 *  millisecond a megabyte), and the strings lookups return point into that
 *  copy, which lives as long as any of its tables (see "Lifetime of
 *  looked-up strings"). The file may then be rewritten, truncated or
 *  removed: lookups keep serving what was loaded (so does a `.mo`).
 *  A damaged file is PARLANCE_ESYNTAX when its header or table directory
 *  is wrong; damage elsewhere (including text that is not valid UTF-8)
 *  turns lookups into misses (`parlance compile
 *  --verify` checks the whole file).
 *
 *  All or nothing: on any error nothing changes and lookups keep seeing the
 *  previous tables; parlance_last_error() names file:line:column.
 *  Thread-safe with respect to concurrent lookups. */
PARLANCE_API int parlance_catalog_load(parlance_catalog *catalog, const char *path,
                                       const char *locale, const char *table, int format);

/** Loads one table from memory. locale is required (for a String Catalog,
 *  NULL loads every language and a locale only that one); table NULL means
 *  "Localizable"; format must not be PARLANCE_FORMAT_AUTO unless the bytes
 *  identify themselves (binary or XML plist are read as .strings), and not
 *  PARLANCE_FORMAT_COMPILED (compiled catalogs load from a file). The bytes
 *  are copied. Same all-or-nothing rule as parlance_catalog_load(). */
PARLANCE_API int parlance_catalog_load_bytes(parlance_catalog *catalog, const void *data, size_t size,
                                             const char *locale, const char *table, int format);

/** Chooses which String Catalog `stringUnit` states the catalog's later
 *  loads serve: a set of parlance_xcstrings_state flags (default
 *  PARLANCE_XCSTRINGS_SERVED). A string unit whose state is not in the set
 *  is not in the table, so lookups fall back along the chain; a plural
 *  whose `other` form is left out is not served at all. Tables already
 *  loaded keep what they serve. Returns PARLANCE_OK, or PARLANCE_EINVAL for
 *  a NULL catalog or an unknown flag. */
PARLANCE_API int parlance_catalog_set_xcstrings_states(parlance_catalog *catalog, unsigned states);

/* ---- Enumeration ------------------------------------------------------------ */

/** A snapshot of one table's entries (parlance_catalog_entries()). */
typedef struct parlance_entries parlance_entries;

/** What an entry holds. */
typedef enum parlance_entry_kind {
    PARLANCE_ENTRY_TEXT           = 0, /**< a plain text */
    PARLANCE_ENTRY_PLURAL         = 1, /**< texts by CLDR plural category */
    PARLANCE_ENTRY_GETTEXT_PLURAL = 2, /**< gettext plural forms, by Plural-Forms index */
    PARLANCE_ENTRY_VARIABLES      = 3  /**< a .stringsdict entry (or a String Catalog
                                            substitution): a format with %#@variables@ */
} parlance_entry_kind;

/** One entry. Initialize with PARLANCE_ENTRY_INIT. Every string lives as
 *  long as the snapshot it came from. */
typedef struct parlance_entry {
    uint32_t version;          /**< PARLANCE_ENTRY_VERSION */
    int kind;                  /**< a parlance_entry_kind */
    const char *key;           /**< the key as lookups take it, without context */
    const char *context;       /**< the context, or NULL */
    const char *text;          /**< what a plain lookup gives: the text, the "other"
                                    form, the first gettext form, or the format */
    const char *const *forms;  /**< PLURAL and VARIABLES (its first plural variable):
                                    6 slots in CLDR order (zero, one, two, few,
                                    many, other), NULL where absent;
                                    GETTEXT_PLURAL: the forms by index; TEXT: NULL */
    size_t form_count;         /**< the number of slots in forms */
    /* Version 2: */
    const char *comment;       /**< the note the entry's file keeps for translators
                                    (.strings comment, .po "#." and "#" lines, String
                                    Catalog "comment", XLIFF <note>s, .properties
                                    comments), or NULL; kept when the file or
                                    bytes were loaded */
} parlance_entry;

/** The layout PARLANCE_ENTRY_INIT makes. parlance_entries_get() also fills
 *  a version 1 struct (without comment), as programs built against an
 *  earlier header pass it. */
#define PARLANCE_ENTRY_VERSION 2
#define PARLANCE_ENTRY_INIT {PARLANCE_ENTRY_VERSION, 0, NULL, NULL, NULL, NULL, 0, NULL}

/** Takes a snapshot of the entries of one table of one locale, in a stable
 *  order: by key, then context (as bytes; no context first), as the table
 *  serves them after its files are merged (SPLocalizedString's
 *  `(context##one)key` variants as one plural entry). The snapshot is the
 *  caller's, unchanged by later loads; free it with parlance_entries_free().
 *  Returns PARLANCE_OK, PARLANCE_ENOTFOUND when the catalog has no such
 *  table, PARLANCE_ELOCALE for an unusable locale, PARLANCE_EINVAL for a
 *  NULL argument. Thread-safe. */
PARLANCE_API int parlance_catalog_entries(parlance_entries **out, parlance_catalog *catalog,
                                          const char *locale, const char *table);

/** The number of entries in a snapshot (0 for NULL). */
PARLANCE_API size_t parlance_entries_count(const parlance_entries *entries);

/** Fills *out with the index-th entry. Returns PARLANCE_OK, or
 *  PARLANCE_EINVAL past the end or for a NULL argument or an out whose
 *  version is not PARLANCE_ENTRY_VERSION. */
PARLANCE_API int parlance_entries_get(const parlance_entries *entries, size_t index, parlance_entry *out);

/** Frees a snapshot and its strings. NULL is a harmless no-op. */
PARLANCE_API void parlance_entries_free(parlance_entries *entries);

/** Number of locales with at least one loaded table. */
PARLANCE_API size_t parlance_catalog_locale_count(const parlance_catalog *catalog);

/** The index-th loaded locale (canonical BCP 47, sorted), or NULL past the end.
 *  Valid until the catalog is freed. */
PARLANCE_API const char *parlance_catalog_locale(const parlance_catalog *catalog, size_t index);

/** Number of distinct table names loaded, over all locales. */
PARLANCE_API size_t parlance_catalog_table_count(const parlance_catalog *catalog);

/** The index-th table name (sorted), or NULL past the end. Valid until the
 *  catalog is freed. */
PARLANCE_API const char *parlance_catalog_table(const parlance_catalog *catalog, size_t index);

/** The header of the table named table (NULL: "Localizable") of locale: a
 *  gettext catalog's metadata, the translation of "" (Content-Type,
 *  Plural-Forms, Language...), in UTF-8. NULL when the catalog has no such
 *  table, when its sources keep no header (formats other than .po and .mo),
 *  or, with an error (parlance_last_error() says which), when catalog or
 *  locale is NULL or locale names no language ("C": no table has it).
 *  Valid until the catalog is freed. */
PARLANCE_API const char *parlance_catalog_header(const parlance_catalog *catalog, const char *locale,
                                                 const char *table);

/* ---- Localizers ---------------------------------------------------------- */

/** Looks strings up in a catalog along a locale fallback chain. */
typedef struct parlance_localizer parlance_localizer;

/** Creates a localizer over catalog for the preferred locales (BCP 47 or
 *  POSIX spellings, most preferred first) and a development (last-resort)
 *  locale. A name that names no language ("*", "", "en US") costs that name
 *  only: the others are used. An empty list (locales not NULL, count 0)
 *  means the development locale only, as an empty list does in Python and
 *  Swift. Reading the process environment is asked for with locales NULL:
 *  the preferred list then comes from LANGUAGE, then LC_ALL, LC_MESSAGES,
 *  LANG, like glibc (a server choosing per request passes the client's list,
 *  see parlance_accept_language, never NULL). development NULL means "en".
 *  The catalog must outlive the localizer. Returns PARLANCE_ELOCALE when the
 *  development locale cannot be parsed. */
PARLANCE_API int parlance_localizer_create(parlance_localizer **out, parlance_catalog *catalog,
                                           const char *const *locales, size_t count,
                                           const char *development);

/** parlance_localizer_create with a default table: calls that pass table
 *  NULL look in table (a gettext program's domain, an i18next namespace)
 *  instead of "Localizable"; a table a call names still wins. table NULL:
 *  "Localizable". Returns PARLANCE_EINVAL for an invalid table name. */
PARLANCE_API int parlance_localizer_create_for_table(parlance_localizer **out, parlance_catalog *catalog,
                                                     const char *const *locales, size_t count,
                                                     const char *development, const char *table);

/** Frees a localizer. NULL is a harmless no-op. */
PARLANCE_API void parlance_localizer_free(parlance_localizer *localizer);

/** Replaces the preferred locales (same rules as parlance_localizer_create).
 *  Safe while other threads look strings up through this localizer. On error
 *  the previous chain stays. */
PARLANCE_API int parlance_localizer_set_locales(parlance_localizer *localizer,
                                                const char *const *locales, size_t count);

/** Reads an HTTP Accept-Language header (RFC 9110) into preferred locales
 *  for parlance_localizer_create or _set_locales: the language ranges by
 *  quality, highest first (equal qualities in the header's order), each
 *  once; "*" and ranges with q=0 are dropped. A range that names no language
 *  or has a malformed quality is rejected, not an error. *count is the
 *  number of languages and *rejected (when not NULL) the number of rejected
 *  ranges; tags[0..*count) are the languages and tags[*count..] the rejected
 *  ranges as written, as many as capacity holds. The strings are copied into
 *  buffer, which must hold at least strlen(header) + 1 bytes, and stay valid
 *  as long as it does (a rejected range whose invalid UTF-8 was replaced by
 *  U+FFFD may not fit: its entry is then NULL; 3 * strlen(header) + 1 bytes
 *  always hold everything). Returns PARLANCE_EINVAL when header, buffer or count
 *  is NULL or buffer is too small. Allocates nothing; any thread.
 *
 *      char buffer[512]; const char *tags[16]; size_t n;
 *      if (strlen(header) < sizeof buffer &&
 *          parlance_accept_language(header, buffer, sizeof buffer, tags, 16, &n, NULL) == PARLANCE_OK)
 *          parlance_localizer_create(&loc, catalog, tags, n < 16 ? n : 16, "en");
 */
PARLANCE_API int parlance_accept_language(const char *header, char *buffer, size_t buffer_size,
                                          const char **tags, size_t capacity, size_t *count, size_t *rejected);

/** The resolved fallback chain as one snapshot: a NULL-terminated array of
 *  canonical BCP 47 tags, its length stored in *count when count is not NULL.
 *  The array and count are always one chain even while another thread
 *  switches locales. Valid until the localizer's locales are next set or it
 *  is freed (under concurrent switches: inside a read section); NULL
 *  (count 0) when localizer is NULL. */
PARLANCE_API const char *const *parlance_localizer_locales(const parlance_localizer *localizer, size_t *count);

/** The translation of key in context (NULL: none) from table (NULL:
 *  "Localizable"), or key itself when no locale of the chain has it
 *  (implicit localization). NULL only when localizer or key is NULL. The
 *  result is key itself or a looked-up string (see "Lifetime of looked-up
 *  strings" above). No allocation, no lock. */
PARLANCE_API const char *parlance_localizer_text(parlance_localizer *localizer, const char *key,
                                                 const char *context, const char *table);

/** parlance_localizer_text, also telling which locale served the text, from
 *  the same one lookup: *locale (when locale is not NULL) is the canonical
 *  tag of the table that supplied it — for Content-Language, or a UI's
 *  direction — valid until the catalog is freed, or NULL when the key
 *  itself is returned (a miss, or localizer or key NULL). */
PARLANCE_API const char *parlance_localizer_text_served(parlance_localizer *localizer, const char *key,
                                                        const char *context, const char *table,
                                                        const char **locale);

/** Like parlance_localizer_text(), but NULL when the string is missing. */
PARLANCE_API const char *parlance_localizer_lookup(parlance_localizer *localizer, const char *key,
                                                   const char *context, const char *table);

/** Like parlance_localizer_lookup(), but copies the translation into
 *  buffer, which the caller owns: safe whatever other threads load. Writes
 *  at most size bytes, always NUL-terminated when size > 0 and cut at a
 *  character boundary, so the copy is valid UTF-8 (as snprintf, but never
 *  mid-character). Returns the translation's full length in bytes (without
 *  the NUL; a result >= size means the copy was cut: call again with a
 *  larger buffer), -1 when the string is missing (buffer ""), -2 when
 *  localizer or key is NULL (with an error). */
PARLANCE_API ptrdiff_t parlance_localizer_copy(parlance_localizer *localizer, char *buffer, size_t size,
                                               const char *key, const char *context, const char *table);

/** The plural variant of key for count's CLDR category in the locale that
 *  supplies the entry, unformatted; falls back to "other", then to key.
 *  count is an int, a double, or a decimal string ("1.0" keeps its fraction
 *  digit). NULL, with an error, when an argument is invalid. The result is
 *  key itself or a looked-up string (see "Lifetime of looked-up strings"). */
PARLANCE_API const char *parlance_localizer_plural(parlance_localizer *localizer, const char *key,
                                                   const parlance_arg *count,
                                                   const char *context, const char *table);

/** parlance_localizer_plural() into a caller's buffer, with the rules and
 *  results of parlance_localizer_copy(): -1 when the string is missing, -2
 *  (with an error) for an invalid argument. */
PARLANCE_API ptrdiff_t parlance_localizer_plural_copy(parlance_localizer *localizer, char *buffer, size_t size,
                                                      const char *key, const parlance_arg *count,
                                                      const char *context, const char *table);

/** parlance_localizer_plural() with the source text's plural form, as
 *  ngettext(key, plural, n) takes gettext's msgid and msgid_plural: when no
 *  locale of the chain has key, the result is key or plural as the
 *  development language's CLDR rule chooses for count (key for "one",
 *  plural for every other category: in English key for 1, plural for 0, 2,
 *  1.5 and "1.0"). plural NULL: parlance_localizer_plural(). NULL, with an
 *  error, when an argument is invalid. The result is key, plural or a
 *  looked-up string (see "Lifetime of looked-up strings"). */
PARLANCE_API const char *parlance_localizer_plural_source(parlance_localizer *localizer, const char *key,
                                                          const char *plural, const parlance_arg *count,
                                                          const char *context, const char *table);

/** parlance_localizer_plural_source() into a caller's buffer, with the
 *  rules of parlance_localizer_copy(): the full length of the result (key
 *  or plural when the string is missing, so never -1), -2 (with an error,
 *  buffer "") for an invalid argument. */
PARLANCE_API ptrdiff_t parlance_localizer_plural_source_copy(parlance_localizer *localizer, char *buffer, size_t size,
                                                             const char *key, const char *plural,
                                                             const parlance_arg *count,
                                                             const char *context, const char *table);

/** A read section on the calling thread: every looked-up string obtained
 *  after parlance_read_begin() stays valid until the matching
 *  parlance_read_end(), even when other threads load into the catalog
 *  meanwhile. Sections nest (only the outermost end counts) and cost a few
 *  nanoseconds; they never wait for anything. Keep them short -- a request,
 *  a frame: while one is open, memory that loads replace cannot be reclaimed
 *  (nothing else is held up). A thread that exits inside a section ends it. */
PARLANCE_API void parlance_read_begin(void);
PARLANCE_API void parlance_read_end(void);

/** Formats the translation of key (or key itself when missing) with args:
 *  printf/Apple conversions, positional `%1$@`, and `.stringsdict` variables
 *  `%#@name@` chosen by their argument. A plural entry that is not a
 *  `.stringsdict` takes its category from the first numeric argument.
 *  On success *out receives text to release with parlance_free(). A
 *  placeholder whose type does not match its argument gives PARLANCE_EFORMAT. */
PARLANCE_API int parlance_localizer_format(parlance_localizer *localizer, char **out, const char *key,
                                           const char *context, const char *table,
                                           const parlance_arg *args, size_t arg_count);

/** A named argument: a name and a typed value. */
typedef struct parlance_named_arg {
    const char *name;    /**< UTF-8, not NULL */
    parlance_arg value;
} parlance_named_arg;

/** Formats the message of key with named arguments, as i18next's
 *  `t(key, options)` does for i18next tables: `{{name}}` (HTML-escaped) and
 *  `{{- name}}` (as is) take the argument of that name, `$t(other.key)`
 *  nests another message, and the candidates `key_CONTEXT_zero`,
 *  `key_CONTEXT_CATEGORY`, `key_CONTEXT`, `key_zero`, `key_CATEGORY`, `key`
 *  are tried in each locale of the chain in turn (context: the context
 *  argument). Arguments with a meaning of their own, as in i18next:
 *  `count` (a number) selects the plural form; `ordinal` (an int, not 0)
 *  selects by ordinal rules (`key_ordinal_CATEGORY`); `escapeValue` (int 0)
 *  turns escaping off for this call. A name given twice: the last counts.
 *  A key found nowhere gives key itself. On success *out receives text to
 *  release with parlance_free(). PARLANCE_EFORMAT when key is found in a
 *  table whose messages take positional arguments (.strings, gettext...),
 *  or when $t() nesting asks for more than 10,000 messages;
 *  PARLANCE_ERESOURCE when the text would be longer than 16 MiB (each
 *  piece is counted before it is written: the call fails without building
 *  it); PARLANCE_EINVAL for a NULL name or string. */
PARLANCE_API int parlance_localizer_format_named(parlance_localizer *localizer, char **out, const char *key,
                                                 const char *context, const char *table,
                                                 const parlance_named_arg *args, size_t arg_count);

/* ---- Messages: syntax and formatting options ----------------------------- */

/** How a table's messages name their arguments. Every format has a default:
 *  i18next JSON is PARLANCE_SYNTAX_I18NEXT, .properties PARLANCE_SYNTAX_JAVA,
 *  .ftl PARLANCE_SYNTAX_FLUENT, Qt Linguist .ts/.qm PARLANCE_SYNTAX_QT, the
 *  others PARLANCE_SYNTAX_PRINTF. */
typedef enum parlance_message_syntax {
    PARLANCE_SYNTAX_DEFAULT = 0, /**< the table format's own */
    PARLANCE_SYNTAX_PRINTF  = 1, /**< printf and Apple placeholders, gettext plurals */
    PARLANCE_SYNTAX_ICU     = 2, /**< ICU MessageFormat, formatted by ICU */
    PARLANCE_SYNTAX_MF2     = 3, /**< Unicode MessageFormat 2 */
    PARLANCE_SYNTAX_I18NEXT = 4, /**< i18next: {{name}}, $t(key), key suffixes */
    PARLANCE_SYNTAX_JAVA    = 5, /**< java.text.MessageFormat: {0}, {0,number}, {0,choice,...} */
    PARLANCE_SYNTAX_FLUENT  = 6, /**< Fluent: { $name }, { -term }, selects; placeables isolated
                                      (FSI...PDI) unless an isolation is set; errors listed by
                                      parlance_localizer_format_message(), never failing */
    PARLANCE_SYNTAX_QT      = 7  /**< Qt: %n and %Ln replaced by the first numeric argument, as
                                      QCoreApplication::translate does (source text too) */
} parlance_message_syntax;

/** Declares the message syntax (a parlance_message_syntax) of the tables
 *  named table (NULL: "Localizable"), in every locale, loaded before or
 *  after; PARLANCE_SYNTAX_DEFAULT restores the format's own. Safe while
 *  other threads format: a call sees the syntax before or after.
 *  PARLANCE_EINVAL for an unknown syntax. */
PARLANCE_API int parlance_catalog_set_message_syntax(parlance_catalog *catalog, const char *table, int syntax);

/** The syntax the messages of table (NULL: "Localizable") are formatted
 *  with: declared, else the format's default (PARLANCE_SYNTAX_I18NEXT when a
 *  loaded table of that name is i18next JSON, PARLANCE_SYNTAX_JAVA when it is
 *  .properties). 0 when catalog is NULL. */
PARLANCE_API int parlance_catalog_message_syntax(const parlance_catalog *catalog, const char *table);

/** How printf numbers are written. */
typedef enum parlance_numbers {
    PARLANCE_NUMBERS_DEFAULT = 0, /**< the localizer's setting */
    PARLANCE_NUMBERS_C       = 1, /**< as C writes them: the localizer's default */
    PARLANCE_NUMBERS_LOCALE  = 2  /**< %d %i %u %f %F the locale's way, through ICU: its
                                       digits, grouping and separators */
} parlance_numbers;

/** Bidi isolation of interpolated arguments. */
typedef enum parlance_isolation {
    PARLANCE_ISOLATION_DEFAULT      = 0, /**< the localizer's setting */
    PARLANCE_ISOLATION_AUTOMATIC    = 1, /**< FIRST_STRONG for messages of a right-to-left
                                              locale, NONE otherwise */
    PARLANCE_ISOLATION_NONE         = 2, /**< no isolates: the localizer's default, what each
                                              format's own runtime gives */
    PARLANCE_ISOLATION_FIRST_STRONG = 3, /**< U+2068 FSI ... U+2069 PDI around each argument */
    PARLANCE_ISOLATION_DIRECTIONAL  = 4  /**< U+2066 LRI or U+2067 RLI by the argument's first
                                              strong character (FSI without one) ... PDI */
} parlance_isolation;

/** Sets the device whose texts device-specific entries give: the name a
 *  catalog uses ("iphone", "ipad", "ipod", "mac", "applewatch", "appletv",
 *  "applevision" or "other"), for .stringsdict NSStringDeviceSpecificRuleType
 *  variables and String Catalog "device" variations. NULL (the default)
 *  gives every such entry's "other" text; a device's own text missing, its
 *  "other" text serves. Safe while other threads look up with the localizer:
 *  a lookup sees the device before or after. PARLANCE_EINVAL for a name no
 *  catalog uses. */
PARLANCE_API int parlance_localizer_set_device(parlance_localizer *localizer, const char *device);

/** The device set (static storage), or NULL when none is. */
PARLANCE_API const char *parlance_localizer_device(parlance_localizer *localizer);

#define PARLANCE_FORMAT_OPTIONS_VERSION 1

/** Options of formatting calls: a localizer's defaults
 *  (parlance_localizer_set_format_options) or one call's
 *  (parlance_localizer_format_with). Initialize with
 *  PARLANCE_FORMAT_OPTIONS_INIT; fields left 0 take the localizer's setting. */
typedef struct parlance_format_options {
    uint32_t version;   /**< PARLANCE_FORMAT_OPTIONS_VERSION */
    int numbers;        /**< a parlance_numbers */
    int isolation;      /**< a parlance_isolation */
} parlance_format_options;

#define PARLANCE_FORMAT_OPTIONS_INIT {PARLANCE_FORMAT_OPTIONS_VERSION, 0, 0}

/** Sets the localizer's default options (fields left 0 restore the
 *  defaults: C numbers, no isolation). Safe while other threads
 *  format with it: a call sees the options before or after.
 *  PARLANCE_EINVAL for an unknown version or value. */
PARLANCE_API int parlance_localizer_set_format_options(parlance_localizer *localizer,
                                                       const parlance_format_options *options);

/** The localizer's default options, written into *options (whose version
 *  the caller sets). */
PARLANCE_API int parlance_localizer_format_options(parlance_localizer *localizer, parlance_format_options *options);

/** parlance_localizer_format() with options for this call (NULL: the
 *  localizer's). A table of ICU MessageFormat messages takes the arguments
 *  as {0}, {1}...; one of MessageFormat 2 messages needs named arguments
 *  (PARLANCE_EFORMAT). */
PARLANCE_API int parlance_localizer_format_with(parlance_localizer *localizer, char **out, const char *key,
                                                const char *context, const char *table,
                                                const parlance_arg *args, size_t arg_count,
                                                const parlance_format_options *options);

/** parlance_localizer_format_with() with the source text's plural form:
 *  when no locale of the chain has key, key or plural (as
 *  parlance_localizer_plural_source() chooses for the first numeric
 *  argument) is formatted with args, as printf(ngettext(key, plural, n), n)
 *  does. plural NULL: parlance_localizer_format_with(). */
PARLANCE_API int parlance_localizer_format_plural(parlance_localizer *localizer, char **out, const char *key,
                                                  const char *plural, const char *context, const char *table,
                                                  const parlance_arg *args, size_t arg_count,
                                                  const parlance_format_options *options);

/** parlance_localizer_format_named() with options for this call (NULL: the
 *  localizer's). Besides i18next tables, formats ICU MessageFormat messages
 *  ({name}, {n, plural, ...}, {d, date, short}: ICU's results, numbers and
 *  dates in the locale of the table that has the message) and MessageFormat
 *  2 messages ({$name}, .input, .match: docs/messageformat2.md). A message
 *  that does not parse gives PARLANCE_EFORMAT with the line:column in the
 *  message; so does a MessageFormat 2 error (an unknown variable, a bad
 *  option...). ICU MessageFormat leaves an argument not given as {name},
 *  as ICU does. */
PARLANCE_API int parlance_localizer_format_named_with(parlance_localizer *localizer, char **out, const char *key,
                                                      const char *context, const char *table,
                                                      const parlance_named_arg *args, size_t arg_count,
                                                      const parlance_format_options *options);

/* ---- MessageFormat 2: text with its errors, and the application's functions */

/** One error found while formatting a MessageFormat 2 message. */
typedef struct parlance_message_error {
    const char *kind;    /**< the specification's name: "unresolved-variable", "bad-operand",
                              "bad-option", "bad-selector", "unknown-function", "syntax-error"... */
    const char *message; /**< what went wrong, in English (a syntax error: "line:column: ...") */
} parlance_message_error;

/** Formats message, MessageFormat 2 source text, in locale with args and the
 *  catalog's functions (parlance_catalog_set_function). Formatting always
 *  gives text: an expression that fails shows its fallback ("{$name}") and a
 *  message that does not parse gives "{\uFFFD}". *out receives the text (to
 *  release with parlance_free()); *errors (may be NULL) an array of
 *  *error_count errors in the order found, in one block released with one
 *  parlance_free() (NULL, 0 when none). options (NULL: none) takes isolation:
 *  AUTOMATIC, FIRST_STRONG or DIRECTIONAL isolate placeholders by the
 *  specification's Default Bidi Strategy. Returns PARLANCE_OK, or
 *  PARLANCE_EFORMAT when errors were found (the text is still given);
 *  PARLANCE_EINVAL for a NULL or invalid argument (nothing given). */
PARLANCE_API int parlance_catalog_format_message(parlance_catalog *catalog, char **out,
                                                 parlance_message_error **errors, size_t *error_count,
                                                 const char *message, const char *locale,
                                                 const parlance_named_arg *args, size_t arg_count,
                                                 const parlance_format_options *options);

/** parlance_localizer_format_named_with(), with the errors of a MessageFormat
 *  2 message given beside its text, as parlance_catalog_format_message()
 *  gives them (PARLANCE_EFORMAT with the text when there were errors). For
 *  other syntaxes it is parlance_localizer_format_named_with() (no errors
 *  listed; a failure gives no text). */
PARLANCE_API int parlance_localizer_format_message(parlance_localizer *localizer, char **out,
                                                   parlance_message_error **errors, size_t *error_count,
                                                   const char *key, const char *context, const char *table,
                                                   const parlance_named_arg *args, size_t arg_count,
                                                   const parlance_format_options *options);

/** A call of an application's function, valid during the callback only. */
typedef struct parlance_function_call parlance_function_call;

/** An application's function, for MessageFormat 2 and Fluent messages:
 *  reads its operand (or arguments) and options through call and answers
 *  through it. Called on the formatting thread, once per expression and
 *  formatting call; it must not call back into the catalog. A function that
 *  sets nothing gives no value: the expression shows its fallback (Fluent:
 *  "{NAME()}", with the errors it reported, or "NAME(): no value"). */
typedef void (*parlance_function)(void *user_data, parlance_function_call *call);

/** Adds function as ":name" ("app:price"; a default function's name
 *  replaces it) for the MessageFormat 2 messages of every table and of
 *  parlance_catalog_format_message(), and as "NAME(...)" for the Fluent
 *  messages of every table (a name such as "NUMBER" replaces Fluent's own);
 *  NULL removes it. For Fluent only set_text counts: its text is the
 *  call's value. user_data is passed to each call and must outlive the
 *  catalog or the function's removal. Thread-safe: a formatting call on
 *  another thread sees the set before or after. */
PARLANCE_API int parlance_catalog_set_function(parlance_catalog *catalog, const char *name,
                                               parlance_function function, void *user_data);

/** What a value given to a function is. */
typedef enum parlance_value_kind {
    PARLANCE_VALUE_NONE     = 0, /**< no operand, or no such option */
    PARLANCE_VALUE_STRING   = 1, /**< text */
    PARLANCE_VALUE_NUMBER   = 2, /**< a number, as exact decimal text ("1234.5") */
    PARLANCE_VALUE_DATE     = 3, /**< a date: *date, milliseconds since 1970-01-01T00:00Z */
    PARLANCE_VALUE_FUNCTION = 4, /**< an application function's result: its value
                                      (parlance_function_set_value; may be NULL) */
    PARLANCE_VALUE_FALLBACK = 5  /**< an operand that failed to resolve */
} parlance_value_kind;

/** The call's function name, and the message's locale (a BCP 47 tag). */
PARLANCE_API const char *parlance_function_name(const parlance_function_call *call);
PARLANCE_API const char *parlance_function_locale(const parlance_function_call *call);

/** The operand: its kind, with its text in *text and a date in *date (either
 *  pointer may be NULL; text lives during the call). */
PARLANCE_API int parlance_function_operand(const parlance_function_call *call, const char **text, double *date);

/** For a PARLANCE_VALUE_FUNCTION operand: the function that made it, and one
 *  of the fields it set (parlance_function_set_field); NULL otherwise. */
PARLANCE_API const char *parlance_function_operand_function(const parlance_function_call *call);
PARLANCE_API const char *parlance_function_operand_field(const parlance_function_call *call, const char *name);

/** The positional arguments of a Fluent call ("{ PRICE($amount, 2) }":
 *  two), each read as parlance_function_operand() reads the operand, whose
 *  first they are (PARLANCE_VALUE_NONE past the end; text lives during the
 *  call). A MessageFormat 2 call has its operand as its only argument, or
 *  none. A Fluent call's named arguments are the options. */
PARLANCE_API size_t parlance_function_argument_count(const parlance_function_call *call);
PARLANCE_API int parlance_function_argument(const parlance_function_call *call, size_t index,
                                            const char **text, double *date);

/** How many options the call has, and the name of the one at index (NULL past the end). */
PARLANCE_API size_t parlance_function_option_count(const parlance_function_call *call);
PARLANCE_API const char *parlance_function_option_name(const parlance_function_call *call, size_t index);

/** The option named name, as parlance_function_operand() gives the operand
 *  (PARLANCE_VALUE_NONE when the message does not set it). */
PARLANCE_API int parlance_function_option(const parlance_function_call *call, const char *name,
                                          const char **text, double *date);

/** Reports an error (kind: the specification's name, such as "bad-operand"
 *  or "bad-option", or the function's own kind, kept as given when it is a
 *  name of letters, digits, '-', '_', ':' and '.' of at most 64 bytes;
 *  NULL or anything else is "bad-operand"; message: a sentence). */
PARLANCE_API void parlance_function_error(parlance_function_call *call, const char *kind, const char *message);

/** The result: set_value gives what an option or another function reads of
 *  it; set_field keeps a name=value pair its own later calls read back;
 *  set_text its formatted text (without it, formatting reports the error
 *  set_format_error gives, else "unsupported-operation", and shows the
 *  fallback); set_keys the variant keys it matches, best first (count 0:
 *  none; never called: it does not select, and a .match on it reports
 *  "bad-selector"). Setting any of them gives the call a value. */
PARLANCE_API void parlance_function_set_value(parlance_function_call *call, const char *value);
PARLANCE_API void parlance_function_set_field(parlance_function_call *call, const char *name, const char *value);
PARLANCE_API void parlance_function_set_text(parlance_function_call *call, const char *text);
PARLANCE_API void parlance_function_set_format_error(parlance_function_call *call, const char *kind,
                                                     const char *message);
PARLANCE_API void parlance_function_set_keys(parlance_function_call *call, const char *const *keys, size_t count);

/** Caret-marked text (GTMUILocalizer): for "^Print", the translation of
 *  "Print", or a pointer to "Print" within text when missing. NULL when text
 *  does not start with '^'. A translation that itself starts with '^' is
 *  returned as is. */
PARLANCE_API const char *parlance_localizer_localize_marked(parlance_localizer *localizer, const char *text);

/** Kinds of UI documents for parlance_localizer_localize_document(). */
#define PARLANCE_DOCUMENT_AUTO              0 /**< by name's extension, else by content */
#define PARLANCE_DOCUMENT_GTKBUILDER        1 /**< GtkBuilder .ui */
#define PARLANCE_DOCUMENT_INTERFACE_BUILDER 2 /**< Interface Builder .xib, .storyboard */
#define PARLANCE_DOCUMENT_JSON              3 /**< a JSON UI tree */

/** Localizes a UI document: every caret-marked "^Key" text and, per kind,
 *  every text localizable by convention (GtkBuilder translatable="yes" with
 *  its context, in the <interface domain> table; Interface Builder titles,
 *  texts and placeholders as OBJECT-ID.property in the table named by name,
 *  "Main" for "Main.storyboard", then as themselves, both in one language:
 *  the first of the chain the catalog has, as Xcode's per-language nibs
 *  show them (a text it lacks keeps the Base text); JSON members "text",
 *  "title", "label", "placeholder"...) is replaced by its translation along
 *  the chain, escaped for where it stands; every other byte is copied as it
 *  is. A text no locale has is left as it is ("^Key" becomes "Key").
 *  name (a file name, may be NULL) gives the kind when kind is
 *  PARLANCE_DOCUMENT_AUTO. table (NULL: "Localizable") holds the texts the
 *  document does not place: carets, JSON texts, GtkBuilder texts without a
 *  domain, Interface Builder texts looked up as themselves. On success *out receives the document, NUL
 *  terminated, to release with parlance_free(), and *out_size (may be NULL)
 *  its length. PARLANCE_ESYNTAX, with file:line:column, for a document that
 *  is not well-formed. */
PARLANCE_API int parlance_localizer_localize_document(parlance_localizer *localizer, char **out, size_t *out_size,
                                                      const void *data, size_t size, const char *name,
                                                      const char *table, int kind);

/** The path of `xx.lproj/name.ext` for the first locale of the chain whose
 *  loaded directories have it. ext may be NULL or "" for a name that carries
 *  its extension. *out is released with parlance_free(); PARLANCE_ENOTFOUND
 *  when no locale has it. */
PARLANCE_API int parlance_localizer_resource_path(parlance_localizer *localizer, char **out,
                                                  const char *name, const char *ext);

/** Where a string came from. Initialize with PARLANCE_EXPLANATION_INIT. */
typedef struct parlance_explanation {
    uint32_t version;       /**< PARLANCE_EXPLANATION_VERSION */
    const char *text;       /**< the result, as parlance_localizer_text/plural gives it */
    bool found;             /**< false: text is the key itself */
    const char *locale;     /**< the supplying locale, or NULL */
    const char *table;      /**< the table name */
    const char *stored_key; /**< the key as stored, e.g. "(ctx##one)key", or NULL */
    const char *category;   /**< the plural category used, or NULL */
    bool fallback;          /**< true when a locale after the first supplied it */
} parlance_explanation;

#define PARLANCE_EXPLANATION_VERSION 1
#define PARLANCE_EXPLANATION_INIT {PARLANCE_EXPLANATION_VERSION, NULL, false, NULL, NULL, NULL, NULL, false}

/** Looks key up like parlance_localizer_text() (or _plural() when count is
 *  not NULL) and fills *out with where the result came from. text and
 *  stored_key are looked-up strings (see "Lifetime of looked-up strings");
 *  locale, table and category live until the catalog is freed. */
PARLANCE_API int parlance_localizer_explain(parlance_localizer *localizer, parlance_explanation *out,
                                            const char *key, const parlance_arg *count,
                                            const char *context, const char *table);

/** Called on a miss: the key, its context (NULL: none), the table, and the
 *  locales of the chain that lacked it. Called also when a fallback locale,
 *  not the first, supplied the string; then the list holds the locales tried
 *  before it that have tables in the catalog (a preferred locale with no
 *  tables at all is not reported as missing the string). Runs on the looking-up thread, synchronously; the arguments
 *  live only during the call. It must not call back into the localizer. */
typedef void (*parlance_miss_callback)(void *user_data, const char *key, const char *context,
                                       const char *table, const char *const *locales, size_t locale_count);

/** Installs (or with NULL removes) the miss callback. */
PARLANCE_API int parlance_localizer_on_miss(parlance_localizer *localizer,
                                            parlance_miss_callback callback, void *user_data);

/* ---- Change notification ------------------------------------------------- */

/** What changed, told to a parlance_change_callback. */
typedef enum parlance_change {
    /** parlance_localizer_set_locales() replaced the fallback chain by a
     *  different one (setting the same chain again tells nobody). */
    PARLANCE_CHANGE_LOCALES = 1,
    /** A load into the localizer's catalog published new tables: what the
     *  localizer serves may have changed (every load tells every localizer
     *  of the catalog, whether or not it touched its languages). */
    PARLANCE_CHANGE_CATALOG = 2
} parlance_change;

/** Called after a localizer's languages change or a load into its catalog
 *  publishes new tables, so that a program (a UI walker) can show texts
 *  again (what Qt's LanguageChange event and i18next's languageChanged
 *  event do).
 *
 *  Threading contract: the callback runs synchronously on the thread that
 *  made the change (the one that called parlance_localizer_set_locales() or
 *  a parlance_catalog_load*() function), after the change is visible to
 *  lookups, and with no Parlance lock held. It may call back into the
 *  localizer and its catalog: look strings up, add or remove change
 *  callbacks, even switch languages or load (which runs the callbacks
 *  again, on the same thread, before the outer call returns: guard against
 *  loops). When several threads change a localizer at once, its callbacks
 *  may run on those threads at the same time, each told of its own change.
 *  A UI program switches languages on its UI thread and so is told there.
 *  The callbacks are copied before a round of calls: one removed during a
 *  round may still be called in that round. */
typedef void (*parlance_change_callback)(void *user_data, parlance_localizer *localizer, parlance_change change);

/** Adds a change callback; the same (callback, user_data) pair added again
 *  is kept once. Any number of pairs may be added (a program and several
 *  walkers). Returns PARLANCE_EINVAL when localizer or callback is NULL. */
PARLANCE_API int parlance_localizer_on_change(parlance_localizer *localizer,
                                              parlance_change_callback callback, void *user_data);

/** Removes the (callback, user_data) pair added by
 *  parlance_localizer_on_change(). Returns PARLANCE_OK, or PARLANCE_EINVAL
 *  when localizer is NULL or the pair was not added. Freeing the localizer
 *  removes its callbacks. */
PARLANCE_API int parlance_localizer_remove_on_change(parlance_localizer *localizer,
                                                     parlance_change_callback callback, void *user_data);

/* ---- Plural rules --------------------------------------------------------- */

/** The CLDR plural category ("zero", "one", "two", "few", "many", "other") of
 *  number in locale, cardinal or ordinal. *out points to a static string. */
PARLANCE_API int parlance_plural_category(const char **out, const char *locale,
                                          const parlance_arg *number, bool ordinal);

PARLANCE_END_DECL

#endif /* PARLANCE_H */
