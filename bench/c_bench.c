/*
 * c_bench.c -- Parlance's C lookups next to glibc's libintl and a bare .mo
 * hash probe, on the same catalog, in the same process.
 *
 *   c_bench lookup MO STRINGS|- COMPILED_MO|- COMPILED_STRINGS|- MISSES BUDGET_MS
 *       Every lookup group below, printed as tab-separated lines
 *       "row<TAB>contestant<TAB>median ns/lookup<TAB>batches<TAB>lookups/batch".
 *       COMPILED_MO and COMPILED_STRINGS are `parlance compile` outputs of
 *       the .mo tree and of the .strings bundle ("-": left out).
 *   c_bench load KIND PATH MO [all]
 *       Load + first lookup in this fresh process: "ns<TAB>peak RSS KiB".
 *       KIND: none, glibc, parlance-libintl, probe (PATH: the .mo), parlance
 *       (PATH: a .mo, .po or .strings file), compiled-mo or compiled-strings
 *       (PATH: a compiled catalog of the .mo tree, of the .strings bundle).
 *       MO gives the keys. With "all", every plain key is then looked up once
 *       and the RSS is read after.
 *   c_bench memory KIND PATH MO
 *       Memory of this process (KIND as for load): a line "loaded<TAB>..."
 *       after the load and first lookup, "all<TAB>..." after one lookup of
 *       every plain key, then, after a line on stdin, "again<TAB>..." (the
 *       driver starts a second process on the same file in between). Fields:
 *       VmHWM, VmRSS, then smaps_rollup's Rss, Pss, Shared_Clean,
 *       Private_Clean, Private_Dirty, then Rss, Pss, Shared_Clean of PATH's
 *       own mappings, in KiB.
 *   c_bench decimal BUDGET_MS
 *       CLDR plural category of decimal strings in eight locales:
 *       parlance_plural_category against ICU's unumf_formatDecimal +
 *       uplrules_selectFormatted, answers checked equal first.
 *   c_bench callgrind CONTESTANT MO STRINGS|- COMPILED_MO|- COMPILED_STRINGS|- MISSES ITERATIONS
 *       Runs one contestant's hit loop inside cg_measured() for
 *       `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cg_measured`.
 *
 * The process must run with LC_ALL=C.UTF-8 and LANGUAGE=de (glibc reads the
 * languages from there; C.UTF-8 is not "C", so LANGUAGE counts). MO is
 * DIR/de/LC_MESSAGES/bench.mo; glibc is bound to DIR, and every other reader
 * of the .mo (parlance_dgettext, the bare probe, the .mo localizer) to a
 * copy of its own, so that none finds another's cache lines warm.
 *
 * Timing: CLOCK_MONOTONIC around batches of lookups; the contestants of a
 * group take turns batch by batch over the same keys (so a noisy neighbour
 * hurts them alike), and each reports its median batch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libintl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <unicode/umsg.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#include <parlance.h>
#include <parlance_libintl.h>

/* glibc's counter that invalidates its translation cache (gettext's own
 * tests bump it after changing LANGUAGE). */
extern int _nl_msg_cat_cntr;

#define DOMAIN "bench"

static void die(const char *what) {
    fprintf(stderr, "c_bench: %s\n", what);
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Peak RSS of this process image in KiB: VmHWM. (getrusage's ru_maxrss
 * carries the parent's peak across fork and exec on Linux, so a small load
 * would hide under the peak of the Python process that started us.) */
static long maxrss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) kib = atol(line + 6);
    }
    if (f) fclose(f);
    if (kib < 0) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        kib = ru.ru_maxrss;
    }
    return kib;
}

/* ---- A bare .mo reader: mmap and gettext's own hash probe ------------------ */

typedef struct mo_file {
    const unsigned char *data;
    size_t size;
    int swapped;
    uint32_t count, orig, trans, hash_size, hash;
} mo_file;

static uint32_t mo_word(const mo_file *mo, size_t offset) {
    uint32_t w;
    memcpy(&w, mo->data + offset, 4);
    return mo->swapped ? __builtin_bswap32(w) : w;
}

static int mo_open(mo_file *mo, const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size < 28) { close(fd); return -1; }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return -1;
    mo->data = map;
    mo->size = (size_t)st.st_size;
    uint32_t magic;
    memcpy(&magic, map, 4);
    if (magic == 0x950412deu) mo->swapped = 0;
    else if (magic == 0xde120495u) mo->swapped = 1;
    else return -1;
    mo->count = mo_word(mo, 8);
    mo->orig = mo_word(mo, 12);
    mo->trans = mo_word(mo, 16);
    mo->hash_size = mo_word(mo, 20);
    mo->hash = mo_word(mo, 24);
    return 0;
}

/* gettext's hash_string (gettext-runtime/intl/hash-string.c). */
static uint32_t pjw_hash(const char *s) {
    unsigned long hval = 0, g;
    while (*s != '\0') {
        hval <<= 4;
        hval += (unsigned char)*s++;
        g = hval & ((unsigned long)~0 << 28);
        if (g != 0) {
            hval ^= g >> 24;
            hval ^= g;
        }
    }
    return (uint32_t)hval;
}

/* The translation of key (msgctxt\004msgid for a context), or NULL: the hash
 * probe of glibc's _nl_find_msg, without its locks, cache or conversion. */
static const char *mo_find(const mo_file *mo, const char *key, size_t *trans_len) {
    size_t len = strlen(key);
    uint32_t h = pjw_hash(key);
    uint32_t size = mo->hash_size;
    uint32_t idx = h % size, incr = 1 + h % (size - 2);
    for (;;) {
        uint32_t slot = mo_word(mo, mo->hash + 4 * (size_t)idx);
        if (slot == 0) return NULL;
        slot--;
        uint32_t olen = mo_word(mo, mo->orig + 8 * (size_t)slot);
        uint32_t ooff = mo_word(mo, mo->orig + 8 * (size_t)slot + 4);
        if (olen >= len && memcmp(mo->data + ooff, key, len + 1) == 0) {
            if (trans_len) *trans_len = mo_word(mo, mo->trans + 8 * (size_t)slot);
            return (const char *)mo->data + mo_word(mo, mo->trans + 8 * (size_t)slot + 4);
        }
        idx = idx >= size - incr ? idx - (size - incr) : idx + incr;
    }
}

/* ---- Keys ---------------------------------------------------------------- */

typedef struct key {
    const char *msgid;   /* plain message id */
    const char *context; /* msgctxt or NULL */
    const char *joined;  /* msgctxt\004msgid, for glibc's dcgettext and the probe */
    const char *plural;  /* msgid_plural or NULL */
    unsigned long n;     /* plural count */
} key;

typedef struct keyset {
    key *items;
    size_t count;
} keyset;

static void push(keyset *set, key k) {
    if ((set->count & (set->count + 1)) == 0) {
        set->items = realloc(set->items, (set->count * 2 + 2) * sizeof(key));
        if (!set->items) die("out of memory");
    }
    set->items[set->count++] = k;
}

static char *copy(const char *s, size_t n) {
    char *p = malloc(n + 1);
    if (!p) die("out of memory");
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void) { /* splitmix64: the same order in every run */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void shuffle(keyset *set) {
    for (size_t i = set->count; i > 1; i--) {
        size_t j = (size_t)(rng() % i);
        key t = set->items[i - 1];
        set->items[i - 1] = set->items[j];
        set->items[j] = t;
    }
}

static const unsigned long plural_counts[] = {1, 2, 3, 5, 0, 1, 7, 11, 1, 42, 100, 1};

/* Copies of the catalog's keys (in the caller's memory, as a program's
 * literals would be), by kind, shuffled. */
static void read_keys(const mo_file *mo, keyset *plain, keyset *ctx, keyset *plural) {
    for (uint32_t i = 0; i < mo->count; i++) {
        uint32_t len = mo_word(mo, mo->orig + 8 * (size_t)i);
        const char *s = (const char *)mo->data + mo_word(mo, mo->orig + 8 * (size_t)i + 4);
        if (len == 0) continue; /* the header */
        size_t first = strlen(s);
        const char *eot = memchr(s, 4, first);
        if (first < len) { /* msgid\0msgid_plural */
            if (eot) continue; /* context and plural: not measured */
            key k = {copy(s, first), NULL, NULL, copy(s + first + 1, strlen(s + first + 1)), 0};
            k.joined = k.msgid;
            k.n = plural_counts[plural->count % (sizeof plural_counts / sizeof *plural_counts)];
            push(plural, k);
        } else if (eot) {
            key k = {copy(eot + 1, first - (size_t)(eot - s) - 1), copy(s, (size_t)(eot - s)), copy(s, first), NULL, 0};
            push(ctx, k);
        } else {
            key k = {copy(s, first), NULL, NULL, NULL, 0};
            k.joined = k.msgid;
            push(plain, k);
        }
    }
    shuffle(plain);
    shuffle(ctx);
    shuffle(plural);
}

static void read_misses(const char *path, keyset *misses) {
    FILE *f = fopen(path, "r");
    if (!f) die("cannot open the misses file");
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\n");
        key k = {copy(line, n), NULL, NULL, NULL, 0};
        k.joined = k.msgid;
        push(misses, k);
    }
    fclose(f);
}

/* ---- Contestants ------------------------------------------------------------ */

static mo_file probe_mo;
static parlance_localizer *mo_localizer, *strings_localizer;
static parlance_localizer *compiled_mo_localizer, *compiled_strings_localizer;

typedef const char *(*lookup_fn)(const key *k);

static const char *glibc_dgettext(const key *k) { return dgettext(DOMAIN, k->msgid); }
static const char *parlance_dgettext_(const key *k) { return parlance_dgettext(DOMAIN, k->msgid); }
static const char *glibc_dpgettext(const key *k) {
    /* gnulib's pgettext_aux with the joined id prebuilt, as the pgettext
     * macro does for literals at compile time. */
    const char *t = dcgettext(DOMAIN, k->joined, LC_MESSAGES);
    return t == k->joined ? k->msgid : t;
}
static const char *parlance_dpgettext_(const key *k) { return parlance_dpgettext(DOMAIN, k->context, k->msgid); }
static const char *glibc_dngettext(const key *k) { return dngettext(DOMAIN, k->msgid, k->plural, k->n); }
static const char *parlance_dngettext_(const key *k) { return parlance_dngettext(DOMAIN, k->msgid, k->plural, k->n); }
static const char *probe(const key *k) {
    const char *t = mo_find(&probe_mo, k->joined, NULL);
    return t ? t : k->msgid;
}
static const char *probe_plural(const key *k) {
    /* The floor for a plural: the probe, then German's n != 1 over the forms. */
    size_t len;
    const char *t = mo_find(&probe_mo, k->msgid, &len);
    if (!t) return k->n == 1 ? k->msgid : k->plural;
    if (k->n != 1) {
        const char *second = t + strlen(t) + 1;
        if (second < t + len) return second;
    }
    return t;
}
static const char *native_mo_text(const key *k) {
    return parlance_localizer_text(mo_localizer, k->msgid, k->context, DOMAIN);
}
static const char *native_strings_text(const key *k) {
    return parlance_localizer_text(strings_localizer, k->msgid, k->context, NULL);
}
static const char *native_mo_plural(const key *k) {
    parlance_arg n = PARLANCE_INT(k->n);
    return parlance_localizer_plural(mo_localizer, k->msgid, &n, NULL, DOMAIN);
}
static const char *native_strings_plural(const key *k) {
    parlance_arg n = PARLANCE_INT(k->n);
    return parlance_localizer_plural(strings_localizer, k->msgid, &n, NULL, NULL);
}

static const char *compiled_mo_text(const key *k) {
    return parlance_localizer_text(compiled_mo_localizer, k->msgid, k->context, DOMAIN);
}
static const char *compiled_strings_text(const key *k) {
    return parlance_localizer_text(compiled_strings_localizer, k->msgid, k->context, NULL);
}
static const char *compiled_mo_plural(const key *k) {
    parlance_arg n = PARLANCE_INT(k->n);
    return parlance_localizer_plural(compiled_mo_localizer, k->msgid, &n, NULL, DOMAIN);
}
static const char *compiled_strings_plural(const key *k) {
    parlance_arg n = PARLANCE_INT(k->n);
    return parlance_localizer_plural(compiled_strings_localizer, k->msgid, &n, NULL, NULL);
}

typedef struct contestant {
    const char *name;
    lookup_fn fn;
} contestant;

static volatile unsigned sink;

static void __attribute__((noinline)) run_batch(lookup_fn fn, const key *keys, size_t count) {
    unsigned acc = 0;
    for (size_t i = 0; i < count; i++) {
        const char *t = fn(&keys[i]);
        acc += (unsigned char)t[0];
    }
    sink += acc;
}

/* The loop callgrind measures (--toggle-collect=cg_measured). */
void __attribute__((noinline)) cg_measured(lookup_fn fn, const key *keys, size_t count) {
    run_batch(fn, keys, count);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define MAX_CONTESTANTS 8
#define MAX_BATCHES 400

/* Runs the contestants in turns over the same slices of keys until the
 * budget is spent, then prints each one's median ns/lookup. */
static void race(const char *row, const contestant *cs, size_t nc, const keyset *set, double budget_ms) {
    if (set->count == 0 || nc == 0) return;
    /* Warm-up: every key once per contestant (glibc fills its cache of
     * found strings, Parlance its lazy indexes), each within the budget. */
    for (size_t c = 0; c < nc; c++) {
        uint64_t warm_deadline = now_ns() + (uint64_t)(budget_ms * 1e6);
        for (size_t at = 0; at < set->count && now_ns() < warm_deadline; at += 4096) {
            size_t n = set->count - at < 4096 ? set->count - at : 4096;
            run_batch(cs[c].fn, set->items + at, n);
        }
    }
    /* Calibrate: a batch of about 1 ms for the slowest contestant. */
    size_t batch = set->count < 200 ? set->count : 200;
    double slowest = 0;
    for (size_t c = 0; c < nc; c++) {
        uint64_t t0 = now_ns();
        run_batch(cs[c].fn, set->items, batch);
        double ns = (double)(now_ns() - t0) / (double)batch;
        if (ns > slowest) slowest = ns;
    }
    size_t per_batch = (size_t)(1e6 / (slowest > 1 ? slowest : 1));
    if (per_batch < 100) per_batch = 100;
    if (per_batch > 20000) per_batch = 20000;
    static double samples[MAX_CONTESTANTS][MAX_BATCHES];
    size_t rounds = 0, at = 0;
    uint64_t deadline = now_ns() + (uint64_t)(budget_ms * 1e6);
    while (rounds < MAX_BATCHES && (rounds < 11 || now_ns() < deadline)) {
        /* a batch may wrap around the key list: run it in two pieces */
        size_t first = set->count - at < per_batch ? set->count - at : per_batch;
        for (size_t c = 0; c < nc; c++) {
            size_t k = (c + rounds) % nc; /* rotate who goes first */
            uint64_t t0 = now_ns();
            run_batch(cs[k].fn, set->items + at, first);
            size_t done = first;
            while (done < per_batch) {
                size_t more = per_batch - done < set->count ? per_batch - done : set->count;
                run_batch(cs[k].fn, set->items, more);
                done += more;
            }
            samples[k][rounds] = (double)(now_ns() - t0) / (double)per_batch;
        }
        at = (at + per_batch) % set->count;
        rounds++;
    }
    for (size_t c = 0; c < nc; c++) {
        qsort(samples[c], rounds, sizeof(double), cmp_double);
        printf("%s\t%s\t%.1f\t%zu\t%zu\n", row, cs[c].name, samples[c][rounds / 2], rounds, per_batch);
    }
    fflush(stdout);
}

/* Every contestant of a row must give the same text for every key, or the
 * figures mean nothing. */
static void agree(const char *row, const contestant *cs, size_t nc, const keyset *set) {
    size_t n = set->count < 2000 ? set->count : 2000;
    for (size_t i = 0; i < n; i++) {
        const char *want = cs[0].fn(&set->items[i]);
        for (size_t c = 1; c < nc; c++) {
            const char *got = cs[c].fn(&set->items[i]);
            if (!got || strcmp(got, want) != 0) {
                fprintf(stderr, "c_bench: %s: %s and %s disagree on \"%s\": \"%s\" vs \"%s\"\n", row,
                        cs[0].name, cs[c].name, set->items[i].msgid, want, got ? got : "(null)");
                exit(1);
            }
        }
    }
}

/* ---- Setup ---------------------------------------------------------------- */

static char *mo_root(const char *mo_path) {
    /* DIR/de/LC_MESSAGES/bench.mo -> DIR */
    char *dir = strdup(mo_path);
    for (int i = 0; i < 3; i++) {
        char *slash = strrchr(dir, '/');
        if (!slash) die("the .mo must be at DIR/de/LC_MESSAGES/bench.mo");
        *slash = '\0';
    }
    return dir;
}

/* Each reader of the .mo gets a copy of its own (its own inode, so its own
 * page-cache pages): contestants that take turns over the same keys would
 * otherwise find the lines glibc just read warm in the shared cache, and a
 * contestant with a file of its own (a compiled catalog) would look slower
 * than it is. The copies live in one temporary folder, removed at exit. */
static char copies_dir[64];
static char *copies[8];
static size_t ncopies;

static void remove_copies(void) {
    for (size_t i = ncopies; i-- > 0;) {
        unlink(copies[i]);
        for (int up = 0; up < 3; up++) {   /* .../WHO/de/LC_MESSAGES/bench.mo */
            char *slash = strrchr(copies[i], '/');
            if (!slash) break;
            *slash = '\0';
            rmdir(copies[i]);
        }
        free(copies[i]);
    }
    if (copies_dir[0]) rmdir(copies_dir);
}

static char *private_copy(const char *mo_path, const char *who) {
    if (!copies_dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(copies_dir, sizeof copies_dir, "%s/c_bench.XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
        if (!mkdtemp(copies_dir)) die("cannot make a temporary folder");
        atexit(remove_copies);
    }
    if (ncopies == sizeof copies / sizeof copies[0]) die("too many copies");
    size_t size = strlen(copies_dir) + strlen(who) + 64;
    char *path = malloc(size);
    snprintf(path, size, "%s/%s", copies_dir, who);
    mkdir(path, 0700);
    snprintf(path, size, "%s/%s/de", copies_dir, who);
    mkdir(path, 0700);
    snprintf(path, size, "%s/%s/de/LC_MESSAGES", copies_dir, who);
    mkdir(path, 0700);
    snprintf(path, size, "%s/%s/de/LC_MESSAGES/" DOMAIN ".mo", copies_dir, who);
    int in = open(mo_path, O_RDONLY), out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0) die("cannot copy the .mo");
    char buffer[1 << 16];
    ssize_t n;
    while ((n = read(in, buffer, sizeof buffer)) > 0)
        if (write(out, buffer, (size_t)n) != n) die("cannot copy the .mo");
    if (n < 0 || close(out) != 0) die("cannot copy the .mo");
    close(in);
    copies[ncopies++] = path;
    return path;
}

static void setup_libintl(const char *mo_path, const char *parlance_mo_path) {
    if (!setlocale(LC_ALL, "")) die("setlocale failed: run with LC_ALL=C.UTF-8");
    char *dir = mo_root(mo_path);
    bindtextdomain(DOMAIN, dir);
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    ++_nl_msg_cat_cntr;
    free(dir);
    dir = mo_root(parlance_mo_path);
    parlance_bindtextdomain(DOMAIN, dir);
    free(dir);
}

static parlance_localizer *native(const char *path) {
    parlance_catalog *catalog;
    parlance_localizer *loc;
    const char *locales[] = {"de"};
    if (parlance_catalog_create(&catalog) != PARLANCE_OK) die(parlance_last_error());
    if (parlance_catalog_load(catalog, path, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) die(parlance_last_error());
    if (parlance_localizer_create(&loc, catalog, locales, 1, "en") != PARLANCE_OK) die(parlance_last_error());
    return loc;
}

static void load_all(const char *mo_path, const char *strings_path, const char *compiled_mo_path,
                     const char *compiled_strings_path, const char *misses_path,
                     keyset *plain, keyset *ctx, keyset *plural, keyset *misses) {
    setup_libintl(mo_path, private_copy(mo_path, "parlance-libintl"));
    if (mo_open(&probe_mo, private_copy(mo_path, "probe")) != 0) die("cannot read the .mo");
    read_keys(&probe_mo, plain, ctx, plural);
    read_misses(misses_path, misses);
    shuffle(misses);
    mo_localizer = native(private_copy(mo_path, "localizer"));
    if (strcmp(strings_path, "-") != 0) strings_localizer = native(strings_path);
    if (strcmp(compiled_mo_path, "-") != 0) compiled_mo_localizer = native(compiled_mo_path);
    if (strcmp(compiled_strings_path, "-") != 0) compiled_strings_localizer = native(compiled_strings_path);
}

/* The row's contestants whose catalog is loaded: the first four always,
 * then the .strings, compiled .mo and compiled .strings ones when given. */
static size_t present(contestant *cs) {
    parlance_localizer *optional[] = {strings_localizer, compiled_mo_localizer, compiled_strings_localizer};
    size_t n = 4;
    for (size_t i = 0; i < 3; i++)
        if (optional[i]) cs[n++] = cs[4 + i];
    return n;
}

static int cmd_lookup(int argc, char **argv) {
    if (argc != 8) die("usage: c_bench lookup MO STRINGS|- COMPILED_MO|- COMPILED_STRINGS|- MISSES BUDGET_MS");
    keyset plain = {0}, ctx = {0}, plural = {0}, misses = {0};
    load_all(argv[2], argv[3], argv[4], argv[5], argv[6], &plain, &ctx, &plural, &misses);
    double budget = atof(argv[7]);
    fprintf(stderr, "c_bench: %zu plain, %zu context, %zu plural keys, %zu misses\n", plain.count, ctx.count,
            plural.count, misses.count);

    contestant text[] = {{"glibc dgettext", glibc_dgettext},
                         {"parlance_dgettext", parlance_dgettext_},
                         {"bare probe", probe},
                         {"parlance_localizer_text (.mo)", native_mo_text},
                         {"parlance_localizer_text (.strings)", native_strings_text},
                         {"parlance_localizer_text (compiled .mo)", compiled_mo_text},
                         {"parlance_localizer_text (compiled .strings)", compiled_strings_text}};
    size_t ntext = present(text);
    agree("text", text, ntext, &plain);
    race("text", text, ntext, &plain, budget);

    contestant pctx[] = {{"glibc dpgettext", glibc_dpgettext},
                         {"parlance_dpgettext", parlance_dpgettext_},
                         {"bare probe", probe},
                         {"parlance_localizer_text (.mo)", native_mo_text},
                         {"parlance_localizer_text (.strings)", native_strings_text},
                         {"parlance_localizer_text (compiled .mo)", compiled_mo_text},
                         {"parlance_localizer_text (compiled .strings)", compiled_strings_text}};
    size_t nctx = present(pctx);
    agree("context", pctx, nctx, &ctx);
    race("context", pctx, nctx, &ctx, budget);

    contestant plur[] = {{"glibc dngettext", glibc_dngettext},
                         {"parlance_dngettext", parlance_dngettext_},
                         {"bare probe", probe_plural},
                         {"parlance_localizer_plural (.mo)", native_mo_plural},
                         {"parlance_localizer_plural (.strings)", native_strings_plural},
                         {"parlance_localizer_plural (compiled .mo)", compiled_mo_plural},
                         {"parlance_localizer_plural (compiled .strings)", compiled_strings_plural}};
    size_t nplur = present(plur);
    agree("plural", plur, nplur, &plural);
    race("plural", plur, nplur, &plural, budget);

    contestant miss[] = {{"glibc dgettext", glibc_dgettext},
                         {"parlance_dgettext", parlance_dgettext_},
                         {"bare probe", probe},
                         {"parlance_localizer_text (.mo)", native_mo_text},
                         {"parlance_localizer_text (.strings)", native_strings_text},
                         {"parlance_localizer_text (compiled .mo)", compiled_mo_text},
                         {"parlance_localizer_text (compiled .strings)", compiled_strings_text}};
    size_t nmiss = present(miss);
    agree("miss", miss, nmiss, &misses);
    race("miss", miss, nmiss, &misses, budget);
    return 0;
}

/* ---- Load and memory ---------------------------------------------------------- */

static const char *first_plain_key(const mo_file *mo) {
    for (uint32_t i = 0; i < mo->count; i++) {
        uint32_t len = mo_word(mo, mo->orig + 8 * (size_t)i);
        const char *s = (const char *)mo->data + mo_word(mo, mo->orig + 8 * (size_t)i + 4);
        if (len > 0 && strlen(s) == len && !memchr(s, 4, len)) return s;
    }
    return "";
}

/* Binds or loads PATH as KIND (see the usage above) and looks `first` up:
 * the translation, or NULL when KIND is unknown. Sets *fn to the lookup
 * for every further plain key. */
static const char *load_kind(const char *kind, const char *path, const char *first, lookup_fn *fn) {
    if (strcmp(kind, "none") == 0) {
        *fn = NULL;
        return "";
    } else if (strcmp(kind, "glibc") == 0) {
        char *dir = mo_root(path);
        bindtextdomain(DOMAIN, dir);
        *fn = glibc_dgettext;
        return dgettext(DOMAIN, first);
    } else if (strcmp(kind, "parlance-libintl") == 0) {
        char *dir = mo_root(path);
        parlance_bindtextdomain(DOMAIN, dir);
        *fn = parlance_dgettext_;
        return parlance_dgettext(DOMAIN, first);
    } else if (strcmp(kind, "probe") == 0) {
        if (mo_open(&probe_mo, path) != 0) die("cannot read the .mo");
        *fn = probe;
        return mo_find(&probe_mo, first, NULL);
    } else if (strcmp(kind, "parlance") == 0) {
        /* The table: the domain for gettext files, Localizable for .strings. */
        const char *table = strstr(path, ".lproj/") ? NULL : DOMAIN;
        mo_localizer = strings_localizer = native(path);
        *fn = table ? native_mo_text : native_strings_text;
        return parlance_localizer_text(mo_localizer, first, NULL, table);
    } else if (strcmp(kind, "compiled-mo") == 0) {
        compiled_mo_localizer = native(path);
        *fn = compiled_mo_text;
        return parlance_localizer_text(compiled_mo_localizer, first, NULL, DOMAIN);
    } else if (strcmp(kind, "compiled-strings") == 0) {
        compiled_strings_localizer = native(path);
        *fn = compiled_strings_text;
        return parlance_localizer_text(compiled_strings_localizer, first, NULL, NULL);
    }
    die("unknown load kind");
    return NULL;
}

/* The first plain key of the .mo, and with `all` every plain key, copied
 * before any clock starts. */
static const char *load_keys(const char *mo_path, int all, keyset *plain) {
    keyset ctx = {0}, plural = {0};
    mo_file mo;
    if (mo_open(&mo, mo_path) != 0) die("cannot read the .mo");
    const char *first = copy(first_plain_key(&mo), strlen(first_plain_key(&mo)));
    if (all) read_keys(&mo, plain, &ctx, &plural);
    munmap((void *)mo.data, mo.size);
    return first;
}

static int cmd_load(int argc, char **argv) {
    if (argc < 5) die("usage: c_bench load KIND PATH MO [all]");
    const char *kind = argv[2], *path = argv[3], *mo_path = argv[4];
    int all = argc > 5 && strcmp(argv[5], "all") == 0;
    keyset plain = {0};
    const char *first = "";
    if (all || strcmp(kind, "none") != 0) first = load_keys(mo_path, all, &plain);
    if (strcmp(kind, "glibc") == 0 || strcmp(kind, "parlance-libintl") == 0) {
        if (!setlocale(LC_ALL, "")) die("setlocale failed: run with LC_ALL=C.UTF-8");
    }
    lookup_fn fn;
    uint64_t t0 = now_ns();
    const char *result = load_kind(kind, path, first, &fn);
    uint64_t elapsed = now_ns() - t0;
    if (!result || (strcmp(kind, "none") != 0 && strcmp(result, first) == 0)) die("the first lookup missed");
    if (all && fn) run_batch(fn, plain.items, plain.count);
    printf("%llu\t%ld\n", (unsigned long long)elapsed, maxrss_kib());
    return 0;
}

/* "Name: N kB" fields of a /proc file, summed over the lines named (for
 * smaps, only within the mappings of `only`, when given). */
typedef struct mem_fields {
    long rss, pss, shared_clean, private_clean, private_dirty;
} mem_fields;

static void add_field(mem_fields *m, const char *line) {
    long kib;
    if (sscanf(line, "Rss: %ld", &kib) == 1) m->rss += kib;
    else if (sscanf(line, "Pss: %ld", &kib) == 1) m->pss += kib;
    else if (sscanf(line, "Shared_Clean: %ld", &kib) == 1) m->shared_clean += kib;
    else if (sscanf(line, "Private_Clean: %ld", &kib) == 1) m->private_clean += kib;
    else if (sscanf(line, "Private_Dirty: %ld", &kib) == 1) m->private_dirty += kib;
}

static void print_memory(const char *stage, const char *path) {
    char line[4096];
    long hwm = -1, rss = -1;
    FILE *f = fopen("/proc/self/status", "r");
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) hwm = atol(line + 6);
        if (strncmp(line, "VmRSS:", 6) == 0) rss = atol(line + 6);
    }
    if (f) fclose(f);
    mem_fields all = {0}, file = {0};
    f = fopen("/proc/self/smaps_rollup", "r");
    while (f && fgets(line, sizeof line, f)) add_field(&all, line);
    if (f) fclose(f);
    /* smaps: a mapping's header line is "start-end perms offset dev inode [path]". */
    char *real = path ? realpath(path, NULL) : NULL;
    int inside = 0;
    f = fopen("/proc/self/smaps", "r");
    while (f && fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
            char *slash = strchr(line, '/');
            line[strcspn(line, "\n")] = '\0';
            inside = real && slash && strcmp(slash, real) == 0;
        } else if (inside) {
            add_field(&file, line);
        }
    }
    if (f) fclose(f);
    free(real);
    printf("%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", stage, hwm, rss, all.rss, all.pss,
           all.shared_clean, all.private_clean, all.private_dirty, file.rss, file.pss, file.shared_clean);
    fflush(stdout);
}

static int cmd_memory(int argc, char **argv) {
    if (argc != 5) die("usage: c_bench memory KIND PATH MO");
    const char *kind = argv[2], *path = argv[3], *mo_path = argv[4];
    keyset plain = {0};
    const char *first = load_keys(mo_path, 1, &plain);
    if (!setlocale(LC_ALL, "")) die("setlocale failed: run with LC_ALL=C.UTF-8");
    lookup_fn fn;
    const char *result = load_kind(kind, path, first, &fn);
    if (!result || (strcmp(kind, "none") != 0 && strcmp(result, first) == 0)) die("the first lookup missed");
    /* glibc maps DIR/de/LC_MESSAGES/bench.mo; the others the file given. */
    print_memory("loaded", path);
    if (fn) run_batch(fn, plain.items, plain.count);
    print_memory("all", path);
    /* Every key again: what lookups add once each has been asked (a file
       read as lookups need it has been read by now). */
    if (fn) run_batch(fn, plain.items, plain.count);
    print_memory("twice", path);
    char line[16];
    if (!fgets(line, sizeof line, stdin)) return 0;
    print_memory("again", path);
    return 0;
}

/* ---- Decimal plurals ---------------------------------------------------------- */

static const char *const decimal_locales[] = {"en", "fr", "ru", "ar", "lv", "pl", "cy", "pt-PT"};
#define DECIMAL_LOCALES (sizeof decimal_locales / sizeof *decimal_locales)
static const char *const decimals[] = {"1.5", "2.0", "21.00", "0.1", "1.0", "0.0", "2.10", "11.11", "0.01",
                                       "1.000", "21.3", "1234.56", "3.75", "100.5", "22.22", "7.125",
                                       "1000000.0", "0.5", "101.01", "5.00"};
#define MAX_DIGITS 3

/* ICU's route, opened once per locale as a program would keep it: rules
 * and one number formatter per count of visible fraction digits (skeleton
 * "precision-integer", ".0", ".00", ".000"), and one result object. */
static struct {
    UPluralRules *rules;
    UNumberFormatter *formatters[MAX_DIGITS + 1];
} icu[DECIMAL_LOCALES];
static UFormattedNumber *icu_result;

static const char *const category_names[] = {"zero", "one", "two", "few", "many", "other"};

static const char *category_of_keyword(const UChar *kw, int32_t len) {
    char ascii[8];
    if (len <= 0 || len >= 8) return NULL;
    u_UCharsToChars(kw, ascii, len);
    ascii[len] = '\0';
    for (int i = 0; i < 6; i++)
        if (strcmp(ascii, category_names[i]) == 0) return category_names[i];
    return NULL;
}

static void icu_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    for (size_t l = 0; l < DECIMAL_LOCALES; l++) {
        char id[64];
        uloc_forLanguageTag(decimal_locales[l], id, sizeof id, NULL, &status);
        icu[l].rules = uplrules_open(id, &status);
        for (int d = 0; d <= MAX_DIGITS; d++) {
            char skeleton[32] = "precision-integer";
            UChar uskeleton[32];
            if (d > 0) {
                skeleton[0] = '.';
                memset(skeleton + 1, '0', (size_t)d);
                skeleton[d + 1] = '\0';
            }
            u_charsToUChars(skeleton, uskeleton, (int32_t)strlen(skeleton) + 1);
            icu[l].formatters[d] = unumf_openForSkeletonAndLocale(uskeleton, -1, id, &status);
        }
    }
    icu_result = unumf_openResult(&status);
    if (U_FAILURE(status)) die(u_errorName(status));
}

static int fraction_digits(const char *s) {
    const char *dot = strchr(s, '.');
    return dot ? (int)strlen(dot + 1) : 0;
}

/* key: msgid the decimal string, context the locale, n the locale's index. */
static const char *icu_decimal(const key *k) {
    UErrorCode status = U_ZERO_ERROR;
    UChar kw[16];
    unumf_formatDecimal(icu[k->n].formatters[fraction_digits(k->msgid)], k->msgid, -1, icu_result, &status);
    int32_t len = uplrules_selectFormatted(icu[k->n].rules, icu_result, kw, 16, &status);
    return U_SUCCESS(status) ? category_of_keyword(kw, len) : NULL;
}

/* The same with a result object opened and closed per call. */
static const char *icu_decimal_fresh(const key *k) {
    UErrorCode status = U_ZERO_ERROR;
    UChar kw[16];
    UFormattedNumber *result = unumf_openResult(&status);
    unumf_formatDecimal(icu[k->n].formatters[fraction_digits(k->msgid)], k->msgid, -1, result, &status);
    int32_t len = uplrules_selectFormatted(icu[k->n].rules, result, kw, 16, &status);
    unumf_closeResult(result);
    return U_SUCCESS(status) ? category_of_keyword(kw, len) : NULL;
}

static const char *parlance_decimal(const key *k) {
    parlance_arg number = PARLANCE_STRING(k->msgid);
    const char *out = NULL;
    return parlance_plural_category(&out, k->context, &number, false) == PARLANCE_OK ? out : NULL;
}

static void decimal_keys(keyset *set) {
    for (size_t l = 0; l < DECIMAL_LOCALES; l++)
        for (size_t d = 0; d < sizeof decimals / sizeof *decimals; d++) {
            key k = {decimals[d], decimal_locales[l], NULL, NULL, l};
            push(set, k);
        }
    shuffle(set);
}

static int cmd_decimal(int argc, char **argv) {
    if (argc != 3) die("usage: c_bench decimal BUDGET_MS");
    keyset set = {0};
    decimal_keys(&set);
    icu_open();
    contestant cs[] = {{"ICU format + uplrules_selectFormatted", icu_decimal},
                       {"parlance_plural_category", parlance_decimal},
                       {"ICU, result opened per call", icu_decimal_fresh}};
    agree("decimal", cs, 3, &set);
    race("decimal", cs, 3, &set, atof(argv[2]));
    return 0;
}

/* ---- Messages: an ICU MessageFormat plural message, Parlance vs ICU ------------------ */

#define MESSAGE_PATTERN "{0, plural, =0 {No files} one {# file} other {# files}} in {1}"
#define MESSAGE_LOCALES 3
static const char *message_locales[MESSAGE_LOCALES] = {"en", "de", "ru"};
static UMessageFormat *message_icu[MESSAGE_LOCALES];
static parlance_localizer *message_parlance[MESSAGE_LOCALES];
static char message_out[512];
static char *message_owned;

/* ICU's own MessageFormat (umsg_format, the pattern parsed once), its UTF-16 result made UTF-8. */
static const char *icu_message(const key *k) {
    UErrorCode status = U_ZERO_ERROR;
    UChar result[256];
    static const UChar folder[] = {'D', 'o', 'c', 's', 0};
    int32_t length = umsg_format(message_icu[k->n % MESSAGE_LOCALES], result, 256, &status, (double)(k->n / MESSAGE_LOCALES), folder);
    if (U_FAILURE(status)) return NULL;
    u_strToUTF8(message_out, (int32_t)sizeof message_out, NULL, result, length, &status);
    return U_SUCCESS(status) ? message_out : NULL;
}

/* parlance_localizer_format on a table declared ICU MessageFormat: lookup, cached pattern, ICU's format, UTF-8 out. */
static const char *parlance_message(const key *k) {
    parlance_arg args[2] = {PARLANCE_INT((int64_t)(k->n / MESSAGE_LOCALES)), PARLANCE_STRING("Docs")};
    parlance_free(message_owned);
    message_owned = NULL;
    if (parlance_localizer_format(message_parlance[k->n % MESSAGE_LOCALES], &message_owned, "files", NULL, "Messages",
                                  args, 2) != PARLANCE_OK) return NULL;
    return message_owned;
}

static int cmd_message(int argc, char **argv) {
    if (argc != 3) die("usage: c_bench message BUDGET_MS");
    static const char strings[] = "\"files\" = \"" MESSAGE_PATTERN "\";\n";
    parlance_catalog *cat;
    parlance_format_options options = PARLANCE_FORMAT_OPTIONS_INIT;
    options.isolation = PARLANCE_ISOLATION_NONE;
    if (parlance_catalog_create(&cat) != PARLANCE_OK) die("catalog");
    for (size_t l = 0; l < MESSAGE_LOCALES; l++) {
        UErrorCode status = U_ZERO_ERROR;
        UChar pattern[128];
        u_uastrcpy(pattern, MESSAGE_PATTERN);
        message_icu[l] = umsg_open(pattern, -1, message_locales[l], NULL, &status);
        if (U_FAILURE(status)) die("umsg_open");
        if (parlance_catalog_load_bytes(cat, strings, sizeof strings - 1, message_locales[l], "Messages",
                                        PARLANCE_FORMAT_STRINGS) != PARLANCE_OK) die(parlance_last_error());
        if (parlance_localizer_create(&message_parlance[l], cat, &message_locales[l], 1, "en") != PARLANCE_OK) die("localizer");
        if (parlance_localizer_set_format_options(message_parlance[l], &options) != PARLANCE_OK) die("options");
    }
    if (parlance_catalog_set_message_syntax(cat, "Messages", PARLANCE_SYNTAX_ICU) != PARLANCE_OK) die("syntax");
    keyset set = {0};
    for (unsigned long count = 0; count < 200; count++)
        for (unsigned long l = 0; l < MESSAGE_LOCALES; l++) {
            key k = {"files", NULL, NULL, NULL, count * MESSAGE_LOCALES + l};
            push(&set, k);
        }
    shuffle(&set);
    contestant cs[] = {{"ICU umsg_format (parsed once) + UTF-8", icu_message},
                       {"parlance_localizer_format (ICU table)", parlance_message}};
    agree("message", cs, 2, &set);
    race("message", cs, 2, &set, atof(argv[2]));
    return 0;
}

/* ---- Long-running programs: switching, per-request localizers, copies -------------- */

static parlance_catalog *runtime_catalog;
static parlance_localizer *runtime_fixed, *runtime_switched;
static const char *runtime_chains[][2] = {{"fr", "en"}, {"ar", "en"}, {"ru", "ja"}};
static char runtime_buffer[256];

static const char *runtime_lookup(const key *k) {
    return parlance_localizer_text(runtime_fixed, k->msgid, k->context, NULL);
}
static const char *runtime_switch(const key *k) {
    if (parlance_localizer_set_locales(runtime_switched, runtime_chains[k->n], 2) != PARLANCE_OK) die("set_locales");
    return parlance_localizer_text(runtime_switched, k->msgid, k->context, NULL);
}
static const char *runtime_request(const key *k) {
    parlance_localizer *loc;
    if (parlance_localizer_create(&loc, runtime_catalog, runtime_chains[k->n], 2, "en") != PARLANCE_OK) die("create");
    const char *text = parlance_localizer_text(loc, k->msgid, k->context, NULL);
    unsigned first = (unsigned char)text[0];
    parlance_localizer_free(loc);
    runtime_buffer[0] = (char)(first ? first : 'x');   /* the string may not outlive its localizer's use */
    runtime_buffer[1] = 0;
    return runtime_buffer;
}
static const char *runtime_section(const key *k) {
    parlance_read_begin();
    const char *text = parlance_localizer_text(runtime_fixed, k->msgid, k->context, NULL);
    parlance_read_end();
    return text;
}
static const char *runtime_copy(const key *k) {
    if (parlance_localizer_copy(runtime_fixed, runtime_buffer, sizeof runtime_buffer, k->msgid, k->context, NULL) < 0)
        snprintf(runtime_buffer, sizeof runtime_buffer, "%s", k->msgid);
    return runtime_buffer;
}

static int cmd_runtime(int argc, char **argv) {
    if (argc != 4) die("usage: c_bench runtime CATALOG_DIR BUDGET_MS");
    static const char *keys[] = {"greeting", "Name", "Print", "app.name", "files.count", "missing key"};
    static const char *contexts[] = {NULL, "Name label in login screen", NULL, NULL, NULL, NULL};
    keyset set = {0};
    if (parlance_catalog_create(&runtime_catalog) != PARLANCE_OK) die("create");
    if (parlance_catalog_load(runtime_catalog, argv[2], NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK)
        die(parlance_last_error());
    if (parlance_localizer_create(&runtime_fixed, runtime_catalog, runtime_chains[0], 2, "en") != PARLANCE_OK ||
        parlance_localizer_create(&runtime_switched, runtime_catalog, runtime_chains[0], 2, "en") != PARLANCE_OK)
        die("localizer");
    /* Every request alternates chains: each switch is to another chain. */
    for (int round = 0; round < 64; round++)
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
            key k = {keys[i], contexts[i], NULL, NULL, (unsigned long)((round + i) % 3)};
            push(&set, k);
        }
    contestant cs[] = {{"lookup (parlance_localizer_text)", runtime_lookup},
                       {"set_locales + first lookup", runtime_switch},
                       {"create + lookup + free (a request)", runtime_request},
                       {"read section + lookup", runtime_section},
                       {"copy (parlance_localizer_copy)", runtime_copy}};
    race("runtime", cs, sizeof cs / sizeof *cs, &set, atof(argv[3]));
    return 0;
}

/* ---- Callgrind ------------------------------------------------------------------ */

static int cmd_callgrind(int argc, char **argv) {
    if (argc != 9) die("usage: c_bench callgrind CONTESTANT MO STRINGS|- COMPILED_MO|- COMPILED_STRINGS|- MISSES ITERATIONS");
    keyset plain = {0}, ctx = {0}, plural = {0}, misses = {0}, decimal = {0};
    load_all(argv[3], argv[4], argv[5], argv[6], argv[7], &plain, &ctx, &plural, &misses);
    decimal_keys(&decimal);
    icu_open();
    const char *who = argv[2];
    size_t iterations = (size_t)atol(argv[8]);
    struct { const char *name; lookup_fn fn; keyset *set; } table[] = {
        {"glibc-dgettext", glibc_dgettext, &plain},
        {"parlance-dgettext", parlance_dgettext_, &plain},
        {"probe", probe, &plain},
        {"parlance-text", native_mo_text, &plain},
        {"parlance-text-strings", native_strings_text, &plain},
        {"glibc-dngettext", glibc_dngettext, &plural},
        {"parlance-dngettext", parlance_dngettext_, &plural},
        {"parlance-plural", native_mo_plural, &plural},
        {"glibc-miss", glibc_dgettext, &misses},
        {"parlance-dgettext-miss", parlance_dgettext_, &misses},
        {"parlance-text-miss", native_mo_text, &misses},
        {"parlance-text-compiled", compiled_mo_text, &plain},
        {"parlance-text-compiled-strings", compiled_strings_text, &plain},
        {"parlance-plural-compiled", compiled_mo_plural, &plural},
        {"parlance-text-compiled-miss", compiled_mo_text, &misses},
        {"icu-decimal", icu_decimal, &decimal},
        {"parlance-decimal", parlance_decimal, &decimal},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        if (strcmp(table[i].name, who) != 0) continue;
        keyset *set = table[i].set;
        if (set->count == 0) die("no keys of that kind");
        run_batch(table[i].fn, set->items, set->count); /* warm: every key once */
        /* exactly `iterations` lookups, cycling over the keys */
        size_t done = 0;
        key *keys = malloc(iterations * sizeof(key));
        if (!keys) die("out of memory");
        while (done < iterations) {
            size_t n = iterations - done < set->count ? iterations - done : set->count;
            memcpy(keys + done, set->items, n * sizeof(key));
            done += n;
        }
        cg_measured(table[i].fn, keys, iterations);
        printf("%zu\n", iterations);
        return 0;
    }
    die("unknown contestant");
    return 1;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "lookup") == 0) return cmd_lookup(argc, argv);
    if (argc > 1 && strcmp(argv[1], "load") == 0) return cmd_load(argc, argv);
    if (argc > 1 && strcmp(argv[1], "memory") == 0) return cmd_memory(argc, argv);
    if (argc > 1 && strcmp(argv[1], "decimal") == 0) return cmd_decimal(argc, argv);
    if (argc > 1 && strcmp(argv[1], "message") == 0) return cmd_message(argc, argv);
    if (argc > 1 && strcmp(argv[1], "callgrind") == 0) return cmd_callgrind(argc, argv);
    if (argc > 1 && strcmp(argv[1], "runtime") == 0) return cmd_runtime(argc, argv);
    fprintf(stderr, "usage: c_bench lookup|load|memory|decimal|message|callgrind|runtime ...\n");
    return 2;
}
