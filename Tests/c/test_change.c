/* The change notification from C: parlance_localizer_on_change() callbacks
 * run after a language switch and after a load, on the changing thread,
 * with no lock held (they look strings up and switch languages themselves),
 * and can be removed. Compiles against include/ alone.
 *
 *   test_change CATALOG_DIR
 */
#include <parlance.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct record {
    int locales, catalog;        /* calls by kind */
    pthread_t thread;            /* the thread of the last call */
    char seen[64];               /* "Print" looked up inside the callback */
    parlance_localizer *expected;
    int switch_back;             /* switch to "en" from inside the callback once */
};

static void on_change(void *user_data, parlance_localizer *localizer, parlance_change change) {
    struct record *r = user_data;
    CHECK(localizer == r->expected);
    if (change == PARLANCE_CHANGE_LOCALES) r->locales++;
    else if (change == PARLANCE_CHANGE_CATALOG) r->catalog++;
    else CHECK(!"unknown change");
    r->thread = pthread_self();
    /* No lock held: lookups from the callback see the new state. */
    snprintf(r->seen, sizeof r->seen, "%s", parlance_localizer_text(localizer, "Print", NULL, NULL));
    if (r->switch_back) {
        r->switch_back = 0;
        const char *en[] = {"en"};
        CHECK(parlance_localizer_set_locales(localizer, en, 1) == PARLANCE_OK);
    }
}

static int other_calls;
static void other(void *user_data, parlance_localizer *localizer, parlance_change change) {
    (void)user_data; (void)localizer; (void)change;
    other_calls++;
}

struct switcher { parlance_localizer *localizer; };
static void *switch_on_thread(void *arg) {
    struct switcher *s = arg;
    const char *ja[] = {"ja"};
    CHECK(parlance_localizer_set_locales(s->localizer, ja, 1) == PARLANCE_OK);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: test_change CATALOG_DIR\n"); return 2; }
    parlance_catalog *catalog = NULL;
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, argv[1], NULL, NULL, 0) == PARLANCE_OK);
    const char *en[] = {"en"}, *fr[] = {"fr"}, *ar[] = {"ar"};
    parlance_localizer *localizer = NULL;
    CHECK(parlance_localizer_create(&localizer, catalog, en, 1, "en") == PARLANCE_OK);

    struct record r = {0};
    r.expected = localizer;
    CHECK(parlance_localizer_on_change(NULL, on_change, &r) == PARLANCE_EINVAL);
    CHECK(parlance_localizer_on_change(localizer, NULL, &r) == PARLANCE_EINVAL);
    CHECK(parlance_localizer_on_change(localizer, on_change, &r) == PARLANCE_OK);
    CHECK(parlance_localizer_on_change(localizer, on_change, &r) == PARLANCE_OK); /* kept once */
    CHECK(parlance_localizer_on_change(localizer, other, NULL) == PARLANCE_OK);

    /* A switch: one call each, on this thread, the new text visible. */
    CHECK(parlance_localizer_set_locales(localizer, fr, 1) == PARLANCE_OK);
    CHECK(r.locales == 1 && other_calls == 1);
    CHECK(pthread_equal(r.thread, pthread_self()));
    CHECK(strcmp(r.seen, "Imprimer") == 0);

    /* The same chain again tells nobody. */
    CHECK(parlance_localizer_set_locales(localizer, fr, 1) == PARLANCE_OK);
    CHECK(r.locales == 1);

    /* A failed switch tells nobody and keeps the chain. */
    const char *bad[] = {NULL};
    CHECK(parlance_localizer_set_locales(localizer, bad, 1) != PARLANCE_OK);
    CHECK(r.locales == 1);

    /* A load tells every localizer with callbacks. */
    const char strings[] = "\"Print\" = \"Imprimer (rechargé)\";\n";
    CHECK(parlance_catalog_load_bytes(catalog, strings, sizeof strings - 1, "fr", NULL, 0) == PARLANCE_OK);
    CHECK(r.catalog == 1 && other_calls == 2);
    CHECK(strcmp(r.seen, "Imprimer (rechargé)") == 0);

    /* Switching from inside the callback: called again, nested, and the outer call returns. */
    r.switch_back = 1;
    CHECK(parlance_localizer_set_locales(localizer, ar, 1) == PARLANCE_OK);
    CHECK(r.locales == 3 && other_calls == 4);
    CHECK(strcmp(parlance_localizer_locales(localizer, NULL)[0], "en") == 0);
    CHECK(strcmp(r.seen, "Print") == 0);

    /* A switch on another thread is told on that thread. */
    struct switcher s = {localizer};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, switch_on_thread, &s) == 0);
    pthread_join(thread, NULL);
    CHECK(r.locales == 4 && other_calls == 5);
    CHECK(pthread_equal(r.thread, thread));

    /* Removed: no longer called; removing again is an error. */
    CHECK(parlance_localizer_remove_on_change(localizer, on_change, &r) == PARLANCE_OK);
    CHECK(parlance_localizer_remove_on_change(localizer, on_change, &r) == PARLANCE_EINVAL);
    CHECK(parlance_localizer_remove_on_change(localizer, on_change, NULL) == PARLANCE_EINVAL);
    CHECK(parlance_localizer_set_locales(localizer, fr, 1) == PARLANCE_OK);
    CHECK(r.locales == 4 && other_calls == 6);

    /* A freed localizer is not told about later loads; the catalog lives on. */
    parlance_localizer_free(localizer);
    CHECK(parlance_catalog_load_bytes(catalog, strings, sizeof strings - 1, "fr", NULL, 0) == PARLANCE_OK);
    CHECK(other_calls == 6);

    /* Many switches with a callback installed: memory is the soak's business;
     * here every switch is told exactly once. */
    parlance_localizer *second = NULL;
    CHECK(parlance_localizer_create(&second, catalog, en, 1, "en") == PARLANCE_OK);
    struct record q = {0};
    q.expected = second;
    CHECK(parlance_localizer_on_change(second, on_change, &q) == PARLANCE_OK);
    const char *const *cycle[] = {fr, ar, en};
    for (int i = 0; i < 3000; i++) CHECK(parlance_localizer_set_locales(second, cycle[i % 3], 1) == PARLANCE_OK);
    CHECK(q.locales == 3000);
    parlance_localizer_free(second);
    parlance_catalog_free(catalog);

    if (failures) { fprintf(stderr, "test_change: %d failures\n", failures); return 1; }
    printf("test_change: ok\n");
    return 0;
}
