#ifndef LIBINTL_MACROS_H
#define LIBINTL_MACROS_H
const char *macro_gettext(const char *msgid);
const char *macro_ngettext(const char *msgid, const char *plural, unsigned long n);
const char *macro_pgettext(const char *context, const char *msgid);
const char *macro_textdomain(const char *domain);
const char *macro_noop(void);
#endif
