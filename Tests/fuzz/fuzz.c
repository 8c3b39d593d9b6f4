/* libFuzzer targets, one per build: -DTARGET=<name> -DFORMAT=<format or 0>.
 * Each feeds the input to one reader through the C API and checks the
 * library's promises: no crash, no leak, a failed load leaves the previous
 * state serving, and every string that comes out is valid UTF-8.
 *
 *   a format's name (strings, po,    the table loader (load_bytes) of
 *   fluent…): FORMAT is its          PARLANCE_FORMAT_<NAME>, which
 *   PARLANCE_FORMAT_<NAME>           scripts/fuzz.sh finds in parlance.h
 *   compiled                         a compiled catalog file
 *   plural_forms                     a .po header's Plural-Forms formula
 *   format                           the format engine (a translation with
 *                                    arbitrary placeholders, typed args)
 *   locale                           locale names (create, plural_category)
 *   keypath                          JSON {key.path} references
 *   document                         UI documents (localize_document; the
 *                                    first byte picks the kind)
 *   icu mf2                          an ICU MessageFormat / MessageFormat 2
 *                                    message (format_named with a few named
 *                                    arguments; ICU also positional)
 *
 * Built and run by `make fuzz` (scripts/fuzz.sh) for each dictionary of
 * Tests/fuzz/dict, from the seeds of Tests/fuzz/corpus and those
 * scripts/fuzz-seeds.py generates. */
#define _GNU_SOURCE
#include <parlance.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FORMAT
#define FORMAT PARLANCE_FORMAT_AUTO
#endif
#define STR(x) #x
#define NAME(x) STR(x)

static int valid_utf8(const char *text) {
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        unsigned c = *s, need, min, scalar;
        if (c < 0x80) { s++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { need = 1; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; min = 0x10000; }
        else return 0;
        scalar = c & (0x3F >> need);
        for (unsigned i = 1; i <= need; i++) {
            if ((s[i] & 0xC0) != 0x80) return 0;
            scalar = scalar << 6 | (s[i] & 0x3F);
        }
        if (scalar < min || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return 0;
        s += need + 1;
    }
    return 1;
}

static void must(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "fuzz " NAME(TARGET) ": %s\n", what);
        abort();
    }
}

static const char *keys[] = {"a", "greeting", "files", "n", "k", "x.y", "Open", "%d file", "ctx\004Open", ""};

/* Looks every probe key up, plain and plural, and checks what comes out. */
static void probe(parlance_catalog *cat, const char *locale, const char *table) {
    parlance_localizer *loc;
    const char *chain[] = {locale};
    char buffer[64];
    if (parlance_localizer_create(&loc, cat, chain, 1, "en") != PARLANCE_OK) return;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        const char *text = parlance_localizer_text(loc, keys[k], NULL, table);
        must(text && valid_utf8(text), "text is not UTF-8");
        for (int64_t n = 0; n < 4; n++) {
            parlance_arg count = PARLANCE_INT(n);
            const char *plural = parlance_localizer_plural(loc, keys[k], &count, NULL, table);
            must(plural && valid_utf8(plural), "plural is not UTF-8");
        }
        parlance_arg count = PARLANCE_STRING("1.50");
        const char *decimal = parlance_localizer_plural(loc, keys[k], &count, "ctx", table);
        must(decimal && valid_utf8(decimal), "decimal plural is not UTF-8");
        ptrdiff_t n = parlance_localizer_copy(loc, buffer, sizeof buffer, keys[k], NULL, table);
        must(n >= -1 && valid_utf8(buffer), "copy is not UTF-8");
        char *formatted = NULL;
        parlance_arg args[2] = {PARLANCE_INT(3), PARLANCE_STRING("x")};
        if (parlance_localizer_format(loc, &formatted, keys[k], NULL, table, args, 2) == PARLANCE_OK) {
            must(valid_utf8(formatted), "format is not UTF-8");
            parlance_free(formatted);
        }
        parlance_named_arg named[3] = {{"count", PARLANCE_INT(2)}, {"name", PARLANCE_STRING("<x>")}, {"ordinal", PARLANCE_INT(0)}};
        if (parlance_localizer_format_named(loc, &formatted, keys[k], "male", table, named, 3) == PARLANCE_OK) {
            must(valid_utf8(formatted), "named format is not UTF-8");
            parlance_free(formatted);
        }
    }
    parlance_localizer_free(loc);
    /* Enumeration: every string of every entry. */
    parlance_entries *entries = NULL;
    if (table && parlance_catalog_entries(&entries, cat, locale, table) == PARLANCE_OK) {
        parlance_entry entry = PARLANCE_ENTRY_INIT;
        for (size_t i = 0; i < parlance_entries_count(entries); i++) {
            must(parlance_entries_get(entries, i, &entry) == PARLANCE_OK, "an entry cannot be read");
            must(valid_utf8(entry.key) && valid_utf8(entry.text) && (!entry.context || valid_utf8(entry.context)),
                 "an entry is not UTF-8");
            for (size_t f = 0; f < entry.form_count; f++)
                must(!entry.forms[f] || valid_utf8(entry.forms[f]), "an entry's form is not UTF-8");
        }
        parlance_entries_free(entries);
    }
}

/* A catalog that already serves something: a failed load must leave it. */
static parlance_catalog *seeded(void) {
    static const char seed[] = "\"greeting\" = \"Hello\";";
    parlance_catalog *cat;
    if (parlance_catalog_create(&cat) != PARLANCE_OK) abort();
    if (parlance_catalog_load_bytes(cat, seed, sizeof seed - 1, "en", "T", PARLANCE_FORMAT_STRINGS) != PARLANCE_OK) abort();
    return cat;
}

static void still_serving(parlance_catalog *cat) {
    parlance_localizer *loc;
    const char *chain[] = {"en"};
    if (parlance_localizer_create(&loc, cat, chain, 1, "en") != PARLANCE_OK) abort();
    must(strcmp(parlance_localizer_text(loc, "greeting", NULL, "T"), "Hello") == 0, "a failed load changed the catalog");
    parlance_localizer_free(loc);
}

static void load_table(const uint8_t *data, size_t size, int format) {
    parlance_catalog *cat = seeded();
    if (parlance_catalog_load_bytes(cat, data, size, "ru", "T", format) == PARLANCE_OK) {
        probe(cat, "ru", "T");
    } else {
        must(parlance_last_error()[0] != '\0', "a failed load has no message");
        still_serving(cat);
    }
    parlance_catalog_free(cat);
}

static void load_file(const uint8_t *data, size_t size) {
    char path[] = "/tmp/parlance-fuzz-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return;
    if (write(fd, data, size) != (ssize_t)size) { close(fd); unlink(path); return; }
    close(fd);
    parlance_catalog *cat = seeded();
    if (parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_COMPILED) == PARLANCE_OK) {
        probe(cat, "ru", "T");
        probe(cat, "en", NULL);
    } else {
        still_serving(cat);
    }
    parlance_catalog_free(cat);
    unlink(path);
}

/* Input wrapped into a .po whose header carries it as the Plural-Forms. */
static void plural_forms(const uint8_t *data, size_t size) {
    static const char head[] = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: ";
    static const char tail[] = "\\n\"\n\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\nmsgstr[0] \"a\"\nmsgstr[1] \"b\"\n"
                               "msgstr[2] \"c\"\nmsgstr[3] \"d\"\n";
    char *po = malloc(sizeof head + size * 2 + sizeof tail);
    size_t n = 0;
    memcpy(po, head, sizeof head - 1);
    n = sizeof head - 1;
    for (size_t i = 0; i < size; i++) {
        char c = (char)data[i];
        if (c == '"' || c == '\\') po[n++] = '\\';
        if (c == '\n' || c == '\0') c = ' ';
        po[n++] = c;
    }
    memcpy(po + n, tail, sizeof tail - 1);
    n += sizeof tail - 1;
    load_table((const uint8_t *)po, n, PARLANCE_FORMAT_PO);
    free(po);
}

/* A .strings table of one entry: "k" = input, quoted (NUL as a space).
 * Released with free(); *n gets its length. */
static char *one_entry(const uint8_t *data, size_t size, size_t *n) {
    char *table = malloc(size * 2 + 16);
    memcpy(table, "\"k\" = \"", 7);
    *n = 7;
    for (size_t i = 0; i < size; i++) {
        char c = (char)data[i];
        if (c == '"' || c == '\\') table[(*n)++] = '\\';
        table[(*n)++] = c ? c : ' ';
    }
    memcpy(table + *n, "\";", 2);
    *n += 2;
    return table;
}

/* Input as the translation of "k" (a .strings value), formatted with
 * typed arguments of every kind. */
static void format(const uint8_t *data, size_t size) {
    parlance_catalog *cat;
    parlance_localizer *loc;
    const char *chain[] = {"fr"};
    size_t n = 0;
    char *table = one_entry(data, size, &n);
    parlance_catalog_create(&cat);
    if (parlance_catalog_load_bytes(cat, table, n, "fr", NULL, PARLANCE_FORMAT_STRINGS) == PARLANCE_OK) {
        parlance_localizer_create(&loc, cat, chain, 1, "en");
        parlance_arg args[][3] = {
            {PARLANCE_INT(1), PARLANCE_DOUBLE(2.5), PARLANCE_STRING("é")},
            {PARLANCE_STRING("s"), PARLANCE_INT(-7), PARLANCE_DOUBLE(1e300)},
            {PARLANCE_DOUBLE(0.0), PARLANCE_STRING("1.0"), PARLANCE_INT(INT64_MIN)},
        };
        for (size_t a = 0; a < 3; a++) {
            for (size_t count = 0; count <= 3; count++) {
                char *out = NULL;
                if (parlance_localizer_format(loc, &out, "k", NULL, NULL, args[a], count) == PARLANCE_OK) {
                    must(valid_utf8(out), "formatted text is not UTF-8");
                    parlance_free(out);
                }
            }
        }
        parlance_localizer_free(loc);
    }
    parlance_catalog_free(cat);
    free(table);
}

static void locale(const uint8_t *data, size_t size) {
    char *name = malloc(size + 1);
    memcpy(name, data, size);
    name[size] = 0;
    const char *chain[] = {name, "en"};
    parlance_catalog *cat = seeded();
    parlance_localizer *loc;
    if (parlance_localizer_create(&loc, cat, chain, 2, name) == PARLANCE_OK) {
        size_t count = 0;
        const char *const *list = parlance_localizer_locales(loc, &count);
        for (size_t i = 0; i < count; i++) must(valid_utf8(list[i]), "a chain locale is not UTF-8");
        must(strcmp(parlance_localizer_text(loc, "greeting", NULL, "T"), "Hello") == 0, "lookup through a fuzzed chain");
        parlance_localizer_set_locales(loc, chain, 1);
        parlance_localizer_free(loc);
    }
    const char *category = NULL;
    parlance_arg number = PARLANCE_STRING("1.5");
    if (parlance_plural_category(&category, name, &number, false) == PARLANCE_OK)
        must(category != NULL && valid_utf8(category), "a category is not UTF-8");
    parlance_catalog_free(cat);
    free(name);
}

/* A UI document localized by a catalog whose translations need escaping:
 * the result must be valid UTF-8 and a failure must say why. */
static void document(const uint8_t *data, size_t size) {
    static const char table[] = "\"Open\" = \"<&'\\\"\\n\\t>\";\n\"A\" = \"\\u00e9\";\n\"(c)Open\" = \"]]>\";";
    if (size == 0) return;
    parlance_catalog *cat;
    parlance_localizer *loc;
    const char *chain[] = {"fr"};
    if (parlance_catalog_create(&cat) != PARLANCE_OK) abort();
    if (parlance_catalog_load_bytes(cat, table, sizeof table - 1, "fr", NULL, PARLANCE_FORMAT_STRINGS) != PARLANCE_OK) abort();
    if (parlance_localizer_create(&loc, cat, chain, 1, "fr") != PARLANCE_OK) abort();
    static const char *const names[] = {NULL, "w.ui", "V.xib", "v.json"};
    char *out = NULL;
    size_t out_size = 0;
    int kind = data[0] & 3;
    if (parlance_localizer_localize_document(loc, &out, &out_size, data + 1, size - 1, names[(data[0] >> 2) & 3], NULL,
                                             kind) == PARLANCE_OK) {
        must(out != NULL && out[out_size] == '\0', "a localized document is not terminated");
        for (size_t at = 0; at < out_size; at += strlen(out + at) + 1)
            must(valid_utf8(out + at), "a localized document is not UTF-8");
        parlance_free(out);
    } else {
        must(out == NULL, "a failed localization returned a document");
        must(parlance_last_error()[0] != '\0', "a failed localization has no message");
    }
    parlance_localizer_free(loc);
    parlance_catalog_free(cat);
}

/* Checks one formatting call: text that is valid UTF-8, or a failure
 * that says why and leaves *out alone. */
static void formatted(int status, char *out, const char *what) {
    if (status == PARLANCE_OK) {
        must(out != NULL && valid_utf8(out), what);
        parlance_free(out);
    } else {
        must(out == NULL, "a failed format returned text");
        must(parlance_last_error()[0] != '\0', "a failed format has no message");
    }
}

/* Input as the message "k" of an Arabic table (six plural categories)
 * whose syntax is ICU MessageFormat or MessageFormat 2, formatted with
 * named arguments of every type, with and without isolation and locale
 * numbers; ICU messages also with positional arguments ({0}, {1}...).
 * An input over 4 KiB (the seeds' long chains and deep nesting) is
 * formatted once: what it tests is its size, and each call is linear in
 * it, so that 15,000 runs still take seconds. */
static void message(const uint8_t *data, size_t size, int syntax) {
    parlance_catalog *cat;
    parlance_localizer *loc;
    const char *chain[] = {"ar"};
    size_t n = 0;
    char *table = one_entry(data, size, &n);
    if (parlance_catalog_create(&cat) != PARLANCE_OK) abort();
    if (parlance_catalog_set_message_syntax(cat, "M", syntax) != PARLANCE_OK) abort();
    if (parlance_catalog_load_bytes(cat, table, n, "ar", "M", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK &&
        parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK) {
        parlance_named_arg named[][6] = {
            {{"count", PARLANCE_INT(3)}, {"n", PARLANCE_DOUBLE(1.5)}, {"name", PARLANCE_STRING("<é>")},
             {"gender", PARLANCE_STRING("female")}, {"d", PARLANCE_DATE(1e12)}, {"x", PARLANCE_DECIMAL("-1234.50")}},
            {{"count", PARLANCE_STRING("1.50")}, {"n", PARLANCE_INT(0)}, {"name", PARLANCE_STRING("\xd7\x90")},
             {"gender", PARLANCE_STRING("other")}, {"0", PARLANCE_INT(11)}, {"x", PARLANCE_DOUBLE(-1e300)}},
        };
        parlance_format_options options = PARLANCE_FORMAT_OPTIONS_INIT;
        options.numbers = PARLANCE_NUMBERS_LOCALE;
        options.isolation = PARLANCE_ISOLATION_FIRST_STRONG;
        int big = size > 4096;
        for (size_t a = 0; a < (big ? 1 : 2); a++) {
            char *out = NULL;
            formatted(parlance_localizer_format_named(loc, &out, "k", NULL, "M", named[a], 6), out,
                      "a named format is not UTF-8");
            if (big) break;
            out = NULL;
            formatted(parlance_localizer_format_named_with(loc, &out, "k", NULL, "M", named[a], 3, &options), out,
                      "an isolated named format is not UTF-8");
        }
        if (syntax == PARLANCE_SYNTAX_ICU && !big) {
            parlance_arg args[] = {PARLANCE_INT(1), PARLANCE_STRING("x"), PARLANCE_DATE(0), PARLANCE_DOUBLE(2.5)};
            char *out = NULL;
            formatted(parlance_localizer_format_with(loc, &out, "k", NULL, "M", args, 4, NULL), out,
                      "a positional format is not UTF-8");
        }
        parlance_localizer_free(loc);
    }
    parlance_catalog_free(cat);
    free(table);
}

/* Input as the values of a JSON table whose strings reference each other. */
static void keypath(const uint8_t *data, size_t size) {
    static const char head[] = "{\"a\": {\"b\": \"{c}\", \"c\": \"";
    static const char tail[] = "\"}, \"n\": {\"one\": \"{a.b} one\", \"other\": \"{a.c} {n}\"}}";
    char *json = malloc(sizeof head + size * 6 + sizeof tail);
    size_t n = sizeof head - 1;
    memcpy(json, head, n);
    for (size_t i = 0; i < size; i++) {
        unsigned char c = data[i];
        if (c == '"' || c == '\\') { json[n++] = '\\'; json[n++] = (char)c; }
        else if (c < 0x20) n += (size_t)sprintf(json + n, "\\u%04x", c);
        else json[n++] = (char)c;
    }
    memcpy(json + n, tail, sizeof tail - 1);
    n += sizeof tail - 1;
    load_table((const uint8_t *)json, n, PARLANCE_FORMAT_JSON);
    free(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#define IS(x) (strcmp(NAME(TARGET), #x) == 0)
    if (size > 1 << 16) return 0;
    if (IS(compiled)) load_file(data, size);   /* compiled catalogs load from a file, not bytes */
    else if (IS(plural_forms)) plural_forms(data, size);
    else if (IS(format)) format(data, size);
    else if (IS(locale)) locale(data, size);
    else if (IS(keypath)) keypath(data, size);
    else if (IS(document)) document(data, size);
    else if (IS(icu)) message(data, size, PARLANCE_SYNTAX_ICU);
    else if (IS(mf2)) message(data, size, PARLANCE_SYNTAX_MF2);
    else if (FORMAT != PARLANCE_FORMAT_AUTO) load_table(data, size, FORMAT);
    else abort();
    return 0;
}
