/* The system-dependent segments of .mo files (revision 0.1): msgfmt writes
 * "%<PRIu64>" in a c-format message as a segment named PRIu64, and the
 * runtime reading the file substitutes what <inttypes.h> says on the
 * platform it runs on, as glibc's loadmsgcat.c does. The table below is made
 * from this platform's own macros, so it is right wherever the library is
 * built. */
#include "parlance_shim.h"

#include <inttypes.h>
#include <string.h>

#define PARLANCE_PRI_ROWS(c) \
    {"PRI" #c "8", PRI##c##8}, {"PRI" #c "16", PRI##c##16}, {"PRI" #c "32", PRI##c##32}, \
    {"PRI" #c "64", PRI##c##64}, {"PRI" #c "LEAST8", PRI##c##LEAST8}, {"PRI" #c "LEAST16", PRI##c##LEAST16}, \
    {"PRI" #c "LEAST32", PRI##c##LEAST32}, {"PRI" #c "LEAST64", PRI##c##LEAST64}, \
    {"PRI" #c "FAST8", PRI##c##FAST8}, {"PRI" #c "FAST16", PRI##c##FAST16}, {"PRI" #c "FAST32", PRI##c##FAST32}, \
    {"PRI" #c "FAST64", PRI##c##FAST64}, {"PRI" #c "MAX", PRI##c##MAX}, {"PRI" #c "PTR", PRI##c##PTR}

static const struct {
    const char *name;
    const char *value;
} segments[] = {
    PARLANCE_PRI_ROWS(d), PARLANCE_PRI_ROWS(i), PARLANCE_PRI_ROWS(o),
    PARLANCE_PRI_ROWS(u), PARLANCE_PRI_ROWS(x), PARLANCE_PRI_ROWS(X),
    /* glibc's flag for the locale's digits (%Id): kept, as glibc keeps it. */
    {"I", "I"},
};

const char *parlance_shim_sysdep_segment(const char *name, size_t length) {
    for (size_t i = 0; i < sizeof segments / sizeof segments[0]; i++) {
        if (strlen(segments[i].name) == length && memcmp(segments[i].name, name, length) == 0) return segments[i].value;
    }
    return NULL;
}
