/*
 * test_icu_on_need.c -- ICU is mapped only once a call needs it.
 *
 *   test_icu_on_need LOCALEDIR          (LOCALEDIR/de/LC_MESSAGES/demo.mo)
 *       gettext lookups on a .mo with its Plural-Forms, then
 *       /proc/self/maps must show neither ICU nor libparlance-icu; then
 *       eight threads format a number at once (the first call that needs
 *       ICU, loaded once for all of them) and both must be mapped.
 *   test_icu_on_need LOCALEDIR missing  (PARLANCE_ICU_LIBRARY set to a path
 *       that does not exist): the lookups still answer, ICU's version is
 *       "", formatting a number fails soft, without crashing, with the
 *       reason; parlance_icu_error() names the path, and the library wrote
 *       it to standard error exactly once, though eight threads needed ICU.
 */
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parlance.h"
#define PARLANCE_LIBINTL_MACROS 1
#include "parlance_libintl.h"

static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "FAILED %s:%d: ", __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); failures++; } } while (0)

/* Whether a mapping of the process names a file containing needle. */
static int mapped(const char *needle) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) { perror("/proc/self/maps"); exit(2); }
    char line[4096];
    int found = 0;
    while (fgets(line, sizeof line, maps))
        if (strstr(line, needle)) found = 1;
    fclose(maps);
    return found;
}

static void gettext_only(const char *localedir) {
    bindtextdomain("demo", localedir);
    CHECK(strcmp(dgettext("demo", "Open"), "Öffnen") == 0, "dgettext Open: %s", dgettext("demo", "Open"));
    CHECK(strcmp(dngettext("demo", "%d file", "%d files", 1), "%d Datei") == 0, "dngettext 1");
    CHECK(strcmp(dngettext("demo", "%d file", "%d files", 5), "%d Dateien") == 0, "dngettext 5");
    CHECK(strcmp(dgettext("demo", "Not there"), "Not there") == 0, "a missing msgid comes back");
}

static parlance_catalog *catalog;

static void *format_number(void *result) {
    parlance_named_arg arg = { "n", { PARLANCE_ARG_DOUBLE, { .d = 1234.5 } } };
    char *out = NULL;
    int status = parlance_catalog_format_message(catalog, &out, NULL, NULL, "{$n :number}", "de", &arg, 1, NULL);
    snprintf(result, 256, "%d %s%s%s", status, out ? out : "(null)", status ? " | " : "",
             status ? parlance_last_error() : "");
    parlance_free(out);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_icu_on_need LOCALEDIR [missing]\n");
        return 2;
    }
    int missing = argc > 2 && strcmp(argv[2], "missing") == 0;
    setenv("LANGUAGE", "de", 1);
    setlocale(LC_ALL, "C.UTF-8");

    gettext_only(argv[1]);
    CHECK(!mapped("libicu"), "a gettext-only process mapped ICU");
    CHECK(!mapped("libparlance-icu"), "a gettext-only process mapped libparlance-icu");

    CHECK(parlance_icu_error() == NULL, "an ICU error before ICU was needed: %s", parlance_icu_error());
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK, "catalog_create");
    /* What the library writes to standard error while the threads need ICU. */
    fflush(stderr);
    FILE *captured = tmpfile();
    int saved_stderr = dup(2);
    if (!captured || saved_stderr < 0 || dup2(fileno(captured), 2) < 0) { perror("capturing stderr"); return 2; }
    pthread_t threads[8];
    char results[8][256];
    for (int i = 0; i < 8; i++) pthread_create(&threads[i], NULL, format_number, results[i]);
    for (int i = 0; i < 8; i++) pthread_join(threads[i], NULL);
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    char written[4096] = "";
    rewind(captured);
    size_t got = fread(written, 1, sizeof written - 1, captured);
    written[got] = 0;
    fclose(captured);
    int reports = 0;
    for (const char *at = written; (at = strstr(at, "cannot load ICU")) != NULL; at++) reports++;
    if (!missing) {
        CHECK(reports == 0 && got == 0, "standard error with ICU loaded: %s", written);
        CHECK(parlance_icu_error() == NULL, "an ICU error with ICU loaded: %s", parlance_icu_error());
        for (int i = 0; i < 8; i++) CHECK(strcmp(results[i], "0 1.234,5") == 0, "thread %d: %s", i, results[i]);
        CHECK(mapped("libparlance-icu.so.0"), "formatting a number did not map libparlance-icu");
        CHECK(mapped("libicuuc"), "formatting a number did not map ICU");
        CHECK(parlance_icu_version()[0] != 0, "no ICU version once ICU is loaded");
    } else {
        CHECK(!mapped("libicu"), "ICU mapped although PARLANCE_ICU_LIBRARY names no file");
        CHECK(strcmp(parlance_icu_version(), "") == 0, "ICU version without ICU: %s", parlance_icu_version());
        const char *why = parlance_icu_error();
        CHECK(why && strstr(why, "no-such-libparlance-icu.so"), "parlance_icu_error names no path: %s",
              why ? why : "(null)");
        CHECK(reports == 1, "the reason written %d times to standard error: %s", reports, written);
        CHECK(strstr(written, "no-such-libparlance-icu.so") && strstr(written, "PARLANCE_ICU_LIBRARY"),
              "standard error: %s", written);
        for (int i = 0; i < 8; i++)
            CHECK(strncmp(results[i], "0 ", 2) != 0 && strstr(results[i], "cannot load ICU"),
                  "thread %d without ICU: %s", i, results[i]);
        printf("without ICU, {$n :number} gives: %s\n", results[0]);
    }
    gettext_only(argv[1]);
    parlance_catalog_free(catalog);
    if (failures) return 1;
    printf("test_icu_on_need%s: ok\n", missing ? " (missing)" : "");
    return 0;
}
