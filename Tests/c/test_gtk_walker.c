/* parlance_gtk.h on a real GTK 4 window (under Xvfb): every text equals the
 * catalog's lookup in en, fr, ar and ja, after 1,000 switches as after the
 * first, the entry's user text untouched, the default direction right to
 * left for Arabic only, and the resident set flat. Rows of a list store
 * behind a tree view (only the column a renderer shows), combo box text
 * items and a drop-down's string list follow too; a GtkBuilder file loaded
 * through parlance_gtk_builder_new_from_file() shows its translatable
 * texts (context included) in each language, other texts as written.
 *
 *   test_gtk_walker CATALOG_DIR      (Examples/catalog)
 */
#define N_TEXTS 19   /* the texts shown() reads */
#include "gtk_walker_test.h"

static const char *UI =
    "<interface>"
    " <object class='GtkListStore' id='store'><columns><column type='gchararray'/><column type='gchararray'/></columns>"
    "  <data><row><col id='0'>^Print</col><col id='1'>^Print</col></row>"
    "   <row><col id='0'>{login.title}</col><col id='1'>x</col></row></data></object>"
    " <menu id='menu'><section><item><attribute name='label'>^Save</attribute></item></section></menu>"
    " <object class='GtkWindow' id='window'><property name='title'>{app.name}</property>"
    "  <child><object class='GtkBox'><property name='orientation'>vertical</property>"
    "   <child><object class='GtkLabel' id='greeting'><property name='label'>^greeting</property></object></child>"
    "   <child><object class='GtkLabel' id='subtitle'><property name='label'>{login.title} / {no.such}</property></object></child>"
    "   <child><object class='GtkButton' id='back'><property name='label'>^button.back</property>"
    "     <property name='tooltip-text'>^Print</property></object></child>"
    "   <child><object class='GtkButton' id='login'><property name='label'>{login.title}</property></object></child>"
    "   <child><object class='GtkEntry' id='entry'><property name='text'>^Print</property>"
    "     <property name='placeholder-text'>^greeting</property></object></child>"
    "   <child><object class='GtkFrame'><child type='label'><object class='GtkLabel' id='frame'>"
    "     <property name='label'>^Print</property></object></child></object></child>"
    "   <child><object class='GtkLabel' id='plain'><property name='label'>Print</property></object></child>"
    "   <child><object class='GtkLabel' id='nokey'><property name='label'>^No such key</property></object></child>"
    "   <child><object class='GtkMenuButton' id='menubutton'><property name='label'>^Print</property>"
    "     <property name='menu-model'>menu</property></object></child>"
    "   <child><object class='GtkTreeView'><property name='model'>store</property>"
    "     <child><object class='GtkTreeViewColumn'><property name='title'>^Save</property>"
    "       <child><object class='GtkCellRendererText'/><attributes><attribute name='text'>0</attribute></attributes>"
    "       </child></object></child></object></child>"
    "   <child><object class='GtkComboBoxText' id='combo'><items><item>^Print</item><item>plain</item></items>"
    "     </object></child>"
    "   <child><object class='GtkDropDown'><property name='model'><object class='GtkStringList' id='strings'>"
    "     <items><item>^greeting</item><item>{app.name}</item></items></object></property></object></child>"
    "  </object></child>"
    " </object>"
    "</interface>";

static void shown(GtkBuilder *b, char *out[N_TEXTS]) {
    GMenuModel *menu = G_MENU_MODEL(gtk_builder_get_object(b, "menu"));
    out[0] = g_strdup(gtk_window_get_title(GTK_WINDOW(gtk_builder_get_object(b, "window"))));
    out[1] = g_strdup(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "greeting"))));
    out[2] = g_strdup(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "subtitle"))));
    out[3] = g_strdup(gtk_button_get_label(GTK_BUTTON(gtk_builder_get_object(b, "back"))));
    out[4] = g_strdup(gtk_widget_get_tooltip_text(GTK_WIDGET(gtk_builder_get_object(b, "back"))));
    out[5] = g_strdup(gtk_button_get_label(GTK_BUTTON(gtk_builder_get_object(b, "login"))));
    out[6] = g_strdup(gtk_editable_get_text(GTK_EDITABLE(gtk_builder_get_object(b, "entry"))));
    out[7] = g_strdup(gtk_entry_get_placeholder_text(GTK_ENTRY(gtk_builder_get_object(b, "entry"))));
    out[8] = g_strdup(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "frame"))));
    out[9] = g_strdup(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, "nokey"))));
    out[10] = g_strdup(gtk_menu_button_get_label(GTK_MENU_BUTTON(gtk_builder_get_object(b, "menubutton"))));
    out[11] = NULL;
    GMenuModel *section = g_menu_model_get_item_link(menu, 0, G_MENU_LINK_SECTION);
    g_menu_model_get_item_attribute(section, 0, G_MENU_ATTRIBUTE_LABEL, "s", &out[11]);
    g_object_unref(section);
    GtkTreeModel *store = GTK_TREE_MODEL(gtk_builder_get_object(b, "store"));
    GtkTreeModel *combo = gtk_combo_box_get_model(GTK_COMBO_BOX(gtk_builder_get_object(b, "combo")));
    GtkTreeIter it;
    gtk_tree_model_get_iter_first(store, &it);
    gtk_tree_model_get(store, &it, 0, &out[12], 1, &out[13], -1);
    gtk_tree_model_iter_next(store, &it);
    gtk_tree_model_get(store, &it, 0, &out[14], -1);
    gtk_tree_model_get_iter_first(combo, &it);
    gtk_tree_model_get(combo, &it, 0, &out[15], -1);
    gtk_tree_model_iter_next(combo, &it);
    gtk_tree_model_get(combo, &it, 0, &out[16], -1);
    GtkStringList *strings = GTK_STRING_LIST(gtk_builder_get_object(b, "strings"));
    out[17] = g_strdup(gtk_string_list_get_string(strings, 0));
    out[18] = g_strdup(gtk_string_list_get_string(strings, 1));
}

static void expected(parlance_localizer *loc, char *out[N_TEXTS]) {
    char subtitle[256];
    snprintf(subtitle, sizeof subtitle, "%s / {no.such}", parlance_localizer_text(loc, "login.title", NULL, "Menu"));
    out[0] = g_strdup(parlance_localizer_text(loc, "app.name", NULL, "Menu"));
    out[1] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[2] = g_strdup(subtitle);
    out[3] = g_strdup(parlance_localizer_text(loc, "button.back", NULL, NULL));
    out[4] = g_strdup(parlance_localizer_text(loc, "Print", NULL, NULL));
    out[5] = g_strdup(parlance_localizer_text(loc, "login.title", NULL, "Menu"));
    out[6] = g_strdup("^Print");                               /* the user's text */
    out[7] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[8] = g_strdup(parlance_localizer_text(loc, "Print", NULL, NULL));
    out[9] = g_strdup("No such key");
    out[10] = g_strdup(parlance_localizer_text(loc, "Print", NULL, NULL));
    out[11] = g_strdup(parlance_localizer_text(loc, "Save", NULL, NULL));
    out[12] = g_strdup(parlance_localizer_text(loc, "Print", NULL, NULL));
    out[13] = g_strdup("^Print");                              /* a column no renderer shows */
    out[14] = g_strdup(parlance_localizer_text(loc, "login.title", NULL, "Menu"));
    out[15] = g_strdup(parlance_localizer_text(loc, "Print", NULL, NULL));
    out[16] = g_strdup("plain");
    out[17] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[18] = g_strdup(parlance_localizer_text(loc, "app.name", NULL, "Menu"));
}

/* translatable="yes" texts (one with a context), a text not marked, under
 * a domain of the file's own that the walker's loader ignores. */
int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: test_gtk_walker CATALOG_DIR\n"); return 2; }
    gtk_init();
    parlance_catalog *catalog = NULL;
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, argv[1], NULL, NULL, 0) == PARLANCE_OK);
    const char *locales[][1] = {{"en"}, {"fr"}, {"ar"}, {"ja"}};
    parlance_localizer *loc = NULL;
    CHECK(parlance_localizer_create(&loc, catalog, locales[0], 1, "en") == PARLANCE_OK);

    GtkBuilder *builder = gtk_builder_new_from_string(UI, -1);
    GtkWidget *window = GTK_WIDGET(gtk_builder_get_object(builder, "window"));
    GMenuModel *menu = G_MENU_MODEL(gtk_builder_get_object(builder, "menu"));
    gtk_window_present(GTK_WINDOW(window));
    pump();

    parlance_gtk_walker *walker = parlance_gtk_walker_new(loc, PARLANCE_GTK_CARET | PARLANCE_GTK_PLACEHOLDERS);
    walker->placeholder_table = "Menu";
    CHECK(parlance_gtk_localize(walker, G_OBJECT(window)) >= 10);
    parlance_gtk_localize(walker, G_OBJECT(menu));

    char *first[4][N_TEXTS];
    for (int l = 0; l < 4; l++) {
        CHECK(parlance_localizer_set_locales(loc, locales[l], 1) == PARLANCE_OK);
        char *want[N_TEXTS];
        shown(builder, first[l]);
        expected(loc, want);
        CHECK(same(first[l], want));
        release(want);
        CHECK((gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL) == (l == 2));
        CHECK((gtk_widget_get_direction(window) == GTK_TEXT_DIR_RTL) == (l == 2));
    }
    CHECK(strcmp(first[1][1], "Bonjour !") == 0);
    CHECK(strcmp(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(builder, "plain"))), "Print") == 0);

    check_marked(walker, loc, locales);
    CHECK(parlance_localizer_set_locales(loc, locales[0], 1) == PARLANCE_OK);

    long growth = switch_locales(loc, locales, first, builder, shown);
    printf("test_gtk_walker: RSS growth over 800 switches: %ld KiB\n", growth);
    CHECK(growth < 4096);

    for (int l = 0; l < 4; l++) release(first[l]);
    parlance_gtk_walker_free(walker);
    CHECK(parlance_localizer_set_locales(loc, locales[1], 1) == PARLANCE_OK);   /* freed: not followed */
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(builder);
    parlance_localizer_free(loc);
    parlance_catalog_free(catalog);
    if (failures) { fprintf(stderr, "test_gtk_walker: %d failures\n", failures); return 1; }
    printf("test_gtk_walker: ok\n");
    return 0;
}
