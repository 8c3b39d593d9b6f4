/* Language matching: ICU's LocaleMatcher (CLDR's language distance), which
 * says which of the locales a catalog has best serves a locale asked for:
 * `fr` is served by `fr-FR`, `pt` by `pt-BR`, `zh-HK` by `zh-TW`, `en-AU`
 * by `en-GB`, and a language the catalog lacks by nothing (no default). */
#include "parlance_shim.h"

#include <unicode/localematcher.h>
#include <unicode/locid.h>

extern "C" int32_t parlance_icu_best_match(const char *desired, const char *const *supported, int32_t count) {
    if (desired == nullptr || supported == nullptr || count <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    icu::LocaleMatcher::Builder builder;
    for (int32_t index = 0; index < count; index++) {
        icu::Locale locale = icu::Locale::forLanguageTag(supported[index], status);
        if (U_FAILURE(status)) return -1;
        builder.addSupportedLocale(locale);
    }
    builder.setNoDefaultLocale();
    icu::LocaleMatcher matcher = builder.build(status);
    if (U_FAILURE(status)) return -1;
    icu::Locale wanted = icu::Locale::forLanguageTag(desired, status);
    if (U_FAILURE(status)) return -1;
    icu::LocaleMatcher::Result result = matcher.getBestMatchResult(wanted, status);
    if (U_FAILURE(status)) return -1;
    return result.getSupportedIndex();
}
