/* UTF-8 validation of text served in place (mapped .mo files), once per
 * string: a flag byte per string records the verdict. */
#include "parlance_shim.h"

#include <stdint.h>

/* Well-formed UTF-8: the one validator, `parlance_shim_first_invalid_utf8`. */
int parlance_shim_utf8_valid(const char *text, size_t length) {
    return parlance_shim_first_invalid_utf8((const unsigned char *)text, length) == length;
}

int parlance_shim_utf8_checked(unsigned char *flags, size_t index, const char *text, size_t length) {
    /* 0: not checked yet, 1: valid, 2: invalid. Racing threads store the same verdict. */
    unsigned char known = __atomic_load_n(&flags[index], __ATOMIC_ACQUIRE);
    if (known) return known == 1;
    int valid = parlance_shim_utf8_valid(text, length);
    __atomic_store_n(&flags[index], valid ? 1 : 2, __ATOMIC_RELEASE);
    return valid;
}

