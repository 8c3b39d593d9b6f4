/* The plural handle's layout, shared by icu_plural.c and icu_plural_rules.cpp.
 * Private to the shim. */
#ifndef PARLANCE_ICU_PLURAL_IMPL_H
#define PARLANCE_ICU_PLURAL_IMPL_H

#include "parlance_shim.h"
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>

#define MAX_FRACTION_DIGITS 16

struct parlance_shim_plural {
    UPluralRules *rules;
    uint32_t categories;
    /* One formatter per count of visible fraction digits (0...16), made on
     * open so that the handle stays immutable afterwards. */
    UNumberFormatter *formatters[MAX_FRACTION_DIGITS + 1];
};

#endif
