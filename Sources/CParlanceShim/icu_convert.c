/* Charset conversion to UTF-8 over ICU's ucnv_* functions. */
#include "parlance_shim.h"
#include "icu_status.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicode/ucnv.h>
#include <unicode/ustring.h>

/* ICU resolves "Shift_JIS" to its Windows-31J table, which maps six JIS
 * symbols to fullwidth forms; glibc's iconv and Python's codec both use the
 * JIS X 0208 code points. Parlance follows them. */
static const UChar windows31j[6] = {0xFF5E, 0x2225, 0xFF0D, 0xFFE0, 0xFFE1, 0xFFE2};
static const UChar jis[6] = {0x301C, 0x2016, 0x2212, 0x00A2, 0x00A3, 0x00AC};

static int is_shift_jis(const char *charset) {
    return strcasecmp(charset, "Shift_JIS") == 0 || strcasecmp(charset, "Shift-JIS") == 0 ||
           strcasecmp(charset, "SJIS") == 0 || strcasecmp(charset, "csShiftJIS") == 0;
}

static int64_t convert_via_utf16(UConverter *from, int jis_symbols, const char *in, int32_t length, char *out,
                                 int64_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = ucnv_toUChars(from, NULL, 0, in, length, &status), written = 0, i, j;
    UChar *text;
    if (parlance_icu_length(status, units) < 0) return -2;
    status = U_ZERO_ERROR;
    text = malloc(((size_t)units + 1) * sizeof *text);
    if (text == NULL) return -2;
    ucnv_toUChars(from, text, units + 1, in, length, &status);
    if (U_FAILURE(status)) { free(text); return -2; }
    if (jis_symbols)
        for (i = 0; i < units; i++)
            for (j = 0; j < 6; j++)
                if (text[i] == windows31j[j]) text[i] = jis[j];
    u_strToUTF8(out, (int32_t)capacity, &written, text, units, &status);
    free(text);
    return parlance_icu_length(status, written) < 0 ? -2 : written;
}

int64_t parlance_icu_convert_to_utf8(const char *charset, const char *in, int64_t length, char *out, int64_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *from;
    int32_t n;
    int64_t result;
    if (length > INT32_MAX || capacity > INT32_MAX) return -2;
    from = ucnv_open(charset, &status);
    if (U_FAILURE(status)) return -1;
    ucnv_setToUCallBack(from, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
    if (U_FAILURE(status)) { ucnv_close(from); return -1; }
    if (is_shift_jis(charset)) {
        result = convert_via_utf16(from, 1, in, (int32_t)length, out, capacity);
        ucnv_close(from);
        return result;
    }
    n = ucnv_toAlgorithmic(UCNV_UTF8, from, out, (int32_t)capacity, in, (int32_t)length, &status);
    ucnv_close(from);
    return parlance_icu_length(status, n) < 0 ? -2 : n;
}
