// parlance.hpp with exceptions (-std=c++17 -pedantic): handles, views and
// their lifetimes, copies, plurals, formatting, explanations, misses,
// parlance::error's status, path, line and column, and application functions.
// Usage: test_hpp EXAMPLES_CATALOG_DIR SCRATCH_DIR
#include <parlance.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

static int passed, failed;
#define CHECK(cond) ((cond) ? (void)passed++ : (void)(failed++, std::fprintf(stderr, "test_hpp.cpp:%d: FAILED: %s\n", __LINE__, #cond)))

static_assert(!std::is_copy_constructible_v<parlance::catalog> && std::is_nothrow_move_constructible_v<parlance::catalog>);
static_assert(!std::is_copy_constructible_v<parlance::localizer> && std::is_nothrow_move_constructible_v<parlance::localizer>);
static_assert(PARLANCE_HPP_EXCEPTIONS == 1);

static std::string write_file(const std::string &dir, const std::string &name, const std::string &text) {
    std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// Runs f, which must throw parlance::error; returns it.
template <class F>
static parlance::error thrown(F &&f) {
    try {
        f();
    } catch (const parlance::error &e) {
        return e;
    }
    failed++;
    std::fprintf(stderr, "test_hpp.cpp: FAILED: no parlance::error thrown\n");
    return parlance::error(parlance::status::ok, "");
}

// Accept-Language, an empty list (the development locale only) and the
// environment asked for explicitly.
static void test_accept_language(parlance::catalog &cat) {
    std::vector<std::string> rejected;
    parlance::locale_list asked = parlance::accept_language("fr-CH, ja;q=0, en US, *;q=0.5, de;q=0.9", &rejected);
    auto fr = parlance::localizer::try_create(cat, asked);
    CHECK(fr.has_value() && fr.value().text("greeting") == "Bonjour !");
    CHECK(asked.size() == 2 && std::string(asked.data()[0]) == "fr-CH" && std::string(asked.data()[1]) == "de");
    CHECK((rejected == std::vector<std::string>{"en US"}));
    auto none = parlance::localizer::try_create(cat, parlance::accept_language(""));
    CHECK(none.has_value() && (none.value().locales() == std::vector<std::string>{"en"}));
    auto empty = parlance::localizer::try_create(cat, parlance::locale_list());
    CHECK(empty.has_value() && (empty.value().locales() == std::vector<std::string>{"en"}));
    auto environment = parlance::localizer::try_create(cat, parlance::locale_list::environment());
    CHECK(environment.has_value());
}

static void test_lookups(parlance::catalog &cat) {
    test_accept_language(cat);
    parlance::localizer fr(cat, {"fr-CA"}, "en");
    parlance::localizer ru(cat, std::vector<std::string>{"ru"});
    CHECK(fr.text("greeting") == "Bonjour !");
    CHECK(fr.text("Name", "Name label in login screen") == "Nom");
    CHECK(fr.text("Name", "Name label in registration screen") == "Full name");
    CHECK(fr.text("login.subtitle", nullptr, "Menu") == "Se connecter à Parlance Notes");
    CHECK(fr.text(std::string("greeting")) == "Bonjour !");
    CHECK((fr.locales() == std::vector<std::string>{"fr-CA", "fr", "en"}));

    // string_view in: not NUL-terminated, copied for the call.
    std::string_view buffer = "greetingXYZ";
    CHECK(fr.text(buffer.substr(0, 8)) == "Bonjour !");
    CHECK(fr.text(std::string_view("Name label in login screen!").substr(0, 4), std::string_view("Name label in login screenXX").substr(0, 26)) == "Nom");
    // A miss returns the key: a view of the caller's text, not of the temporary copy.
    std::string_view missing = std::string_view("no such key, not terminated here...").substr(0, 11);
    std::string_view echoed = fr.text(missing);
    CHECK(echoed == "no such key" && echoed.data() == missing.data());
    std::string long_key(300, 'k');
    std::string_view long_echo = fr.text(std::string_view(long_key));
    CHECK(long_echo.data() == long_key.data() && long_echo.size() == 300);
    CHECK(!fr.lookup(missing).has_value());
    CHECK(fr.lookup("greeting").value_or("") == "Bonjour !");
    // Default-constructed views mean "none" (no context, the default table).
    CHECK(fr.text("greeting", std::string_view(), std::string_view()) == "Bonjour !");

    // Copies: safe whatever other threads load.
    CHECK(fr.copy("greeting") == std::optional<std::string>("Bonjour !"));
    CHECK(!fr.copy("nothing here").has_value());

    // Caret marking: a view into the argument when untranslated.
    CHECK(fr.localize_marked("^Print") == std::optional<std::string_view>("Imprimer"));
    std::string_view marked = std::string_view("^Unknown thing!!").substr(0, 14);
    auto unmarked = fr.localize_marked(marked);
    CHECK(unmarked && *unmarked == "Unknown thing" && unmarked->data() == marked.data() + 1);
    CHECK(!fr.localize_marked("Print").has_value());

    // Plurals and formatting.
    const char *k = "You have %d followers.", *ctx = "Number of followers label";
    CHECK(ru.plural(k, 1, ctx) == "У вас %d подписчик.");
    CHECK(ru.plural(k, 2, ctx) == "У вас %d подписчика.");
    CHECK(ru.plural(k, 5, ctx) == "У вас %d подписчиков.");
    CHECK(ru.plural(k, parlance::decimal("1.5"), ctx) == "У вас %d подписчика.");
    CHECK(ru.plural_copy(k, 21, ctx) == std::optional<std::string>("У вас %d подписчик."));
    CHECK(fr.plural("files.count", 0) == "%d fichier");
    CHECK(ru.format("files.count", {5}) == "5 файлов");
    CHECK(ru.format("files.count", {21}) == "21 файл");
    CHECK(fr.format("files.count", {3}) == "3 fichiers");
    // The source plural (msgid_plural): a key no table has, chosen by the development language's rule.
    std::string one = "%d new message", many = "%d new messages";
    CHECK(fr.plural_source(one, many, 1) == one && fr.plural_source(one, many, 1).data() == one.data());
    CHECK(fr.plural_source(std::string_view(many).substr(0, 14), std::string_view(many), 0) == many);
    CHECK(fr.plural_source("files.count", "unused", 0) == "%d fichier");
    CHECK(fr.format_plural(one, many, {5}) == "5 new messages");
    CHECK(fr.format_plural(one, many, {1}) == "1 new message");
    CHECK(fr.format("welcome.user", {"Ada"}) == "Bienvenue, Ada !");
    std::string ada = "Ada";
    CHECK(fr.format("welcome.user", {std::string_view(ada)}) == "Bienvenue, Ada !");
    CHECK(fr.format("You have %d followers.", std::vector<parlance::arg>{2}, ctx) == "Vous avez 2 abonnés.");
    CHECK(parlance::plural_category("en", 1) == "one");
    CHECK(parlance::plural_category("en", parlance::decimal("1.0")) == "other");
    CHECK(parlance::plural_category("en", 2, true) == "two");

    // A placeholder that does not match its argument.
    parlance::error e = thrown([&] { (void)fr.format("%d apples and %s", {"Ada", 3}); });
    CHECK(e.status() == parlance::status::format_mismatch && e.code() == PARLANCE_EFORMAT);
    CHECK(!fr.try_format("%d apples and %s", {"Ada", 3}).has_value());

    // Explanations.
    parlance::explanation why = fr.explain("Name", "Name label in registration screen");
    CHECK(why.found && why.fallback && why.locale == std::optional<std::string_view>("en"));
    CHECK(why.table == "Localizable" && why.stored_key == std::optional<std::string_view>("(Name label in registration screen)Name"));
    CHECK(!why.category.has_value());
    why = fr.explain_plural(k, 5, ctx);
    CHECK(why.locale == std::optional<std::string_view>("fr") && why.category == std::optional<std::string_view>("other"));
    why = fr.explain(std::string_view("nope, not terminated").substr(0, 4));
    CHECK(!why.found && !why.locale && why.text == "nope");

    // Misses, through a callback that survives a move of the localizer.
    std::vector<std::string> seen;
    fr.on_miss([&](const parlance::miss &m) {
        std::string s(m.key);
        for (size_t i = 0; i < m.locale_count; i++) s += " " + std::string(m.locale(i));
        seen.push_back(s);
    });
    parlance::localizer moved = std::move(fr);
    CHECK(!fr && moved);
    moved.text("missing everywhere");
    CHECK(seen.size() == 1 && seen[0] == "missing everywhere fr-CA fr en");
    moved.text("greeting");
    CHECK(seen.size() == 1);
    moved.on_miss(nullptr);
    moved.text("missing everywhere");
    CHECK(seen.size() == 1);

    // Change callbacks: told after a switch, survive a move, removed by id.
    std::vector<std::string> changes;
    size_t id = moved.on_change([&](parlance_change change) {
        changes.push_back(change == PARLANCE_CHANGE_LOCALES ? "locales" : "catalog");
    });
    moved.set_locales({"ja"});
    parlance::localizer again = std::move(moved);
    again.set_locales({"fr-CA"});
    CHECK(changes.size() == 2 && changes[0] == "locales");
    CHECK(again.remove_on_change(id) && !again.remove_on_change(id));
    again.set_locales({"ja"});
    CHECK(changes.size() == 2);
    again.set_locales({"fr-CA"});
    moved = std::move(again);

    // Resources.
    CHECK(moved.resource_path("help", "html").find("fr.lproj/help.html") != std::string::npos);
    CHECK(moved.localize_document("{\"title\": \"^Print\", \"x\": \"^Print\"}") == "{\"title\": \"Imprimer\", \"x\": \"Imprimer\"}");
    e = thrown([&] { (void)moved.localize_document("<interface>\n<a>", "w.ui"); });
    CHECK(e.status() == parlance::status::syntax && e.line() == 2);
    e = thrown([&] { (void)moved.resource_path("nothing", "png"); });
    CHECK(e.status() == parlance::status::not_found);

    // Switching locales; a bad locale keeps the chain and reports the error.
    moved.set_locales({"ja_JP.UTF-8"});
    CHECK(moved.locales().at(0) == "ja-JP");
    CHECK(moved.text("greeting") == "こんにちは！");

    // Move assignment frees the handle it replaces.
    parlance::localizer other(cat, {"ru"});
    other = std::move(moved);
    CHECK(other.text("greeting") == "こんにちは！");
    {
        parlance::read_section section;
        CHECK(other.text("greeting") == "こんにちは！");
    }
}

static void test_errors(const std::string &scratch) {
    parlance::catalog cat;
    // A missing file.
    parlance::error e = thrown([&] { cat.load(scratch + "/nonexistent/Localizable.strings"); });
    CHECK(e.status() == parlance::status::not_found);
    CHECK(e.path().find("nonexistent") != std::string::npos || std::string(e.what()).find("nonexistent") != std::string::npos);
    CHECK(!e.message().empty());

    // A malformed .strings: status, path, line and column.
    std::string dir = scratch + "/fr.lproj";
    std::filesystem::create_directories(dir);
    std::string good = write_file(dir, "Localizable.strings", "\"hello\" = \"bonjour\";\n");
    cat.load(good);
    parlance::localizer loc(cat, {"fr"});
    CHECK(loc.text("hello") == "bonjour");
    write_file(dir, "Localizable.strings", "\"a\" = \"b\";\n\"hello\" = \"salut\"\n\"c\" = \"d\";\n");
    e = thrown([&] { cat.load(good); });
    CHECK(e.status() == parlance::status::syntax && e.code() == PARLANCE_ESYNTAX);
    CHECK(e.path().find("fr.lproj/Localizable.strings") != std::string::npos);
    CHECK(e.line() == 2 || e.line() == 3);
    CHECK(e.column() > 0);
    CHECK(std::string(e.what()).find("Localizable.strings:") != std::string::npos);
    CHECK(loc.text("hello") == "bonjour"); // the previous state serves

    // A malformed JSON: the line of the error.
    std::string json = write_file(dir, "Menu.json", "{\n  \"a\": \"b\",\n  \"c\": [1\n}");
    auto r = cat.try_load(json);
    CHECK(!r && r.error().status() == parlance::status::syntax && r.error().line() == 4);
    CHECK(r.error().path().find("Menu.json") != std::string::npos);
    e = thrown([&] { r.value(); });
    CHECK(e.line() == 4);

    // Bytes, and a bad format.
    cat.load_bytes("\"x\" = \"y\";", "fr", "Extra", parlance::table_format::strings);
    CHECK(loc.text("x", nullptr, "Extra") == "y");
    e = thrown([&] { cat.load_bytes("{", "fr", "Broken", parlance::table_format::json); });
    CHECK(e.status() == parlance::status::syntax);

    // A locale name that names no language costs that name; a development
    // locale that cannot be parsed fails the localizer.
    e = thrown([&] { parlance::localizer bad(cat, {"fr"}, "!!"); });
    CHECK(e.status() == parlance::status::bad_locale);
    CHECK(!parlance::localizer::try_create(cat, {"fr"}, "!!").has_value());
    loc.set_locales({"!!", "*", "fr"});
    CHECK(loc.text("hello") == "bonjour");
}

// Enumeration and named arguments (i18next), through the C++ layer.
static void test_entries_and_named(parlance::catalog &cat, const std::string &scratch) {
    auto entries = cat.entries("fr");
    CHECK(entries.size() > 5);
    bool saw = false;
    for (size_t i = 0; i < entries.size(); i++) {
        if (i > 0) CHECK(entries[i - 1].key <= entries[i].key);
        if (entries[i].key == "files.count") {
            saw = true;
            CHECK(entries[i].kind == PARLANCE_ENTRY_VARIABLES && entries[i].forms.size() == 6);
            CHECK(entries[i].forms[5] == std::optional<std::string>("%d fichiers") && !entries[i].forms[2]);
        }
    }
    CHECK(saw);
    CHECK(!cat.try_entries("fr", "NoSuchTable") && cat.try_entries("fr", "NoSuchTable").error().status() == parlance::status::not_found);

    const std::string dir = scratch + "/i18n";
    const std::string mkdir = "mkdir -p " + dir + "/ru";
    CHECK(std::system(mkdir.c_str()) == 0);
    FILE *f = std::fopen((dir + "/ru/app.json").c_str(), "w");
    CHECK(f != nullptr);
    std::fputs("{\"hi\": \"Привет, {{name}}!\", \"n_one\": \"{{count}} файл\", \"n_few\": \"{{count}} файла\"}", f);
    std::fclose(f);
    parlance::catalog i18n;
    i18n.load(dir);
    parlance::localizer ru(i18n, {"ru"});
    CHECK(ru.format_named("hi", {{"name", "<Аня>"}}, nullptr, "app") == "Привет, &lt;Аня&gt;!");
    CHECK(ru.format_named("n", {{"count", 3}}, nullptr, "app") == "3 файла");
    CHECK(ru.format_named("hi", {{"name", "<b>"}, {"escapeValue", 0}}, nullptr, "app") == "Привет, <b>!");

    // A device chooses among a String Catalog's device variations.
    parlance::catalog devices;
    const std::string catalog = "{\"sourceLanguage\": \"en\", \"strings\": {\"Tap\": {\"localizations\": {\"en\": "
        "{\"variations\": {\"device\": {\"mac\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Click\"}}, "
        "\"other\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Tap\"}}}}}}}}}";
    devices.load_bytes(catalog, nullptr, nullptr, parlance::table_format::xcstrings);
    parlance::localizer en(devices, {"en"});
    CHECK(en.device() == nullptr && en.text("Tap") == "Tap");
    en.set_device("mac");
    CHECK(std::string(en.device()) == "mac" && en.text("Tap") == "Click");
    CHECK(!en.try_set_device("toaster") && en.try_set_device("toaster").error().status() == parlance::status::invalid_argument);
    CHECK(en.text("Tap") == "Click");
    en.set_device(nullptr);
    CHECK(en.text("Tap") == "Tap");
}

// An application's function from C++ (catalog::set_function): a Fluent
// call's positional arguments and options read through function_call, the
// text it sets, an exception as the call's error, the function kept across
// a move of the catalog and removed by an empty function.
static void test_functions() {
    parlance::catalog cat;
    cat.load_bytes("joined = { JOIN($a, \"lit\", 3, $missing, sep: \"-\", digits: 2) }\n"
                   "boom = Then { BOOM() }\n", "en-US", "app", parlance::table_format::fluent);
    std::vector<parlance::value_kind> kinds;
    std::string seen;
    cat.set_function("JOIN", [&](parlance::function_call &call) {
        CHECK(call.name() == "JOIN" && call.locale() == "en-US");
        CHECK(call.argument_count() == 4 && !call.argument(4) && call.argument(4).kind == parlance::value_kind::none);
        CHECK(call.operand().kind == parlance::value_kind::string && call.operand().text == "x");
        CHECK(call.option_count() == 2 && call.option_name(2).empty());
        seen = std::string(call.option_name(0)) + "," + std::string(call.option_name(1));
        auto digits = call.option("digits");
        CHECK(digits.kind == parlance::value_kind::number && digits.text == "2");
        CHECK(!call.option("nope"));
        std::string sep(call.option("sep").text), out;
        kinds.clear();
        for (const auto &v : call.arguments()) {
            kinds.push_back(v.kind);
            if (v.kind == parlance::value_kind::fallback) continue; // a missing variable
            if (!out.empty()) out += sep;
            out += v.kind == parlance::value_kind::number ? "#" + std::string(v.text) : std::string(v.text);
        }
        call.set_text(out);
    });
    cat.set_function("BOOM", [](parlance::function_call &) { throw std::runtime_error("no fuse"); });
    parlance::catalog moved = std::move(cat);
    parlance::localizer en(moved, {"en-US"}, "en-US");
    CHECK(en.format_named("joined", {{"a", "x"}}, nullptr, "app") == "x-lit-#3");
    CHECK((kinds == std::vector<parlance::value_kind>{parlance::value_kind::string, parlance::value_kind::string,
                                                      parlance::value_kind::number, parlance::value_kind::fallback}));
    CHECK(seen == "digits,sep" || seen == "sep,digits");
    // The exception is the call's error: the expression shows its fallback.
    CHECK(en.format_named("boom", {}, nullptr, "app") == "Then \u2068{BOOM()}\u2069");
    CHECK(moved.try_set_function("JOIN", nullptr).has_value());
    CHECK(en.format_named("joined", {{"a", "x"}}, nullptr, "app") == "{JOIN()}");
    CHECK(!moved.try_set_function(nullptr, [](parlance::function_call &) {}));
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    CHECK(parlance::version_matches());
    CHECK(parlance::version() == parlance_version());
    {
        parlance::catalog cat;
        cat.load(argv[1]);
        auto locales = cat.locales();
        CHECK(!locales.empty() && locales[0] == "ar");
        auto tables = cat.tables();
        CHECK(tables.size() == 2 && tables[0] == "Localizable" && tables[1] == "Menu");
        test_lookups(cat);
        test_entries_and_named(cat, argv[2]);
        parlance::catalog moved = std::move(cat);
        CHECK(!cat && moved && moved.locales().size() == locales.size());
    }
    test_errors(argv[2]);
    test_functions();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
