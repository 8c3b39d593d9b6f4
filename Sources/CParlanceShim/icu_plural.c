/* Plural category selection over ICU's uplrules_* and unumf_* functions. */
#include "icu_plural_impl.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ustring.h>
#include <unicode/uenum.h>

static int category_index(const UChar *keyword, int32_t length) {
    static const char *const names[] = {"zero", "one", "two", "few", "many", "other"};
    char ascii[8];
    int i;
    if (length <= 0 || length >= (int32_t)sizeof ascii) return -1;
    u_UCharsToChars(keyword, ascii, length);
    ascii[length] = '\0';
    for (i = 0; i < 6; i++)
        if (strcmp(ascii, names[i]) == 0) return i;
    return -1;
}

parlance_shim_plural *parlance_icu_plural_open(const char *locale, int ordinal) {
    UErrorCode status = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY];
    parlance_shim_plural *p;
    UEnumeration *keywords;
    const UChar *keyword;
    int32_t length;
    int digits;

    uloc_forLanguageTag(locale, id, (int32_t)sizeof id, NULL, &status);
    if (U_FAILURE(status)) return NULL;
    p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->rules = uplrules_openForType(id, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    if (U_FAILURE(status)) goto fail;
    keywords = uplrules_getKeywords(p->rules, &status);
    if (U_FAILURE(status)) goto fail;
    while ((keyword = uenum_unext(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
        int index = category_index(keyword, length);
        if (index >= 0) p->categories |= 1u << index;
    }
    uenum_close(keywords);
    (void)digits;
    return p;
fail:
    parlance_icu_plural_close(p);
    return NULL;
}

void parlance_icu_plural_close(parlance_shim_plural *p) {
    int i;
    if (p == NULL) return;
    for (i = 0; i <= MAX_FRACTION_DIGITS; i++)
        if (p->formatters[i]) unumf_close(p->formatters[i]);
    if (p->rules) uplrules_close(p->rules);
    free(p);
}

int parlance_icu_plural_select(const parlance_shim_plural *p, double n) {
    UErrorCode status = U_ZERO_ERROR;
    UChar keyword[16];
    int32_t length = uplrules_select(p->rules, n, keyword, 16, &status);
    if (U_FAILURE(status)) return -1;
    return category_index(keyword, length);
}

/* The formatter keeping `digits` visible fraction digits, made on first use
 * (opening all of them up front made every locale's rules slow to open) and
 * published with a compare-and-swap, so the handle stays safe to share. */
static UNumberFormatter *formatter_for(const parlance_shim_plural *shared, int digits) {
    parlance_shim_plural *p = (parlance_shim_plural *)shared;
    UNumberFormatter *made, *expected = NULL;
    UErrorCode status = U_ZERO_ERROR;
    UChar skeleton[64];
    char ascii[64] = "precision-integer group-off";
    made = __atomic_load_n(&p->formatters[digits], __ATOMIC_ACQUIRE);
    if (made != NULL) return made;
    if (digits > 0) {
        strcpy(ascii, ".");
        memset(ascii + 1, '0', (size_t)digits);
        strcpy(ascii + 1 + digits, " group-off");
    }
    u_charsToUChars(ascii, skeleton, (int32_t)strlen(ascii) + 1);
    made = unumf_openForSkeletonAndLocale(skeleton, -1, "en", &status);
    if (U_FAILURE(status)) return NULL;
    if (!__atomic_compare_exchange_n(&p->formatters[digits], &expected, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        unumf_close(made);
        return expected;
    }
    return made;
}

int parlance_icu_plural_select_decimal(const parlance_shim_plural *p, const char *decimal, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *result;
    UNumberFormatter *formatter;
    UChar keyword[16];
    int32_t i = 0, digits = 0, keyword_length;
    int seen_point = 0, seen_digit = 0;

    if (length > 0 && (decimal[0] == '-' || decimal[0] == '+')) i = 1;
    for (; i < length; i++) {
        char c = decimal[i];
        if (c >= '0' && c <= '9') {
            seen_digit = 1;
            if (seen_point) digits++;
        } else if (c == '.' && !seen_point) {
            seen_point = 1;
        } else {
            return -1;
        }
    }
    if (!seen_digit || digits > MAX_FRACTION_DIGITS) return -1;

    formatter = formatter_for(p, digits);
    if (formatter == NULL) return -1;
    result = unumf_openResult(&status);
    if (U_FAILURE(status)) return -1;
    unumf_formatDecimal(formatter, decimal, length, result, &status);
    keyword_length = uplrules_selectFormatted(p->rules, result, keyword, 16, &status);
    unumf_closeResult(result);
    if (U_FAILURE(status)) return -1;
    return category_index(keyword, keyword_length);
}

uint32_t parlance_icu_plural_categories(const parlance_shim_plural *p) {
    return p->categories;
}
