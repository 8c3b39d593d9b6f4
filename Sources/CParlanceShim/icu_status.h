/* ICU's convention for a call that writes into a caller's buffer, read in
 * one place: a buffer too short (U_BUFFER_OVERFLOW_ERROR) or exactly full,
 * with no room for the NUL (U_STRING_NOT_TERMINATED_WARNING), is a
 * measurement — the length returned is the length needed — not a failure.
 * Private to the shim. */
#ifndef PARLANCE_ICU_STATUS_H
#define PARLANCE_ICU_STATUS_H

#include <unicode/utypes.h>

/* The call only measured: the text did not fit with its NUL. */
static inline int parlance_icu_measured(UErrorCode status) {
    return status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING;
}

/* The call wrote its whole text and the NUL after it. */
static inline int parlance_icu_complete(UErrorCode status) {
    return U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING;
}

/* The length written or needed (n), or -1 when the call failed. */
static inline int32_t parlance_icu_length(UErrorCode status, int32_t n) {
    return parlance_icu_measured(status) || U_SUCCESS(status) ? n : -1;
}

#endif
