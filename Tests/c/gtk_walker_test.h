/* What the GTK 4 and GTK 3 walker tests (test_gtk_walker.c,
 * test_gtk3_walker.c) share: CHECK (check.h), the comparison of the texts a
 * window shows with those expected, the resident set, the 1,000 locale
 * switches and the check of a GtkBuilder file's translatable texts. Include
 * it after defining N_TEXTS, the number of texts a test's shown() reads. */
#ifndef PARLANCE_GTK_WALKER_TEST_H
#define PARLANCE_GTK_WALKER_TEST_H

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <parlance_gtk.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int same(char *a[N_TEXTS], char *b[N_TEXTS]) {
    int equal = 1;
    for (int i = 0; i < N_TEXTS; i++) {
        if (g_strcmp0(a[i], b[i]) != 0) {
            if (failures < 10) fprintf(stderr, "text %d: %s, expected %s\n", i, a[i], b[i]);
            equal = 0;
        }
    }
    return equal;
}

static void release(char *a[N_TEXTS]) {
    for (int i = 0; i < N_TEXTS; i++) g_free(a[i]);
}

static long rss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kib = atol(line + 6);
    if (f) fclose(f);
    return kib;
}

/* Runs the main loop until nothing is pending. */
static void pump(void) {
#if GTK_MAJOR_VERSION >= 4
    while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
#else
    while (gtk_events_pending()) gtk_main_iteration_do(FALSE);
#endif
}

/* 1,000 switches through the four locales, each showing the texts `first`
 * holds for it (read by `shown`); returns the resident set's growth over the
 * last 800, in KiB. */
static long switch_locales(parlance_localizer *loc, const char *locales[][1], char *first[4][N_TEXTS],
                           GtkBuilder *builder, void (*shown)(GtkBuilder *, char *[N_TEXTS])) {
    long before = 0;
    for (int i = 0; i < 1000; i++) {
        int l = (i + 1) % 4;
        CHECK(parlance_localizer_set_locales(loc, locales[l], 1) == PARLANCE_OK);
        char *now[N_TEXTS];
        shown(builder, now);
        CHECK(same(now, first[l]));
        release(now);
        if (i == 199) {
            pump();
            before = rss_kib();
        }
    }
    pump();
    return rss_kib() - before;
}


/* A GtkBuilder file with translatable texts (one with a context) and a text
 * not marked translatable, loaded by parlance_gtk_builder_new_from_file():
 * the window holds the msgids until localized, then each language's
 * translation (fr, ja, fr), the unmarked text as written. */
static const char *MARKED =
    "<interface domain='parlance-example'>"
    " <object class='GtkWindow' id='marked'><property name='title' translatable='yes'>greeting</property>"
    "  <child><object class='GtkBox'>"
    "   <child><object class='GtkLabel' id='name'>"
    "     <property name='label' translatable='yes' context='Name label in login screen'>Name</property></object></child>"
    "   <child><object class='GtkLabel' id='plain'><property name='label'>Print</property></object></child>"
    "  </object></child>"
    " </object>"
    "</interface>";

static void check_marked(parlance_gtk_walker *walker, parlance_localizer *loc, const char *locales[][1]) {
    char *name = g_strdup_printf("parlance-test-marked-gtk%d.ui", GTK_MAJOR_VERSION);
    char *path = g_build_filename(g_get_tmp_dir(), name, NULL);
    g_free(name);
    CHECK(g_file_set_contents(path, MARKED, -1, NULL));
    GError *error = NULL;
    GtkBuilder *b = parlance_gtk_builder_new_from_file(walker, path, "Localizable", &error);
    CHECK(b != NULL);
    if (b) {
        GtkWindow *window = GTK_WINDOW(gtk_builder_get_object(b, "marked"));
        CHECK(strcmp(gtk_window_get_title(window), "greeting") == 0);             /* as written until localized */
        parlance_gtk_localize(walker, G_OBJECT(window));
        int order[] = {1, 3, 1};
        for (int i = 0; i < 3; i++) {
            CHECK(parlance_localizer_set_locales(loc, locales[order[i]], 1) == PARLANCE_OK);
            CHECK(strcmp(gtk_window_get_title(window), parlance_localizer_text(loc, "greeting", NULL, NULL)) == 0);
            CHECK(strcmp(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "name"))),
                         order[i] == 1 ? "Nom" : "名前") == 0);
            CHECK(strcmp(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "plain"))), "Print") == 0);
        }
#if GTK_MAJOR_VERSION >= 4
        gtk_window_destroy(window);
#else
        gtk_widget_destroy(GTK_WIDGET(window));
#endif
        g_object_unref(b);
    } else {
        fprintf(stderr, "%s\n", error ? error->message : "?");
        g_clear_error(&error);
    }
    g_remove(path);
    g_free(path);
}

#endif
