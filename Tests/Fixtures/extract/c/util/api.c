/* The Parlance C API and its libintl-compatible names. */
#include "parlance.h"
#include "parlance_libintl.h"

void api(parlance_localizer *loc, parlance_arg *count, const char *key)
{
    /* TRANSLATORS: shown on the login screen */
    const char *a = parlance_localizer_text(loc, "login.title", NULL, NULL);
    const char *b = parlance_localizer_text(loc, "Name", "Name label in login screen", "Menu");
    const char *c = parlance_localizer_lookup(loc, "maybe.missing", NULL, "Menu");
    const char *d = parlance_localizer_plural(loc, "files.count", count, NULL, NULL);
    char *out = NULL;
    parlance_localizer_format(loc, &out, "welcome.user", "greeting", NULL, NULL, 0);
    const char *e = parlance_localizer_localize_marked(loc, "^Print");
    const char *f = parlance_localizer_localize_marked(loc, "No caret");
    const char *g = parlance_localizer_text(loc, key, NULL, NULL);
    const char *h = parlance_localizer_text(loc, "ctx.var", key, NULL);

    const char *i = parlance_gettext("Prefixed gettext");
    const char *j = parlance_ngettext("%d prefixed", "%d prefixed ones", 2);
    const char *k = parlance_pgettext("prefixed", "Context");
    const char *l = parlance_dgettext("errors", "Prefixed domain");
    const char *m = parlance_npgettext("prefixed", "%d thing", "%d things", 2);
    const char *o = parlance_dnpgettext("errors", "prefixed", "%d bug", "%d bugs", 2);
}
