/* Parlance demo: prints the example catalog's strings in every locale.
 * Build and run with `make demo`.
 *
 * Columns are padded by display width (wcwidth: East Asian wide characters
 * take two columns, combining marks none), not by bytes, and a right-to-left
 * cell is a first-strong isolate (U+2068 … U+2069), so that it does not
 * reorder the columns around it. */
#define _XOPEN_SOURCE 700
#include <parlance.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define KEY_COLUMNS 22
#define TEXT_COLUMNS 24

/* The columns text takes on a terminal; an undecodable byte counts one. */
static int display_width(const char *text) {
    mbstate_t state;
    int width = 0;
    size_t left = strlen(text);
    memset(&state, 0, sizeof state);
    while (left > 0) {
        wchar_t c;
        size_t used = mbrtowc(&c, text, left, &state);
        if (used == (size_t)-1 || used == (size_t)-2) {
            memset(&state, 0, sizeof state);
            used = 1;
            width++;
        } else {
            int w = wcwidth(c);
            width += w > 0 ? w : 0;
        }
        text += used;
        left -= used;
    }
    return width;
}

/* Whether text holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana,
 * N'Ko… and their presentation forms). */
static int has_rtl(const char *text) {
    mbstate_t state;
    size_t left = strlen(text);
    memset(&state, 0, sizeof state);
    while (left > 0) {
        wchar_t c;
        size_t used = mbrtowc(&c, text, left, &state);
        if (used == (size_t)-1 || used == (size_t)-2) return 0;
        if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
            (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF))
            return 1;
        text += used;
        left -= used;
    }
    return 0;
}

/* text padded to columns display columns; a right-to-left text first-strong
 * isolated (U+2068 … U+2069), so that it does not reorder the columns. */
static void cell(const char *text, int columns) {
    int width = display_width(text);
    if (has_rtl(text)) printf("\xE2\x81\xA8%s\xE2\x81\xA9", text);
    else fputs(text, stdout);
    for (; width < columns; width++) putchar(' ');
}

static void row(const char *key, const char *text) {
    printf("  %-*s", KEY_COLUMNS, key);
    cell(text ? text : "", 0);
    putchar('\n');
}

static void show(parlance_localizer *loc) {
    static const int counts[] = {0, 1, 2, 5, 21};
    char *text = NULL;
    size_t i;

    printf("  %-*s%s\n", KEY_COLUMNS, "KEY", "TEXT");
    row("greeting", parlance_localizer_text(loc, "greeting", NULL, NULL));
    row("^Print", parlance_localizer_localize_marked(loc, "^Print"));
    row("Name (login)", parlance_localizer_text(loc, "Name", "Name label in login screen", NULL));
    row("Name (registration)", parlance_localizer_text(loc, "Name", "Name label in registration screen", NULL));
    row("Menu login.subtitle", parlance_localizer_text(loc, "login.subtitle", NULL, "Menu"));

    parlance_arg name = PARLANCE_STRING("Ada");
    if (parlance_localizer_format(loc, &text, "welcome.user", NULL, NULL, &name, 1) == PARLANCE_OK) {
        row("welcome.user", text);
        parlance_free(text);
    }
    printf("\n  %-*s%-*s | %-*s  %s\n", KEY_COLUMNS, "COUNT", TEXT_COLUMNS, "files.count", TEXT_COLUMNS,
           "followers (context)", "[LOCALE CATEGORY]");
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        parlance_arg n = PARLANCE_INT(counts[i]);
        parlance_explanation why = PARLANCE_EXPLANATION_INIT;
        printf("  %-*d", KEY_COLUMNS, counts[i]);
        if (parlance_localizer_format(loc, &text, "files.count", NULL, NULL, &n, 1) == PARLANCE_OK) {
            cell(text, TEXT_COLUMNS);
            parlance_free(text);
        } else {
            printf("error: %s", parlance_last_error());
        }
        printf(" | ");
        if (parlance_localizer_format(loc, &text, "You have %d followers.", "Number of followers label", NULL, &n, 1) == PARLANCE_OK) {
            cell(text, TEXT_COLUMNS);
            parlance_free(text);
        } else {
            cell("", TEXT_COLUMNS);
        }
        parlance_localizer_explain(loc, &why, "files.count", &n, NULL, NULL);
        printf("  [%s %s%s]\n", why.locale ? why.locale : "-", why.category ? why.category : "-",
               why.fallback ? ", fallback" : "");
    }
}

int main(int argc, char **argv) {
    static const char *const locales[] = {"en", "fr-CA", "ar", "ru", "ja"};
    const char *path = argc > 1 ? argv[1] : "Examples/catalog";
    parlance_catalog *catalog = NULL;
    size_t i, j, count;

    /* Widths of UTF-8 text, whatever the environment's locale (C.UTF-8 is glibc's own). */
    if (!setlocale(LC_CTYPE, "C.UTF-8")) setlocale(LC_CTYPE, "");
    if (parlance_catalog_create(&catalog) != PARLANCE_OK ||
        parlance_catalog_load(catalog, path, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
        fprintf(stderr, "demo: %s\n", parlance_last_error());
        parlance_catalog_free(catalog);
        return 1;
    }
    printf("Parlance %s: %zu locales loaded from %s\n", parlance_version(), parlance_catalog_locale_count(catalog), path);
    for (i = 0; i < sizeof locales / sizeof locales[0]; i++) {
        parlance_localizer *loc = NULL;
        if (parlance_localizer_create(&loc, catalog, &locales[i], 1, "en") != PARLANCE_OK) {
            fprintf(stderr, "demo: %s\n", parlance_last_error());
            continue;
        }
        printf("\n%s (chain:", locales[i]);
        const char *const *chain = parlance_localizer_locales(loc, &count);
        for (j = 0; j < count; j++) printf(" %s", chain[j]);
        printf(")\n");
        show(loc);
        parlance_localizer_free(loc);
    }
    parlance_catalog_free(catalog);
    return 0;
}
