/* The source text's plural form through the C API, from outside: the
 * program loads DIR (a gettext tree whose msgids are English, no `en`
 * catalog), makes a localizer for LOCALE and prints, for each COUNT, the
 * answers of parlance_localizer_plural_source(), _plural_source_copy() and
 * _format_plural() for SINGULAR/PLURAL in TABLE, tab-separated, one line per
 * count; the test compares them with CPython's ngettext on the same files.
 * It also checks what needs no reference: a NULL plural is
 * parlance_localizer_plural() / _format_with(), and bad arguments fail.
 *
 * Usage: test_source_plural DIR LOCALE TABLE SINGULAR PLURAL COUNT... */
#include <parlance.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what) {
    fprintf(stderr, "test_source_plural: %s: %s\n", what, parlance_last_error());
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: test_source_plural DIR LOCALE TABLE SINGULAR PLURAL COUNT...\n");
        return 2;
    }
    const char *dir = argv[1], *locale = argv[2], *table = argv[3], *singular = argv[4], *plural = argv[5];
    parlance_catalog *catalog = NULL;
    parlance_localizer *localizer = NULL;
    if (parlance_catalog_create(&catalog) != PARLANCE_OK) return fail("create");
    if (parlance_catalog_load(catalog, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) return fail("load");
    const char *locales[] = {locale};
    if (parlance_localizer_create(&localizer, catalog, locales, 1, "en") != PARLANCE_OK) return fail("localizer");
    for (int i = 6; i < argc; i++) {
        parlance_arg count = PARLANCE_INT(strtoll(argv[i], NULL, 10));
        const char *text = parlance_localizer_plural_source(localizer, singular, plural, &count, NULL, table);
        if (text == NULL) return fail("plural_source");
        char buffer[8];   /* small: the copy reports the full length */
        ptrdiff_t length = parlance_localizer_plural_source_copy(localizer, buffer, sizeof buffer, singular, plural,
                                                                 &count, NULL, table);
        if (length != (ptrdiff_t)strlen(text) || strncmp(buffer, text, sizeof buffer - 1) != 0) {
            fprintf(stderr, "test_source_plural: copy gave %td '%s' for '%s'\n", length, buffer, text);
            return 1;
        }
        char *formatted = NULL;
        if (parlance_localizer_format_plural(localizer, &formatted, singular, plural, NULL, table, &count, 1, NULL)
            != PARLANCE_OK)
            return fail("format_plural");
        printf("%s\t%s\t%s\n", argv[i], text, formatted);
        parlance_free(formatted);

        /* A NULL plural is parlance_localizer_plural() and _format_with(). */
        const char *alone = parlance_localizer_plural(localizer, singular, &count, NULL, table);
        const char *same = parlance_localizer_plural_source(localizer, singular, NULL, &count, NULL, table);
        char *a = NULL, *b = NULL;
        if (alone == NULL || same == NULL || strcmp(alone, same) != 0) return fail("NULL plural");
        if (parlance_localizer_format_with(localizer, &a, singular, NULL, table, &count, 1, NULL) != PARLANCE_OK ||
            parlance_localizer_format_plural(localizer, &b, singular, NULL, NULL, table, &count, 1, NULL) != PARLANCE_OK ||
            strcmp(a, b) != 0)
            return fail("NULL plural format");
        parlance_free(a);
        parlance_free(b);
    }
    /* Bad arguments: an error, never a guess. */
    parlance_arg bad = PARLANCE_DECIMAL("many");
    if (parlance_localizer_plural_source(localizer, singular, plural, &bad, NULL, table) != NULL ||
        parlance_localizer_plural_source(localizer, NULL, plural, &bad, NULL, table) != NULL)
        return fail("bad count accepted");
    char buffer[16] = "x";
    if (parlance_localizer_plural_source_copy(localizer, buffer, sizeof buffer, singular, plural, NULL, NULL, table) != -2 ||
        buffer[0] != '\0')
        return fail("NULL count accepted by the copy");
    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    return 0;
}
