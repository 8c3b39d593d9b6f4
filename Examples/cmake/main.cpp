// Parlance from C++ through parlance.hpp: greets in each locale given, counts
// files, and shows a failed load.
// Usage: parlance-cmake-example CATALOG_DIR [LOCALE...]
#include <parlance.hpp>

#include <iostream>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 2) {
        std::cerr << "usage: parlance-cmake-example CATALOG_DIR [LOCALE...]\n";
        return 2;
    }
    std::vector<std::string> locales(argv + 2, argv + argc);
    if (locales.empty()) locales = {"fr-CA", "ru", "ar"};
    try {
        parlance::catalog catalog;
        catalog.load(argv[1]);
        std::cout << "Parlance " << parlance::version() << "\n";
        for (const std::string &locale : locales) {
            parlance::localizer loc(catalog, {locale}, "en");
            std::cout << locale << ": " << loc.text("greeting") << " | " << loc.format("files.count", {3})
                      << " | " << loc.text("Name", "Name label in login screen") << "\n";
        }
        // Errors as values: try_ forms return a parlance::result.
        if (auto loaded = catalog.try_load(std::string(argv[1]) + "/xx.lproj/Missing.strings"); !loaded)
            std::cout << "not loaded (status " << loaded.error().code() << "): " << loaded.error().what() << "\n";
    } catch (const parlance::error &e) {
        std::cerr << "parlance-cmake-example: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
