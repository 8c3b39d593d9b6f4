/* C API tests: compiled against include/parlance.h alone, linked to
 * libparlance.so only. Usage: test_c_api EXAMPLES_CATALOG_DIR [EXAMPLES_COMPILED]
 * (EXAMPLES_COMPILED: `parlance compile -o FILE EXAMPLES_CATALOG_DIR`). */
#define _POSIX_C_SOURCE 200809L
#include <parlance.h>

#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)
#define CHECK_STR(got, want) check_str((got), (want), #got, __LINE__)

static void check(int ok, const char *what, const char *file, int line) {
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "%s:%d: FAILED: %s (last error: %s)\n", file, line, what, parlance_last_error());
}

static void check_str(const char *got, const char *want, const char *what, int line) {
    int ok = got && want ? strcmp(got, want) == 0 : got == want;
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "test_c_api.c:%d: FAILED: %s is \"%s\", want \"%s\" (last error: %s)\n", line, what,
            got ? got : "(null)", want ? want : "(null)", parlance_last_error());
}

static char tmpdir[] = "/tmp/parlance-c-XXXXXX";

static const char *write_file(const char *rel, const void *data, size_t size) {
    static char path[4096];
    char dir[4200];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", tmpdir, rel);
    snprintf(dir, sizeof dir, "mkdir -p \"$(dirname '%s')\"", path);
    if (system(dir) != 0) return NULL;
    f = fopen(path, "wb");
    if (!f) return NULL;
    fwrite(data, 1, size, f);
    fclose(f);
    return path;
}

static parlance_localizer *make(parlance_catalog *cat, const char *locale) {
    parlance_localizer *loc = NULL;
    const char *list[1] = {locale};
    if (parlance_localizer_create(&loc, cat, list, 1, "en") != PARLANCE_OK) return NULL;
    return loc;
}

static int chain_has(parlance_localizer *loc, const char *tag) {
    size_t i, count = 0;
    const char *const *chain = parlance_localizer_locales(loc, &count);
    for (i = 0; i < count; i++)
        if (strcmp(chain[i], tag) == 0) return 1;
    return 0;
}

static const char *chain_at(parlance_localizer *loc, size_t index) {
    size_t count = 0;
    const char *const *chain = parlance_localizer_locales(loc, &count);
    return index < count ? chain[index] : NULL;
}

/* A gettext table's header, as the library read it; other formats keep none. */
static void test_headers(void) {
    static const char po[] =
        "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        "\"Plural-Forms: nplurals=3; plural=n%10==1 ? 0 : 1;\\n\"\n\n"
        "msgid \"a\"\nmsgstr \"b\"\n";
    parlance_catalog *cat = NULL;
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(cat, po, sizeof po - 1, "uk_UA", "app", PARLANCE_FORMAT_PO) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(cat, "\"x\" = \"y\";", 10, "fr", NULL, PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    const char *header = parlance_catalog_header(cat, "uk-UA", "app");
    CHECK(header != NULL && strcmp(header, "Content-Type: text/plain; charset=UTF-8\n"
                                          "Plural-Forms: nplurals=3; plural=n%10==1 ? 0 : 1;\n") == 0);
    CHECK(parlance_catalog_header(cat, "uk_UA.UTF-8", "app") == header);   /* any spelling of the locale */
    CHECK(parlance_catalog_header(cat, "uk-UA", NULL) == NULL);           /* no such table */
    CHECK(parlance_catalog_header(cat, "fr", NULL) == NULL);              /* a format without headers */
    CHECK(parlance_catalog_header(cat, "C", "app") == NULL);              /* names no language: no table */
    CHECK(strstr(parlance_last_error(), "'C'") != NULL);                  /* and says so */
    CHECK(parlance_catalog_header(cat, NULL, "app") == NULL && strstr(parlance_last_error(), "locale") != NULL);
    CHECK(parlance_catalog_header(NULL, "uk", "app") == NULL);
    parlance_catalog_free(cat);
}

static void test_version(void) {
    CHECK(parlance_version_number() == PARLANCE_VERSION_NUMBER);
    CHECK(strchr(parlance_version(), '.') != NULL);
}

static void test_lifecycle_and_nulls(void) {
    parlance_catalog *cat = (parlance_catalog *)0x1;
    parlance_catalog_free(NULL);
    parlance_localizer_free(NULL);
    parlance_free(NULL);
    CHECK(parlance_catalog_create(NULL) == PARLANCE_EINVAL);
    CHECK(parlance_catalog_load(NULL, "x", NULL, NULL, 0) == PARLANCE_EINVAL);
    CHECK(strlen(parlance_last_error()) > 0);
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK && cat != NULL);
    CHECK(parlance_catalog_load(cat, NULL, NULL, NULL, 0) == PARLANCE_EINVAL);
    CHECK(parlance_catalog_load(cat, "/nonexistent/parlance", NULL, NULL, 0) == PARLANCE_ENOTFOUND);
    CHECK(parlance_catalog_load(cat, "x.strings", NULL, NULL, 42) == PARLANCE_EINVAL);
    CHECK(parlance_localizer_text(NULL, "k", NULL, NULL) == NULL);
    CHECK(parlance_localizer_copy(NULL, NULL, 0, "k", NULL, NULL) == -2);
    CHECK(parlance_localizer_lookup(NULL, "k", NULL, NULL) == NULL);
    parlance_localizer *loc = make(cat, "en");
    CHECK(loc != NULL);
    CHECK(parlance_localizer_text(loc, NULL, NULL, NULL) == NULL);
    CHECK(parlance_localizer_plural(loc, "k", NULL, NULL, NULL) == NULL);
    CHECK(parlance_localizer_localize_marked(loc, NULL) == NULL);
    CHECK(parlance_localizer_format(loc, NULL, "k", NULL, NULL, NULL, 0) == PARLANCE_EINVAL);
    {
        char *out = NULL;
        CHECK(parlance_localizer_format(loc, &out, "k", NULL, NULL, NULL, 2) == PARLANCE_EINVAL);
        CHECK(out == NULL);
    }
    parlance_localizer_free(loc);
    {
        parlance_localizer *l2 = (parlance_localizer *)0x1;
        const char *bad[1] = {"!!"};
        CHECK(parlance_localizer_create(&l2, cat, bad, 1, "!!") == PARLANCE_ELOCALE);
        CHECK(l2 == (parlance_localizer *)0x1); /* out untouched on failure */
    }
    parlance_catalog_free(cat);
}

static void test_lookup(parlance_catalog *cat) {
    parlance_localizer *en = make(cat, "en"), *fr = make(cat, "fr-CA"), *ja = make(cat, "ja_JP.UTF-8");
    const char *key = "no such key";
    CHECK(parlance_catalog_locale_count(cat) == 5);
    CHECK_STR(parlance_catalog_locale(cat, 0), "ar");
    CHECK(parlance_catalog_locale(cat, 99) == NULL);
    CHECK(parlance_catalog_table_count(cat) == 2);
    CHECK_STR(parlance_localizer_text(en, "greeting", NULL, NULL), "Hello!");
    CHECK_STR(parlance_localizer_text(fr, "greeting", NULL, NULL), "Bonjour !");
    CHECK_STR(parlance_localizer_text(ja, "greeting", NULL, NULL), "こんにちは！");
    CHECK(parlance_localizer_text(fr, key, NULL, NULL) == key);
    CHECK(parlance_localizer_lookup(fr, key, NULL, NULL) == NULL);
    CHECK_STR(parlance_localizer_text(fr, "Name", "Name label in login screen", NULL), "Nom");
    CHECK_STR(parlance_localizer_text(fr, "Name", "Name label in registration screen", NULL), "Full name");
    CHECK_STR(parlance_localizer_text(fr, "login.subtitle", NULL, "Menu"), "Se connecter à Parlance Notes");
    CHECK_STR(parlance_localizer_text(en, "app.name", NULL, "Menu"), "Parlance Notes");
    CHECK_STR(chain_at(fr, 0), "fr-CA");
    CHECK_STR(chain_at(fr, 1), "fr");
    CHECK_STR(chain_at(fr, 2), "en");
    CHECK(chain_at(fr, 3) == NULL);
    CHECK(parlance_localizer_locales(fr, NULL)[3] == NULL);
    CHECK_STR(chain_at(ja, 0), "ja-JP");
    CHECK_STR(parlance_localizer_localize_marked(fr, "^Print"), "Imprimer");
    CHECK_STR(parlance_localizer_localize_marked(fr, "^Unknown thing"), "Unknown thing");
    CHECK(parlance_localizer_localize_marked(fr, "Print") == NULL);
    {
        /* A UI document: the caret-marked and translatable texts translated, escaped, every other byte kept. */
        static const char ui[] = "<interface>\n  <object class=\"GtkButton\">"
                                 "<property name=\"label\" translatable=\"yes\" context=\"Name label in login screen\">Name</property>"
                                 "<property name=\"tooltip-text\">^Print</property><property name=\"x\">^Print</property>"
                                 "</object>\n</interface>\n";
        char *out = NULL;
        size_t size = 0;
        CHECK(parlance_localizer_localize_document(fr, &out, &size, ui, sizeof ui - 1, "window.ui", NULL,
                                                   PARLANCE_DOCUMENT_AUTO) == PARLANCE_OK);
        CHECK_STR(out, "<interface>\n  <object class=\"GtkButton\">"
                       "<property name=\"label\" translatable=\"yes\" context=\"Name label in login screen\">Nom</property>"
                       "<property name=\"tooltip-text\">Imprimer</property><property name=\"x\">Imprimer</property>"
                       "</object>\n</interface>\n");
        CHECK(out != NULL && size == strlen(out));
        parlance_free(out);
        out = NULL;
        CHECK(parlance_localizer_localize_document(fr, &out, NULL, "{\"title\": \"^Print\"}", strlen("{\"title\": \"^Print\"}"), NULL, NULL,
                                                   PARLANCE_DOCUMENT_JSON) == PARLANCE_OK);
        CHECK_STR(out, "{\"title\": \"Imprimer\"}");
        parlance_free(out);
        out = NULL;
        CHECK(parlance_localizer_localize_document(fr, &out, &size, "<interface>\n<a>", strlen("<interface>\n<a>"), "w.ui", NULL, 0) == PARLANCE_ESYNTAX);
        CHECK(out == NULL);
        uint32_t line = 0;
        CHECK(parlance_last_error_details(NULL, &line, NULL) == PARLANCE_ESYNTAX);
        CHECK(line == 2);
        CHECK(parlance_localizer_localize_document(fr, &out, &size, ui, sizeof ui - 1, NULL, NULL, 9) == PARLANCE_EINVAL);
    }
    parlance_localizer_free(en);
    parlance_localizer_free(fr);
    parlance_localizer_free(ja);
}

static void test_chains(parlance_catalog *cat) {
    parlance_localizer *l;
    l = make(cat, "zh-TW");
    CHECK(l && chain_has(l, "zh-Hant") && !chain_has(l, "zh"));
    parlance_localizer_free(l);
    l = make(cat, "sr-Latn");
    CHECK(l && chain_has(l, "sr-Latn") && !chain_has(l, "sr"));
    parlance_localizer_free(l);
    l = make(cat, "pt_BR.UTF-8");
    CHECK(l && chain_has(l, "pt-BR") && chain_has(l, "pt"));
    parlance_localizer_free(l);
    l = make(cat, "zh_Hant_TW");
    CHECK(l && chain_has(l, "zh-Hant-TW") && chain_has(l, "zh-Hant") && !chain_has(l, "zh"));
    parlance_localizer_free(l);
}

static void test_plurals(parlance_catalog *cat) {
    parlance_localizer *ru = make(cat, "ru"), *ar = make(cat, "ar"), *fr = make(cat, "fr");
    const char *k = "You have %d followers.", *ctx = "Number of followers label";
    parlance_arg one = PARLANCE_INT(1), two = PARLANCE_INT(2), five = PARLANCE_INT(5), n21 = PARLANCE_INT(21);
    parlance_arg zero = PARLANCE_INT(0), dec = PARLANCE_STRING("1.5"), bad = PARLANCE_STRING("1,5");
    CHECK_STR(parlance_localizer_plural(ru, k, &one, ctx, NULL), "У вас %d подписчик.");
    CHECK_STR(parlance_localizer_plural(ru, k, &two, ctx, NULL), "У вас %d подписчика.");
    CHECK_STR(parlance_localizer_plural(ru, k, &five, ctx, NULL), "У вас %d подписчиков.");
    CHECK_STR(parlance_localizer_plural(ru, k, &n21, ctx, NULL), "У вас %d подписчик.");
    CHECK_STR(parlance_localizer_plural(ru, k, &dec, ctx, NULL), "У вас %d подписчика.");
    CHECK_STR(parlance_localizer_plural(ar, k, &zero, ctx, NULL), "ليس لديك متابعون.");
    CHECK_STR(parlance_localizer_plural(ar, k, &two, ctx, NULL), "لديك متابعان.");
    CHECK_STR(parlance_localizer_plural(fr, "files.count", &zero, NULL, NULL), "%d fichier");
    CHECK(parlance_localizer_plural(fr, k, &bad, ctx, NULL) == NULL);
    CHECK(parlance_last_error_details(NULL, NULL, NULL) == PARLANCE_EINVAL);
    {
        char *text = NULL;
        CHECK(parlance_localizer_format(ru, &text, "files.count", NULL, NULL, &n21, 1) == PARLANCE_OK);
        CHECK_STR(text, "21 файл");
        parlance_free(text);
        CHECK(parlance_localizer_format(ar, &text, "files.count", NULL, NULL, &zero, 1) == PARLANCE_OK);
        CHECK_STR(text, "لا توجد ملفات");
        parlance_free(text);
    }
    parlance_localizer_free(ru);
    parlance_localizer_free(ar);
    parlance_localizer_free(fr);
}

static void test_plural_category(void) {
    const char *c = NULL;
    parlance_arg one = PARLANCE_INT(1), one_dec = PARLANCE_STRING("1.0"), two = PARLANCE_INT(2), d = PARLANCE_DOUBLE(1.5);
    CHECK(parlance_plural_category(&c, "en", &one, false) == PARLANCE_OK);
    CHECK_STR(c, "one");
    CHECK(parlance_plural_category(&c, "en", &one_dec, false) == PARLANCE_OK);
    CHECK_STR(c, "other");
    CHECK(parlance_plural_category(&c, "en", &two, true) == PARLANCE_OK);
    CHECK_STR(c, "two");
    CHECK(parlance_plural_category(&c, "pl", &d, false) == PARLANCE_OK);
    CHECK_STR(c, "other");
    CHECK(parlance_plural_category(&c, "!!", &one, false) == PARLANCE_ELOCALE);
}

static void test_format(parlance_catalog *cat) {
    parlance_localizer *fr = make(cat, "fr");
    char *text = NULL;
    parlance_arg args[2] = {PARLANCE_STRING("Ada"), PARLANCE_INT(3)};
    parlance_arg n = PARLANCE_INT(2);
    CHECK(parlance_localizer_format(fr, &text, "welcome.user", NULL, NULL, args, 1) == PARLANCE_OK);
    CHECK_STR(text, "Bienvenue, Ada !");
    parlance_free(text);
    text = NULL;
    CHECK(parlance_localizer_format(fr, &text, "%d apples and %s", NULL, NULL, args, 2) == PARLANCE_EFORMAT);
    CHECK(text == NULL);
    CHECK(parlance_localizer_format(fr, &text, "You have %d followers.", "Number of followers label", NULL, &n, 1) == PARLANCE_OK);
    CHECK_STR(text, "Vous avez 2 abonnés.");
    parlance_free(text);
    /* Numbers ignore the host's LC_NUMERIC (when a German locale is installed to prove it). */
    if (setlocale(LC_NUMERIC, "de_DE.UTF-8") != NULL) {
        parlance_arg x = PARLANCE_DOUBLE(1.5);
        CHECK(parlance_localizer_format(fr, &text, "%.1f", NULL, NULL, &x, 1) == PARLANCE_OK);
        CHECK_STR(text, "1.5");
        parlance_free(text);
        setlocale(LC_NUMERIC, "C");
    } else {
        fprintf(stderr, "note: de_DE.UTF-8 is not installed; LC_NUMERIC check skipped\n");
    }
    parlance_localizer_free(fr);
}

static int misses;
static char last_miss_locales[256];

static void on_miss(void *user, const char *key, const char *context, const char *table,
                    const char *const *locales, size_t count) {
    size_t i;
    (void)key; (void)context; (void)table;
    misses += *(int *)user;
    last_miss_locales[0] = '\0';
    for (i = 0; i < count; i++) {
        strncat(last_miss_locales, locales[i], sizeof last_miss_locales - strlen(last_miss_locales) - 2);
        strcat(last_miss_locales, " ");
    }
}

static void test_explain_and_misses(parlance_catalog *cat) {
    parlance_localizer *fr = make(cat, "fr-CA");
    parlance_explanation why = PARLANCE_EXPLANATION_INIT;
    parlance_arg five = PARLANCE_INT(5);
    int one = 1;
    CHECK(parlance_localizer_explain(fr, &why, "Name", NULL, "Name label in registration screen", NULL) == PARLANCE_OK);
    CHECK(why.found && why.fallback);
    CHECK_STR(why.locale, "en");
    CHECK_STR(why.table, "Localizable");
    CHECK_STR(why.stored_key, "(Name label in registration screen)Name");
    CHECK(why.category == NULL);
    CHECK(parlance_localizer_explain(fr, &why, "You have %d followers.", &five, "Number of followers label", NULL) == PARLANCE_OK);
    CHECK_STR(why.locale, "fr");
    CHECK_STR(why.category, "other");
    CHECK_STR(why.stored_key, "(Number of followers label##other)You have %d followers.");
    CHECK(parlance_localizer_explain(fr, &why, "nope", NULL, NULL, NULL) == PARLANCE_OK);
    CHECK(!why.found && why.locale == NULL);
    CHECK_STR(why.text, "nope");

    CHECK(parlance_localizer_on_miss(fr, on_miss, &one) == PARLANCE_OK);
    parlance_localizer_text(fr, "missing everywhere", NULL, NULL);
    CHECK(misses == 1);
    CHECK_STR(last_miss_locales, "fr-CA fr en ");
    parlance_localizer_text(fr, "Name", "Name label in registration screen", NULL);
    CHECK(misses == 2);
    CHECK_STR(last_miss_locales, "fr ");
    parlance_localizer_text(fr, "greeting", NULL, NULL);
    CHECK(misses == 2);
    CHECK(parlance_localizer_on_miss(fr, NULL, NULL) == PARLANCE_OK);
    parlance_localizer_text(fr, "missing everywhere", NULL, NULL);
    CHECK(misses == 2);
    parlance_localizer_free(fr);
}

static void test_resources(parlance_catalog *cat) {
    parlance_localizer *fr = make(cat, "fr-CA"), *ja = make(cat, "ja");
    char *path = NULL;
    CHECK(parlance_localizer_resource_path(fr, &path, "help", "html") == PARLANCE_OK);
    CHECK(path && strstr(path, "fr.lproj/help.html") != NULL);
    parlance_free(path);
    path = NULL;
    CHECK(parlance_localizer_resource_path(ja, &path, "help.html", NULL) == PARLANCE_OK);
    CHECK(path && strstr(path, "en.lproj/help.html") != NULL);
    parlance_free(path);
    path = NULL;
    CHECK(parlance_localizer_resource_path(ja, &path, "nothing", "png") == PARLANCE_ENOTFOUND);
    CHECK(path == NULL);
    parlance_localizer_free(fr);
    parlance_localizer_free(ja);
}

static void test_bad_input(void) {
    parlance_catalog *cat = NULL;
    parlance_localizer *loc;
    const char *path, *epath = NULL;
    uint32_t line = 0, column = 0;
    static const char good[] = "\"hello\" = \"bonjour\";\n";
    static const char bad_strings[] = "\"a\" = \"b\";\n\"hello\" = \"salut\"\n\"c\" = \"d\";\n";
    static const char bad_json[] = "{\n  \"a\": \"b\",\n  \"c\": [1\n}";
    static const char bad_utf8[] = "\"a\" = \"\xff\";";
    static const char cycle[] = "{\"a\": \"{b}\", \"b\": \"{a}\"}";

    parlance_catalog_create(&cat);
    path = write_file("fr.lproj/Localizable.strings", good, sizeof good - 1);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, 0) == PARLANCE_OK);
    loc = make(cat, "fr");
    CHECK_STR(parlance_localizer_text(loc, "hello", NULL, NULL), "bonjour");

    path = write_file("fr.lproj/Localizable.strings", bad_strings, sizeof bad_strings - 1);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, 0) == PARLANCE_ESYNTAX);
    CHECK(parlance_last_error_details(&epath, &line, &column) == PARLANCE_ESYNTAX);
    CHECK(epath && strstr(epath, "Localizable.strings") != NULL);
    CHECK(line == 2 || line == 3);
    CHECK(column > 0);
    CHECK(strstr(parlance_last_error(), "Localizable.strings:") != NULL);
    CHECK_STR(parlance_localizer_text(loc, "hello", NULL, NULL), "bonjour"); /* previous state serves */

    path = write_file("fr.lproj/Menu.json", bad_json, sizeof bad_json - 1);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, 0) == PARLANCE_ESYNTAX);
    CHECK(parlance_last_error_details(NULL, &line, &column) == PARLANCE_ESYNTAX && line == 4);

    path = write_file("fr.lproj/Bad.strings", bad_utf8, sizeof bad_utf8 - 1);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, 0) == PARLANCE_EENCODING);

    path = write_file("fr.lproj/Cycle.json", cycle, sizeof cycle - 1);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, 0) == PARLANCE_EREFERENCE);

    CHECK(parlance_catalog_load_bytes(cat, "\"x\" = \"y\";", 10, "fr", "Extra", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "x", NULL, "Extra"), "y");
    CHECK(parlance_catalog_load_bytes(cat, "\"x\" = \"y\";", 10, "!!", "Extra", PARLANCE_FORMAT_STRINGS) == PARLANCE_ELOCALE);
    CHECK(parlance_catalog_load_bytes(cat, "<plist><dict><key>a</key></dict></plist>", 40, "fr", "P", PARLANCE_FORMAT_STRINGS) == PARLANCE_ESYNTAX);
    parlance_localizer_free(loc);
    parlance_catalog_free(cat);
}

struct race { parlance_localizer *loc; int stop; int bad; };

static void *reader(void *arg) {
    struct race *r = arg;
    int i;
    for (i = 0; i < 20000 && !__atomic_load_n(&r->stop, __ATOMIC_RELAXED); i++) {
        const char *t = parlance_localizer_text(r->loc, "greeting", NULL, NULL);
        if (!t || (strcmp(t, "Hello!") != 0 && strcmp(t, "Bonjour !") != 0 && strcmp(t, "مرحبًا!") != 0))
            __atomic_add_fetch(&r->bad, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void test_threads(parlance_catalog *cat) {
    struct race r = {make(cat, "fr"), 0, 0};
    pthread_t threads[3];
    const char *fr[1] = {"fr"}, *ar[1] = {"ar"}, *en[1] = {"en"};
    int i;
    for (i = 0; i < 3; i++) pthread_create(&threads[i], NULL, reader, &r);
    for (i = 0; i < 2000; i++) {
        parlance_localizer_set_locales(r.loc, i % 3 == 0 ? fr : i % 3 == 1 ? ar : en, 1);
        if (i % 500 == 0) parlance_catalog_load(cat, "/nonexistent", NULL, NULL, 0);
    }
    __atomic_store_n(&r.stop, 1, __ATOMIC_RELAXED);
    for (i = 0; i < 3; i++) pthread_join(threads[i], NULL);
    CHECK(r.bad == 0);
    parlance_localizer_free(r.loc);
}

/* The compiled example catalog answers the same lookups as its sources. */
static void test_compiled(const char *path) {
    parlance_catalog *cat = NULL;
    parlance_localizer *fr;
    const char *text;
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, "fr", NULL, PARLANCE_FORMAT_COMPILED) == PARLANCE_EINVAL);
    CHECK(parlance_catalog_load_bytes(cat, "PRLC", 4, "fr", NULL, PARLANCE_FORMAT_COMPILED) == PARLANCE_EINVAL);
    text = write_file("damaged.parlance", "PRLC\1\0\x80\0", 8);
    CHECK(text && parlance_catalog_load(cat, text, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_ESYNTAX);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_COMPILED) == PARLANCE_OK);  /* a reload */
    test_lookup(cat);
    test_plurals(cat);
    test_format(cat);
    fr = make(cat, "fr");
    text = parlance_localizer_text(fr, "greeting", NULL, NULL);
    CHECK_STR(text, "Bonjour !");
    CHECK(parlance_catalog_load_bytes(cat, "\"greeting\" = \"Salut\";", 22, "fr", NULL, PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(fr, "greeting", NULL, NULL), "Salut");
    CHECK_STR(parlance_localizer_text(fr, "Print", NULL, NULL), "Imprimer");  /* the compiled entries stay underneath */
    CHECK_STR(text, "Bonjour !");  /* earlier results stay valid */
    parlance_localizer_free(fr);
    parlance_catalog_free(cat);
}

/* A String Catalog: every language a table, from a file and from memory, with the state policy. */
static void test_xcstrings(void) {
    static const char catalog[] =
        "{\"sourceLanguage\" : \"en\", \"version\" : \"1.0\", \"strings\" : {\n"
        "  \"%lld files\" : {\"localizations\" : {\"ru\" : {\"variations\" : {\"plural\" : {\n"
        "    \"one\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\"}},\n"
        "    \"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xb0\"}}}}}}},\n"
        "  \"Delete\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"needs_review\", \"value\" : \"L\xc3\xb6schen\"}}}}}}";
    parlance_catalog *cat = NULL;
    parlance_localizer *de, *ru;
    parlance_arg one = PARLANCE_INT(1);
    char *text = NULL;
    const char *path = write_file("app/Localizable.xcstrings", catalog, sizeof catalog - 1);
    CHECK(path != NULL);
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    CHECK(parlance_catalog_locale_count(cat) == 3);   /* de, en (the source), ru */
    de = make(cat, "de-AT");
    ru = make(cat, "ru");
    CHECK_STR(parlance_localizer_text(de, "Delete", NULL, NULL), "L\xc3\xb6schen");
    CHECK(parlance_localizer_format(ru, &text, "%lld files", NULL, NULL, &one, 1) == PARLANCE_OK);
    CHECK_STR(text, "1 \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb");
    parlance_free(text);
    CHECK(parlance_catalog_set_xcstrings_states(cat, 64) == PARLANCE_EINVAL);
    CHECK(parlance_catalog_set_xcstrings_states(cat, PARLANCE_XCSTRINGS_TRANSLATED) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);  /* replaces the file's tables */
    CHECK_STR(parlance_localizer_text(de, "Delete", NULL, NULL), "Delete");   /* needs_review is no longer served */
    CHECK(parlance_catalog_load_bytes(cat, catalog, sizeof catalog - 1, "ru", "Other", PARLANCE_FORMAT_XCSTRINGS) == PARLANCE_OK);
    CHECK(parlance_catalog_table_count(cat) == 2);
    CHECK(parlance_catalog_load_bytes(cat, "{\"strings\" : {}}", 16, NULL, NULL, PARLANCE_FORMAT_XCSTRINGS) == PARLANCE_ESYNTAX);
    CHECK(strstr(parlance_last_error(), "sourceLanguage") != NULL);
    CHECK(parlance_catalog_load_bytes(cat, "{}", 2, NULL, NULL, PARLANCE_FORMAT_STRINGS) == PARLANCE_EINVAL);  /* other formats need a locale */
    parlance_localizer_free(de);
    parlance_localizer_free(ru);
    parlance_catalog_free(cat);
}

/* Device variations follow the localizer's device; none set gives "other"'s text. */
static void test_devices(void) {
    static const char catalog[] =
        "{\"sourceLanguage\" : \"en\", \"strings\" : {\n"
        "  \"Tap to open\" : {\"localizations\" : {\"en\" : {\"variations\" : {\"device\" : {\n"
        "    \"mac\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"Click to open\"}},\n"
        "    \"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"Tap to open\"}}}}}}},\n"
        "  \"%lld files\" : {\"localizations\" : {\"en\" : {\"variations\" : {\"device\" : {\n"
        "    \"applewatch\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld\"}},\n"
        "    \"other\" : {\"variations\" : {\"plural\" : {\n"
        "      \"one\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld file\"}},\n"
        "      \"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld files\"}}}}}}}}}}}}";
    parlance_catalog *cat = NULL;
    parlance_localizer *en;
    parlance_arg two = PARLANCE_INT(2);
    char *text = NULL;
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(cat, catalog, sizeof catalog - 1, NULL, NULL, PARLANCE_FORMAT_XCSTRINGS) == PARLANCE_OK);
    en = make(cat, "en");
    CHECK(parlance_localizer_device(en) == NULL);
    CHECK_STR(parlance_localizer_text(en, "Tap to open", NULL, NULL), "Tap to open");
    CHECK(parlance_localizer_set_device(en, "mac") == PARLANCE_OK);
    CHECK_STR(parlance_localizer_device(en), "mac");
    CHECK_STR(parlance_localizer_text(en, "Tap to open", NULL, NULL), "Click to open");
    CHECK(parlance_localizer_format(en, &text, "%lld files", NULL, NULL, &two, 1) == PARLANCE_OK);
    CHECK_STR(text, "2 files");
    parlance_free(text);
    {
        parlance_arg one = PARLANCE_INT(1);
        CHECK_STR(parlance_localizer_plural(en, "%lld files", &one, NULL, NULL), "%lld file");
    }
    CHECK(parlance_localizer_set_device(en, "applewatch") == PARLANCE_OK);
    CHECK(parlance_localizer_format(en, &text, "%lld files", NULL, NULL, &two, 1) == PARLANCE_OK);
    CHECK_STR(text, "2");
    parlance_free(text);
    CHECK_STR(parlance_localizer_text(en, "Tap to open", NULL, NULL), "Tap to open");
    CHECK(parlance_localizer_set_device(en, "toaster") == PARLANCE_EINVAL);
    CHECK(strstr(parlance_last_error(), "toaster") != NULL);
    CHECK_STR(parlance_localizer_device(en), "applewatch");   /* a refused name changes nothing */
    CHECK(parlance_localizer_set_device(en, NULL) == PARLANCE_OK);
    CHECK(parlance_localizer_device(en) == NULL);
    CHECK_STR(parlance_localizer_text(en, "Tap to open", NULL, NULL), "Tap to open");
    parlance_localizer_free(en);
    parlance_catalog_free(cat);
}

/* i18next: LNG/NS.json folders, formatted with named arguments. */
static void test_i18next(void) {
    static const char en[] = "{\"inbox\": {\"title_one\": \"{{count}} message for {{name}}\", "
                             "\"title_other\": \"{{count}} messages for {{name}}\"}, \"friend_male\": \"A boyfriend\"}";
    static const char ru[] = "{\"inbox\": {\"title_few\": \"{{count}} \xd1\x81\xd0\xbe\xd0\xbe\xd0\xb1\xd1\x89\xd0\xb5\xd0\xbd\xd0\xb8\xd1\x8f\"}}";
    parlance_catalog *cat = NULL;
    parlance_localizer *ru_loc;
    parlance_named_arg args[2];
    char *text = NULL;
    CHECK(write_file("i18n-app/locales/en/app.json", en, sizeof en - 1) != NULL);
    CHECK(write_file("i18n-app/locales/ru/app.json", ru, sizeof ru - 1) != NULL);
    /* A namespace in a folder: the table components/dialog. */
    CHECK(write_file("i18n-app/locales/ru/components/dialog.json", "{\"ok\": \"\xd0\x9e\xd0\x9a, {{name}}\"}", 24) != NULL);
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    {
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/i18n-app", tmpdir);
        CHECK(parlance_catalog_load(cat, dir, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    }
    ru_loc = make(cat, "ru");
    args[0].name = "count"; args[0].value = PARLANCE_INT(3);
    args[1].name = "name"; args[1].value = PARLANCE_STRING("<Ann>");
    CHECK(parlance_localizer_format_named(ru_loc, &text, "inbox.title", NULL, "app", args, 2) == PARLANCE_OK);
    CHECK_STR(text, "3 \xd1\x81\xd0\xbe\xd0\xbe\xd0\xb1\xd1\x89\xd0\xb5\xd0\xbd\xd0\xb8\xd1\x8f");
    parlance_free(text);
    args[0].value = PARLANCE_INT(1);   /* ru has no title_one: en's, not ru's few */
    CHECK(parlance_localizer_format_named(ru_loc, &text, "inbox.title", NULL, "app", args, 2) == PARLANCE_OK);
    CHECK_STR(text, "1 message for &lt;Ann&gt;");
    parlance_free(text);
    CHECK(parlance_localizer_format_named(ru_loc, &text, "friend", "male", "app", NULL, 0) == PARLANCE_OK);
    CHECK_STR(text, "A boyfriend");
    parlance_free(text);
    {
        /* A list: items each ended by a NUL, the list by an empty one (the literal's own NUL). */
        parlance_named_arg people = {"people", PARLANCE_LIST("Ann\0Bob\0Cy\0")};
        CHECK(parlance_localizer_format_named(ru_loc, &text, "{{people, list}} / {{people, list(type: disjunction)}}"
                                              " / {{people}}", NULL, "app", &people, 1) == PARLANCE_OK);
        CHECK_STR(text, "Ann, Bob \xd0\xb8 Cy / Ann, Bob \xd0\xb8\xd0\xbb\xd0\xb8 Cy / Ann,Bob,Cy");
        parlance_free(text);
        people.value = PARLANCE_LIST("");   /* the empty list */
        CHECK(parlance_localizer_format_named(ru_loc, &text, "[{{people, list}}]", NULL, "app", &people, 1) == PARLANCE_OK);
        CHECK_STR(text, "[]");
        parlance_free(text);
        people.value.value.s = NULL;
        CHECK(parlance_localizer_format_named(ru_loc, &text, "{{people, list}}", NULL, "app", &people, 1) == PARLANCE_EINVAL);
    }
    CHECK(parlance_localizer_format_named(ru_loc, &text, "ok", NULL, "components/dialog", args + 1, 1) == PARLANCE_OK);
    CHECK_STR(text, "\xd0\x9e\xd0\x9a, &lt;Ann&gt;");
    parlance_free(text);
    args[0].name = NULL;
    CHECK(parlance_localizer_format_named(ru_loc, &text, "friend", NULL, "app", args, 1) == PARLANCE_EINVAL);
    parlance_localizer_free(ru_loc);
    parlance_catalog_free(cat);
}

/* Messages: ICU MessageFormat and MessageFormat 2 tables, typed values
 * (decimal, date), locale numbers and bidi isolation per call. */
static void test_messages(void) {
    static const char icu[] = "\"files\" = \"{count, plural, =0 {No files} one {# file} other {# files}} by {who}\";\n"
                              "\"when\" = \"{d, date, ::yMMMd}: {0}\";\n";
    static const char mf2[] = "\"files\" = \".input {$count :integer}\\n.match $count\\none {{One file}}\\n* {{{$count} files}}\";\n";
    parlance_catalog *cat = NULL;
    parlance_localizer *en;
    parlance_named_arg args[2];
    parlance_arg positional[2];
    parlance_format_options options = PARLANCE_FORMAT_OPTIONS_INIT;
    char *text = NULL;
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(cat, icu, sizeof icu - 1, "en", "Icu", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(cat, mf2, sizeof mf2 - 1, "en", "Mf2", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK(parlance_catalog_message_syntax(cat, "Icu") == PARLANCE_SYNTAX_PRINTF);
    CHECK(parlance_catalog_set_message_syntax(cat, "Icu", PARLANCE_SYNTAX_ICU) == PARLANCE_OK);
    CHECK(parlance_catalog_set_message_syntax(cat, "Mf2", PARLANCE_SYNTAX_MF2) == PARLANCE_OK);
    CHECK(parlance_catalog_set_message_syntax(cat, "Mf2", 99) == PARLANCE_EINVAL);
    CHECK(parlance_catalog_message_syntax(cat, "Icu") == PARLANCE_SYNTAX_ICU);
    en = make(cat, "en");
    args[0].name = "count"; args[0].value = PARLANCE_DECIMAL("1234567.5");
    args[1].name = "who"; args[1].value = PARLANCE_STRING("Ann");
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Icu", args, 2) == PARLANCE_OK);
    CHECK_STR(text, "1,234,567.5 files by Ann");
    parlance_free(text);
    args[0].value = PARLANCE_INT(0);
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Icu", args, 2) == PARLANCE_OK);
    CHECK_STR(text, "No files by Ann");
    parlance_free(text);
    /* Positional values are {0}, {1}...; a date at noon UTC is the same day in every zone tests run in. */
    args[0].name = "d"; args[0].value = PARLANCE_DATE(1796212800000.0);   /* 2026-12-02T12:00Z */
    args[1].name = "0"; args[1].value = PARLANCE_STRING("ok");
    CHECK(parlance_localizer_format_named(en, &text, "when", NULL, "Icu", args, 2) == PARLANCE_OK);
    CHECK_STR(text, "Dec 2, 2026: ok");
    parlance_free(text);
    args[0].name = "count"; args[0].value = PARLANCE_INT(1);
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Mf2", args, 1) == PARLANCE_OK);
    CHECK_STR(text, "One file");
    parlance_free(text);
    args[0].value = PARLANCE_INT(4200);
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Mf2", args, 1) == PARLANCE_OK);
    CHECK_STR(text, "4,200 files");
    parlance_free(text);
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Mf2", NULL, 0) == PARLANCE_EFORMAT);
    CHECK(strstr(parlance_last_error(), "unresolved-variable") != NULL);
    args[0].value = PARLANCE_DECIMAL("12abc");
    CHECK(parlance_localizer_format_named(en, &text, "files", NULL, "Mf2", args, 1) == PARLANCE_EINVAL);
    /* printf numbers the locale's way and isolation, per call and as the localizer's default. */
    positional[0] = PARLANCE_INT(1234567);
    positional[1] = PARLANCE_STRING("abc");
    options.numbers = PARLANCE_NUMBERS_LOCALE;
    options.isolation = PARLANCE_ISOLATION_FIRST_STRONG;
    CHECK(parlance_localizer_format_with(en, &text, "%d %@", NULL, NULL, positional, 2, &options) == PARLANCE_OK);
    CHECK_STR(text, "\xe2\x81\xa8" "1,234,567" "\xe2\x81\xa9 \xe2\x81\xa8" "abc" "\xe2\x81\xa9");
    parlance_free(text);
    CHECK(parlance_localizer_format_with(en, &text, "%d %@", NULL, NULL, positional, 2, NULL) == PARLANCE_OK);
    CHECK_STR(text, "1234567 abc");
    parlance_free(text);
    options.isolation = PARLANCE_ISOLATION_DEFAULT;
    CHECK(parlance_localizer_set_format_options(en, &options) == PARLANCE_OK);
    CHECK(parlance_localizer_format(en, &text, "%d %@", NULL, NULL, positional, 2) == PARLANCE_OK);
    CHECK_STR(text, "1,234,567 abc");
    parlance_free(text);
    options.numbers = 0;
    CHECK(parlance_localizer_format_options(en, &options) == PARLANCE_OK);
    CHECK(options.numbers == PARLANCE_NUMBERS_LOCALE && options.isolation == PARLANCE_ISOLATION_NONE);
    options.numbers = 7;
    CHECK(parlance_localizer_set_format_options(en, &options) == PARLANCE_EINVAL);
    parlance_localizer_free(en);
    parlance_catalog_free(cat);
}

/* Enumeration: a table's entries, sorted, with contexts and plural forms. */
static void test_entries(parlance_catalog *cat) {
    parlance_entries *entries = NULL;
    parlance_entry entry = PARLANCE_ENTRY_INIT;
    size_t i, count;
    int saw_context = 0, saw_variables = 0, saw_comment = 0;
    const char *previous = "";
    CHECK(parlance_catalog_entries(&entries, cat, "fr", "Localizable") == PARLANCE_OK);
    count = parlance_entries_count(entries);
    CHECK(count > 5);
    for (i = 0; i < count; i++) {
        CHECK(parlance_entries_get(entries, i, &entry) == PARLANCE_OK);
        CHECK(strcmp(previous, entry.key) <= 0);
        previous = entry.key;
        if (entry.context && strcmp(entry.key, "Name") == 0) {
            CHECK_STR(entry.context, "Name label in login screen");
            CHECK_STR(entry.text, "Nom");
            CHECK(entry.kind == PARLANCE_ENTRY_TEXT && entry.forms == NULL);
            saw_context = 1;
        }
        if (strcmp(entry.key, "greeting") == 0) {
            CHECK_STR(entry.comment, "French: the registration context is left untranslated on purpose, to show fallback.");
            saw_comment = 1;
        }
        if (strcmp(entry.key, "Print") == 0) CHECK(entry.comment == NULL);
        if (strcmp(entry.key, "files.count") == 0) {
            CHECK(entry.kind == PARLANCE_ENTRY_VARIABLES && entry.form_count == 6);
            CHECK_STR(entry.forms[5], "%d fichiers");
            CHECK(entry.forms[2] == NULL);
            saw_variables = 1;
        }
    }
    CHECK(saw_context && saw_variables && saw_comment);
    {
        /* A program built against version 1 of the struct (no comment) gets its fields, and nothing past them. */
        struct {
            uint32_t version;
            int kind;
            const char *key, *context, *text;
            const char *const *forms;
            size_t form_count;
            const char *after;
        } v1 = {1, 0, NULL, NULL, NULL, NULL, 0, "untouched"};
        CHECK(parlance_entries_get(entries, 0, (parlance_entry *)(void *)&v1) == PARLANCE_OK);
        CHECK(v1.version == 1 && v1.key != NULL && strcmp(v1.after, "untouched") == 0);
    }
    CHECK(parlance_entries_get(entries, count, &entry) == PARLANCE_EINVAL);
    entry.version = 99;
    CHECK(parlance_entries_get(entries, 0, &entry) == PARLANCE_EINVAL);
    parlance_entries_free(entries);
    parlance_entries_free(NULL);
    CHECK(parlance_catalog_entries(&entries, cat, "fr", "NoSuchTable") == PARLANCE_ENOTFOUND);
    CHECK(parlance_catalog_entries(NULL, cat, "fr", "Localizable") == PARLANCE_EINVAL);
    CHECK(parlance_entries_count(NULL) == 0);
}

/* An application function, :app:twice — doubles a number, selects "even"/"odd",
 * keeps the original in a field that a second call reads back. */
static void twice(void *user_data, parlance_function_call *call) {
    const char *text = NULL;
    int kind = parlance_function_operand(call, &text, NULL);
    long n;
    char doubled[32];
    (void)user_data;
    if (kind == PARLANCE_VALUE_FUNCTION) {
        const char *original = parlance_function_operand_field(call, "original");
        CHECK(original != NULL && strcmp(parlance_function_operand_function(call), "app:twice") == 0);
    } else if (kind != PARLANCE_VALUE_NUMBER) {
        parlance_function_error(call, "bad-operand", ":app:twice needs a number");
        return;
    }
    n = strtol(text, NULL, 10) * 2;
    snprintf(doubled, sizeof doubled, "%ld", n);
    parlance_function_set_value(call, doubled);
    parlance_function_set_field(call, "original", text);
    parlance_function_set_text(call, doubled);
    {
        const char *keys[] = {n % 4 == 0 ? "four" : "even"};
        parlance_function_set_keys(call, keys, 1);
    }
}

static void test_message_functions_and_errors(void) {
    parlance_catalog *cat = NULL;
    char *out = NULL;
    parlance_message_error *errors = NULL;
    size_t count = 0;
    parlance_named_arg args[2] = {{"n", {PARLANCE_ARG_INT, {.i = 3}}}, {"on", {PARLANCE_ARG_BOOL, {.i = 1}}}};
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_set_function(cat, "app:twice", twice, NULL) == PARLANCE_OK);
    CHECK(parlance_catalog_format_message(cat, &out, &errors, &count, "{$n :app:twice} {$on}", "en", args, 2, NULL)
          == PARLANCE_OK);
    CHECK_STR(out, "6 true");
    CHECK(errors == NULL && count == 0);
    parlance_free(out);
    CHECK(parlance_catalog_format_message(cat, &out, &errors, &count,
                                          ".local $d = {$n :app:twice} .local $q = {$d :app:twice} .match $q "
                                          "four {{{$q} is four times}} * {{other}}", "en", args, 1, NULL) == PARLANCE_OK);
    CHECK_STR(out, "12 is four times");
    parlance_free(out);
    /* Errors come with the text: every one, in order. */
    CHECK(parlance_catalog_format_message(cat, &out, &errors, &count, "{$missing} {|x| :app:twice} {$n :nope}", "en",
                                          args, 1, NULL) == PARLANCE_EFORMAT);
    CHECK_STR(out, "{$missing} {|x|} {$n}");
    CHECK(count == 3 && errors != NULL);
    if (count == 3) {
        CHECK_STR(errors[0].kind, "unresolved-variable");
        CHECK_STR(errors[1].kind, "bad-operand");
        CHECK_STR(errors[2].kind, "unknown-function");
        CHECK(strstr(errors[1].message, "needs a number") != NULL);
    }
    parlance_free(out);
    parlance_free(errors);
    CHECK(parlance_catalog_format_message(cat, &out, NULL, NULL, "{{oops", "en", NULL, 0, NULL) == PARLANCE_EFORMAT);
    CHECK_STR(out, "{\xef\xbf\xbd}");
    parlance_free(out);
    CHECK(parlance_catalog_set_function(cat, "app:twice", NULL, NULL) == PARLANCE_OK);
    CHECK(parlance_catalog_format_message(cat, &out, NULL, NULL, "{$n :app:twice}", "en", args, 1, NULL)
          == PARLANCE_EFORMAT);
    CHECK_STR(out, "{$n}");
    parlance_free(out);
    CHECK(parlance_catalog_format_message(cat, NULL, NULL, NULL, "x", "en", NULL, 0, NULL) == PARLANCE_EINVAL);
    parlance_catalog_free(cat);
}

/* Accept-Language into a chain; a name that names no language costs that
 * name; an empty list is the development locale only; NULL reads the environment. */
static void test_accept_language(parlance_catalog *cat) {
    const char *header = "fr-CH, fr;q=0.9, en US, *;q=0.5, de;q=0.95, ja;q=0";
    char buffer[64];
    const char *tags[8];
    size_t n = 99, rejected = 99;
    CHECK(parlance_accept_language(header, buffer, sizeof buffer, tags, 8, &n, &rejected) == PARLANCE_OK);
    CHECK(n == 3 && rejected == 1);
    if (n == 3 && rejected == 1) {
        CHECK_STR(tags[0], "fr-CH");
        CHECK_STR(tags[1], "de");
        CHECK_STR(tags[2], "fr");
        CHECK_STR(tags[3], "en US");
    }
    /* capacity smaller than the list: the count still says how many */
    CHECK(parlance_accept_language(header, buffer, sizeof buffer, tags, 1, &n, NULL) == PARLANCE_OK);
    CHECK(n == 3);
    CHECK_STR(tags[0], "fr-CH");
    CHECK(parlance_accept_language(header, buffer, 10, tags, 8, &n, NULL) == PARLANCE_EINVAL);
    CHECK(parlance_accept_language(NULL, buffer, sizeof buffer, tags, 8, &n, NULL) == PARLANCE_EINVAL);
    CHECK(parlance_accept_language("", buffer, sizeof buffer, tags, 8, &n, NULL) == PARLANCE_OK && n == 0);

    parlance_localizer *loc = NULL;
    const char *mixed[3] = {"*", "fr", ""};
    CHECK(parlance_localizer_create(&loc, cat, mixed, 3, "en") == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "greeting", NULL, NULL), "Bonjour !");
    /* The locale that served, from the same lookup. */
    const char *served = "unset";
    CHECK_STR(parlance_localizer_text_served(loc, "greeting", NULL, NULL, &served), "Bonjour !");
    CHECK_STR(served, "fr");
    CHECK_STR(parlance_localizer_text_served(loc, "no such key", NULL, NULL, &served), "no such key");
    CHECK(served == NULL);
    CHECK_STR(parlance_localizer_text_served(loc, "greeting", NULL, NULL, NULL), "Bonjour !");
    served = "unset";
    CHECK(parlance_localizer_text_served(NULL, "greeting", NULL, NULL, &served) == NULL && served == NULL);
    parlance_localizer_free(loc);

    const char *old_all = getenv("LC_ALL");
    char *saved_all = old_all ? strdup(old_all) : NULL;
    setenv("LC_ALL", "fr_FR.UTF-8", 1);
    /* A default table: calls naming none look in it; a named table still wins. */
    const char *fr_only[1] = {"fr"};
    parlance_catalog *tables = NULL;
    CHECK(parlance_catalog_create(&tables) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(tables, "\"greeting\" = \"Salut\";", 21, "fr", "Casual", PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK(parlance_catalog_load_bytes(tables, "\"greeting\" = \"Bonjour\";", 23, "fr", NULL, PARLANCE_FORMAT_STRINGS) == PARLANCE_OK);
    CHECK(parlance_localizer_create_for_table(&loc, tables, fr_only, 1, "en", "Casual") == PARLANCE_OK);
    CHECK_STR(parlance_localizer_text(loc, "greeting", NULL, NULL), "Salut");
    CHECK_STR(parlance_localizer_text(loc, "greeting", NULL, "Localizable"), "Bonjour");
    parlance_localizer_free(loc);
    loc = (parlance_localizer *)0x1;
    CHECK(parlance_localizer_create_for_table(&loc, tables, fr_only, 1, "en", "") == PARLANCE_EINVAL);
    CHECK(loc == (parlance_localizer *)0x1);
    parlance_catalog_free(tables);

    setenv("LANGUAGE", "fr", 1);
    const char *none[1] = {NULL};
    size_t count = 0;
    CHECK(parlance_localizer_create(&loc, cat, none, 0, "en") == PARLANCE_OK);
    const char *const *chain = parlance_localizer_locales(loc, &count);
    CHECK(count == 1 && chain && strcmp(chain[0], "en") == 0);
    parlance_localizer_free(loc);
    CHECK(parlance_localizer_create(&loc, cat, NULL, 0, "en") == PARLANCE_OK);
    CHECK(parlance_localizer_text(loc, "greeting", NULL, NULL) && chain_has(loc, "fr"));
    parlance_localizer_free(loc);
    unsetenv("LANGUAGE");
    if (saved_all) setenv("LC_ALL", saved_all, 1); else unsetenv("LC_ALL");
    free(saved_all);
}

int main(int argc, char **argv) {
    parlance_catalog *cat = NULL;
    if (argc < 2) {
        fprintf(stderr, "usage: %s EXAMPLES_CATALOG_DIR\n", argv[0]);
        return 2;
    }
    if (!mkdtemp(tmpdir)) return 2;
    test_version();
    test_lifecycle_and_nulls();
    CHECK(parlance_catalog_create(&cat) == PARLANCE_OK);
    CHECK(parlance_catalog_load(cat, argv[1], NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    test_lookup(cat);
    test_chains(cat);
    test_accept_language(cat);
    test_plurals(cat);
    test_plural_category();
    test_format(cat);
    test_explain_and_misses(cat);
    test_resources(cat);
    test_bad_input();
    test_xcstrings();
    test_devices();
    test_i18next();
    test_messages();
    test_message_functions_and_errors();
    test_entries(cat);
    test_headers();
    test_threads(cat);
    parlance_catalog_free(cat);
    if (argc >= 3) test_compiled(argv[2]);
    {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
        if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
