/* Qt Linguist through the C API alone: a folder holding app_pl.ts loaded by
 * parlance_catalog_load (the table "app" in "pl" from the file's name),
 * looked up as QTranslator::translate(context, source, disambiguation, n)
 * looks up: the context "Qt context" or "Qt context\x04disambiguation",
 * Polish numerus forms chosen by Qt's rule for Polish, unfinished messages
 * without a translation and vanished ones not served, a miss under a
 * disambiguation retried without it, %n replaced by formatting as
 * QCoreApplication::translate replaces it; and a .qm read from
 * bytes with PARLANCE_FORMAT_QT_QM. Usage: test_qt_linguist SCRATCH_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "parlance.h"

static const char *plural(parlance_localizer *localizer, const char *key, long long n, const char *context) {
    parlance_arg count = PARLANCE_INT(n);
    return parlance_localizer_plural(localizer, key, &count, context, "app");
}

/* A .qm of one context "Main", one numerus message "%n file(s)" with the
 * forms "1", "2" and "5" in UTF-16BE, and English's rule (n == 1). */
static const unsigned char QM[] = {
    0x3c, 0xb8, 0x64, 0x18, 0xca, 0xef, 0x9c, 0x95, 0xcd, 0x21, 0x1c, 0xbf, 0x60, 0xa1, 0xbd, 0xdd,
    0x42, 0, 0, 0, 8, 0x0d, 0x00, 0xbf, 0x39, 0, 0, 0, 0,
    0x69, 0, 0, 0, 44,
    3, 0, 0, 0, 2, 0, '1', 3, 0, 0, 0, 2, 0, '2',
    8, 0, 0, 0, 0,
    6, 0, 0, 0, 10, '%', 'n', ' ', 'f', 'i', 'l', 'e', '(', 's', ')',
    7, 0, 0, 0, 4, 'M', 'a', 'i', 'n',
    1,
    0x88, 0, 0, 0, 2, 0x01, 0x01,
};

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s SCRATCH_DIR\n", argv[0]); return 2; }
    char path[4096];
    mkdir(argv[1], 0755);
    snprintf(path, sizeof path, "%s/qt", argv[1]);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/qt/app_pl.ts", argv[1]);
    FILE *file = fopen(path, "w");
    if (file == NULL) { perror(path); return 2; }
    fputs("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
          "<!DOCTYPE TS>\n"
          "<TS version=\"2.1\" language=\"pl_PL\">\n"
          "<context>\n"
          "    <name>MainWindow</name>\n"
          "    <message>\n"
          "        <source>&amp;Open</source>\n"
          "        <translation>&amp;Otw\xC3\xB3rz</translation>\n"
          "    </message>\n"
          "    <message>\n"
          "        <source>Close</source>\n"
          "        <comment>verb</comment>\n"
          "        <translation>Zamknij</translation>\n"
          "    </message>\n"
          "    <message>\n"
          "        <source>Close</source>\n"
          "        <translation>Zamkni\xC4\x99" "cie</translation>\n"
          "    </message>\n"
          "    <message numerus=\"yes\">\n"
          "        <source>%n file(s)</source>\n"
          "        <translation>\n"
          "            <numerusform>%n plik</numerusform>\n"
          "            <numerusform>%n pliki</numerusform>\n"
          "            <numerusform>%n plik\xC3\xB3w</numerusform>\n"
          "        </translation>\n"
          "    </message>\n"
          "    <message>\n"
          "        <source>Later</source>\n"
          "        <translation type=\"unfinished\"></translation>\n"
          "    </message>\n"
          "    <message>\n"
          "        <source>Gone</source>\n"
          "        <translation type=\"vanished\">Nie ma</translation>\n"
          "    </message>\n"
          "</context>\n"
          "</TS>\n", file);
    fclose(file);

    parlance_catalog *catalog = NULL;
    parlance_localizer *localizer = NULL;
    snprintf(path, sizeof path, "%s/qt", argv[1]);
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, path, NULL, NULL, PARLANCE_FORMAT_AUTO) == PARLANCE_OK);
    const char *locales[] = {"pl"};
    CHECK(parlance_localizer_create_for_table(&localizer, catalog, locales, 1, "en", "app") == PARLANCE_OK);

    CHECK_TEXT(parlance_localizer_lookup(localizer, "&Open", "MainWindow", NULL), "&Otw\xC3\xB3rz");
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Close", "MainWindow\x04verb", NULL), "Zamknij");
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Close", "MainWindow", NULL), "Zamkni\xC4\x99" "cie");
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Close", "Other", NULL), NULL);
    /* QTranslator's retry with an empty disambiguation, in the same table. */
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Close", "MainWindow\x04noun", NULL), "Zamkni\xC4\x99" "cie");
    CHECK_TEXT(plural(localizer, "%n file(s)", 5, "MainWindow\x04" "files"), "%n plik\xC3\xB3w");
    CHECK_TEXT(plural(localizer, "%n file(s)", 1, "MainWindow"), "%n plik");
    CHECK_TEXT(plural(localizer, "%n file(s)", 3, "MainWindow"), "%n pliki");
    CHECK_TEXT(plural(localizer, "%n file(s)", 5, "MainWindow"), "%n plik\xC3\xB3w");
    CHECK_TEXT(plural(localizer, "%n file(s)", 22, "MainWindow"), "%n pliki");
    CHECK_TEXT(plural(localizer, "%n file(s)", 112, "MainWindow"), "%n plik\xC3\xB3w");
    /* Formatting is QCoreApplication::translate's: %n replaced by the count. */
    char *formatted = NULL;
    parlance_arg five = PARLANCE_INT(5);
    CHECK(parlance_catalog_message_syntax(catalog, "app") == PARLANCE_SYNTAX_QT);
    CHECK(parlance_localizer_format(localizer, &formatted, "%n file(s)", "MainWindow", "app", &five, 1) == PARLANCE_OK);
    CHECK_TEXT(formatted, "5 plik\xC3\xB3w");
    parlance_free(formatted);
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Later", "MainWindow", NULL), NULL);
    CHECK_TEXT(parlance_localizer_lookup(localizer, "Gone", "MainWindow", NULL), NULL);
    parlance_localizer_free(localizer);

    CHECK(parlance_catalog_load_bytes(catalog, QM, sizeof QM, "en", "app", PARLANCE_FORMAT_QT_QM) == PARLANCE_OK);
    const char *english[] = {"en"};
    CHECK(parlance_localizer_create_for_table(&localizer, catalog, english, 1, "en", "app") == PARLANCE_OK);
    CHECK_TEXT(plural(localizer, "%n file(s)", 1, "Main"), "1");
    CHECK_TEXT(plural(localizer, "%n file(s)", 7, "Main"), "2");
    parlance_localizer_free(localizer);

    static const unsigned char truncated[] = {
        0x3c, 0xb8, 0x64, 0x18, 0xca, 0xef, 0x9c, 0x95, 0xcd, 0x21, 0x1c, 0xbf, 0x60, 0xa1, 0xbd, 0xdd,
        0x69, 0, 0, 0, 200, 1, 2, 3};
    CHECK(parlance_catalog_load_bytes(catalog, truncated, sizeof truncated, "de", "app", PARLANCE_FORMAT_QT_QM) == PARLANCE_ESYNTAX);
    CHECK(strstr(parlance_last_error(), "byte 16") != NULL);

    parlance_catalog_free(catalog);
    if (failures) return 1;
    printf("test_qt_linguist: ok\n");
    return 0;
}
