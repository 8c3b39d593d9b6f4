/* Compiled with PARLANCE_LIBINTL_MACROS: the calls below are spelled as in a
 * program written for libintl, and must reach Parlance. */
#define PARLANCE_LIBINTL_MACROS
#define PARLANCE_LIBINTL_SHORTHANDS   /* pgettext, _ and N_ too */
#include <parlance_libintl.h>

#include "libintl_macros.h"

const char *macro_gettext(const char *msgid) { return _(msgid); }
const char *macro_ngettext(const char *msgid, const char *plural, unsigned long n) { return ngettext(msgid, plural, n); }
const char *macro_pgettext(const char *context, const char *msgid) { return pgettext(context, msgid); }
const char *macro_textdomain(const char *domain) { return textdomain(domain); }
const char *macro_noop(void) { return N_("Open"); }
