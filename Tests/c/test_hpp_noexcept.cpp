// parlance.hpp compiled with -fno-exceptions: only the try_ forms exist, and
// every failure comes back as a parlance::result holding a parlance::error.
// Usage: test_hpp_noexcept EXAMPLES_CATALOG_DIR SCRATCH_DIR
#include <parlance.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>

static int passed, failed;
#define CHECK(cond) ((cond) ? (void)passed++ : (void)(failed++, std::fprintf(stderr, "test_hpp_noexcept.cpp:%d: FAILED: %s\n", __LINE__, #cond)))

static_assert(PARLANCE_HPP_EXCEPTIONS == 0, "compile with -fno-exceptions");
// No constructor that could fail: handles come from try_create().
static_assert(!std::is_default_constructible_v<parlance::catalog>);
static_assert(!std::is_constructible_v<parlance::localizer, parlance::catalog &, parlance::locale_list>);

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    parlance::result<parlance::catalog> made = parlance::catalog::try_create();
    CHECK(made.has_value());
    parlance::catalog cat = std::move(made).value();
    CHECK(cat.try_load(argv[1]).has_value());

    auto fr = parlance::localizer::try_create(cat, {"fr-CA"}, "en");
    CHECK(fr.has_value());
    CHECK(fr->text("greeting") == "Bonjour !");
    CHECK(fr->text("Name", "Name label in login screen") == "Nom");
    CHECK(fr->text("login.subtitle", nullptr, "Menu") == "Se connecter à Parlance Notes");
    auto files = fr->try_format("files.count", {3});
    CHECK(files && *files == "3 fichiers");
    auto plural = fr->try_plural("files.count", 0);
    CHECK(plural && *plural == "%d fichier");
    auto copy = fr->try_copy("greeting");
    CHECK(copy && copy->value_or("") == "Bonjour !");
    auto why = fr->try_explain_plural("files.count", 3);
    CHECK(why && why->locale == std::optional<std::string_view>("fr") && why->category == std::optional<std::string_view>("other"));
    auto category = parlance::try_plural_category("ru", 21);
    CHECK(category && *category == "one");

    // Errors as values.
    auto mismatch = fr->try_format("%d apples and %s", {"Ada", 3});
    CHECK(!mismatch && mismatch.error().status() == parlance::status::format_mismatch);
    auto resource = fr->try_resource_path("nothing", "png");
    CHECK(!resource && resource.error().status() == parlance::status::not_found);
    auto bad_locale = parlance::localizer::try_create(cat, {"fr"}, "!!");
    CHECK(!bad_locale && bad_locale.error().code() == PARLANCE_ELOCALE);
    CHECK(fr->try_set_locales({"!!", "fr"}) && fr->text("greeting") == "Bonjour !");

    auto missing = cat.try_load(std::string(argv[2]) + "/nonexistent.strings");
    CHECK(!missing && missing.error().status() == parlance::status::not_found);

    std::string dir = std::string(argv[2]) + "/ru.lproj";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/Localizable.strings") << "\"a\" = \"b\";\n\"hello\" = \"salut\"\n\"c\" = \"d\";\n";
    auto broken = cat.try_load(dir + "/Localizable.strings");
    CHECK(!broken);
    if (!broken) {
        const parlance::error &e = broken.error();
        CHECK(e.status() == parlance::status::syntax);
        CHECK(e.path().find("ru.lproj/Localizable.strings") != std::string::npos);
        CHECK((e.line() == 2 || e.line() == 3) && e.column() > 0);
        CHECK(std::string(e.what()).find("Localizable.strings:") != std::string::npos);
    }

    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
