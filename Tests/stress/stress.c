/* stress: lookups, locale switches, localizer churn and reloads on many
 * threads at once; every answer is checked against a single-threaded run.
 *
 * Usage: stress CATALOG_DIR COMPILED_CATALOG LIBINTL_DIR [ROUNDS]
 *
 * Single-threaded first, it records the answer to every query (each chain
 * × key × context × table × count) by text, plural and copy. Then 8 reader
 * threads switch their localizers between chains at random and compare
 * every answer, borrowed ones inside read sections; one thread creates and
 * frees localizers; one looks strings up through the libintl functions;
 * and one reloads the catalog, alternating its directory and its compiled
 * form (which answer the same). Built and run under AddressSanitizer and
 * ThreadSanitizer by `make sanitize`. */
#define _GNU_SOURCE
#include <parlance.h>
#include <parlance_libintl.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READERS 8

static const char *chains[][3] = {{"fr", NULL}, {"ar", NULL}, {"ru", "ja"}, {"ja", NULL}, {"fr-CA", "ar"}, {"en", NULL}};
static const size_t chain_sizes[] = {1, 1, 2, 1, 2, 1};
#define CHAINS (sizeof chain_sizes / sizeof chain_sizes[0])

struct query { const char *key, *context, *table; int64_t count; /* -1: no count */ };
static const struct query queries[] = {
    {"greeting", NULL, NULL, -1},
    {"Name", "Name label in login screen", NULL, -1},
    {"Name", "Name label in registration screen", NULL, -1},
    {"login.subtitle", NULL, "Menu", -1},
    {"app.name", NULL, "Menu", -1},
    {"Print", NULL, NULL, -1},
    {"no such key", NULL, NULL, -1},
    {"files.count", NULL, NULL, 0}, {"files.count", NULL, NULL, 1}, {"files.count", NULL, NULL, 2},
    {"files.count", NULL, NULL, 5}, {"files.count", NULL, NULL, 11}, {"files.count", NULL, NULL, 101},
    {"You have %d followers.", "Number of followers label", NULL, 1},
    {"You have %d followers.", "Number of followers label", NULL, 3},
};
#define QUERIES (sizeof queries / sizeof queries[0])

static char *expected[CHAINS][QUERIES];
static const char *catalog_dir, *compiled_path;
static parlance_catalog *cat;
static atomic_int stop, wrong;
static atomic_long lookups, reloads;
static long rounds = 20000;

static const char *ask(parlance_localizer *loc, const struct query *q) {
    if (q->count < 0) return parlance_localizer_text(loc, q->key, q->context, q->table);
    parlance_arg n = PARLANCE_INT(q->count);
    return parlance_localizer_plural(loc, q->key, &n, q->context, q->table);
}

static void mismatch(const char *how, size_t c, size_t q, const char *got) {
    if (atomic_fetch_add(&wrong, 1) < 10)
        fprintf(stderr, "stress: %s: chain %zu query %zu (%s): got '%s', want '%s'\n", how, c, q, queries[q].key,
                got ? got : "(null)", expected[c][q]);
}

static unsigned next(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 8;
}

static void *reader(void *p) {
    unsigned seed = (unsigned)(uintptr_t)p * 7919u + 1;
    parlance_localizer *loc;
    char buffer[256];
    if (parlance_localizer_create(&loc, cat, chains[0], chain_sizes[0], "en") != PARLANCE_OK) abort();
    for (long i = 0; i < rounds && !atomic_load(&stop); i++) {
        size_t c = next(&seed) % CHAINS;
        if (parlance_localizer_set_locales(loc, chains[c], chain_sizes[c]) != PARLANCE_OK) mismatch("switch", c, 0, NULL);
        parlance_read_begin();
        for (size_t q = 0; q < QUERIES; q++) {
            const char *got = ask(loc, &queries[q]);
            if (!got || strcmp(got, expected[c][q]) != 0) mismatch("borrowed", c, q, got);
        }
        size_t count = 0;
        const char *const *list = parlance_localizer_locales(loc, &count);
        if (count == 0 || strcmp(list[0], chains[c][0]) != 0) mismatch("chain", c, 0, count ? list[0] : NULL);
        parlance_read_end();
        size_t q = next(&seed) % QUERIES;
        ptrdiff_t n;
        if (queries[q].count < 0) {
            n = parlance_localizer_copy(loc, buffer, sizeof buffer, queries[q].key, queries[q].context, queries[q].table);
            if (n == -1) snprintf(buffer, sizeof buffer, "%s", queries[q].key);   /* text's implicit localization */
        } else {
            parlance_arg a = PARLANCE_INT(queries[q].count);
            n = parlance_localizer_plural_copy(loc, buffer, sizeof buffer, queries[q].key, &a, queries[q].context,
                                               queries[q].table);
            if (n == -1) snprintf(buffer, sizeof buffer, "%s", queries[q].key);
        }
        if (n < -1 || strcmp(buffer, expected[c][q]) != 0) mismatch("copy", c, q, buffer);
        atomic_fetch_add(&lookups, (long)QUERIES + 1);
    }
    parlance_localizer_free(loc);
    return NULL;
}

static void *churn(void *p) {
    (void)p;
    while (!atomic_load(&stop)) {
        for (size_t c = 0; c < CHAINS; c++) {
            parlance_localizer *loc;
            if (parlance_localizer_create(&loc, cat, chains[c], chain_sizes[c], "en") != PARLANCE_OK) abort();
            parlance_read_begin();   /* reloads run meanwhile: the string is ours until the section ends */
            const char *got = ask(loc, &queries[0]);
            if (strcmp(got, expected[c][0]) != 0) mismatch("request", c, 0, got);
            parlance_read_end();
            parlance_localizer_free(loc);
        }
    }
    return NULL;
}

static void *libintl(void *p) {
    (void)p;
    while (!atomic_load(&stop)) {
        const char *open = parlance_dgettext("demo", "Open");
        const char *files = parlance_dngettext("demo", "%d file", "%d files", 3);
        if (strcmp(open, "Öffnen") != 0 || strcmp(files, "%d Dateien") != 0) {
            if (atomic_fetch_add(&wrong, 1) < 10) fprintf(stderr, "stress: libintl: '%s', '%s'\n", open, files);
        }
        (void)parlance_textdomain(NULL);
    }
    return NULL;
}

static void *reloader(void *p) {
    (void)p;
    for (long i = 0; !atomic_load(&stop); i++) {
        const char *path = i % 2 ? compiled_path : catalog_dir;
        if (parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
            if (atomic_fetch_add(&wrong, 1) < 10) fprintf(stderr, "stress: reload: %s\n", parlance_last_error());
        }
        /* A failed load changes nothing. */
        if (parlance_catalog_load(cat, "/nonexistent/parlance", NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK)
            atomic_fetch_add(&wrong, 1);
        atomic_fetch_add(&reloads, 1);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: stress CATALOG_DIR COMPILED_CATALOG LIBINTL_DIR [ROUNDS]\n");
        return 2;
    }
    catalog_dir = argv[1];
    compiled_path = argv[2];
    if (argc > 4) rounds = atol(argv[4]);
    if (parlance_catalog_create(&cat) != PARLANCE_OK) return 1;
    if (parlance_catalog_load(cat, catalog_dir, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
        fprintf(stderr, "stress: %s\n", parlance_last_error());
        return 1;
    }
    parlance_bindtextdomain("demo", argv[3]);
    parlance_set_languages("de");

    /* The single-threaded answers. */
    for (size_t c = 0; c < CHAINS; c++) {
        parlance_localizer *loc;
        if (parlance_localizer_create(&loc, cat, chains[c], chain_sizes[c], "en") != PARLANCE_OK) return 1;
        for (size_t q = 0; q < QUERIES; q++) expected[c][q] = strdup(ask(loc, &queries[q]));
        parlance_localizer_free(loc);
    }
    /* The compiled catalog answers the same. */
    {
        parlance_catalog *compiled;
        parlance_localizer *loc;
        parlance_catalog_create(&compiled);
        if (parlance_catalog_load(compiled, compiled_path, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
            fprintf(stderr, "stress: %s\n", parlance_last_error());
            return 1;
        }
        for (size_t c = 0; c < CHAINS; c++) {
            parlance_localizer_create(&loc, compiled, chains[c], chain_sizes[c], "en");
            for (size_t q = 0; q < QUERIES; q++) {
                const char *got = ask(loc, &queries[q]);
                if (strcmp(got, expected[c][q]) != 0) mismatch("compiled", c, q, got);
            }
            parlance_localizer_free(loc);
        }
        parlance_catalog_free(compiled);
    }

    pthread_t readers[READERS], others[3];
    for (long t = 0; t < READERS; t++) pthread_create(&readers[t], NULL, reader, (void *)t);
    pthread_create(&others[0], NULL, churn, NULL);
    pthread_create(&others[1], NULL, libintl, NULL);
    pthread_create(&others[2], NULL, reloader, NULL);
    for (int t = 0; t < READERS; t++) pthread_join(readers[t], NULL);
    atomic_store(&stop, 1);
    for (int t = 0; t < 3; t++) pthread_join(others[t], NULL);

    printf("stress: %d threads, %ld lookups, %ld reloads: %d wrong answers\n", READERS + 3, atomic_load(&lookups),
           atomic_load(&reloads), atomic_load(&wrong));
    for (size_t c = 0; c < CHAINS; c++)
        for (size_t q = 0; q < QUERIES; q++) free(expected[c][q]);
    parlance_set_languages(NULL);
    parlance_catalog_free(cat);
    return atomic_load(&wrong) ? 1 : 0;
}
