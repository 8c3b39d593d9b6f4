/* Fixture for parlance extract: C literals, libintl names, comments. */
#include <stdio.h>
#include "not/a/message.h"
#define PARLANCE_LIBINTL_MACROS
#include "parlance_libintl.h"

#define TITLE "A #define string is not a call"
#define APP_NAME _("Macro body message")
#define MY_GETTEXT(m) gettext(m)

static const char *const menu[] = {
    /* TRANSLATORS: a menu entry, marked with N_ */
    N_("New"),
    N_("Save as…"),
};

char *gettext(const char *msgid);

void show(const char *name, unsigned long n)
{
    // TRANSLATORS: the first line a user sees.
    // It spans two comment lines.
    puts(gettext("Hello, world!"));

    /* Not a translator comment: no tag. */
    puts(_("Concatenated " "across "
           "lines"));

    puts(_("Escapes: \"quoted\" \\ tab\there\nnewline \x41\101 \u00e9 \U0001F600 \?"));
    puts(_("A string with // inside and /* this */ too, and a # sign"));
    /* <inttypes.h> macros between literals, as xgettext spells them: "%<PRIu64>". */
    printf(_("Copied %" PRIu64 " of %" PRIuMAX " bytes"), done, total);
    printf(ngettext("%" PRIdLEAST32 " record", "%" PRIdLEAST32 " records", n), count);
    char quote = '"'; char apostrophe = '\''; /* a comment with "quotes" and 'apostrophes' */
    puts(_("After char literals"));
    puts(dgettext("errors", "Disk full"));
    puts(dcgettext("errors", "Disk on fire", 5));
    printf(ngettext("%lu file", "%lu files", n), n);
    printf(dngettext("errors", "%lu error", "%lu errors", n), n);
    puts(pgettext("menu", "Open"));
    puts(dpgettext("errors", "title", "Error"));
    printf(npgettext("inbox", "%lu message", "%lu messages", n), n);
    printf(dnpgettext("errors", "log", "%lu line", "%lu lines", n), n);
    puts(gettext("Hello, world!"));  /* a second reference */

    puts(gettext(name));
    puts(gettext(n > 1 ? "many" : "one"));
    puts(ngettext("%lu apple", plural_of_apple, n));
}
