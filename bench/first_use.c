/*
 * first_use.c -- a program's first use of a catalog through the C API:
 * create a catalog, load one file, create a localizer, look one key up.
 * scripts/first-use-order.py runs it (and show_one) under callgrind to
 * list the library's functions a program's first lookup runs, which the
 * link places together (packaging/first-use.order).
 *
 *   first_use FILE LOCALE TABLE KEY
 * prints the translation; exit status 1 when the lookup missed.
 */
#include <stdio.h>
#include <string.h>
#include "parlance.h"

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: first_use FILE LOCALE TABLE KEY\n");
        return 2;
    }
    parlance_catalog *catalog;
    parlance_localizer *localizer;
    const char *locales[] = {argv[2]};
    if (parlance_catalog_create(&catalog) != PARLANCE_OK) return 2;
    if (parlance_catalog_load(catalog, argv[1], NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK) {
        fprintf(stderr, "first_use: %s\n", parlance_last_error());
        return 2;
    }
    if (parlance_localizer_create(&localizer, catalog, locales, 1, "en") != PARLANCE_OK) return 2;
    const char *text = parlance_localizer_text(localizer, argv[4], NULL, argv[3]);
    if (text) puts(text);
    int missed = !text || strcmp(text, argv[4]) == 0;
    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    return missed;
}
