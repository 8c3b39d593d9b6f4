/* Lifetimes and what leaves the library: copy-out lookups, read sections
 * under concurrent reloads, reclaimed reloads, and damaged text served in
 * place. Usage: test_lifetimes EXAMPLES_CATALOG_DIR [EXAMPLES_COMPILED] */
#define _GNU_SOURCE
#include <parlance.h>
#include <parlance_libintl.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(cond) check((cond), #cond, __LINE__)
#define CHECK_STR(got, want) check_str((got), (want), #got, __LINE__)

static void check(int ok, const char *what, int line) {
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "test_lifetimes.c:%d: FAILED: %s (last error: %s)\n", line, what, parlance_last_error());
}

static void check_str(const char *got, const char *want, const char *what, int line) {
    int ok = got && want ? strcmp(got, want) == 0 : got == want;
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "test_lifetimes.c:%d: FAILED: %s is \"%s\", want \"%s\"\n", line, what, got ? got : "(null)",
            want ? want : "(null)");
}

static const char *dir;

/* ---- copy-out ------------------------------------------------------------ */

static void test_copy(parlance_catalog *cat) {
    const char *chain[] = {"ar"};
    parlance_localizer *loc;
    char buf[64];
    CHECK(parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK);
    const char *whole = parlance_localizer_text(loc, "greeting", NULL, NULL);   /* "مرحبًا!" */
    ptrdiff_t n = parlance_localizer_copy(loc, buf, sizeof buf, "greeting", NULL, NULL);
    CHECK(n == (ptrdiff_t)strlen(whole));
    CHECK_STR(buf, whole);
    /* Cut short: never mid-character. "مرحبًا!" is 2-byte characters then '!'. */
    memset(buf, 'x', sizeof buf);
    n = parlance_localizer_copy(loc, buf, 4, "greeting", NULL, NULL);
    CHECK(n == (ptrdiff_t)strlen(whole));
    CHECK(strlen(buf) == 2 && memcmp(buf, whole, 2) == 0);
    n = parlance_localizer_copy(loc, buf, 3, "greeting", NULL, NULL);
    CHECK(strlen(buf) == 2);
    n = parlance_localizer_copy(loc, buf, 2, "greeting", NULL, NULL);
    CHECK(buf[0] == '\0');
    /* Size 0 (and a NULL buffer) measures. */
    CHECK(parlance_localizer_copy(loc, NULL, 0, "greeting", NULL, NULL) == (ptrdiff_t)strlen(whole));
    /* Missing: -1 and "". NULLs: -2 with an error. */
    strcpy(buf, "junk");
    CHECK(parlance_localizer_copy(loc, buf, sizeof buf, "no such key", NULL, NULL) == -1);
    CHECK_STR(buf, "");
    CHECK(parlance_localizer_copy(loc, buf, sizeof buf, NULL, NULL, NULL) == -2);
    CHECK(strstr(parlance_last_error(), "key") != NULL);
    /* Context and table as for lookups. */
    n = parlance_localizer_copy(loc, buf, sizeof buf, "app.name", NULL, "Menu");
    CHECK(n > 0);
    CHECK_STR(buf, parlance_localizer_text(loc, "app.name", NULL, "Menu"));
    /* Plurals: the same selection as parlance_localizer_plural. */
    for (int64_t count = 0; count < 30; count++) {
        parlance_arg arg = PARLANCE_INT(count);
        const char *want = parlance_localizer_plural(loc, "files.count", &arg, NULL, NULL);
        n = parlance_localizer_plural_copy(loc, buf, sizeof buf, "files.count", &arg, NULL, NULL);
        CHECK(n == (ptrdiff_t)strlen(want) && strcmp(buf, want) == 0);
    }
    {
        parlance_arg bad = PARLANCE_STRING("1.2.3");
        CHECK(parlance_localizer_plural_copy(loc, buf, sizeof buf, "files.count", &bad, NULL, NULL) == -2);
        CHECK(parlance_last_error_details(NULL, NULL, NULL) == PARLANCE_EINVAL);
        parlance_arg one = PARLANCE_INT(1);
        CHECK(parlance_localizer_plural_copy(loc, buf, sizeof buf, "no such plural", &one, NULL, NULL) == -1);
    }
    parlance_localizer_free(loc);
}

/* ---- read sections under reloads ------------------------------------------- */

struct reloader {
    parlance_catalog *cat;
    atomic_int stop;
    atomic_long reloads;
    int errors;
};

static void *reload_loop(void *p) {
    struct reloader *r = p;
    while (!atomic_load(&r->stop)) {
        if (parlance_catalog_load(r->cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) r->errors++;
        atomic_fetch_add(&r->reloads, 1);
    }
    return NULL;
}

static void test_sections_under_reloads(parlance_catalog *cat) {
    const char *chain[] = {"fr"};
    parlance_localizer *loc;
    CHECK(parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK);
    struct reloader r = {cat, 0, 0, 0};
    pthread_t thread;
    pthread_create(&thread, NULL, reload_loop, &r);
    /* Strings kept across reloads inside one section stay readable and equal. */
    int wrong = 0;
    for (int round = 0; round < 200; round++) {
        const char *kept[8];
        long start = atomic_load(&r.reloads);
        parlance_read_begin();
        parlance_read_begin();                  /* nested: only the outer end counts */
        for (int i = 0; i < 8; i++) kept[i] = parlance_localizer_text(loc, "greeting", NULL, NULL);
        parlance_read_end();
        while (atomic_load(&r.reloads) < start + 2) usleep(50);   /* the tables were replaced twice since */
        for (int i = 0; i < 8; i++) wrong += strcmp(kept[i], "Bonjour !") != 0;
        parlance_read_end();
    }
    CHECK(wrong == 0);
    parlance_read_end();                        /* unbalanced: ignored */
    atomic_store(&r.stop, 1);
    pthread_join(thread, NULL);
    CHECK(r.errors == 0);
    CHECK(atomic_load(&r.reloads) >= 400);
    parlance_localizer_free(loc);
}

/* A thread that exits inside a section does not hold memory forever: its
 * slot is released, and reloads afterwards are reclaimed (checked by RSS). */
static void *exit_inside_section(void *p) {
    parlance_localizer *loc = p;
    parlance_read_begin();
    (void)parlance_localizer_text(loc, "greeting", NULL, NULL);
    return NULL;
}

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

static void test_exit_inside_section(parlance_catalog *cat) {
    const char *chain[] = {"fr"};
    parlance_localizer *loc;
    pthread_t thread;
    CHECK(parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK);
    pthread_create(&thread, NULL, exit_inside_section, loc);
    pthread_join(thread, NULL);
    for (int i = 0; i < 50; i++) parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO);
    long before = rss_kib();
    for (int i = 0; i < 500; i++) parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO);
    long after = rss_kib();
    /* Each load of the example catalog holds ~100 KiB; kept, 500 would be ~50 MiB.
     * (Not under sanitizers, whose allocators keep freed memory on purpose.) */
    if (getenv("PARLANCE_SANITIZER") == NULL) CHECK(after - before < 4096);
    else after = before;
    if (after - before >= 4096) fprintf(stderr, "  VmRSS grew %ld KiB over 500 reloads\n", after - before);
    CHECK_STR(parlance_localizer_text(loc, "greeting", NULL, NULL), "Bonjour !");
    parlance_localizer_free(loc);
}

/* ---- invalid UTF-8 served in place ----------------------------------------- */

/* A little-endian .mo without a hash table: originals sorted. */
static size_t make_mo(unsigned char *out, const char *const *ids, const char *const *strs, uint32_t n) {
    uint32_t header[7] = {0x950412de, 0, n, 28, 28 + 8 * n, 0, 0};
    size_t at = 28 + 16 * (size_t)n;
    memcpy(out, header, sizeof header);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t o[2] = {(uint32_t)strlen(ids[i]), (uint32_t)at};
        memcpy(out + 28 + 8 * i, o, 8);
        memcpy(out + at, ids[i], o[0] + 1);
        at += o[0] + 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t t[2] = {(uint32_t)strlen(strs[i]), (uint32_t)at};
        memcpy(out + 28 + 8 * n + 8 * i, t, 8);
        memcpy(out + at, strs[i], t[0] + 1);
        at += t[0] + 1;
    }
    return at;
}

static int misses;
static char last_miss[64];
static void on_miss(void *user, const char *key, const char *context, const char *table,
                    const char *const *locales, size_t count) {
    (void)user; (void)context; (void)table; (void)locales; (void)count;
    misses++;
    snprintf(last_miss, sizeof last_miss, "%s", key);
}

static void test_invalid_utf8_in_place(void) {
    char root[] = "/tmp/parlance-life-XXXXXX";
    char path[512], cmd[600];
    unsigned char mo[1024];
    const char *ids[] = {"", "bad", "good", "overlong", "surrogate"};
    const char *strs[] = {"Content-Type: text/plain; charset=UTF-8\n", "\xC3\x28 kaputt", "gut", "\xC0\xAF",
                          "\xED\xA0\x80"};
    if (!mkdtemp(root)) { CHECK(0); return; }
    snprintf(cmd, sizeof cmd, "mkdir -p %s/de/LC_MESSAGES", root);
    CHECK(system(cmd) == 0);
    snprintf(path, sizeof path, "%s/de/LC_MESSAGES/app.mo", root);
    size_t size = make_mo(mo, ids, strs, 5);
    FILE *f = fopen(path, "wb");
    fwrite(mo, 1, size, f);
    fclose(f);

    parlance_catalog *cat;
    parlance_localizer *loc;
    const char *chain[] = {"de"};
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    static const char en[] = "\"bad\" = \"English bad\";";
    CHECK(parlance_catalog_load_bytes(cat, en, sizeof en - 1, "en", "app", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK(parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "good", NULL, "app"), "gut");
    /* The damaged translation is never served: the chain goes on to en. */
    CHECK_STR(parlance_localizer_text(loc, "bad", NULL, "app"), "English bad");
    CHECK_STR(parlance_localizer_text(loc, "overlong", NULL, "app"), "overlong");
    CHECK(parlance_localizer_lookup(loc, "surrogate", NULL, "app") == NULL);
    /* ... and is reported as a miss. */
    CHECK(parlance_localizer_on_miss(loc, on_miss, NULL) == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "overlong", NULL, "app"), "overlong");
    CHECK(misses == 1);
    CHECK_STR(last_miss, "overlong");
    CHECK_STR(parlance_localizer_text(loc, "bad", NULL, "app"), "English bad");   /* de lacked it */
    CHECK(misses == 2);
    parlance_localizer_free(loc);
    parlance_catalog_free(cat);

    /* The libintl functions: the msgid, as for a message that is missing. */
    snprintf(path, sizeof path, "%s", root);
    parlance_bindtextdomain("app", path);
    parlance_set_languages("de");
    CHECK_STR(parlance_dgettext("app", "good"), "gut");
    CHECK_STR(parlance_dgettext("app", "bad"), "bad");
    CHECK_STR(parlance_dgettext("app", "surrogate"), "surrogate");
    parlance_set_languages(NULL);
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", root);
}

/* The same for a compiled catalog: damage in its string pool makes the
 * entries whose texts it hits missing, never raw bytes. */
static void test_invalid_utf8_compiled(const char *compiled) {
    FILE *f = fopen(compiled, "rb");
    static unsigned char bytes[1 << 20];
    size_t size = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f) fclose(f);
    CHECK(size > 0 && size < sizeof bytes);
    unsigned char *hit = memmem(bytes, size, "Bonjour !", 9);
    CHECK(hit != NULL);
    if (!hit) return;
    hit[0] = 0xC3;   /* a lead byte followed by 'o': not UTF-8 */
    char path[] = "/tmp/parlance-compiled-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, bytes, size) == (ssize_t)size);
    close(fd);
    parlance_catalog *cat;
    parlance_localizer *loc;
    const char *chain[] = {"fr"};
    char buffer[64];
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    CHECK(parlance_localizer_create(&loc, cat, chain, 1, "en") == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "greeting", NULL, NULL), "Hello!");   /* fr's is damaged: en serves */
    CHECK(parlance_localizer_copy(loc, buffer, sizeof buffer, "greeting", NULL, NULL) == 6);
    CHECK_STR(parlance_localizer_text(loc, "Print", NULL, NULL), "Imprimer");    /* the rest of fr is intact */
    parlance_localizer_free(loc);
    parlance_catalog_free(cat);
    unlink(path);
}

int main(int argc, char **argv) {
    parlance_catalog *cat;
    if (argc < 2) {
        fprintf(stderr, "usage: %s EXAMPLES_CATALOG_DIR [EXAMPLES_COMPILED]\n", argv[0]);
        return 2;
    }
    dir = argv[1];
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    test_copy(cat);
    test_sections_under_reloads(cat);
    test_exit_inside_section(cat);
    parlance_catalog_free(cat);
    test_invalid_utf8_in_place();
    if (argc > 2) test_invalid_utf8_compiled(argv[2]);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
