/* parlance_gtk.h against GtkBuilder's own gettext translation, on real
 * GtkBuilder files (GTK 4, under Xvfb). For each file: loaded by
 * parlance_gtk_builder_new_from_file() and localized by a walker with no
 * rule but the file's translatable marks, over the project's .po files; and
 * loaded by GtkBuilder translating itself through gettext (the .po compiled
 * by msgfmt into MO_DIR, LANGUAGE set). Every text of every object with an
 * id (label, title, subtitle, tooltip-text, placeholder-text, menu model
 * labels) must be equal, in fr, ar, ja and fr again. Prints one line per
 * file ("file texts N translated M"), mismatches on stderr.
 *
 *   test_gtk_reference MO_DIR UI_FILE|PO_DIR|DOMAIN ...
 *   (Tests/python/test_live_ui_gtk.py compiles the .mo files and runs it)
 */
#include <gtk/gtk.h>
#include <parlance_gtk.h>

#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static const char *const PROPERTIES[] = {"label", "title", "subtitle", "tooltip-text", "placeholder-text", NULL};

/* Appends "id/what" -> text of every text of obj to texts. */
static void menu_texts(GMenuModel *menu, const char *prefix, GHashTable *texts) {
    for (int i = 0; i < g_menu_model_get_n_items(menu); i++) {
        char *label = NULL;
        char *key = g_strdup_printf("%s/%d", prefix, i);
        if (g_menu_model_get_item_attribute(menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
            g_hash_table_insert(texts, g_strdup(key), label);
        GMenuLinkIter *links = g_menu_model_iterate_item_links(menu, i);
        const char *name = NULL;
        GMenuModel *link = NULL;
        while (g_menu_link_iter_get_next(links, &name, &link)) {
            char *sub = g_strdup_printf("%s/%s", key, name);
            menu_texts(link, sub, texts);
            g_free(sub);
            g_object_unref(link);
        }
        g_object_unref(links);
        g_free(key);
    }
}

static GHashTable *texts_by_id(GtkBuilder *builder) {
    GHashTable *texts = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GSList *objects = gtk_builder_get_objects(builder);
    for (GSList *o = objects; o; o = o->next) {
        GObject *obj = o->data;
        const char *id = GTK_IS_BUILDABLE(obj) ? gtk_buildable_get_buildable_id(GTK_BUILDABLE(obj)) : NULL;
        if (G_IS_MENU_MODEL(obj)) {
            /* Menus are not buildable: find their id by asking for it. */
            continue;
        }
        if (!id || g_str_has_prefix(id, "___")) continue;
        if (!GTK_IS_WIDGET(obj) && !GTK_IS_TREE_VIEW_COLUMN(obj)) continue;
        for (int p = 0; PROPERTIES[p]; p++) {
            GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(obj), PROPERTIES[p]);
            if (!spec || spec->value_type != G_TYPE_STRING) continue;
            if (GTK_IS_ENTRY(obj) && strcmp(PROPERTIES[p], "placeholder-text") != 0) continue;
            char *value = NULL;
            g_object_get(obj, PROPERTIES[p], &value, NULL);
            if (value && *value) g_hash_table_insert(texts, g_strdup_printf("%s.%s", id, PROPERTIES[p]), value);
            else g_free(value);
        }
    }
    g_slist_free(objects);
    return texts;
}

/* Adds the menus of the file (found by the ids the document gives them). */
static void add_menus(GtkBuilder *builder, char **ids, GHashTable *texts) {
    for (int i = 0; ids[i]; i++) {
        GObject *obj = gtk_builder_get_object(builder, ids[i]);
        if (G_IS_MENU_MODEL(obj)) menu_texts(G_MENU_MODEL(obj), ids[i], texts);
    }
}

/* The ids of the document's <menu> elements. */
static char **menu_ids(const char *document) {
    GPtrArray *ids = g_ptr_array_new();
    for (const char *p = strstr(document, "<menu "); p; p = strstr(p + 1, "<menu ")) {
        const char *end = strchr(p, '>');
        const char *id = strstr(p, " id=");
        if (!end || !id || id > end) continue;
        char quote = id[4];
        const char *close = strchr(id + 5, quote);
        if (close && close < end) g_ptr_array_add(ids, g_strndup(id + 5, (gsize)(close - id - 5)));
    }
    g_ptr_array_add(ids, NULL);
    return (char **)g_ptr_array_free(ids, FALSE);
}

static void destroy_windows(GtkBuilder *builder) {
    GSList *objects = gtk_builder_get_objects(builder);
    for (GSList *o = objects; o; o = o->next)
        if (GTK_IS_WINDOW(o->data)) gtk_window_destroy(GTK_WINDOW(o->data));
    g_slist_free(objects);
}

static void pump(void) {
    while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
}

static void check_file(const char *mo_dir, const char *ui, const char *po_dir, const char *domain) {
    static const char *const languages[] = {"fr", "ar", "ja"};
    parlance_catalog *catalog = NULL;
    parlance_catalog_create(&catalog);
    for (int l = 0; l < 3; l++) {
        char *po = g_strdup_printf("%s/%s.po", po_dir, languages[l]);
        if (parlance_catalog_load(catalog, po, languages[l], "Localizable", 0) != PARLANCE_OK) {
            fprintf(stderr, "%s: %s\n", po, parlance_last_error());
            failures++;
        }
        g_free(po);
    }
    const char *en[] = {"en"};
    parlance_localizer *loc = NULL;
    parlance_localizer_create(&loc, catalog, en, 1, "en");
    parlance_gtk_walker *walker = parlance_gtk_walker_new(loc, 0);   /* the marks alone */
    bindtextdomain(domain, mo_dir);
    bind_textdomain_codeset(domain, "UTF-8");

    GError *error = NULL;
    GtkBuilder *ours = parlance_gtk_builder_new_from_file(walker, ui, "Localizable", &error);
    if (!ours) {           /* templates and the project's own classes need the program */
        printf("%s skipped %s\n", ui, error->message);
        g_clear_error(&error);
    } else {
        char *document = NULL;
        g_file_get_contents(ui, &document, NULL, NULL);
        char **menus = menu_ids(document ? document : "");
        GHashTable *sources = texts_by_id(ours);
        add_menus(ours, menus, sources);
        GSList *objects = gtk_builder_get_objects(ours);
        for (GSList *o = objects; o; o = o->next)
            if (GTK_IS_WINDOW(o->data) || G_IS_MENU_MODEL(o->data) ||
                (GTK_IS_WIDGET(o->data) && !gtk_widget_get_parent(o->data)))
                parlance_gtk_localize(walker, o->data);
        g_slist_free(objects);
        int texts = 0, translated = 0;
        static const char *const order[] = {"fr", "ar", "ja", "fr"};
        for (int l = 0; l < 4; l++) {
            g_setenv("LANGUAGE", order[l], TRUE);
            setlocale(LC_MESSAGES, "en_US.UTF-8");   /* glibc reads LANGUAGE afresh once the locale changed */
            setlocale(LC_MESSAGES, "fr_FR.UTF-8");
            GtkBuilder *reference = gtk_builder_new();
            gtk_builder_set_translation_domain(reference, domain);
            gtk_builder_add_from_file(reference, ui, NULL);
            GHashTable *want = texts_by_id(reference);
            add_menus(reference, menus, want);
            const char *chosen[] = {order[l]};
            parlance_localizer_set_locales(loc, chosen, 1);
            pump();
            GHashTable *got = texts_by_id(ours);
            add_menus(ours, menus, got);
            GHashTableIter it;
            gpointer key, value;
            g_hash_table_iter_init(&it, want);
            while (g_hash_table_iter_next(&it, &key, &value)) {
                const char *mine = g_hash_table_lookup(got, key);
                texts++;
                if (g_strcmp0(mine, value) != 0) {
                    if (failures < 20) fprintf(stderr, "%s %s %s: %s, expected %s\n", ui, order[l], (char *)key, mine,
                                               (char *)value);
                    failures++;
                } else if (g_strcmp0(mine, g_hash_table_lookup(sources, key)) != 0) {
                    translated++;
                }
            }
            g_hash_table_unref(got);
            g_hash_table_unref(want);
            destroy_windows(reference);
            g_object_unref(reference);
        }
        printf("%s texts %d translated %d\n", ui, texts, translated);
        g_hash_table_unref(sources);
        g_strfreev(menus);
        g_free(document);
        destroy_windows(ours);
        g_object_unref(ours);
    }
    parlance_gtk_walker_free(walker);
    parlance_localizer_free(loc);
    parlance_catalog_free(catalog);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: test_gtk_reference MO_DIR UI_FILE|PO_DIR|DOMAIN ...\n"); return 2; }
    gtk_init();
    for (int i = 2; i < argc; i++) {
        char **parts = g_strsplit(argv[i], "|", 3);
        if (g_strv_length(parts) == 3) check_file(argv[1], parts[0], parts[1], parts[2]);
        g_strfreev(parts);
    }
    g_unsetenv("LANGUAGE");
    if (failures) { fprintf(stderr, "test_gtk_reference: %d failures\n", failures); return 1; }
    return 0;
}
