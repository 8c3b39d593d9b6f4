/* Fluent through the C API alone: a LOCALE/NAME.ftl folder loaded by
 * parlance_catalog_load, messages formatted by
 * parlance_localizer_format_named (FSI/PDI isolation by default), an
 * attribute by its "message.attribute" key, a term that is no message, and
 * the errors of a message listed by parlance_localizer_format_message
 * beside its text, and the application's functions called from Fluent
 * (parlance_catalog_set_function: positional arguments, named ones, a
 * function that fails, one that is unknown). Usage: test_fluent SCRATCH_DIR */
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

/* JOIN(a, b, ..., sep: "x"): the arguments' texts joined by sep; a date
 * argument is written as its milliseconds. */
static void join(void *user_data, parlance_function_call *call) {
    (void)user_data;
    const char *sep = NULL;
    if (parlance_function_option(call, "sep", &sep, NULL) != PARLANCE_VALUE_STRING) sep = ",";
    char joined[512] = "";
    size_t count = parlance_function_argument_count(call);
    for (size_t i = 0; i < count; i++) {
        const char *text = NULL;
        double date = 0;
        char piece[64];
        int kind = parlance_function_argument(call, i, &text, &date);
        if (kind == PARLANCE_VALUE_DATE) { snprintf(piece, sizeof piece, "%.0f", date); text = piece; }
        else if (kind == PARLANCE_VALUE_NUMBER) { snprintf(piece, sizeof piece, "#%s", text); text = piece; }
        else if (kind != PARLANCE_VALUE_STRING) text = "?";
        if (i > 0) strncat(joined, sep, sizeof joined - strlen(joined) - 1);
        strncat(joined, text, sizeof joined - strlen(joined) - 1);
    }
    expect("past the last argument", parlance_function_argument(call, count, NULL, NULL) == PARLANCE_VALUE_NONE);
    parlance_function_set_text(call, joined);
}

static void fail(void *user_data, parlance_function_call *call) {
    (void)user_data;
    parlance_function_error(call, "bad-operand", "it failed");
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
          "}\n"
          "joined = { JOIN($a, \"lit\", 3, $when, sep: \"-\") }\n"
          "failing = Then { FAIL($a) }\n"
          "unknown = { NOPE() }\n", file);
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

    expect("set JOIN", parlance_catalog_set_function(catalog, "JOIN", join, NULL) == PARLANCE_OK);
    expect("set FAIL", parlance_catalog_set_function(catalog, "FAIL", fail, NULL) == PARLANCE_OK);
    parlance_named_arg joined_args[] = {{"a", PARLANCE_STRING("x")}, {"when", PARLANCE_DATE(86400000.0)}};
    expect("joined", parlance_localizer_format_named(localizer, &out, "joined", NULL, NULL, joined_args, 2) == PARLANCE_OK);
    expect_text("joined: positional and named arguments", out, "x-lit-#3-86400000");
    parlance_free(out);

    status = parlance_localizer_format_message(localizer, &out, &errors, &count, "failing", NULL, NULL, joined_args, 1, NULL);
    expect("failing: EFORMAT with text", status == PARLANCE_EFORMAT);
    expect_text("failing: text", out, "Then \xE2\x81\xA8{FAIL()}\xE2\x81\xA9");
    expect("failing: one error", count == 1 && errors != NULL);
    if (count == 1) {
        expect_text("failing: kind", errors[0].kind, "Function");
        expect_text("failing: message", errors[0].message, "FAIL(): it failed");
    }
    parlance_free(out);
    parlance_free(errors);

    status = parlance_localizer_format_message(localizer, &out, &errors, &count, "unknown", NULL, NULL, NULL, 0, NULL);
    expect_text("unknown: text", out, "{NOPE()}");
    if (count == 1) expect_text("unknown: message", errors[0].message, "Unknown function: NOPE()");
    expect("unknown: one error", count == 1);
    parlance_free(out);
    parlance_free(errors);

    expect("remove JOIN", parlance_catalog_set_function(catalog, "JOIN", NULL, NULL) == PARLANCE_OK);
    expect("removed", parlance_localizer_format_named(localizer, &out, "joined", NULL, NULL, joined_args, 2) == PARLANCE_OK);
    expect_text("removed: unknown again", out, "{JOIN()}");
    parlance_free(out);

    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    if (failures) return 1;
    printf("test_fluent: ok\n");
    return 0;
}
