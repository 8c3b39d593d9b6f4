/* A catalog file rewritten in place under a running program: `cp new.mo
 * app.mo` and `install` truncate the same inode and write it again. The
 * program loads FILE (a .mo or a compiled catalog) for LOCALE, reads every
 * entry of TABLE, then rewrites FILE in place -- "truncate": cut to 4 KiB;
 * "rewrite": truncated to nothing and filled with OTHER's bytes, as cp does
 * -- and looks every entry up again: no signal, the answers as loaded, the
 * strings handed out before still readable, a new snapshot the same.
 *
 * Usage: test_rewritten_file FILE LOCALE TABLE truncate|rewrite [OTHER]
 * Prints "ok N" (N entries compared) and exits 0; anything else fails. */
#define _GNU_SOURCE
#include <parlance.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *what) {
    fprintf(stderr, "test_rewritten_file: %s: %s\n", what, parlance_last_error());
    return 1;
}

static int rewrite(const char *path, const char *mode, const char *other) {
    if (strcmp(mode, "truncate") == 0) return truncate(path, 4096);
    FILE *in = fopen(other, "rb");
    if (!in) return -1;
    int out = open(path, O_WRONLY | O_TRUNC);   /* what cp does to an existing file */
    if (out < 0) { fclose(in); return -1; }
    char buffer[65536];
    size_t n;
    int status = 0;
    while ((n = fread(buffer, 1, sizeof buffer, in)) > 0) {
        if (write(out, buffer, n) != (ssize_t)n) { status = -1; break; }
    }
    fclose(in);
    close(out);
    return status;
}

int main(int argc, char **argv) {
    if (argc < 5 || (strcmp(argv[4], "rewrite") == 0 && argc < 6)) {
        fprintf(stderr, "usage: test_rewritten_file FILE LOCALE TABLE truncate|rewrite [OTHER]\n");
        return 2;
    }
    const char *path = argv[1], *locale = argv[2], *table = argv[3];
    parlance_catalog *catalog = NULL;
    parlance_localizer *localizer = NULL;
    parlance_entries *entries = NULL, *again = NULL;
    if (parlance_catalog_create(&catalog) != PARLANCE_OK) return fail("create");
    /* Locale and table from the path (LOCALE/LC_MESSAGES/TABLE.mo) or the compiled file. */
    if (parlance_catalog_load(catalog, path, NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) return fail("load");
    const char *locales[] = {locale};
    if (parlance_localizer_create(&localizer, catalog, locales, 1, NULL) != PARLANCE_OK) return fail("localizer");
    if (parlance_catalog_entries(&entries, catalog, locale, table) != PARLANCE_OK) return fail("entries");
    size_t count = parlance_entries_count(entries);
    if (count < 50) { fprintf(stderr, "only %zu entries\n", count); return 1; }

    /* Every entry looked up once before (plural ones with counts 0-3): the
     * strings handed out, and copies of them. */
    const char **before = calloc(count, sizeof *before);
    char **plurals = calloc(4 * count, sizeof *plurals);
    for (size_t i = 0; i < count; i++) {
        parlance_entry entry = PARLANCE_ENTRY_INIT;
        if (parlance_entries_get(entries, i, &entry) != PARLANCE_OK) return fail("get");
        if (entry.kind == PARLANCE_ENTRY_TEXT) before[i] = parlance_localizer_lookup(localizer, entry.key, entry.context, table);
        for (int n = 0; n < 4 && entry.kind == PARLANCE_ENTRY_GETTEXT_PLURAL; n++) {
            parlance_arg number = PARLANCE_INT(n);
            const char *form = parlance_localizer_plural(localizer, entry.key, &number, entry.context, table);
            if (!form) return fail("plural");
            plurals[4 * i + n] = strdup(form);
        }
    }

    struct stat old, now;
    if (stat(path, &old) != 0 || rewrite(path, argv[4], argc > 5 ? argv[5] : NULL) != 0 || stat(path, &now) != 0) {
        perror(path);
        return 1;
    }
    if (old.st_ino != now.st_ino || now.st_size == old.st_size) {
        fprintf(stderr, "the file was not rewritten in place\n");
        return 1;
    }

    size_t compared = 0;
    for (size_t i = 0; i < count; i++) {
        parlance_entry entry = PARLANCE_ENTRY_INIT;
        parlance_entries_get(entries, i, &entry);
        if (entry.kind != PARLANCE_ENTRY_TEXT) continue;
        const char *after = parlance_localizer_lookup(localizer, entry.key, entry.context, table);
        if (!after || !before[i] || strcmp(after, entry.text) != 0 || strcmp(before[i], entry.text) != 0) {
            fprintf(stderr, "%s (%s): loaded %s, now %s\n", entry.key, entry.context ? entry.context : "-",
                    entry.text, after ? after : "(missing)");
            return 1;
        }
        compared++;
    }
    /* A plural entry's forms too, by count. */
    for (size_t i = 0; i < count; i++) {
        parlance_entry entry = PARLANCE_ENTRY_INIT;
        parlance_entries_get(entries, i, &entry);
        if (entry.kind != PARLANCE_ENTRY_GETTEXT_PLURAL) continue;
        for (int n = 0; n < 4; n++) {
            parlance_arg number = PARLANCE_INT(n);
            const char *form = parlance_localizer_plural(localizer, entry.key, &number, entry.context, table);
            if (!form || strcmp(form, plurals[4 * i + n]) != 0) {
                fprintf(stderr, "%s [%d]: loaded %s, now %s\n", entry.key, n, plurals[4 * i + n], form ? form : "(missing)");
                return 1;
            }
            free(plurals[4 * i + n]);
        }
        compared++;
    }
    /* Enumerating again reads the loaded bytes, not the file. */
    if (parlance_catalog_entries(&again, catalog, locale, table) != PARLANCE_OK) return fail("entries again");
    if (parlance_entries_count(again) != count) { fprintf(stderr, "entries changed\n"); return 1; }
    for (size_t i = 0; i < count; i++) {
        parlance_entry a = PARLANCE_ENTRY_INIT, b = PARLANCE_ENTRY_INIT;
        parlance_entries_get(entries, i, &a);
        parlance_entries_get(again, i, &b);
        if (strcmp(a.key, b.key) != 0 || strcmp(a.text, b.text) != 0) { fprintf(stderr, "entry %zu changed\n", i); return 1; }
    }
    parlance_entries_free(again);
    parlance_entries_free(entries);
    free(before);
    free(plurals);
    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    printf("ok %zu\n", compared);
    return 0;
}
