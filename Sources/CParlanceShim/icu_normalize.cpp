/* Unicode Normalization Form C of UTF-8 text, through ICU's Normalizer2:
 * keys are compared in NFC (a decomposed "é" in a table file or in a
 * caller's key finds the composed one). */
#include "parlance_shim.h"

#include <string>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

static const icu::Normalizer2 *nfc(void) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2 *instance = icu::Normalizer2::getNFCInstance(status);
    return U_SUCCESS(status) ? instance : nullptr;
}

extern "C" int parlance_icu_is_nfc(const char *text, int32_t length) {
    const icu::Normalizer2 *normalizer = nfc();
    if (!normalizer) return 1;   /* without ICU's data, text is taken as it is */
    UErrorCode status = U_ZERO_ERROR;
    UBool normalized = normalizer->isNormalizedUTF8(icu::StringPiece(text, length), status);
    return U_FAILURE(status) ? 1 : normalized;
}

extern "C" int32_t parlance_icu_nfc(const char *text, int32_t length, char *out, int32_t capacity) {
    const icu::Normalizer2 *normalizer = nfc();
    if (!normalizer) return -1;
    std::string result;
    icu::StringByteSink<std::string> sink(&result);
    UErrorCode status = U_ZERO_ERROR;
    normalizer->normalizeUTF8(0, icu::StringPiece(text, length), sink, nullptr, status);
    if (U_FAILURE(status) || result.size() > INT32_MAX) return -1;
    if ((int32_t)result.size() <= capacity) result.copy(out, result.size());
    return (int32_t)result.size();
}
