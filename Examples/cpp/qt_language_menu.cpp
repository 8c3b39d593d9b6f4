// A Qt 6 Widgets window whose language menu (English, Français, العربية,
// 日本語) switches the open window: its texts, and the layout direction for
// Arabic. The window's texts are ^Keys of Examples/catalog and {key.path}
// placeholders of its Menu.json; parlance::qt::walker (include/parlance_qt.hpp)
// localizes the window and does it again whenever the localizer's
// languages change.
//
//   qt_language_menu [--self-test] [--screenshots DIR] [CATALOG_DIR]
//
// Build (make build/qt_language_menu):
//   c++ -std=c++17 -fPIC -Iinclude Examples/cpp/qt_language_menu.cpp
//       $(pkg-config --cflags --libs Qt6Widgets) -Lbuild/lib -lparlance
// --self-test switches through the four languages twice from the menu's own
// actions, prints the texts each shows, and exits non-zero when one is not
// the catalog's or has a character no installed font has a glyph for; --screenshots DIR also saves the window in each language as
// DIR/qt-<language>.png. CATALOG_DIR defaults to Examples/catalog.
#include <QtWidgets>
#include <parlance_qt.hpp>

#include <cstdio>

namespace {

struct Language {
    const char *code;
    const char *name;   // in its own language: never localized
};
const Language languages[] = {{"en", "English"}, {"fr", "Français"}, {"ar", "العربية"}, {"ja", "日本語"}};

class NotesWindow : public QMainWindow {
public:
    QLabel *greeting, *subtitle;
    QLineEdit *name;
    QPushButton *back, *print;
    QListWidget *list;
    QActionGroup *group;

    NotesWindow() {
        setWindowTitle("{app.name}");
        auto *central = new QWidget;
        auto *layout = new QVBoxLayout(central);
        layout->addWidget(greeting = new QLabel("^greeting"));
        layout->addWidget(subtitle = new QLabel("{login.subtitle}"));
        layout->addWidget(name = new QLineEdit);
        name->setPlaceholderText("^(Name label in login screen)Name");
        layout->addWidget(list = new QListWidget);
        list->addItems({"^Print", "{login.title}"});
        list->setMaximumHeight(60);
        auto *buttons = new QHBoxLayout;
        buttons->addWidget(back = new QPushButton("^button.back"));
        buttons->addStretch();
        buttons->addWidget(print = new QPushButton("^Print"));
        print->setToolTip("^Print");
        layout->addLayout(buttons);
        setCentralWidget(central);
        resize(420, 240);

        QMenu *menu = menuBar()->addMenu(QString::fromUtf8("Language / Langue / اللغة / 言語"));
        group = new QActionGroup(this);
        for (const Language &language : languages) {
            QAction *action = menu->addAction(QString::fromUtf8(language.name));
            action->setCheckable(true);
            action->setChecked(language.code == languages[0].code);
            action->setData(QString::fromLatin1(language.code));
            group->addAction(action);
        }
    }

    QStringList texts() const {
        return {windowTitle(), greeting->text(), subtitle->text(), name->placeholderText(), list->item(0)->text(),
                list->item(1)->text(), back->text(), print->text()};
    }

    // The texts (and the language menu's) that the window's font, with Qt's
    // font fallback, draws a character of with no glyph (glyph 0, .notdef):
    // the box a screenshot would show instead.
    QStringList missing_glyphs() const {
        QStringList missing, shown = texts();
        shown << menuBar()->actions().first()->text();
        for (const QAction *action : group->actions()) shown << action->text();
        for (const QString &text : shown) {
            QTextLayout layout(text, font());
            layout.beginLayout();
            layout.createLine();
            layout.endLayout();
            for (const QGlyphRun &run : layout.glyphRuns())
                if (run.glyphIndexes().contains(0u)) {
                    missing << text;
                    break;
                }
        }
        return missing;
    }
};

QString t(parlance_localizer *loc, const char *key, const char *context = nullptr, const char *table = nullptr) {
    return QString::fromUtf8(parlance_localizer_text(loc, key, context, table));
}

}  // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    bool self_test = false;
    QString screenshots, catalog_dir = "Examples/catalog";
    QStringList args = app.arguments().mid(1);
    for (int i = 0; i < args.size(); i++) {
        if (args[i] == "--self-test") self_test = true;
        else if (args[i] == "--screenshots" && i + 1 < args.size()) screenshots = args[++i], self_test = true;
        else catalog_dir = args[i];
    }

    parlance_catalog *catalog = nullptr;
    parlance_localizer *loc = nullptr;
    const char *first[] = {"en"};
    if (parlance_catalog_create(&catalog) != PARLANCE_OK ||
        parlance_catalog_load(catalog, catalog_dir.toUtf8().constData(), nullptr, nullptr, 0) != PARLANCE_OK ||
        parlance_localizer_create(&loc, catalog, first, 1, "en") != PARLANCE_OK) {
        std::fprintf(stderr, "qt_language_menu: %s\n", parlance_last_error());
        parlance_catalog_free(catalog);
        return 1;
    }
    int failures = 0;
    {
        NotesWindow window;
        // Carets from Localizable, placeholders from Menu.json.
        parlance::qt::walker walker(loc, parlance::qt::walker::caret | parlance::qt::walker::placeholders);
        walker.placeholder_table = "Menu";
        walker.localize(&window);
        QObject::connect(window.group, &QActionGroup::triggered, [loc](QAction *action) {
            QByteArray code = action->data().toString().toLatin1();
            const char *chosen[] = {code.constData()};
            parlance_localizer_set_locales(loc, chosen, 1);     // the walker hears it
        });
        window.show();
        if (!self_test) {
            int status = app.exec();
            parlance_localizer_free(loc);
            parlance_catalog_free(catalog);
            return status;
        }
        app.processEvents();
        const QList<QAction *> actions = window.group->actions();
        for (int round = 0; round < 2; round++) {
            for (int l = 0; l < 4; l++) {
                actions[l]->trigger();                           // as a person choosing it
                app.processEvents();
                QStringList want = {t(loc, "app.name", nullptr, "Menu"), t(loc, "greeting"),
                                    t(loc, "login.subtitle", nullptr, "Menu"), t(loc, "Name", "Name label in login screen"),
                                    t(loc, "Print"), t(loc, "login.title", nullptr, "Menu"), t(loc, "button.back"),
                                    t(loc, "Print")};
                QStringList got = window.texts(), missing = window.missing_glyphs();
                bool rtl = window.isRightToLeft();
                bool ok = got == want && rtl == (l == 2) && missing.isEmpty();
                failures += !ok;
                std::printf("%s %s %s%s%s\n", languages[l].code, rtl ? "rtl" : "ltr", qPrintable(got.join(" | ")),
                            got == want ? "" : qPrintable("  EXPECTED " + want.join(" | ")),
                            missing.isEmpty() ? "" : qPrintable("  NO GLYPH FOR A CHARACTER OF " + missing.join(" | ") +
                                                                " (fonts: scripts/install-deps.sh)"));
                if (!screenshots.isEmpty() && round == 0) {
                    QString path = QDir(screenshots).filePath(QString("qt-%1.png").arg(languages[l].code));
                    if (!window.grab().save(path)) {
                        std::fprintf(stderr, "qt_language_menu: cannot write %s\n", qPrintable(path));
                        failures++;
                    }
                }
            }
        }
    }
    parlance_localizer_free(loc);
    parlance_catalog_free(catalog);
    return failures ? 1 : 0;
}
