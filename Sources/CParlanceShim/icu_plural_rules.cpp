/* The text of CLDR plural rules, from ICU: the rules a handle evaluates
 * (PluralRules::getRules, ICU's rendering of what it parsed) and the rule
 * source in ICU's data, samples included. Parlance compiles the first into
 * its own evaluator; tests check the second's samples. */
#include "icu_plural_impl.h"
#include "icu_status.h"

#include <unicode/plurrule.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>

/* UTF-16 to UTF-8 in out; the full length, or -1. A short buffer only
 * measures (out is then not NUL-terminated). */
static int32_t to_utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, capacity, &written, text, length, &status);
    return parlance_icu_length(status, written);
}

int32_t parlance_icu_plural_rules_text(const parlance_shim_plural *p, char *out, int32_t capacity) {
    /* A UPluralRules is ICU's PluralRules behind a C name: uplrules_open
     * returns a PluralRules cast to UPluralRules and every uplrules_ function
     * casts it back. */
    const icu::PluralRules *rules = reinterpret_cast<const icu::PluralRules *>(p->rules);
    icu::UnicodeString text = rules->getRules();
    return to_utf8(text.getBuffer(), text.length(), out, capacity);
}

/* The rule set name ("set20") ICU's data gives a locale id, trying its
 * parents as PluralRules::forLocale does. */
static const UChar *rule_set_name(UResourceBundle *locales, const char *id, int32_t *length) {
    char name[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_getBaseName(id, name, (int32_t)sizeof name, &status);
    if (!parlance_icu_complete(status)) return nullptr;
    for (;;) {
        UErrorCode lookup = U_ZERO_ERROR;
        const UChar *set = ures_getStringByKey(locales, name, length, &lookup);
        if (U_SUCCESS(lookup)) return set;
        status = U_ZERO_ERROR;
        if (uloc_getParent(name, name, (int32_t)sizeof name, &status) <= 0 || U_FAILURE(status)) return nullptr;
    }
}

int32_t parlance_icu_plural_rules_source(const char *locale, int ordinal, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    uloc_forLanguageTag(locale, id, (int32_t)sizeof id, nullptr, &status);
    if (!parlance_icu_complete(status)) return -1;

    icu::UnicodeString text;
    icu::LocalUResourceBundlePointer data(ures_openDirect(nullptr, "plurals", &status));
    icu::LocalUResourceBundlePointer locales(
        ures_getByKey(data.getAlias(), ordinal ? "locales_ordinals" : "locales", nullptr, &status));
    if (U_FAILURE(status)) return -1;
    int32_t length = 0;
    const UChar *set = rule_set_name(locales.getAlias(), id, &length);
    if (set != nullptr) {
        char setName[32];
        if (length <= 0 || length >= (int32_t)sizeof setName) return -1;
        u_UCharsToChars(set, setName, length);
        setName[length] = '\0';
        icu::LocalUResourceBundlePointer sets(ures_getByKey(data.getAlias(), "rules", nullptr, &status));
        icu::LocalUResourceBundlePointer rules(ures_getByKey(sets.getAlias(), setName, nullptr, &status));
        if (U_FAILURE(status)) return -1;
        while (ures_hasNext(rules.getAlias())) {
            const char *keyword = nullptr;
            const UChar *rule = ures_getNextString(rules.getAlias(), &length, &keyword, &status);
            if (U_FAILURE(status) || keyword == nullptr) return -1;
            if (!text.isEmpty()) text.append(u"; ", 2);
            text.append(icu::UnicodeString(keyword, -1, US_INV)).append(u": ", 2).append(rule, length);
        }
    }
    return to_utf8(text.getBuffer(), text.length(), out, capacity);
}
