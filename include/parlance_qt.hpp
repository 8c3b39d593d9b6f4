/* parlance_qt.hpp — a header-only walker that localizes live Qt 6 Widgets
 * trees through a parlance_localizer, and again after every language switch.
 *
 *     #include <QtWidgets>
 *     #include <parlance_qt.hpp>
 *
 *     parlance::qt::walker walker(localizer, parlance::qt::walker::caret);
 *     walker.localize(&window);        // now and after every switch
 *
 * The same rules as Python's parlance.ui (docs/ui-trees.md): ^Key carets
 * (parlance_localizer_localize_marked), {key.path} placeholders from
 * placeholder_table, implicit keys for the kinds in implicit_kinds, and a
 * hook. Texts: window titles, tooltips, status tips, labels, buttons,
 * group box titles, line/text edit placeholders (never the user's text),
 * combo box items, tab bar tabs, tool box items, tree/table widget header
 * items, the items of list, tree and table widgets and of views over a
 * QStandardItemModel (every column's text and tooltip, kind "cell"; the
 * model's header items), menu titles, actions (text, tooltip set apart
 * from the text, status tip). Sources are QObject dynamic properties
 * "_parlance.<slot>" and, for items, the item's data under the roles
 * walker::role and role + 1 (the same as parlance.ui.qt's), so a source
 * follows its item when the view sorts. The application's layout direction
 * follows the first language. A change told on another thread is walked
 * on the walker's thread through a queued call. C++17, Qt 6; no toolkit
 * code enters libparlance.so.
 */
#ifndef PARLANCE_QT_HPP
#define PARLANCE_QT_HPP

#include <QtWidgets>

#include <functional>
#include <optional>
#include <vector>

#include "parlance.h"

namespace parlance {
namespace qt {

/** Whether a BCP 47 tag is written right to left: its script subtag if it
 *  names one, else its language (the list of parlance.ui.is_right_to_left). */
inline bool is_right_to_left(const QString &tag) {
    static const QStringList languages = {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "ps",
                                          "sd", "syr", "ug", "ur", "yi", "nqo", "sdh", "glk", "ji"};
    static const QStringList scripts = {"arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr", "mend"};
    const QStringList parts = tag.toLower().replace('_', '-').split('-');
    for (int i = 1; i < parts.size(); i++)
        if (parts[i].size() == 4 && parts[i][0].isLetter()) return scripts.contains(parts[i]);
    return !parts.isEmpty() && languages.contains(parts[0]);
}

class walker {
public:
    enum rule : unsigned { caret = 1, placeholders = 2 };
    /** The item data roles keeping an item's source texts (text, tooltip). */
    static constexpr int role = Qt::UserRole + 0x5041;

    /** How one text is localized instead of the rules: a text to show, or
     *  nullopt to leave it to the rules. */
    std::function<std::optional<QString>(const QString &text, const char *kind)> hook;
    QStringList implicit_kinds;  /**< kinds whose whole text is the key */
    QByteArray table;            /**< table of carets and implicit keys (empty: Localizable) */
    QByteArray placeholder_table;/**< table of placeholders (empty: table) */
    bool direction = true;       /**< set the application's layout direction */
    int count = 0;               /**< texts set by the last walk */

    /** Listens to localizer's changes until destroyed (destroy it first). */
    explicit walker(parlance_localizer *localizer, unsigned rules = caret) : loc_(localizer), rules_(rules) {
        parlance_localizer_on_change(loc_, &walker::changed, this);
    }
    ~walker() { parlance_localizer_remove_on_change(loc_, &walker::changed, this); }
    walker(const walker &) = delete;
    walker &operator=(const walker &) = delete;

    /** Localizes root and everything under it, now and after every change. */
    int localize(QObject *root) {
        if (!root) return 0;
        bool known = false;
        for (auto &r : roots_) known = known || r == root;
        if (!known) roots_.emplace_back(root);
        update_direction();
        count = 0;
        visit(root);
        return count;
    }

    /** Localizes every root again from the remembered sources. */
    void relocalize() {
        roots_.erase(std::remove_if(roots_.begin(), roots_.end(), [](const QPointer<QObject> &r) { return r.isNull(); }),
                     roots_.end());
        update_direction();
        count = 0;
        for (auto &r : roots_) visit(r.data());
    }

    /** What a text of kind shows, or nullopt to leave it alone. */
    std::optional<QString> localized(const QString &text, const char *kind) const {
        if (text.isEmpty()) return std::nullopt;
        if (hook) {
            if (auto shown = hook(text, kind)) return shown;
        }
        std::optional<QString> result;
        QByteArray utf8 = text.toUtf8();
        parlance_read_begin();   // looked-up strings stay valid while copied
        if ((rules_ & caret) && text.startsWith('^')) {
            const char *marked = table.isEmpty() ? parlance_localizer_localize_marked(loc_, utf8.constData())
                                                 : parlance_localizer_text(loc_, utf8.constData() + 1, nullptr, table.constData());
            result = QString::fromUtf8(marked);
        } else if ((rules_ & placeholders) && text.contains('{')) {
            result = expand(text);
        }
        if (!result && !text.startsWith('^') && implicit_kinds.contains(QLatin1String(kind)))
            result = QString::fromUtf8(parlance_localizer_text(loc_, utf8.constData(), nullptr, table_or_null()));
        parlance_read_end();
        return result;
    }

private:
    parlance_localizer *loc_;
    unsigned rules_;
    std::vector<QPointer<QObject>> roots_;
    QObject context_;            // lives on the walker's thread: the target of queued walks

    const char *table_or_null() const { return table.isEmpty() ? nullptr : table.constData(); }

    std::optional<QString> expand(const QString &text) const {
        static const QRegularExpression placeholder(QStringLiteral("\\{([^{}\\s]+)\\}"));
        const QByteArray &t = placeholder_table.isEmpty() ? table : placeholder_table;
        QString out;
        qsizetype done = 0;
        bool any = false;
        for (auto it = placeholder.globalMatch(text); it.hasNext();) {
            auto match = it.next();
            QByteArray key = match.captured(1).toUtf8();
            const char *value = parlance_localizer_lookup(loc_, key.constData(), nullptr, t.isEmpty() ? nullptr : t.constData());
            if (!value) continue;   // missing: the placeholder stays
            out += text.mid(done, match.capturedStart() - done);
            out += QString::fromUtf8(value);
            done = match.capturedEnd();
            any = true;
        }
        if (!any) return placeholder.match(text).hasMatch() ? std::optional<QString>(text) : std::nullopt;
        out += text.mid(done);
        return out;
    }

    static void changed(void *self, parlance_localizer *, parlance_change) {
        auto *w = static_cast<walker *>(self);
        if (QThread::currentThread() == w->context_.thread()) w->relocalize();
        else QMetaObject::invokeMethod(&w->context_, [w] { w->relocalize(); }, Qt::QueuedConnection);
    }

    void update_direction() {
        if (!direction) return;
        size_t n = 0;
        const char *const *locales = parlance_localizer_locales(loc_, &n);
        bool rtl = n && is_right_to_left(QString::fromUtf8(locales[0]));
        QGuiApplication::setLayoutDirection(rtl ? Qt::RightToLeft : Qt::LeftToRight);
    }

    /** One text: its source is the remembered one while the object still
     *  shows what was set. get() and put(QVariant) hold "source\0shown". */
    template <typename Get, typename Put, typename Set>
    void remembered(Get get, Put put, const QString &current, const char *kind, Set set) {
        QString source = current;
        QVariant known = get();
        if (known.isValid()) {
            QString pair = known.toString();
            qsizetype cut = pair.indexOf(QChar(0));
            if (cut >= 0 && pair.mid(cut + 1) == current) source = pair.left(cut);
        }
        auto shown = localized(source, kind);
        if (!shown) {
            if (known.isValid()) put(QVariant());
            return;
        }
        if (*shown != current) set(*shown);
        count++;
        put(QVariant(source + QChar(0) + *shown));
    }

    template <typename Set>
    void text(QObject *obj, const QString &slot, const QString &current, const char *kind, Set set) {
        QByteArray name = ("_parlance." + slot).toUtf8();
        remembered([&] { return obj->property(name.constData()); },
                   [&](const QVariant &v) { obj->setProperty(name.constData(), v); }, current, kind, set);
    }

    static void set_data(QStandardItem *it, int r, const QVariant &v) { it->setData(v, r); }
    template <typename Item>
    static void set_data(Item *it, int r, const QVariant &v) { it->setData(r, v); }

    /** A list or table widget item's (or a standard item's) text and tooltip. */
    template <typename Item>
    void item(Item *it, const char *kind = "cell") {
        remembered([it] { return it->data(role); }, [it](const QVariant &v) { set_data(it, role, v); }, it->text(),
                   kind, [it](const QString &v) { it->setText(v); });
        remembered([it] { return it->data(role + 1); }, [it](const QVariant &v) { set_data(it, role + 1, v); },
                   it->toolTip(), "tooltip", [it](const QString &v) { it->setToolTip(v); });
    }

    /** A QStandardItemModel's header items and items, every level. */
    void standard_model(QStandardItemModel *model) {
        for (int c = 0; c < model->columnCount(); c++)
            if (QStandardItem *head = model->horizontalHeaderItem(c)) item(head, "column");
        for (int r = 0; r < model->rowCount(); r++)
            if (QStandardItem *head = model->verticalHeaderItem(r)) item(head, "column");
        std::vector<QStandardItem *> items, pending{model->invisibleRootItem()};
        while (!pending.empty()) {
            QStandardItem *parent = pending.back();
            pending.pop_back();
            for (int r = 0; r < parent->rowCount(); r++)
                for (int c = 0; c < parent->columnCount(); c++)
                    if (QStandardItem *child = parent->child(r, c)) {
                        items.push_back(child);
                        pending.push_back(child);
                    }
        }
        for (QStandardItem *it : items) item(it);
    }

    /** Every item of a tree widget, every column (collected first: a
     *  sorting tree moves an item whose text is set). */
    void tree_items(QTreeWidget *tree) {
        std::vector<QTreeWidgetItem *> items, pending;
        for (int i = 0; i < tree->topLevelItemCount(); i++) pending.push_back(tree->topLevelItem(i));
        while (!pending.empty()) {
            QTreeWidgetItem *it = pending.back();
            pending.pop_back();
            items.push_back(it);
            for (int i = 0; i < it->childCount(); i++) pending.push_back(it->child(i));
        }
        for (QTreeWidgetItem *it : items)
            for (int c = 0; c < it->columnCount(); c++) {
                remembered([it, c] { return it->data(c, role); }, [it, c](const QVariant &v) { it->setData(c, role, v); },
                           it->text(c), "cell", [it, c](const QString &v) { it->setText(c, v); });
                remembered([it, c] { return it->data(c, role + 1); },
                           [it, c](const QVariant &v) { it->setData(c, role + 1, v); }, it->toolTip(c), "tooltip",
                           [it, c](const QString &v) { it->setToolTip(c, v); });
            }
    }

    static QString stripped(const QString &text) {
        QString out;
        for (qsizetype i = 0; i < text.size(); i++) {
            if (text[i] == '&' && i + 1 < text.size()) out += text[++i];
            else if (text[i] != '&') out += text[i];
        }
        while (out.endsWith(QStringLiteral("..."))) out.chop(3);
        while (out.endsWith(QChar(0x2026))) out.chop(1);
        return out.trimmed();
    }

    void visit(QObject *obj) {
        if (!obj) return;
        if (auto *a = qobject_cast<QAction *>(obj)) {
            if (a->isSeparator()) return;
            QString default_tip = stripped(a->text()), tip = a->toolTip();
            text(a, "text", a->text(), "action", [a](const QString &v) { a->setText(v); });
            if (!tip.isEmpty() && tip != default_tip)
                text(a, "toolTip", tip, "tooltip", [a](const QString &v) { a->setToolTip(v); });
            text(a, "statusTip", a->statusTip(), "status", [a](const QString &v) { a->setStatusTip(v); });
            if (a->menu()) visit(a->menu());
            return;
        }
        auto *w = qobject_cast<QWidget *>(obj);
        if (!w) return;
        widget(w);
        for (QAction *a : w->actions()) visit(a);
        for (QObject *child : w->children())
            if (child->isWidgetType()) visit(child);
    }

    void widget(QWidget *w) {
        if (w->isWindow() || qobject_cast<QDockWidget *>(w))
            text(w, "windowTitle", w->windowTitle(), "title", [w](const QString &v) { w->setWindowTitle(v); });
        text(w, "toolTip", w->toolTip(), "tooltip", [w](const QString &v) { w->setToolTip(v); });
        text(w, "statusTip", w->statusTip(), "status", [w](const QString &v) { w->setStatusTip(v); });
        if (auto *l = qobject_cast<QLabel *>(w)) {
            text(l, "text", l->text(), "label", [l](const QString &v) { l->setText(v); });
        } else if (auto *b = qobject_cast<QAbstractButton *>(w)) {
            auto *tool = qobject_cast<QToolButton *>(w);
            if (!(tool && tool->defaultAction())) {
                const char *kind = qobject_cast<QRadioButton *>(w) ? "radio" : qobject_cast<QCheckBox *>(w) ? "check" : "button";
                text(b, "text", b->text(), kind, [b](const QString &v) { b->setText(v); });
            }
        } else if (auto *g = qobject_cast<QGroupBox *>(w)) {
            text(g, "title", g->title(), "frame", [g](const QString &v) { g->setTitle(v); });
        } else if (auto *e = qobject_cast<QLineEdit *>(w)) {
            text(e, "placeholderText", e->placeholderText(), "placeholder", [e](const QString &v) { e->setPlaceholderText(v); });
        } else if (auto *t = qobject_cast<QTextEdit *>(w)) {
            text(t, "placeholderText", t->placeholderText(), "placeholder", [t](const QString &v) { t->setPlaceholderText(v); });
        } else if (auto *p = qobject_cast<QPlainTextEdit *>(w)) {
            text(p, "placeholderText", p->placeholderText(), "placeholder", [p](const QString &v) { p->setPlaceholderText(v); });
        } else if (auto *c = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < c->count(); i++)
                text(c, QStringLiteral("item.%1").arg(i), c->itemText(i), "item", [c, i](const QString &v) { c->setItemText(i, v); });
        } else if (auto *tabs = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < tabs->count(); i++) {
                text(tabs, QStringLiteral("tab.%1").arg(i), tabs->tabText(i), "tab", [tabs, i](const QString &v) { tabs->setTabText(i, v); });
                text(tabs, QStringLiteral("tabToolTip.%1").arg(i), tabs->tabToolTip(i), "tooltip",
                     [tabs, i](const QString &v) { tabs->setTabToolTip(i, v); });
            }
        } else if (auto *box = qobject_cast<QToolBox *>(w)) {
            for (int i = 0; i < box->count(); i++)
                text(box, QStringLiteral("item.%1").arg(i), box->itemText(i), "tab", [box, i](const QString &v) { box->setItemText(i, v); });
        } else if (auto *tree = qobject_cast<QTreeWidget *>(w)) {
            if (QTreeWidgetItem *header = tree->headerItem())
                for (int c = 0; c < header->columnCount(); c++)
                    text(tree, QStringLiteral("column.%1").arg(c), header->text(c), "column",
                         [header, c](const QString &v) { header->setText(c, v); });
            tree_items(tree);
        } else if (auto *table = qobject_cast<QTableWidget *>(w)) {
            for (int c = 0; c < table->columnCount(); c++)
                if (QTableWidgetItem *head = table->horizontalHeaderItem(c))
                    text(table, QStringLiteral("column.%1").arg(c), head->text(), "column", [head](const QString &v) { head->setText(v); });
            for (int r = 0; r < table->rowCount(); r++)
                if (QTableWidgetItem *head = table->verticalHeaderItem(r))
                    text(table, QStringLiteral("row.%1").arg(r), head->text(), "column", [head](const QString &v) { head->setText(v); });
            std::vector<QTableWidgetItem *> cells;   // collected first: a sorting table moves items
            for (int r = 0; r < table->rowCount(); r++)
                for (int c = 0; c < table->columnCount(); c++)
                    if (QTableWidgetItem *cell = table->item(r, c)) cells.push_back(cell);
            for (QTableWidgetItem *cell : cells) item(cell);
        } else if (auto *list = qobject_cast<QListWidget *>(w)) {
            std::vector<QListWidgetItem *> rows;
            for (int i = 0; i < list->count(); i++) rows.push_back(list->item(i));
            for (QListWidgetItem *row : rows) item(row);
        } else if (auto *view = qobject_cast<QAbstractItemView *>(w);
                   view && qobject_cast<QStandardItemModel *>(view->model())) {
            standard_model(qobject_cast<QStandardItemModel *>(view->model()));
        } else if (auto *m = qobject_cast<QMenu *>(w)) {
            text(m, "title", m->title(), "menu", [m](const QString &v) { m->setTitle(v); });
        }
    }
};

}  // namespace qt
}  // namespace parlance

#endif /* PARLANCE_QT_HPP */
