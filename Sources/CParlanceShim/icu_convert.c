/* Charset conversion to UTF-8 over ICU's ucnv_* functions. */
#include "parlance_shim.h"

#include <unicode/ucnv.h>

int64_t parlance_icu_convert_to_utf8(const char *charset, const char *in, int64_t length, char *out, int64_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *from;
    int32_t n;
    if (length > INT32_MAX || capacity > INT32_MAX) return -2;
    from = ucnv_open(charset, &status);
    if (U_FAILURE(status)) return -1;
    ucnv_setToUCallBack(from, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &status);
    if (U_FAILURE(status)) { ucnv_close(from); return -1; }
    n = ucnv_toAlgorithmic(UCNV_UTF8, from, out, (int32_t)capacity, in, (int32_t)length, &status);
    ucnv_close(from);
    if (status == U_BUFFER_OVERFLOW_ERROR && capacity == 0) return n;
    if (U_FAILURE(status)) return status == U_BUFFER_OVERFLOW_ERROR ? n : -2;
    return n;
}
