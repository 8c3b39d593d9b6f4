/* Parlance demo: prints the example catalog's strings in every locale.
 * Build and run with `make demo`. */
#include <parlance.h>

#include <stdio.h>

static void show(parlance_localizer *loc) {
    static const int counts[] = {0, 1, 2, 5, 21};
    char *text = NULL;
    size_t i;

    printf("  greeting            %s\n", parlance_localizer_text(loc, "greeting", NULL, NULL));
    printf("  ^Print              %s\n", parlance_localizer_localize_marked(loc, "^Print"));
    printf("  Name (login)        %s\n", parlance_localizer_text(loc, "Name", "Name label in login screen", NULL));
    printf("  Name (registration) %s\n", parlance_localizer_text(loc, "Name", "Name label in registration screen", NULL));
    printf("  Menu login.subtitle %s\n", parlance_localizer_text(loc, "login.subtitle", NULL, "Menu"));

    parlance_arg name = PARLANCE_STRING("Ada");
    if (parlance_localizer_format(loc, &text, "welcome.user", NULL, NULL, &name, 1) == PARLANCE_OK) {
        printf("  welcome.user        %s\n", text);
        parlance_free(text);
    }
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        parlance_arg n = PARLANCE_INT(counts[i]);
        parlance_explanation why = PARLANCE_EXPLANATION_INIT;
        printf("  files.count(%2d)     ", counts[i]);
        if (parlance_localizer_format(loc, &text, "files.count", NULL, NULL, &n, 1) == PARLANCE_OK) {
            printf("%-22s", text);
            parlance_free(text);
        } else {
            printf("error: %s", parlance_last_error());
        }
        if (parlance_localizer_format(loc, &text, "You have %d followers.", "Number of followers label", NULL, &n, 1) == PARLANCE_OK) {
            printf(" | %s", text);
            parlance_free(text);
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
