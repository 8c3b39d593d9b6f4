/* One check of formatting arguments, in the core: a decimal that is no
 * number and a date that is not finite are refused the same way whichever
 * C function formats them -- parlance_catalog_format_message() (which
 * reaches no localizer) and the localizer's named and positional calls --
 * with PARLANCE_EINVAL and the same message. Prints each message; exits 0
 * when every call refused and the named calls agree word for word.
 *
 * Usage: test_argument_check */
#include <parlance.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *what) {
    fprintf(stderr, "test_argument_check: %s: %s\n", what, parlance_last_error());
    return 1;
}

static int check(parlance_catalog *catalog, parlance_localizer *localizer, parlance_arg bad) {
    parlance_named_arg named[] = {{"n", PARLANCE_INT(1)}, {"z", bad}};
    char *out = (char *)"untouched";
    char first[512], second[512], third[512];
    parlance_message_error *errors = NULL;
    size_t error_count = 0;
    if (parlance_catalog_format_message(catalog, &out, &errors, &error_count, "{$z}", "en", named, 2, NULL)
        != PARLANCE_EINVAL)
        return fail("parlance_catalog_format_message accepted it");
    snprintf(first, sizeof first, "%s", parlance_last_error());
    if (parlance_localizer_format_named(localizer, &out, "missing.key", NULL, NULL, named, 2) != PARLANCE_EINVAL)
        return fail("parlance_localizer_format_named accepted it");
    snprintf(second, sizeof second, "%s", parlance_last_error());
    if (parlance_localizer_format_message(localizer, &out, &errors, &error_count, "missing.key", NULL, NULL, named, 2,
                                          NULL) != PARLANCE_EINVAL)
        return fail("parlance_localizer_format_message accepted it");
    snprintf(third, sizeof third, "%s", parlance_last_error());
    if (strcmp(first, second) != 0 || strcmp(first, third) != 0) {
        fprintf(stderr, "test_argument_check: different errors:\n  %s\n  %s\n  %s\n", first, second, third);
        return 1;
    }
    parlance_arg positional[] = {PARLANCE_INT(1), bad};
    if (parlance_localizer_format(localizer, &out, "%d %s", NULL, NULL, positional, 2) != PARLANCE_EINVAL)
        return fail("parlance_localizer_format accepted it");
    if (strcmp(out, "untouched") != 0) return fail("out was written on failure");
    printf("%s\n%s\n", first, parlance_last_error());
    return 0;
}

int main(void) {
    parlance_catalog *catalog = NULL;
    parlance_localizer *localizer = NULL;
    if (parlance_catalog_create(&catalog) != PARLANCE_OK) return fail("create");
    const char *locales[] = {"en"};
    if (parlance_localizer_create(&localizer, catalog, locales, 1, "en") != PARLANCE_OK) return fail("localizer");
    parlance_arg date = {PARLANCE_ARG_DATE, {.d = NAN}};
    if (check(catalog, localizer, PARLANCE_DECIMAL("12,5")) != 0 || check(catalog, localizer, date) != 0) return 1;
    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    return 0;
}
