/* Locale name handling over ICU's uloc_* functions. */
#include "parlance_shim.h"
#include "icu_answers.h"
#include "icu_status.h"

#include <string.h>
#include <strings.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>

int32_t parlance_icu_to_bcp47(const char *name, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char canonical[ULOC_FULLNAME_CAPACITY];
    int32_t n = parlance_icu_answer_to_bcp47(name, out, capacity);
    if (n != PARLANCE_ICU_ASK) return n;
    if (name == NULL || name[0] == '\0') return -1;
    n = uloc_canonicalize(name, canonical, (int32_t)sizeof canonical, &status);
    if (!parlance_icu_complete(status) || n <= 0) return -1;
    n = uloc_toLanguageTag(canonical, out, capacity, 1 /* strict */, &status);
    if (!parlance_icu_complete(status)) return -1;
    return n;
}

int32_t parlance_icu_likely_subtags(const char *tag, int maximize, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY], result[ULOC_FULLNAME_CAPACITY];
    int32_t n;
    uloc_forLanguageTag(tag, id, (int32_t)sizeof id, NULL, &status);
    if (U_FAILURE(status)) return -1;
    if (maximize)
        uloc_addLikelySubtags(id, result, (int32_t)sizeof result, &status);
    else
        uloc_minimizeSubtags(id, result, (int32_t)sizeof result, &status);
    if (U_FAILURE(status)) return -1;
    n = uloc_toLanguageTag(result, out, capacity, 0, &status);
    if (!parlance_icu_complete(status)) return -1;
    return n;
}

int32_t parlance_icu_subtags(const char *tag, char *language, char *script, char *region, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    uloc_forLanguageTag(tag, id, (int32_t)sizeof id, NULL, &status);
    if (U_FAILURE(status)) return -1;
    uloc_getLanguage(id, language, capacity, &status);
    uloc_getScript(id, script, capacity, &status);
    uloc_getCountry(id, region, capacity, &status);
    if (!parlance_icu_complete(status)) return -1;
    return 0;
}

int32_t parlance_icu_available_locale_count(void) {
    return uloc_countAvailable();
}

int32_t parlance_icu_available_locale(int32_t index, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *id;
    int32_t n;
    if (index < 0 || index >= uloc_countAvailable()) return -1;
    id = uloc_getAvailable(index);
    n = uloc_toLanguageTag(id, out, capacity, 1 /* strict */, &status);
    return parlance_icu_length(status, n);
}

int parlance_icu_is_script_code(const char *name) {
    if (parlance_icu_answer_is_script_code(name) != PARLANCE_ICU_ASK) return 0;
    /* uscript_getCode also takes locale names and script names ("Latin");
       only a four-letter ISO 15924 code whose own code it is counts here. */
    UScriptCode codes[4];
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uscript_getCode(name, codes, 4, &status);
    if (U_FAILURE(status) || n < 1 || codes[0] == USCRIPT_INVALID_CODE) return 0;
    const char *short_name = uscript_getShortName(codes[0]);
    return short_name != NULL && strcasecmp(short_name, name) == 0;
}
