/* Collation for the order Xcode gives the keys of a String Catalog:
 * Foundation sorts them with NSString's localized compare (.numeric,
 * .caseInsensitive, .forcedOrdering, the system locale), which is ICU's root
 * collation with numeric ordering, case ignored first and then telling.
 * Two collators, made on first use and never changed after, so comparing is
 * safe on any thread. */
#include "parlance_shim.h"

#include <unicode/ucol.h>

static UCollator *make_collator(UColAttributeValue strength) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *made = ucol_open("", &status);
    if (U_FAILURE(status)) return nullptr;
    ucol_setAttribute(made, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
    ucol_setAttribute(made, UCOL_STRENGTH, strength, &status);
    if (U_FAILURE(status)) {
        ucol_close(made);
        return nullptr;
    }
    return made;
}

extern "C" int parlance_icu_collate(const char *a, int32_t a_length, const char *b, int32_t b_length, int cases) {
    static UCollator *const caseless = make_collator(UCOL_SECONDARY);
    static UCollator *const cased = make_collator(UCOL_TERTIARY);
    const UCollator *collator = cases ? cased : caseless;
    if (!collator) return 2;
    UErrorCode status = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(collator, a, a_length, b, b_length, &status);
    if (U_FAILURE(status)) return 2;
    return result == UCOL_LESS ? -1 : result == UCOL_GREATER ? 1 : 0;
}
