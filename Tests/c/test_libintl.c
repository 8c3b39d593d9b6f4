/* Parlance's libintl-compatible API against glibc's libintl itself, on the
 * same .mo files. Usage: test_libintl LOCALEDIR PO_ONLY_LOCALEDIR
 *
 * glibc needs an installed locale that is not "C" for LANGUAGE to count;
 * C.UTF-8 is one on every glibc system. */
#define _GNU_SOURCE
#include <parlance_libintl.h>

#include <errno.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libintl_macros.h"

static int passed, failed;

/* glibc notices a changed LANGUAGE only when this counter changes. */
extern int _nl_msg_cat_cntr;

static void set_language(const char *language) {
    setenv("LANGUAGE", language, 1);
    ++_nl_msg_cat_cntr;             /* glibc reads the environment again */
    parlance_set_languages(NULL);   /* so does Parlance */
}

static void check(int ok, const char *what, int line) {
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "test_libintl.c:%d: FAILED: %s\n", line, what);
}
#define CHECK(cond) check((cond), #cond, __LINE__)

static void same(const char *glibc, const char *parlance, const char *what, const char *language, unsigned long n) {
    if (glibc && parlance && strcmp(glibc, parlance) == 0) { passed++; return; }
    failed++;
    fprintf(stderr, "FAILED: %s (LANGUAGE=%s, n=%lu): glibc \"%s\", Parlance \"%s\"\n", what, language, n,
            glibc ? glibc : "(null)", parlance ? parlance : "(null)");
}

/* What the libintl miss callback was told last, and how often. */
static struct {
    int calls;
    char key[64], context[64], table[64], locales[128];
} miss;

static void on_miss(void *user_data, const char *key, const char *context, const char *table,
                    const char *const *locales, size_t count) {
    size_t i;
    miss.calls += *(int *)user_data;
    snprintf(miss.key, sizeof miss.key, "%s", key);
    snprintf(miss.context, sizeof miss.context, "%s", context ? context : "(none)");
    snprintf(miss.table, sizeof miss.table, "%s", table);
    miss.locales[0] = 0;
    for (i = 0; i < count; i++) {
        if (i) strncat(miss.locales, ":", sizeof miss.locales - strlen(miss.locales) - 1);
        strncat(miss.locales, locales[i], sizeof miss.locales - strlen(miss.locales) - 1);
    }
}

static const char *const msgids[] = {"Open", "%d file", "Fuzzy", "Untranslated", "Not in any catalog"};
static const char *const languages[] = {"de", "ru", "ar", "ja", "ga", "xx", "yy", "zz", "de:ru", "fr:ru",
                                        "ru:de", "de_AT.UTF-8@euro", "pt:C:de", "qq"};

static void compare_language(const char *language) {
    char composed[64];
    unsigned long n;
    size_t i;
    set_language(language);
    for (i = 0; i < sizeof msgids / sizeof msgids[0]; i++) {
        same(dgettext("demo", msgids[i]), parlance_dgettext("demo", msgids[i]), msgids[i], language, 0);
        snprintf(composed, sizeof composed, "menu%c%s", 4, msgids[i]);
        {
            const char *g = dgettext("demo", composed);
            same(g == composed ? msgids[i] : g, parlance_dpgettext("demo", "menu", msgids[i]), "menu context", language, 0);
        }
    }
    for (n = 0; n <= 300; n++) {
        same(dngettext("demo", "%d file", "%d files", n), parlance_dngettext("demo", "%d file", "%d files", n),
             "dngettext", language, n);
        snprintf(composed, sizeof composed, "disk%c%%d file", 4);
        {
            const char *g = dngettext("demo", composed, "%d files", n);
            const char *p = parlance_dnpgettext("demo", "disk", "%d file", "%d files", n);
            same(g == composed ? "%d file" : g, p, "dnpgettext", language, n);
        }
    }
    {
        static const unsigned long big[] = {1000, 1001, 1011, 1000000, 4294967295UL, 4294967296UL, (unsigned long)-1};
        for (i = 0; i < sizeof big / sizeof big[0]; i++)
            same(dngettext("demo", "%d file", "%d files", big[i]),
                 parlance_dngettext("demo", "%d file", "%d files", big[i]), "dngettext", language, big[i]);
    }
}

int main(int argc, char **argv) {
    size_t i;
    const char *missing = "Not in any catalog";
    if (argc < 3) {
        fprintf(stderr, "usage: %s LOCALEDIR PO_ONLY_LOCALEDIR\n", argv[0]);
        return 2;
    }
    setenv("LC_ALL", "C.UTF-8", 1);
    if (!setlocale(LC_ALL, "")) {
        fprintf(stderr, "C.UTF-8 is not installed; cannot compare with glibc\n");
        return 2;
    }
    bindtextdomain("demo", argv[1]);
    bind_textdomain_codeset("demo", "UTF-8");
    CHECK(strcmp(parlance_bindtextdomain("demo", argv[1]), argv[1]) == 0);
    CHECK(strcmp(parlance_bindtextdomain("demo", NULL), argv[1]) == 0);
    CHECK(strcmp(parlance_bindtextdomain("other", NULL), "/usr/share/locale") == 0);
    errno = 0;
    CHECK(parlance_bindtextdomain("", "x") == NULL && errno == EINVAL);
    CHECK(strcmp(parlance_bind_textdomain_codeset("demo", "utf-8"), "UTF-8") == 0);
    errno = 0;
    CHECK(parlance_bind_textdomain_codeset("demo", "ISO-8859-1") == NULL && errno == EINVAL);

    for (i = 0; i < sizeof languages / sizeof languages[0]; i++) compare_language(languages[i]);

    /* Missing strings come back as the caller's own pointers. */
    set_language("de");
    CHECK(parlance_dgettext("demo", missing) == missing);
    {
        const char *one = "one thing", *many = "many things";
        CHECK(parlance_dngettext("demo", one, many, 1) == one);
        CHECK(parlance_dngettext("demo", one, many, 2) == many);
        CHECK(parlance_dngettext("demo", one, many, 0) == many);
    }
    CHECK(parlance_gettext(NULL) == NULL);

    /* The default domain and the plain forms. */
    CHECK(strcmp(parlance_textdomain(NULL), "messages") == 0);
    CHECK(strcmp(parlance_textdomain("demo"), "demo") == 0);
    textdomain("demo");
    same(gettext("Open"), parlance_gettext("Open"), "gettext", "de", 0);
    same(ngettext("%d file", "%d files", 3), parlance_ngettext("%d file", "%d files", 3), "ngettext", "de", 3);
    CHECK(strcmp(parlance_pgettext("menu", "Open"), "Öffnen…") == 0);
    CHECK(strcmp(parlance_npgettext("disk", "%d file", "%d files", 1), "%d Datei auf dem Datenträger") == 0);
    CHECK(strcmp(parlance_dcgettext("demo", "Open", LC_MESSAGES), "Öffnen") == 0);
    CHECK(strcmp(parlance_dcngettext("demo", "%d file", "%d files", 2, LC_MESSAGES), "%d Dateien") == 0);
    CHECK(strcmp(parlance_dcgettext("demo", "Open", LC_TIME), "Open") == 0);

    /* The application chooses the languages, over the environment. */
    CHECK(parlance_set_languages("ru:de") == PARLANCE_OK);
    set_language("ru:de");
    same(dgettext("demo", "Open"), parlance_dgettext("demo", "Open"), "set_languages", "ru:de", 0);
    setenv("LANGUAGE", "ja", 1);
    CHECK(strcmp(parlance_dgettext("demo", "Open"), "Открыть") == 0); /* the choice stands */
    CHECK(parlance_set_languages("!!") == PARLANCE_ELOCALE);
    CHECK(strcmp(parlance_dgettext("demo", "Open"), "Открыть") == 0);
    CHECK(parlance_set_languages(NULL) == PARLANCE_OK);
    CHECK(strcmp(parlance_dgettext("demo", "Open"), "開く") == 0);

    /* Without the system locale: LANG names a locale glibc does not have. */
    setenv("LC_ALL", "ar_EG.UTF-8", 1);
    unsetenv("LANGUAGE");
    parlance_set_languages(NULL);
    CHECK(strcmp(parlance_dgettext("demo", "Open"), "فتح") == 0);
    setenv("LC_ALL", "C", 1);
    setenv("LANGUAGE", "de", 1);
    parlance_set_languages(NULL);
    CHECK(strcmp(parlance_dgettext("demo", "Open"), "Open") == 0); /* C ignores LANGUAGE */
    setenv("LC_ALL", "C.UTF-8", 1);

    /* The opt-in macros reach Parlance. */
    set_language("de");
    CHECK(strcmp(macro_textdomain("demo"), "demo") == 0);
    CHECK(strcmp(macro_gettext("Open"), "Öffnen") == 0);
    CHECK(strcmp(macro_ngettext("%d file", "%d files", 5), "%d Dateien") == 0);
    CHECK(strcmp(macro_pgettext("menu", "Open"), "Öffnen…") == 0);
    CHECK(strcmp(macro_noop(), "Open") == 0);

    /* Misses reach the libintl miss callback; every answer stays glibc's. */
    {
        static int one = 1;
        const char *missing_plural = "no such files";
        CHECK(parlance_libintl_on_miss(on_miss, &one) == PARLANCE_OK);
        for (i = 0; i < sizeof languages / sizeof languages[0]; i++) compare_language(languages[i]);
        set_language("de");
        miss.calls = 0;
        CHECK(strcmp(parlance_dgettext("demo", "Open"), "Öffnen") == 0);
        CHECK(strcmp(parlance_dpgettext("demo", "menu", "Open"), "Öffnen…") == 0);
        CHECK(strcmp(parlance_dngettext("demo", "%d file", "%d files", 2), "%d Dateien") == 0);
        CHECK(miss.calls == 0); /* hits from the first language are not reported */
        CHECK(parlance_dgettext("demo", missing) == missing);
        CHECK(miss.calls == 1 && strcmp(miss.key, missing) == 0 && strcmp(miss.context, "(none)") == 0);
        CHECK(strcmp(miss.table, "demo") == 0 && strcmp(miss.locales, "de") == 0);
        CHECK(parlance_dnpgettext("demo", "menu", missing, missing_plural, 3) == missing_plural);
        CHECK(miss.calls == 2 && strcmp(miss.context, "menu") == 0);
        textdomain("demo");
        CHECK(parlance_gettext(missing) == missing);
        CHECK(miss.calls == 3 && strcmp(miss.table, "demo") == 0);
        /* Untranslated by rule: the header, another category. */
        CHECK(parlance_dgettext("demo", "")[0] != 0);
        CHECK(parlance_dcgettext("demo", missing, LC_TIME) == missing);
        CHECK(miss.calls == 3);
        /* A fallback: "Open" from de after xx's catalog lacked it; "%d file" from xx itself. */
        set_language("xx:de");
        same(dgettext("demo", "Open"), parlance_dgettext("demo", "Open"), "fallback", "xx:de", 0);
        CHECK(miss.calls == 4 && strcmp(miss.key, "Open") == 0 && strcmp(miss.locales, "xx") == 0);
        CHECK(strcmp(parlance_dngettext("demo", "%d file", "%d files", 2), "%d xfiles") == 0);
        CHECK(miss.calls == 4);
        CHECK(parlance_dgettext("demo", missing) == missing);
        CHECK(miss.calls == 5 && strcmp(miss.locales, "xx:de") == 0);
        /* A language without a catalog before one with: not a fallback. */
        set_language("fr:de");
        CHECK(strcmp(parlance_dgettext("demo", "Open"), "Öffnen") == 0);
        CHECK(miss.calls == 5);
        /* Removed: lookups take the fast path again and report nothing. */
        CHECK(parlance_libintl_on_miss(NULL, NULL) == PARLANCE_OK);
        set_language("de");
        CHECK(parlance_dgettext("demo", missing) == missing);
        CHECK(miss.calls == 5);
    }

    /* .po files serve when no .mo exists (a Parlance extension). */
    parlance_bindtextdomain("demo", argv[2]);
    set_language("ru");
    CHECK(strcmp(parlance_dngettext("demo", "%d file", "%d files", 22), "%d файла") == 0);

    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
