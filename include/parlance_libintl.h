/*
 * parlance_libintl.h -- GNU libintl's interface, served by Parlance.
 *
 * Every function has libintl's exact signature and semantics, prefixed with
 * parlance_: catalogs are found at DIRNAME/LANG/LC_MESSAGES/DOMAIN.mo (or
 * .po) with gettext's locale-name fallback, plurals follow each catalog's own
 * Plural-Forms formula evaluated as GNU gettext does, and a missing
 * translation returns the msgid (or msgid_plural when n != 1) pointer
 * itself. Unlike glibc, the languages work without the system locale being
 * installed, and parlance_set_languages() lets the application choose them
 * at run time, parlance_set_thread_languages() for one thread.
 *
 * Switching an existing program: include this header instead of <libintl.h>
 * with PARLANCE_LIBINTL_MACROS defined, and link with -lparlance:
 *
 *     #define PARLANCE_LIBINTL_MACROS
 *     #include <parlance_libintl.h>
 *
 * The macros name exactly what glibc's <libintl.h> declares (gettext,
 * dgettext, dcgettext, ngettext, dngettext, dcngettext, textdomain,
 * bindtextdomain, bind_textdomain_codeset), and the header then stands in
 * for <libintl.h>: a later #include <libintl.h> (gnulib's "gettext.h",
 * libstdc++'s <locale>) declares nothing more, so gnulib's "gettext.h" and
 * a program's own _() and N_() build unchanged, with -Wall -Werror, in
 * either order. gnulib's pgettext() and npgettext() then reach Parlance
 * through dcgettext() and dcngettext().
 *
 * The names programs usually define themselves are opt-in: with
 * PARLANCE_LIBINTL_SHORTHANDS defined as well, pgettext, dpgettext,
 * npgettext and dnpgettext name Parlance's context functions, and _() and
 * N_() (unless already defined) are gettext() and the identity.
 *
 * Languages, as glibc chooses them: the LC_MESSAGES locale of the calling
 * thread (its uselocale() locale, else the global one setlocale() set);
 * exactly "C" (or "POSIX") means untranslated; otherwise a non-empty
 * LANGUAGE comes first. Parlance adds parlance_set_thread_languages()
 * (before everything) and parlance_set_languages() (before the global
 * locale), and, while the global locale names no language ("C", "POSIX",
 * "C.UTF-8"), reads LC_ALL, LC_MESSAGES and LANG directly, so that
 * languages need no installed locale. The variables are read on first use
 * and again on parlance_set_languages(NULL), as glibc reads them again only
 * when _nl_msg_cat_cntr changes; the locale names on every call, as glibc
 * does, through a per-thread cache.
 *
 * Thread safety: every function may be called from any thread. Returned
 * strings stay valid for the life of the process (catalogs are never
 * unloaded), as with libintl; they must not be modified or freed.
 */
#ifndef PARLANCE_LIBINTL_H
#define PARLANCE_LIBINTL_H

#include <parlance.h>

PARLANCE_BEGIN_DECL

/** Sets the directory holding DOMAIN's catalogs (NULL dirname: query).
 *  Returns the directory now bound (a string owned by Parlance), or NULL
 *  with errno set when domainname is NULL or empty. The default directory is
 *  /usr/share/locale. */
PARLANCE_API char *parlance_bindtextdomain(const char *domainname, const char *dirname);

/** Sets the output codeset of DOMAIN. Only UTF-8 is supported: returns
 *  "UTF-8" for NULL, "UTF-8" or "utf8" (any case), and NULL with errno EINVAL
 *  for any other codeset. */
PARLANCE_API char *parlance_bind_textdomain_codeset(const char *domainname, const char *codeset);

/** Sets the default domain (NULL: query; "": reset to "messages"). Returns
 *  the current default domain, a string owned by Parlance. */
PARLANCE_API char *parlance_textdomain(const char *domainname);

/** The translation of msgid in the default domain, or msgid itself. */
PARLANCE_API char *parlance_gettext(const char *msgid);

/** The translation of msgid in domainname, or msgid itself. */
PARLANCE_API char *parlance_dgettext(const char *domainname, const char *msgid);

/** As parlance_dgettext(); category must be LC_MESSAGES (others return msgid). */
PARLANCE_API char *parlance_dcgettext(const char *domainname, const char *msgid, int category);

/** The plural form of msgid for n in the default domain; when missing,
 *  msgid if n == 1, else msgid_plural. */
PARLANCE_API char *parlance_ngettext(const char *msgid, const char *msgid_plural, unsigned long n);

PARLANCE_API char *parlance_dngettext(const char *domainname, const char *msgid, const char *msgid_plural,
                                      unsigned long n);

PARLANCE_API char *parlance_dcngettext(const char *domainname, const char *msgid, const char *msgid_plural,
                                       unsigned long n, int category);

/** Context forms (gettext's msgctxt). Real functions, not macros. */
PARLANCE_API const char *parlance_pgettext(const char *msgctxt, const char *msgid);
PARLANCE_API const char *parlance_dpgettext(const char *domainname, const char *msgctxt, const char *msgid);
PARLANCE_API const char *parlance_npgettext(const char *msgctxt, const char *msgid, const char *msgid_plural,
                                            unsigned long n);
PARLANCE_API const char *parlance_dnpgettext(const char *domainname, const char *msgctxt, const char *msgid,
                                             const char *msgid_plural, unsigned long n);

/** Installs (or with NULL removes) the callback told about libintl's
 *  misses, with the signature of parlance_localizer_on_miss()'s: the msgid,
 *  its context (NULL: none), the domain, and the calling thread's
 *  languages (glibc's list, e.g. "de_AT", "de") when no catalog of them
 *  has the msgid; called also when a catalog after the first found
 *  supplied it, then with the languages of the catalogs before it. The
 *  header (msgid ""), a category other than LC_MESSAGES and a thread
 *  without languages ("C") are untranslated by rule and not reported.
 *  Answers are unchanged: a miss still returns the msgid pointer.
 *  Runs on the looking-up thread, synchronously; the arguments live only
 *  during the call; it must not call the libintl functions. While a
 *  callback is installed every lookup takes the general path.
 *  Returns PARLANCE_OK. Thread safety: may be called while other threads
 *  look strings up; each lookup sees the callback before or after. */
PARLANCE_API int parlance_libintl_on_miss(parlance_miss_callback callback, void *user_data);

/** Chooses the languages for every domain, most preferred first, as a
 *  colon-separated list like LANGUAGE ("ar:en", "pt_BR:pt"), for threads
 *  without a uselocale() locale or a parlance_set_thread_languages() choice.
 *  NULL or "" returns to the environment (LANGUAGE, LC_ALL, LC_MESSAGES,
 *  LANG, read again).
 *  Returns PARLANCE_OK or PARLANCE_ELOCALE; safe while other threads look
 *  strings up. */
PARLANCE_API int parlance_set_languages(const char *languages);

/** Chooses the languages of the calling thread only, most preferred first
 *  ("pt_BR", "pt"): every libintl function called on this thread then
 *  looks for catalogs along them, with the same locale-name fallback, before
 *  anything else (its uselocale() locale, parlance_set_languages(), the
 *  global locale); a "C" entry ends the list, as in LANGUAGE. For servers
 *  that answer each request in its own language without the system locales
 *  installed. The list is copied. languages NULL or count 0 clears the
 *  choice, and the thread follows glibc's rules again; so does the thread's
 *  exit, which frees the copy.
 *  Returns PARLANCE_OK; PARLANCE_EINVAL when languages is NULL with a
 *  non-zero count or an entry is NULL; PARLANCE_ELOCALE for a name that is
 *  empty, contains ':' or cannot be parsed (the thread's choice is then
 *  unchanged); PARLANCE_ERESOURCE when out of memory.
 *  Thread safety: affects the calling thread alone; other threads keep
 *  looking strings up meanwhile. */
PARLANCE_API int parlance_set_thread_languages(const char *const *languages, size_t count);

PARLANCE_END_DECL

#ifdef PARLANCE_LIBINTL_MACROS
/* glibc's <libintl.h>, if included later, then declares nothing. */
#  ifndef _LIBINTL_H
#    define _LIBINTL_H 1
#  endif
#  undef gettext
#  undef dgettext
#  undef dcgettext
#  undef ngettext
#  undef dngettext
#  undef dcngettext
#  undef textdomain
#  undef bindtextdomain
#  undef bind_textdomain_codeset
#  define gettext(msgid) parlance_gettext(msgid)
#  define dgettext(domain, msgid) parlance_dgettext(domain, msgid)
#  define dcgettext(domain, msgid, category) parlance_dcgettext(domain, msgid, category)
#  define ngettext(msgid, plural, n) parlance_ngettext(msgid, plural, n)
#  define dngettext(domain, msgid, plural, n) parlance_dngettext(domain, msgid, plural, n)
#  define dcngettext(domain, msgid, plural, n, category) parlance_dcngettext(domain, msgid, plural, n, category)
#  define textdomain(domain) parlance_textdomain(domain)
#  define bindtextdomain(domain, dir) parlance_bindtextdomain(domain, dir)
#  define bind_textdomain_codeset(domain, codeset) parlance_bind_textdomain_codeset(domain, codeset)
#endif

#ifdef PARLANCE_LIBINTL_SHORTHANDS
#  undef pgettext
#  undef dpgettext
#  undef npgettext
#  undef dnpgettext
#  define pgettext(ctx, msgid) parlance_pgettext(ctx, msgid)
#  define dpgettext(domain, ctx, msgid) parlance_dpgettext(domain, ctx, msgid)
#  define npgettext(ctx, msgid, plural, n) parlance_npgettext(ctx, msgid, plural, n)
#  define dnpgettext(domain, ctx, msgid, plural, n) parlance_dnpgettext(domain, ctx, msgid, plural, n)
#  ifndef _
#    define _(msgid) parlance_gettext(msgid)
#  endif
#  ifndef N_
#    define N_(msgid) msgid
#  endif
#endif

#endif /* PARLANCE_LIBINTL_H */
