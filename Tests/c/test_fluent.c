/* Fluent through the C API alone: a LOCALE/NAME.ftl folder loaded by
 * parlance_catalog_load, messages formatted by
 * parlance_localizer_format_named (FSI/PDI isolation by default), an
 * attribute by its "message.attribute" key, a term that is no message, and
 * the errors of a message listed by parlance_localizer_format_message
 * beside its text. Usage: test_fluent SCRATCH_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parlance.h"

static int failures = 0;

static void expect_text(const char *what, const char *got, const char *want) {
    if (got == NULL || strcmp(got, want) != 0) {
        fprintf(stderr, "FAIL %s: got \"%s\", want \"%s\"\n", what, got ? got : "(null)", want);
        failures++;
    }
}

static void expect(const char *what, int ok) {
    if (!ok) {
        fprintf(stderr, "FAIL %s\n", what);
        failures++;
    }
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s SCRATCH_DIR\n", argv[0]); return 2; }
    char path[4096];
    snprintf(path, sizeof path, "%s/fluent", argv[1]);
    mkdir(argv[1], 0755);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/fluent/en-US", argv[1]);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/fluent/en-US/app.ftl", argv[1]);
    FILE *file = fopen(path, "w");
    if (file == NULL) { perror(path); return 2; }
    fputs("-brand = Nimbus\n"
          "hello = Hello, { $name }!\n"
          "open = Open { -brand }\n"
          "    .title = Opens { -brand }\n"
          "files = { $n ->\n"
          "    [one] One file\n"
          "   *[other] { $n } files\n"
          "}\n", file);
    fclose(file);

    parlance_catalog *catalog = NULL;
    parlance_localizer *localizer = NULL;
    snprintf(path, sizeof path, "%s/fluent", argv[1]);
    expect("create", parlance_catalog_create(&catalog) == PARLANCE_OK);
    expect("load", parlance_catalog_load(catalog, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    expect("syntax", parlance_catalog_message_syntax(catalog, "app") == PARLANCE_SYNTAX_FLUENT);
    const char *locales[] = {"en-US"};
    expect("localizer", parlance_localizer_create_for_table(&localizer, catalog, locales, 1, "en-US", "app") == PARLANCE_OK);

    char *out = NULL;
    parlance_named_arg name = {"name", PARLANCE_STRING("Ada")};
    expect("hello", parlance_localizer_format_named(localizer, &out, "hello", NULL, NULL, &name, 1) == PARLANCE_OK);
    expect_text("hello", out, "Hello, \xE2\x81\xA8" "Ada" "\xE2\x81\xA9!");
    parlance_free(out);

    parlance_named_arg n = {"n", PARLANCE_INT(1)};
    expect("files", parlance_localizer_format_named(localizer, &out, "files", NULL, NULL, &n, 1) == PARLANCE_OK);
    expect_text("files one", out, "One file");
    parlance_free(out);

    expect("attribute", parlance_localizer_format_named(localizer, &out, "open.title", NULL, NULL, NULL, 0) == PARLANCE_OK);
    expect_text("attribute", out, "Opens Nimbus"); /* term references are not isolated, as in fluent-rs */
    parlance_free(out);

    expect("a term is no message", parlance_localizer_lookup(localizer, "-brand", NULL, NULL) == NULL);

    parlance_message_error *errors = NULL;
    size_t count = 0;
    int status = parlance_localizer_format_message(localizer, &out, &errors, &count, "hello", NULL, NULL, NULL, 0, NULL);
    expect("errors: EFORMAT with text", status == PARLANCE_EFORMAT);
    expect_text("errors: text", out, "Hello, \xE2\x81\xA8{$name}\xE2\x81\xA9!");
    expect("errors: one", count == 1 && errors != NULL);
    if (count == 1) expect_text("errors: message", errors[0].message, "Unknown variable: $name");
    parlance_free(out);
    parlance_free(errors);

    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    if (failures) return 1;
    printf("test_fluent: ok\n");
    return 0;
}
