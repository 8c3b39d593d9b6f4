/* parlance_gtk.h — a header-only walker that localizes live GTK 4 and 3 widget
 * trees through a parlance_localizer, and again after every language switch.
 *
 *     #include <gtk/gtk.h>
 *     #include <parlance_gtk.h>
 *
 *     parlance_gtk_walker *walker = parlance_gtk_walker_new(localizer, PARLANCE_GTK_CARET);
 *     parlance_gtk_localize(walker, G_OBJECT(window));   // now and after every switch
 *     ...
 *     parlance_gtk_walker_free(walker);                   // before the localizer
 *
 * The same rules as Python's parlance.ui (docs/ui-trees.md): ^Key carets
 * (through parlance_localizer_localize_marked), {key.path} placeholders
 * from placeholder_table, implicit keys for the widget kinds in
 * implicit_kinds, and a hook. Texts: window titles, labels, button, check
 * and menu button labels, frame and expander label widgets, notebook tab
 * labels, entry/search entry placeholders (never the user's text),
 * tooltips, tree view column titles, the rows of tree views and combo
 * boxes over a GtkListStore or GtkTreeStore (the columns a text cell
 * renderer shows; kinds "cell" and "item"), the strings of drop-downs and
 * of list, grid and column views over a GtkStringList, GMenu item labels
 * (menu buttons, popover menus). Each text keeps its source on its object
 * (g_object_set_data_full; rows on their model, by path), so the walk
 * after a switch starts from it; the default text direction follows the
 * first language. parlance_gtk_builder_new_from_file() loads a GtkBuilder
 * file with its translatable="yes" texts left as written and marks them
 * (with their contexts) as keys, so they are looked up once per walk and
 * follow every switch, where GtkBuilder's own gettext translation happens
 * once at load. GTK 4, and GTK 3 (with its header bar titles, menu items,
 * menu button popups and tool buttons; drop-downs, string lists and
 * popover menus are GTK 4's) — the GTK version is the one included; no
 * toolkit code enters libparlance.so: this header is compiled into the
 * program. Not thread-safe: use a walker on the GTK thread; a change told
 * on another thread is walked later on the default main context (g_idle_add).
 */
#ifndef PARLANCE_GTK_H
#define PARLANCE_GTK_H

#include <gtk/gtk.h>
#include <string.h>

#include "parlance.h"

G_BEGIN_DECLS

/** Rules, combined with |. */
#define PARLANCE_GTK_CARET        1u /**< ^Key: the translation of Key */
#define PARLANCE_GTK_PLACEHOLDERS 2u /**< {key.path} anywhere in a text */

/** How one text is localized instead of the rules: return a newly
 *  g_malloc'd text to show, or NULL to leave it to the rules. kind is
 *  "label", "button", "check", "title", "tooltip", "placeholder", "frame",
 *  "tab", "column", "item", "cell" or "menu". */
typedef char *(*parlance_gtk_hook)(void *user_data, const char *text, const char *kind);

typedef struct parlance_gtk_walker {
    parlance_localizer *localizer;
    unsigned rules;
    /** Space-separated kinds whose whole text is the key (implicit rule), or NULL. */
    const char *implicit_kinds;
    const char *table;             /**< table of carets and implicit keys (NULL: Localizable) */
    const char *placeholder_table; /**< table of placeholders (NULL: table) */
    parlance_gtk_hook hook;
    void *hook_data;
    gboolean direction;            /**< set GTK's default direction (default TRUE) */
    GPtrArray *roots;              /* GWeakRef * */
    GThread *thread;
    guint idle;
    unsigned count;                /**< texts set by the last walk */
    GHashTable *marks;             /* text -> "table\0context\0" of translatable texts, or NULL */
} parlance_gtk_walker;

static inline void parlance_gtk_relocalize(parlance_gtk_walker *walker);

/* ---- the rules ----------------------------------------------------------- */

static inline gboolean parlance_gtk__is_kind(const char *kinds, const char *kind) {
    if (!kinds) return FALSE;
    size_t n = strlen(kind);
    for (const char *p = kinds; (p = strstr(p, kind)) != NULL; p += n)
        if ((p == kinds || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ')) return TRUE;
    return FALSE;
}

/** {key.path} replaced by its translation, one pass; NULL when text has no placeholder. */
static inline char *parlance_gtk__placeholders(parlance_gtk_walker *w, const char *text) {
    const char *table = w->placeholder_table ? w->placeholder_table : w->table;
    GString *out = NULL;
    const char *done = text;
    for (const char *open = strchr(text, '{'); open; open = strchr(open + 1, '{')) {
        const char *close = open + 1;
        while (*close && *close != '}' && *close != '{' && *close != ' ') close++;
        if (*close != '}' || close == open + 1) continue;
        char *key = g_strndup(open + 1, (gsize)(close - open - 1));
        char value[1024];
        long length = (long)parlance_localizer_copy(w->localizer, value, sizeof value, key, NULL, table);
        g_free(key);
        if (length < 0) continue;                     /* missing: the placeholder stays */
        if (!out) out = g_string_new(NULL);
        g_string_append_len(out, done, open - done);
        if ((size_t)length < sizeof value) {
            g_string_append(out, value);
        } else {
            char *key2 = g_strndup(open + 1, (gsize)(close - open - 1));
            char *big = g_malloc((gsize)length + 1);
            parlance_localizer_copy(w->localizer, big, (size_t)length + 1, key2, NULL, table);
            g_string_append(out, big);
            g_free(big);
            g_free(key2);
        }
        done = close + 1;
        open = close;
    }
    if (!out) return NULL;
    g_string_append(out, done);
    return g_string_free(out, FALSE);
}

/** What a text of kind shows (newly allocated), or NULL to leave it alone. */
static inline char *parlance_gtk_localized(parlance_gtk_walker *w, const char *text, const char *kind) {
    if (!text || !*text) return NULL;
    if (w->hook) {
        char *shown = w->hook(w->hook_data, text, kind);
        if (shown) return shown;
    }
    /* A read section keeps looked-up strings valid while they are copied. */
    char *result = NULL;
    parlance_read_begin();
    if ((w->rules & PARLANCE_GTK_CARET) && text[0] == '^') {
        const char *marked = w->table ? parlance_localizer_text(w->localizer, text + 1, NULL, w->table)
                                      : parlance_localizer_localize_marked(w->localizer, text);
        result = g_strdup(marked);
    } else if ((w->rules & PARLANCE_GTK_PLACEHOLDERS) && strchr(text, '{')) {
        result = parlance_gtk__placeholders(w, text);
    }
    const char *mark = result || !w->marks ? NULL : g_hash_table_lookup(w->marks, text);
    if (mark) {
        const char *context = mark + strlen(mark) + 1;
        result = g_strdup(parlance_localizer_text(w->localizer, text, *context ? context : NULL, *mark ? mark : w->table));
    }
    if (!result && text[0] != '^' && parlance_gtk__is_kind(w->implicit_kinds, kind))
        result = g_strdup(parlance_localizer_text(w->localizer, text, NULL, w->table));
    parlance_read_end();
    return result;
}

/* ---- one property -------------------------------------------------------- */

/** Sets one text where it shows (a property, a model cell...). */
typedef void (*parlance_gtk__setter)(gpointer target, gconstpointer where, int index, const char *value);

/** Localizes one text, current, kept with holder under slot: its source is
 *  the remembered one while the text still shows what was set, else
 *  current (the program set a new text). */
static inline void parlance_gtk__text(parlance_gtk_walker *w, GObject *holder, const char *slot, const char *current,
                                      const char *kind, parlance_gtk__setter set, gpointer target, gconstpointer where,
                                      int index) {
    if (!current) return;
    char *source_key = g_strconcat("parlance-source:", slot, NULL);
    char *shown_key = g_strconcat("parlance-shown:", slot, NULL);
    const char *source = g_object_get_data(holder, source_key);
    const char *was = g_object_get_data(holder, shown_key);
    char *from = g_strdup(source && was && strcmp(was, current) == 0 ? source : current);
    char *shown = parlance_gtk_localized(w, from, kind);
    if (shown) {
        if (strcmp(shown, current) != 0) set(target, where, index, shown);
        w->count++;
        g_object_set_data_full(holder, source_key, from, g_free);
        g_object_set_data_full(holder, shown_key, shown, g_free);
    } else {
        g_object_set_data(holder, source_key, NULL);
        g_object_set_data(holder, shown_key, NULL);
        g_free(from);
    }
    g_free(source_key);
    g_free(shown_key);
}

static inline void parlance_gtk__set_property(gpointer obj, gconstpointer name, int index, const char *value) {
    (void)index;
    g_object_set(obj, name, value, NULL);
}

/** Localizes obj's string property name. */
static inline void parlance_gtk__property(parlance_gtk_walker *w, GObject *obj, const char *name, const char *kind) {
    if (!obj || !g_object_class_find_property(G_OBJECT_GET_CLASS(obj), name)) return;
    char *current = NULL;
    g_object_get(obj, name, &current, NULL);
    parlance_gtk__text(w, obj, name, current, kind, parlance_gtk__set_property, obj, name, 0);
    g_free(current);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static inline void parlance_gtk__set_cell(gpointer model, gconstpointer iter, int column, const char *value) {
    GValue v = G_VALUE_INIT;
    g_value_init(&v, G_TYPE_STRING);
    g_value_set_string(&v, value);
    if (GTK_IS_LIST_STORE(model)) gtk_list_store_set_value(model, (GtkTreeIter *)iter, column, &v);
    else gtk_tree_store_set_value(model, (GtkTreeIter *)iter, column, &v);
    g_value_unset(&v);
}

/** Adds to columns (a GArray of int) the model columns layout's text cell renderers show. */
static inline void parlance_gtk__text_columns(GtkCellLayout *layout, GArray *columns) {
    GtkCellArea *area = gtk_cell_layout_get_area(layout);
    GList *cells = gtk_cell_layout_get_cells(layout);
    for (GList *c = cells; c && area; c = c->next) {
        if (!GTK_IS_CELL_RENDERER_TEXT(c->data)) continue;
        int column = gtk_cell_area_attribute_get_column(area, c->data, "text");
        gboolean known = FALSE;
        for (guint i = 0; i < columns->len; i++) known = known || g_array_index(columns, int, i) == column;
        if (column >= 0 && !known) g_array_append_val(columns, column);
    }
    g_list_free(cells);
}

/** The string cells of a list or tree store that columns show; sources
 *  are kept on the store by row path. Rows are collected before any is
 *  set (their iters persist). */
static inline void parlance_gtk__store_rows(parlance_gtk_walker *w, GtkTreeModel *model, GArray *columns,
                                            const char *kind) {
    if (!(GTK_IS_LIST_STORE(model) || GTK_IS_TREE_STORE(model)) || !columns->len) return;
    GArray *rows = g_array_new(FALSE, FALSE, sizeof(GtkTreeIter));
    GArray *pending = g_array_new(FALSE, FALSE, sizeof(GtkTreeIter));
    GtkTreeIter it;
    if (gtk_tree_model_get_iter_first(model, &it)) g_array_append_val(pending, it);
    while (pending->len) {
        it = g_array_index(pending, GtkTreeIter, pending->len - 1);
        g_array_set_size(pending, pending->len - 1);
        do {
            g_array_append_val(rows, it);
            GtkTreeIter child;
            if (gtk_tree_model_iter_children(model, &child, &it)) g_array_append_val(pending, child);
        } while (gtk_tree_model_iter_next(model, &it));
    }
    for (guint r = 0; r < rows->len; r++) {
        GtkTreeIter *row = &g_array_index(rows, GtkTreeIter, r);
        char *path = gtk_tree_model_get_string_from_iter(model, row);
        for (guint i = 0; i < columns->len; i++) {
            int column = g_array_index(columns, int, i);
            if (column >= gtk_tree_model_get_n_columns(model) ||
                gtk_tree_model_get_column_type(model, column) != G_TYPE_STRING) continue;
            char *current = NULL;
            gtk_tree_model_get(model, row, column, &current, -1);
            char *slot = g_strdup_printf("cell:%d:%s", column, path);
            parlance_gtk__text(w, G_OBJECT(model), slot, current, kind, parlance_gtk__set_cell, model, row, column);
            g_free(slot);
            g_free(current);
        }
        g_free(path);
    }
    g_array_unref(rows);
    g_array_unref(pending);
}
G_GNUC_END_IGNORE_DEPRECATIONS

#if GTK_CHECK_VERSION(4, 0, 0)
static inline void parlance_gtk__set_string(gpointer list, gconstpointer unused, int index, const char *value) {
    (void)unused;
    const char *const strings[] = {value, NULL};
    gtk_string_list_splice(list, (guint)index, 1, strings);
}

/** The strings of a GtkStringList (kept on the list by position). */
static inline void parlance_gtk__strings(parlance_gtk_walker *w, GListModel *model, const char *kind) {
    if (!GTK_IS_STRING_LIST(model)) return;
    guint n = g_list_model_get_n_items(model);
    for (guint i = 0; i < n; i++) {
        char slot[32];
        snprintf(slot, sizeof slot, "string:%u", i);
        parlance_gtk__text(w, G_OBJECT(model), slot, gtk_string_list_get_string(GTK_STRING_LIST(model), i), kind,
                           parlance_gtk__set_string, model, NULL, (int)i);
    }
}

/** A view's string list through its selection model; a single selection stays on its row. */
static inline void parlance_gtk__view_strings(parlance_gtk_walker *w, GtkSelectionModel *selection) {
    GListModel *model = NULL;
    if (GTK_IS_SINGLE_SELECTION(selection)) model = gtk_single_selection_get_model(GTK_SINGLE_SELECTION(selection));
    else if (GTK_IS_NO_SELECTION(selection)) model = gtk_no_selection_get_model(GTK_NO_SELECTION(selection));
    else if (GTK_IS_MULTI_SELECTION(selection)) model = gtk_multi_selection_get_model(GTK_MULTI_SELECTION(selection));
    if (!model) return;
    guint selected = GTK_IS_SINGLE_SELECTION(selection) ? gtk_single_selection_get_selected(GTK_SINGLE_SELECTION(selection))
                                                         : GTK_INVALID_LIST_POSITION;
    parlance_gtk__strings(w, model, "cell");
    if (selected != GTK_INVALID_LIST_POSITION &&
        selected != gtk_single_selection_get_selected(GTK_SINGLE_SELECTION(selection)))
        gtk_single_selection_set_selected(GTK_SINGLE_SELECTION(selection), selected);
}
#endif

/** A GMenu's item labels (an item is replaced by a copy with the new
 *  label), then its sections and submenus. */
static inline void parlance_gtk__menu(parlance_gtk_walker *w, GMenuModel *model) {
    int n = g_menu_model_get_n_items(model);
    for (int i = 0; i < n; i++) {
        char *label = NULL;
        if (G_IS_MENU(model) && g_menu_model_get_item_attribute(model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)) {
            char *source_key = g_strdup_printf("parlance-source:%d", i);
            char *shown_key = g_strdup_printf("parlance-shown:%d", i);
            const char *source = g_object_get_data(G_OBJECT(model), source_key);
            const char *was = g_object_get_data(G_OBJECT(model), shown_key);
            char *from = g_strdup(source && was && strcmp(was, label) == 0 ? source : label);
            char *shown = parlance_gtk_localized(w, from, "menu");
            if (shown) {
                if (strcmp(shown, label) != 0) {
                    GMenuItem *item = g_menu_item_new_from_model(model, i);
                    g_menu_item_set_label(item, shown);
                    g_menu_remove(G_MENU(model), i);
                    g_menu_insert_item(G_MENU(model), i, item);
                    g_object_unref(item);
                }
                w->count++;
                g_object_set_data_full(G_OBJECT(model), source_key, from, g_free);
                g_object_set_data_full(G_OBJECT(model), shown_key, shown, g_free);
            } else {
                g_free(from);
            }
            g_free(source_key);
            g_free(shown_key);
            g_free(label);
        }
        GMenuLinkIter *links = g_menu_model_iterate_item_links(model, i);
        GMenuModel *link = NULL;
        while (g_menu_link_iter_get_next(links, NULL, &link)) {
            parlance_gtk__menu(w, link);
            g_object_unref(link);
        }
        g_object_unref(links);
    }
}

/* ---- the walk ------------------------------------------------------------ */

static inline void parlance_gtk__visit(parlance_gtk_walker *w, GtkWidget *widget);

static inline void parlance_gtk__children(parlance_gtk_walker *w, GtkWidget *widget) {
#if GTK_CHECK_VERSION(4, 0, 0)
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child))
        parlance_gtk__visit(w, child);
#else
    if (GTK_IS_CONTAINER(widget)) {
        GList *children = gtk_container_get_children(GTK_CONTAINER(widget));
        for (GList *c = children; c; c = c->next) parlance_gtk__visit(w, c->data);
        g_list_free(children);
    }
    if (GTK_IS_WINDOW(widget)) parlance_gtk__visit(w, gtk_window_get_titlebar(GTK_WINDOW(widget)));
#endif
}

#if !GTK_CHECK_VERSION(4, 0, 0)
static inline void parlance_gtk__set_child_title(gpointer stack, gconstpointer child, int index, const char *value) {
    (void)index;
    gtk_container_child_set(GTK_CONTAINER(stack), (GtkWidget *)child, "title", value, NULL);
}
#endif

/** A stack's page titles (GTK 4: its pages; GTK 3: a child property). */
static inline void parlance_gtk__stack(parlance_gtk_walker *w, GtkStack *stack) {
#if GTK_CHECK_VERSION(4, 0, 0)
    GtkSelectionModel *pages = gtk_stack_get_pages(stack);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(pages));
    for (guint i = 0; i < n; i++) {
        GObject *page = g_list_model_get_item(G_LIST_MODEL(pages), i);
        parlance_gtk__property(w, page, "title", "tab");
        g_object_unref(page);
    }
    g_object_unref(pages);
#else
    GList *children = gtk_container_get_children(GTK_CONTAINER(stack));
    for (GList *c = children; c; c = c->next) {
        char *title = NULL;
        gtk_container_child_get(GTK_CONTAINER(stack), c->data, "title", &title, NULL);
        parlance_gtk__text(w, G_OBJECT(c->data), "stack-title", title, "tab", parlance_gtk__set_child_title, stack,
                           c->data, 0);
        g_free(title);
    }
    g_list_free(children);
#endif
}

static inline void parlance_gtk__visit(parlance_gtk_walker *w, GtkWidget *widget) {
    if (!widget) return;
    GObject *obj = G_OBJECT(widget);
    parlance_gtk__property(w, obj, "tooltip-text", "tooltip");
    if (GTK_IS_WINDOW(widget)) parlance_gtk__property(w, obj, "title", "title");
#if !GTK_CHECK_VERSION(4, 0, 0)
    if (GTK_IS_HEADER_BAR(widget)) {
        parlance_gtk__property(w, obj, "title", "title");
        parlance_gtk__property(w, obj, "subtitle", "subtitle");
    }
#endif
    if (GTK_IS_LABEL(widget)) {
        parlance_gtk__property(w, obj, "label", "label");
        return;
    }
#if GTK_CHECK_VERSION(4, 0, 0)
    if (GTK_IS_ENTRY(widget) || GTK_IS_SEARCH_ENTRY(widget) || GTK_IS_TEXT(widget)) {
#else
    if (GTK_IS_ENTRY(widget)) {
#endif
        parlance_gtk__property(w, obj, "placeholder-text", "placeholder");   /* never the user's text */
        return;
    }
    if (GTK_IS_NOTEBOOK(widget)) {
        GtkNotebook *notebook = GTK_NOTEBOOK(widget);
        for (int i = 0; i < gtk_notebook_get_n_pages(notebook); i++) {
            GtkWidget *page = gtk_notebook_get_nth_page(notebook, i);
            GtkWidget *tab = gtk_notebook_get_tab_label(notebook, page);
            if (GTK_IS_LABEL(tab)) parlance_gtk__property(w, G_OBJECT(tab), "label", "tab");
            else parlance_gtk__visit(w, tab);
            parlance_gtk__visit(w, page);
        }
        return;
    }
    if (GTK_IS_STACK(widget)) parlance_gtk__stack(w, GTK_STACK(widget));
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (GTK_IS_TREE_VIEW(widget)) {
        GList *columns = gtk_tree_view_get_columns(GTK_TREE_VIEW(widget));
        GArray *shown = g_array_new(FALSE, FALSE, sizeof(int));
        for (GList *c = columns; c; c = c->next) {
            parlance_gtk__property(w, G_OBJECT(c->data), "title", "column");
            parlance_gtk__text_columns(GTK_CELL_LAYOUT(c->data), shown);
        }
        parlance_gtk__store_rows(w, gtk_tree_view_get_model(GTK_TREE_VIEW(widget)), shown, "cell");
        g_array_unref(shown);
        g_list_free(columns);
    }
    if (GTK_IS_COMBO_BOX(widget)) {
        GArray *shown = g_array_new(FALSE, FALSE, sizeof(int));
        parlance_gtk__text_columns(GTK_CELL_LAYOUT(widget), shown);
        parlance_gtk__store_rows(w, gtk_combo_box_get_model(GTK_COMBO_BOX(widget)), shown, "item");
        g_array_unref(shown);
#if GTK_CHECK_VERSION(4, 0, 0)
        GtkWidget *child = gtk_combo_box_get_child(GTK_COMBO_BOX(widget));
#else
        GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
#endif
        GtkWidget *entry = gtk_combo_box_get_has_entry(GTK_COMBO_BOX(widget)) ? child : NULL;
        if (GTK_IS_ENTRY(entry)) parlance_gtk__property(w, G_OBJECT(entry), "placeholder-text", "placeholder");
        return;
    }
    G_GNUC_END_IGNORE_DEPRECATIONS
#if GTK_CHECK_VERSION(4, 0, 0)
    if (GTK_IS_DROP_DOWN(widget)) {
        GtkDropDown *drop = GTK_DROP_DOWN(widget);
        guint selected = gtk_drop_down_get_selected(drop);
        parlance_gtk__strings(w, gtk_drop_down_get_model(drop), "item");
        if (selected != gtk_drop_down_get_selected(drop)) gtk_drop_down_set_selected(drop, selected);
        return;
    }
    if (GTK_IS_LIST_VIEW(widget) || GTK_IS_GRID_VIEW(widget) || GTK_IS_COLUMN_VIEW(widget)) {
        GtkSelectionModel *selection = GTK_IS_LIST_VIEW(widget) ? gtk_list_view_get_model(GTK_LIST_VIEW(widget))
                                       : GTK_IS_GRID_VIEW(widget) ? gtk_grid_view_get_model(GTK_GRID_VIEW(widget))
                                                                   : gtk_column_view_get_model(GTK_COLUMN_VIEW(widget));
        if (selection) parlance_gtk__view_strings(w, selection);
    }
#endif
    if (GTK_IS_FRAME(widget) || GTK_IS_EXPANDER(widget)) {
        /* Its label widget, never the frame's label property (which would
         * replace a label widget the program styled). */
        GtkWidget *label = GTK_IS_FRAME(widget) ? gtk_frame_get_label_widget(GTK_FRAME(widget))
                                                : gtk_expander_get_label_widget(GTK_EXPANDER(widget));
        if (GTK_IS_LABEL(label)) parlance_gtk__property(w, G_OBJECT(label), "label", "frame");
        else parlance_gtk__visit(w, label);
#if GTK_CHECK_VERSION(4, 0, 0)
        parlance_gtk__visit(w, GTK_IS_FRAME(widget) ? gtk_frame_get_child(GTK_FRAME(widget))
                                                    : gtk_expander_get_child(GTK_EXPANDER(widget)));
#else
        parlance_gtk__visit(w, gtk_bin_get_child(GTK_BIN(widget)));
#endif
        return;
    }
#if GTK_CHECK_VERSION(4, 0, 0)
    if (GTK_IS_MENU_BUTTON(widget)) {
        GtkMenuButton *button = GTK_MENU_BUTTON(widget);
        if (gtk_menu_button_get_label(button)) parlance_gtk__property(w, obj, "label", "button");
        if (gtk_menu_button_get_menu_model(button)) parlance_gtk__menu(w, gtk_menu_button_get_menu_model(button));
        return;
    }
    if (GTK_IS_POPOVER_MENU(widget)) {
        GMenuModel *model = gtk_popover_menu_get_menu_model(GTK_POPOVER_MENU(widget));
        if (model) parlance_gtk__menu(w, model);
        return;
    }
    if (GTK_IS_BUTTON(widget) && gtk_button_get_label(GTK_BUTTON(widget))) {
        parlance_gtk__property(w, obj, "label", "button");
        return;                                  /* its child shows the label */
    }
    if (GTK_IS_CHECK_BUTTON(widget) && gtk_check_button_get_label(GTK_CHECK_BUTTON(widget))) {
        parlance_gtk__property(w, obj, "label", "check");
        return;
    }
#else
    if (GTK_IS_MENU_ITEM(widget)) {
        parlance_gtk__property(w, obj, "label", "menu");
        parlance_gtk__visit(w, gtk_menu_item_get_submenu(GTK_MENU_ITEM(widget)));
        return;
    }
    if (GTK_IS_MENU_BUTTON(widget)) {
        GtkMenuButton *button = GTK_MENU_BUTTON(widget);
        if (gtk_menu_button_get_menu_model(button)) parlance_gtk__menu(w, gtk_menu_button_get_menu_model(button));
        parlance_gtk__visit(w, GTK_WIDGET(gtk_menu_button_get_popup(button)));
    }
    if (GTK_IS_BUTTON(widget) && gtk_button_get_label(GTK_BUTTON(widget))) {
        const char *kind = GTK_IS_RADIO_BUTTON(widget) ? "radio" : GTK_IS_CHECK_BUTTON(widget) ? "check" : "button";
        parlance_gtk__property(w, obj, "label", kind);
        return;                                  /* its child shows the label */
    }
    if (GTK_IS_FILE_CHOOSER_BUTTON(widget)) {
        parlance_gtk__property(w, obj, "title", "title");      /* its dialog's title */
        return;
    }
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (GTK_IS_TOOL_BUTTON(widget)) parlance_gtk__property(w, obj, "label", "button");
    G_GNUC_END_IGNORE_DEPRECATIONS
#endif
    parlance_gtk__children(w, widget);
}

/* ---- direction ----------------------------------------------------------- */

/** Whether a BCP 47 tag is written right to left: its script subtag if it
 *  names one, else its language (the list of parlance.ui.is_right_to_left). */
static inline gboolean parlance_gtk_is_right_to_left(const char *tag) {
    static const char *const languages[] = {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "ps",
                                            "sd", "syr", "ug", "ur", "yi", "nqo", "sdh", "glk", "ji", NULL};
    static const char *const scripts[] = {"arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr",
                                          "mend", NULL};
    if (!tag) return FALSE;
    char *lower = g_ascii_strdown(tag, -1);
    g_strdelimit(lower, "_", '-');
    char **parts = g_strsplit(lower, "-", -1);
    gboolean rtl = FALSE, decided = FALSE;
    for (int i = 1; parts[0] && parts[i] && !decided; i++) {
        if (strlen(parts[i]) == 4 && g_ascii_isalpha(parts[i][0])) {
            decided = TRUE;
            for (int s = 0; scripts[s]; s++) rtl = rtl || strcmp(parts[i], scripts[s]) == 0;
        }
    }
    for (int l = 0; !decided && parts[0] && languages[l]; l++) rtl = rtl || strcmp(parts[0], languages[l]) == 0;
    g_strfreev(parts);
    g_free(lower);
    return rtl;
}

static inline void parlance_gtk__direction(parlance_gtk_walker *w) {
    if (!w->direction) return;
    size_t count = 0;
    const char *const *locales = parlance_localizer_locales(w->localizer, &count);
    gtk_widget_set_default_direction(count && parlance_gtk_is_right_to_left(locales[0]) ? GTK_TEXT_DIR_RTL
                                                                                       : GTK_TEXT_DIR_LTR);
}

/* ---- the walker ---------------------------------------------------------- */

static inline gboolean parlance_gtk__idle(gpointer data) {
    parlance_gtk_walker *w = data;
    w->idle = 0;
    parlance_gtk_relocalize(w);
    return G_SOURCE_REMOVE;
}

static inline void parlance_gtk__changed(void *data, parlance_localizer *localizer, parlance_change change) {
    (void)localizer;
    (void)change;
    parlance_gtk_walker *w = data;
    if (g_thread_self() == w->thread) parlance_gtk_relocalize(w);
    else if (!w->idle) w->idle = g_idle_add(parlance_gtk__idle, w);
}

static inline void parlance_gtk__free_ref(gpointer ref) {
    g_weak_ref_clear(ref);
    g_free(ref);
}

/** A walker over localizer with rules (PARLANCE_GTK_CARET | ...); it
 *  listens to the localizer's changes until parlance_gtk_walker_free().
 *  NULL when localizer is NULL. */
static inline parlance_gtk_walker *parlance_gtk_walker_new(parlance_localizer *localizer, unsigned rules) {
    if (!localizer) return NULL;
    parlance_gtk_walker *w = g_new0(parlance_gtk_walker, 1);
    w->localizer = localizer;
    w->rules = rules;
    w->direction = TRUE;
    w->roots = g_ptr_array_new_with_free_func(parlance_gtk__free_ref);
    w->thread = g_thread_self();
    if (parlance_localizer_on_change(localizer, parlance_gtk__changed, w) != PARLANCE_OK) {
        g_ptr_array_unref(w->roots);
        g_free(w);
        return NULL;
    }
    return w;
}

/** Stops listening and frees the walker (before its localizer). NULL: no-op. */
static inline void parlance_gtk_walker_free(parlance_gtk_walker *w) {
    if (!w) return;
    parlance_localizer_remove_on_change(w->localizer, parlance_gtk__changed, w);
    if (w->idle) g_source_remove(w->idle);
    g_ptr_array_unref(w->roots);
    if (w->marks) g_hash_table_unref(w->marks);
    g_free(w);
}

/* ---- GtkBuilder files ---------------------------------------------------- */

typedef struct {
    parlance_gtk_walker *walker;
    const char *table;
    char *domain;
    GString *text;     /* of the open translatable element, or NULL */
    char *context;
} parlance_gtk__marking;

static inline void parlance_gtk__mark_start(GMarkupParseContext *context, const char *element, const char **names,
                                            const char **values, gpointer data, GError **error) {
    (void)context;
    (void)error;
    parlance_gtk__marking *m = data;
    const char *translatable = NULL, *msgctxt = NULL;
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], "translatable") == 0) translatable = values[i];
        else if (strcmp(names[i], "context") == 0 || strcmp(names[i], "msgctxt") == 0) msgctxt = values[i];
        else if (strcmp(names[i], "domain") == 0 && strcmp(element, "interface") == 0 && !m->domain)
            m->domain = g_strdup(values[i]);
    }
    static const char *const yes[] = {"yes", "true", "1", "y", "t", NULL};
    gboolean marked = FALSE;
    for (int i = 0; translatable && yes[i]; i++) marked = marked || g_ascii_strcasecmp(translatable, yes[i]) == 0;
    if (marked && strcmp(element, "comment") != 0) {
        m->text = g_string_new(NULL);
        m->context = g_strdup(msgctxt ? msgctxt : "");
    }
}

static inline void parlance_gtk__mark_text(GMarkupParseContext *context, const char *text, gsize length,
                                           gpointer data, GError **error) {
    (void)context;
    (void)error;
    parlance_gtk__marking *m = data;
    if (m->text) g_string_append_len(m->text, text, (gssize)length);
}

static inline void parlance_gtk__mark_end(GMarkupParseContext *context, const char *element, gpointer data,
                                          GError **error) {
    (void)context;
    (void)element;
    (void)error;
    parlance_gtk__marking *m = data;
    if (!m->text) return;
    const char *table = m->table ? m->table : m->domain ? m->domain : m->walker->table ? m->walker->table : "";
    if (m->text->len && !g_hash_table_contains(m->walker->marks, m->text->str)) {
        GString *value = g_string_new(table);
        g_string_append_c(value, 0);
        g_string_append(value, m->context);
        g_string_append_c(value, 0);
        g_hash_table_insert(m->walker->marks, g_strdup(m->text->str), g_string_free(value, FALSE));
    }
    g_string_free(m->text, TRUE);
    m->text = NULL;
    g_free(m->context);
    m->context = NULL;
}

/** A GtkBuilder of the file at path whose translatable="yes" texts are
 *  left as written (the document's own <interface domain> is ignored) and
 *  marked as keys of table (NULL: the document's domain, else the
 *  walker's table), each with its context; the first mark of a text wins.
 *  Localize its objects with parlance_gtk_localize(). NULL with *error
 *  set when the file cannot be read or built. The caller owns the builder. */
static inline GtkBuilder *parlance_gtk_builder_new_from_file(parlance_gtk_walker *w, const char *path,
                                                             const char *table, GError **error) {
    char *document = NULL;
    gsize length = 0;
    if (!w || !g_file_get_contents(path, &document, &length, error)) return NULL;
    if (!w->marks) w->marks = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    parlance_gtk__marking m = {w, table, NULL, NULL, NULL};
    GMarkupParser parser = {parlance_gtk__mark_start, parlance_gtk__mark_end, parlance_gtk__mark_text, NULL, NULL};
    GMarkupParseContext *context = g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &m, NULL);
    gboolean parsed = g_markup_parse_context_parse(context, document, (gssize)length, error) &&
                      g_markup_parse_context_end_parse(context, error);
    g_markup_parse_context_free(context);
    if (m.text) g_string_free(m.text, TRUE);
    g_free(m.context);
    g_free(m.domain);
    if (!parsed) {
        g_free(document);
        return NULL;
    }
    /* The document's domain would win over the builder's: blank it out. */
    char *tag = strstr(document, "<interface");
    char *end = tag ? strchr(tag, '>') : NULL;
    char *attribute = tag ? g_strstr_len(tag, end - tag, " domain=") : NULL;
    if (attribute) {
        char quote = attribute[8];
        char *close = strchr(attribute + 9, quote);
        if (close && close < end) memset(attribute, ' ', (size_t)(close - attribute + 1));
    }
    GtkBuilder *builder = gtk_builder_new();
    gtk_builder_set_translation_domain(builder, "parlance-untranslated");   /* bound to no catalog */
    if (!gtk_builder_add_from_string(builder, document, (gssize)length, error)) {
        g_object_unref(builder);
        builder = NULL;
    }
    g_free(document);
    return builder;
}

static inline void parlance_gtk__walk(parlance_gtk_walker *w, GObject *root) {
    if (G_IS_MENU_MODEL(root)) parlance_gtk__menu(w, G_MENU_MODEL(root));
    else if (GTK_IS_WIDGET(root)) parlance_gtk__visit(w, GTK_WIDGET(root));
}

/** Localizes root (a GtkWidget or a GMenuModel) and everything under it,
 *  now and after every change of the localizer (root is held weakly).
 *  Returns the number of texts set. */
static inline unsigned parlance_gtk_localize(parlance_gtk_walker *w, GObject *root) {
    if (!w || !root) return 0;
    gboolean known = FALSE;
    for (guint i = 0; i < w->roots->len && !known; i++) {
        GObject *held = g_weak_ref_get(g_ptr_array_index(w->roots, i));
        known = held == root;
        if (held) g_object_unref(held);
    }
    if (!known) {
        GWeakRef *ref = g_new0(GWeakRef, 1);
        g_weak_ref_init(ref, root);
        g_ptr_array_add(w->roots, ref);
    }
    parlance_gtk__direction(w);
    w->count = 0;
    parlance_gtk__walk(w, root);
    return w->count;
}

/** Localizes every root handed over again from the remembered sources
 *  (what a language change does); roots that died are dropped. */
static inline void parlance_gtk_relocalize(parlance_gtk_walker *w) {
    parlance_gtk__direction(w);
    w->count = 0;
    for (guint i = 0; i < w->roots->len;) {
        GObject *root = g_weak_ref_get(g_ptr_array_index(w->roots, i));
        if (!root) {
            g_ptr_array_remove_index(w->roots, i);
            continue;
        }
        parlance_gtk__walk(w, root);
        g_object_unref(root);
        i++;
    }
}

G_END_DECLS

#endif /* PARLANCE_GTK_H */
