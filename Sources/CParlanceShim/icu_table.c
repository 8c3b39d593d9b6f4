/* The ICU library's one export: the table of the shim's ICU functions
 * (icu_functions.h), which libparlance.so loads at the first call that
 * needs ICU (icu_loader.c). Built into libparlance-icu.so.0 by the
 * Makefile; in SwiftPM's build, where the ICU files link into the shim
 * directly, this file is excluded. */
#include "icu_functions.h"

static const struct parlance_icu_table table = {
    .version = PARLANCE_ICU_TABLE_VERSION,
#define PARLANCE_ICU_ENTRY(type, name, params, args, unavailable) .name = parlance_icu_##name,
    PARLANCE_ICU_FUNCTIONS(PARLANCE_ICU_ENTRY)
#undef PARLANCE_ICU_ENTRY
    .plural_close = parlance_icu_plural_close,
};

const struct parlance_icu_table *parlance_icu_table_v1(void) { return &table; }
