/* parlance_gtk.h on a real GTK 3 window (under Xvfb): a header bar, a menu
 * bar with a submenu, labels, buttons, a check button, an entry, a frame,
 * a notebook, a stack, a tree view over a list store, a file chooser
 * button's dialog title and a combo box text,
 * each text the catalog's lookup in en, fr, ar and ja and after 1,000
 * switches as after the first; the entry's user text and a column no
 * renderer shows untouched, the default direction right to left for Arabic
 * only, the resident set flat; a GtkBuilder file loaded through
 * parlance_gtk_builder_new_from_file() shows its translatable texts.
 *
 *   test_gtk3_walker CATALOG_DIR      (Examples/catalog)
 */
#define N_TEXTS 20   /* the texts shown() reads */
#include "gtk_walker_test.h"

static const char *UI =
    "<interface>"
    " <object class='GtkListStore' id='store'><columns><column type='gchararray'/><column type='gchararray'/></columns>"
    "  <data><row><col id='0'>^Print</col><col id='1'>^Print</col></row>"
    "   <row><col id='0'>{login.title}</col><col id='1'>x</col></row></data></object>"
    " <object class='GtkWindow' id='window'>"
    "  <child type='titlebar'><object class='GtkHeaderBar' id='header'><property name='title'>{app.name}</property>"
    "    <property name='subtitle'>^greeting</property></object></child>"
    "  <child><object class='GtkBox'><property name='orientation'>vertical</property>"
    "   <child><object class='GtkMenuBar'><child><object class='GtkMenuItem' id='file'>"
    "     <property name='label'>^Print</property><property name='use-underline'>1</property>"
    "     <child type='submenu'><object class='GtkMenu'><child><object class='GtkMenuItem' id='save'>"
    "       <property name='label'>^button.back</property></object></child></object></child>"
    "   </object></child></object></child>"
    "   <child><object class='GtkLabel' id='greeting'><property name='label'>^greeting</property></object></child>"
    "   <child><object class='GtkLabel' id='subtitle'><property name='label'>{login.title} / {no.such}</property></object></child>"
    "   <child><object class='GtkButton' id='back'><property name='label'>^button.back</property>"
    "     <property name='tooltip-text'>^Print</property></object></child>"
    "   <child><object class='GtkCheckButton' id='check'><property name='label'>^Print</property></object></child>"
    "   <child><object class='GtkEntry' id='entry'><property name='text'>^Print</property>"
    "     <property name='placeholder-text'>^greeting</property></object></child>"
    "   <child><object class='GtkFrame' id='frame'><property name='label'>^Print</property>"
    "     <child><object class='GtkLabel' id='inframe'><property name='label'>^No such key</property></object></child>"
    "   </object></child>"
    "   <child><object class='GtkNotebook' id='notebook'>"
    "     <child><object class='GtkBox' id='page'/></child>"
    "     <child type='tab'><object class='GtkLabel' id='tab'><property name='label'>^button.back</property></object></child>"
    "   </object></child>"
    "   <child><object class='GtkStack' id='stack'><child><object class='GtkBox' id='stackpage'/>"
    "     <packing><property name='title'>^Print</property></packing></child></object></child>"
    "   <child><object class='GtkTreeView' id='tree'><property name='model'>store</property>"
    "     <child><object class='GtkTreeViewColumn'><property name='title'>^Save</property>"
    "       <child><object class='GtkCellRendererText'/><attributes><attribute name='text'>0</attribute></attributes>"
    "       </child></object></child></object></child>"
    "   <child><object class='GtkFileChooserButton' id='chooser'><property name='title'>^Print</property></object></child>"
    "   <child><object class='GtkComboBoxText' id='combo'><items><item>^Print</item><item>plain</item></items>"
    "     </object></child>"
    "  </object></child>"
    " </object>"
    "</interface>";

static char *label_of(GtkBuilder *b, const char *id) {
    return g_strdup(gtk_label_get_label(GTK_LABEL(gtk_builder_get_object(b, id))));
}

static void shown(GtkBuilder *b, char *out[N_TEXTS]) {
    GtkHeaderBar *header = GTK_HEADER_BAR(gtk_builder_get_object(b, "header"));
    out[0] = g_strdup(gtk_header_bar_get_title(header));
    out[1] = g_strdup(gtk_header_bar_get_subtitle(header));
    out[2] = g_strdup(gtk_menu_item_get_label(GTK_MENU_ITEM(gtk_builder_get_object(b, "file"))));
    out[3] = g_strdup(gtk_menu_item_get_label(GTK_MENU_ITEM(gtk_builder_get_object(b, "save"))));
    out[4] = label_of(b, "greeting");
    out[5] = label_of(b, "subtitle");
    out[6] = g_strdup(gtk_button_get_label(GTK_BUTTON(gtk_builder_get_object(b, "back"))));
    out[7] = gtk_widget_get_tooltip_text(GTK_WIDGET(gtk_builder_get_object(b, "back")));
    out[8] = g_strdup(gtk_button_get_label(GTK_BUTTON(gtk_builder_get_object(b, "check"))));
    out[9] = g_strdup(gtk_entry_get_text(GTK_ENTRY(gtk_builder_get_object(b, "entry"))));
    out[10] = g_strdup(gtk_entry_get_placeholder_text(GTK_ENTRY(gtk_builder_get_object(b, "entry"))));
    out[11] = g_strdup(gtk_frame_get_label(GTK_FRAME(gtk_builder_get_object(b, "frame"))));
    out[12] = label_of(b, "inframe");
    out[13] = label_of(b, "tab");
    out[14] = NULL;
    gtk_container_child_get(GTK_CONTAINER(gtk_builder_get_object(b, "stack")),
                            GTK_WIDGET(gtk_builder_get_object(b, "stackpage")), "title", &out[14], NULL);
    GtkTreeModel *store = GTK_TREE_MODEL(gtk_builder_get_object(b, "store"));
    GtkTreeIter it;
    gtk_tree_model_get_iter_first(store, &it);
    gtk_tree_model_get(store, &it, 0, &out[15], 1, &out[16], -1);
    gtk_tree_model_iter_next(store, &it);
    gtk_tree_model_get(store, &it, 0, &out[17], -1);
    GtkTreeModel *combo = gtk_combo_box_get_model(GTK_COMBO_BOX(gtk_builder_get_object(b, "combo")));
    gtk_tree_model_get_iter_first(combo, &it);
    gtk_tree_model_get(combo, &it, 0, &out[18], -1);
    out[19] = g_strdup(gtk_file_chooser_button_get_title(GTK_FILE_CHOOSER_BUTTON(gtk_builder_get_object(b, "chooser"))));
}

static void expected(parlance_localizer *loc, char *out[N_TEXTS]) {
    char subtitle[256];
    snprintf(subtitle, sizeof subtitle, "%s / {no.such}", parlance_localizer_text(loc, "login.title", NULL, "Menu"));
    const char *print = parlance_localizer_text(loc, "Print", NULL, NULL);
    out[0] = g_strdup(parlance_localizer_text(loc, "app.name", NULL, "Menu"));
    out[1] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[2] = g_strdup(print);
    out[3] = g_strdup(parlance_localizer_text(loc, "button.back", NULL, NULL));
    out[4] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[5] = g_strdup(subtitle);
    out[6] = g_strdup(parlance_localizer_text(loc, "button.back", NULL, NULL));
    out[7] = g_strdup(print);
    out[8] = g_strdup(print);
    out[9] = g_strdup("^Print");                               /* the user's text */
    out[10] = g_strdup(parlance_localizer_text(loc, "greeting", NULL, NULL));
    out[11] = g_strdup(print);
    out[12] = g_strdup("No such key");
    out[13] = g_strdup(parlance_localizer_text(loc, "button.back", NULL, NULL));
    out[14] = g_strdup(print);
    out[15] = g_strdup(print);
    out[16] = g_strdup("^Print");                              /* a column no renderer shows */
    out[17] = g_strdup(parlance_localizer_text(loc, "login.title", NULL, "Menu"));
    out[18] = g_strdup(print);
    out[19] = g_strdup(print);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: test_gtk3_walker CATALOG_DIR\n"); return 2; }
    gtk_init(NULL, NULL);
    parlance_catalog *catalog = NULL;
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, argv[1], NULL, NULL, 0) == PARLANCE_OK);
    const char *locales[][1] = {{"en"}, {"fr"}, {"ar"}, {"ja"}};
    parlance_localizer *loc = NULL;
    CHECK(parlance_localizer_create(&loc, catalog, locales[0], 1, "en") == PARLANCE_OK);

    GtkBuilder *builder = gtk_builder_new_from_string(UI, -1);
    GtkWidget *window = GTK_WIDGET(gtk_builder_get_object(builder, "window"));
    gtk_widget_show_all(window);
    pump();

    parlance_gtk_walker *walker = parlance_gtk_walker_new(loc, PARLANCE_GTK_CARET | PARLANCE_GTK_PLACEHOLDERS);
    walker->placeholder_table = "Menu";
    CHECK(parlance_gtk_localize(walker, G_OBJECT(window)) >= 18);

    char *first[4][N_TEXTS];
    for (int l = 0; l < 4; l++) {
        CHECK(parlance_localizer_set_locales(loc, locales[l], 1) == PARLANCE_OK);
        char *want[N_TEXTS];
        shown(builder, first[l]);
        expected(loc, want);
        CHECK(same(first[l], want));
        release(want);
        CHECK((gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL) == (l == 2));
    }
    CHECK(strcmp(first[1][4], "Bonjour !") == 0);
    check_marked(walker, loc, locales);
    CHECK(parlance_localizer_set_locales(loc, locales[0], 1) == PARLANCE_OK);

    long growth = switch_locales(loc, locales, first, builder, shown);
    printf("test_gtk3_walker: RSS growth over 800 switches: %ld KiB\n", growth);
    CHECK(growth < 4096);

    for (int l = 0; l < 4; l++) release(first[l]);
    parlance_gtk_walker_free(walker);
    gtk_widget_destroy(window);
    g_object_unref(builder);
    parlance_localizer_free(loc);
    parlance_catalog_free(catalog);
    if (failures) { fprintf(stderr, "test_gtk3_walker: %d failures\n", failures); return 1; }
    printf("test_gtk3_walker: ok\n");
    return 0;
}
