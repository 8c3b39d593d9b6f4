/* soak: a long-running program's memory stays bounded by what is loaded.
 *
 * Usage: soak CATALOG_DIR LIBINTL_DIR [BOUND_MIB] [SCALE]
 *
 * Warms up (every chain, domain and catalog once), records VmRSS, then:
 *   1. 10^6 parlance_localizer_set_locales cycling three chains, a lookup each;
 *   2. 10^6 parlance_textdomain(NULL) and parlance_bindtextdomain(d, NULL);
 *   3. 10^5 localizers created, used once and freed (a request each);
 *   4. 1,000 reloads of the catalog while two threads look strings up and
 *      check every answer.
 * It prints VmRSS after each phase and fails when the growth over the
 * warmed-up figure exceeds BOUND_MIB (default 8). SCALE divides the counts
 * (for runs under sanitizers and valgrind). */
#define _GNU_SOURCE
#include <parlance.h>
#include <parlance_libintl.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long rss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    fclose(f);
    return kib;
}

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; fprintf(stderr, "soak: " __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const char *chain_fr[] = {"fr", "en"};
static const char *chain_ar[] = {"ar", "en"};
static const char *chain_ru[] = {"ru", "ja", "en"};

struct reader_args {
    parlance_localizer *loc;
    atomic_int *stop;
    long lookups;
    int wrong;
};

static void *reader(void *p) {
    struct reader_args *a = p;
    char buffer[64];
    while (!atomic_load(a->stop)) {
        /* A copy taken during concurrent reloads is always one whole answer. */
        long n = parlance_localizer_copy(a->loc, buffer, sizeof buffer, "greeting", NULL, NULL);
        if (n != (long)strlen("Bonjour !") || strcmp(buffer, "Bonjour !") != 0) a->wrong++;
        /* A borrowed string inside a read section stays valid until its end. */
        parlance_read_begin();
        const char *s = parlance_localizer_text(a->loc, "greeting", NULL, NULL);
        if (strcmp(s, "Bonjour !") != 0) a->wrong++;
        parlance_read_end();
        a->lookups++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: soak CATALOG_DIR LIBINTL_DIR [BOUND_MIB] [SCALE]\n");
        return 2;
    }
    const char *dir = argv[1];
    long bound_mib = argc > 3 ? atol(argv[3]) : 8;
    long scale = argc > 4 ? atol(argv[4]) : 1;
    if (scale < 1) scale = 1;
    long million = 1000000 / scale, reloads = 1000 / scale, requests = 100000 / scale;

    parlance_catalog *cat;
    parlance_localizer *loc;
    if (parlance_catalog_create(&cat) != PARLANCE_OK) return 1;
    if (parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
        fprintf(stderr, "soak: %s\n", parlance_last_error());
        return 1;
    }
    if (parlance_localizer_create(&loc, cat, chain_fr, 2, "en") != PARLANCE_OK) return 1;
    parlance_bindtextdomain("demo", argv[2]);
    parlance_textdomain("demo");

    const char *const *chains[] = {chain_fr, chain_ar, chain_ru};
    const size_t counts[] = {2, 2, 3};
    const char *expect[] = {"Bonjour !", NULL, NULL};
    char *answers[3];
    /* Warm-up: every chain, query and reload path once (and a few hundred
     * times, so that allocator pools reach their steady size). */
    for (int round = 0; round < 300; round++) {
        for (int i = 0; i < 3; i++) {
            parlance_localizer_set_locales(loc, chains[i], counts[i]);
            (void)parlance_localizer_text(loc, "greeting", NULL, NULL);
        }
        parlance_localizer *r;
        parlance_localizer_create(&r, cat, chain_ar, 2, "en");
        (void)parlance_localizer_text(r, "greeting", NULL, NULL);
        parlance_localizer_free(r);
        (void)parlance_textdomain(NULL);
        (void)parlance_bindtextdomain("demo", NULL);
        (void)parlance_gettext("Open");
        if (round % 30 == 0) parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO);
    }
    for (int i = 0; i < 3; i++) {
        parlance_localizer_set_locales(loc, chains[i], counts[i]);
        answers[i] = strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    }
    CHECK(strcmp(answers[0], expect[0]) == 0, "fr greeting is '%s'", answers[0]);

    long base = rss_kib();
    printf("soak: warmed up: VmRSS %ld KiB\n", base);

    for (long i = 0; i < million; i++) {
        int c = (int)(i % 3);
        if (parlance_localizer_set_locales(loc, chains[c], counts[c]) != PARLANCE_OK) { failures++; break; }
        const char *s = parlance_localizer_text(loc, "greeting", NULL, NULL);
        if (strcmp(s, answers[c]) != 0) { CHECK(0, "chain %d gave '%s'", c, s); break; }
    }
    long after_switch = rss_kib();
    printf("soak: %ld set_locales + lookup: VmRSS %ld KiB (%+ld)\n", million, after_switch, after_switch - base);

    for (long i = 0; i < million; i++) {
        const char *d = parlance_textdomain(NULL);
        const char *b = parlance_bindtextdomain("demo", NULL);
        if (strcmp(d, "demo") != 0 || strcmp(b, argv[2]) != 0) { CHECK(0, "textdomain '%s', binding '%s'", d, b); break; }
    }
    long after_query = rss_kib();
    printf("soak: %ld textdomain(NULL) + bindtextdomain(d, NULL): VmRSS %ld KiB (%+ld)\n", million, after_query,
           after_query - base);

    for (long i = 0; i < requests; i++) {
        parlance_localizer *r;
        int c = (int)(i % 3);
        if (parlance_localizer_create(&r, cat, chains[c], counts[c], "en") != PARLANCE_OK) { failures++; break; }
        const char *s = parlance_localizer_text(r, "greeting", NULL, NULL);
        if (strcmp(s, answers[c]) != 0) { CHECK(0, "request chain %d gave '%s'", c, s); parlance_localizer_free(r); break; }
        parlance_localizer_free(r);
    }
    long after_requests = rss_kib();
    printf("soak: %ld localizers created, used, freed: VmRSS %ld KiB (%+ld)\n", requests, after_requests,
           after_requests - base);

    parlance_localizer_set_locales(loc, chain_fr, 2);
    atomic_int stop = 0;
    struct reader_args args[2] = {{loc, &stop, 0, 0}, {loc, &stop, 0, 0}};
    pthread_t threads[2];
    for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, reader, &args[t]);
    for (long i = 0; i < reloads; i++) {
        if (parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
            CHECK(0, "reload %ld: %s", i, parlance_last_error());
            break;
        }
    }
    atomic_store(&stop, 1);
    for (int t = 0; t < 2; t++) {
        pthread_join(threads[t], NULL);
        CHECK(args[t].wrong == 0, "reader %d: %d wrong answers of %ld", t, args[t].wrong, args[t].lookups);
    }
    long after_reload = rss_kib();
    printf("soak: %ld reloads under %ld + %ld lookups: VmRSS %ld KiB (%+ld)\n", reloads, args[0].lookups,
           args[1].lookups, after_reload, after_reload - base);

    long growth = after_reload - base;
    if (after_switch - base > growth) growth = after_switch - base;
    if (after_query - base > growth) growth = after_query - base;
    if (after_requests - base > growth) growth = after_requests - base;
    CHECK(growth <= bound_mib * 1024, "VmRSS grew by %ld KiB, over the bound of %ld MiB", growth, bound_mib);
    printf("soak: largest growth %ld KiB; bound %ld MiB: %s\n", growth, bound_mib, failures ? "FAILED" : "ok");

    for (int i = 0; i < 3; i++) free(answers[i]);
    parlance_localizer_free(loc);
    parlance_catalog_free(cat);
    return failures ? 1 : 0;
}
