// The headers from C++ (-std=c++11 -pedantic): a C++ application links
// libparlance.so with nothing Swift-specific. Usage: test_cxx EXAMPLES_CATALOG_DIR
#define PARLANCE_LIBINTL_MACROS
#include <parlance_libintl.h>

#include <cstdio>
#include <cstring>

static int passed, failed;
#define CHECK(cond) ((cond) ? (void)passed++ : (void)(failed++, std::fprintf(stderr, "test_cxx.cpp:%d: FAILED: %s\n", __LINE__, #cond)))

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    parlance_catalog *catalog = nullptr;
    parlance_localizer *localizer = nullptr;
    const char *locales[] = {"ru"};
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, argv[1], nullptr, nullptr, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    CHECK(parlance_localizer_create(&localizer, catalog, locales, 1, "en") == PARLANCE_OK);
    CHECK(std::strcmp(parlance_localizer_text(localizer, "greeting", nullptr, nullptr), "Привет!") == 0);
    parlance_arg args[] = {PARLANCE_INT(5), PARLANCE_DOUBLE(1.5), PARLANCE_STRING("x")};
    char *text = nullptr;
    CHECK(parlance_localizer_format(localizer, &text, "files.count", nullptr, nullptr, args, 1) == PARLANCE_OK);
    CHECK(text != nullptr && std::strcmp(text, "5 файлов") == 0);
    parlance_free(text);
    parlance_explanation why = PARLANCE_EXPLANATION_INIT;
    CHECK(parlance_localizer_explain(localizer, &why, "files.count", &args[0], nullptr, nullptr) == PARLANCE_OK);
    CHECK(why.category != nullptr && std::strcmp(why.category, "many") == 0);
    CHECK(std::strcmp(gettext("untranslated"), "untranslated") == 0);
    parlance_localizer_free(localizer);
    parlance_catalog_free(catalog);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
