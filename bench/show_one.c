/*
 * show_one.c -- a whole process that shows one translated string:
 * setlocale, bindtextdomain, one dgettext on dpkg's German catalog, as a
 * command-line program does it. Built twice by bench/Makefile: against
 * glibc's libintl, and with -DPARLANCE against Parlance's libintl functions
 * (parlance_libintl.h); bench/run.py counts each whole run's instructions
 * with callgrind (startup, dynamic loading and exit included).
 *
 *   show_one DOMAIN DIR MSGID      (with LC_ALL=de_DE.UTF-8 or LANGUAGE=de)
 * prints the translation; exit status 1 when it is the msgid itself.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#ifdef PARLANCE
#define PARLANCE_LIBINTL_MACROS 1
#include "parlance_libintl.h"
#else
#include <libintl.h>
#endif

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: show_one DOMAIN DIR MSGID\n");
        return 2;
    }
    setlocale(LC_ALL, "");
    bindtextdomain(argv[1], argv[2]);
    const char *text = dgettext(argv[1], argv[3]);
    puts(text);
    return strcmp(text, argv[3]) == 0;
}
