// parlance_qt.hpp on real Qt 6 Widgets (offscreen platform): a main window
// with every kind of text, localized by carets and placeholders over
// Examples/catalog; every text equals the catalog's lookup in en, fr, ar
// and ja and after each of 1,000 switches, the user's text untouched, the
// layout direction right to left for Arabic only, the resident set flat.
//
//   QT_QPA_PLATFORM=offscreen test_qt_walker CATALOG_DIR
#include <QtWidgets>
#include <parlance_qt.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>

static int failures;
#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                               \
        }                                                                             \
    } while (0)

static long rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return -1;
}

struct window {
    QMainWindow main;
    QLabel *greeting, *subtitle, *nokey;
    QPushButton *back, *login;
    QLineEdit *entry;
    QGroupBox *group;
    QComboBox *combo;
    QTabWidget *tabs;
    QTreeWidget *tree;
    QListWidget *list;
    QTableWidget *table;
    QStandardItemModel *model;
    QMenu *menu;
    QAction *save;

    window() {
        main.setWindowTitle("{app.name}");
        auto *central = new QWidget;
        auto *layout = new QVBoxLayout(central);
        layout->addWidget(greeting = new QLabel("^greeting"));
        layout->addWidget(subtitle = new QLabel("{login.title} / {no.such}"));
        layout->addWidget(nokey = new QLabel("^No such key"));
        layout->addWidget(back = new QPushButton("^button.back"));
        back->setToolTip("^Print");
        layout->addWidget(login = new QPushButton("{login.title}"));
        layout->addWidget(entry = new QLineEdit("^Print"));
        entry->setPlaceholderText("^greeting");
        layout->addWidget(group = new QGroupBox("^Print"));
        layout->addWidget(combo = new QComboBox);
        combo->addItems({"^Print", "^Save"});
        layout->addWidget(tabs = new QTabWidget);
        tabs->addTab(new QWidget, "^button.back");
        layout->addWidget(tree = new QTreeWidget);
        tree->setHeaderLabels({"^Print", "^Save"});
        auto *row = new QTreeWidgetItem(tree, QStringList{"^Save", "^Print"});
        row->setToolTip(1, "^greeting");
        new QTreeWidgetItem(row, QStringList{"{app.name}", "plain"});
        layout->addWidget(list = new QListWidget);
        list->addItems({"^Print", "{login.title}"});
        list->item(1)->setToolTip("^Save");
        layout->addWidget(table = new QTableWidget(1, 2));
        table->setVerticalHeaderItem(0, new QTableWidgetItem("^Save"));
        table->setItem(0, 0, new QTableWidgetItem("^greeting"));
        table->setItem(0, 1, new QTableWidgetItem("^Print"));
        model = new QStandardItemModel(&main);
        model->setHorizontalHeaderLabels({"^Save"});
        auto *parent = new QStandardItem("^Print");
        parent->appendRow(new QStandardItem("{login.title}"));
        model->appendRow(parent);
        auto *view = new QTreeView;
        view->setModel(model);
        layout->addWidget(view);
        main.setCentralWidget(central);
        menu = main.menuBar()->addMenu("^Print");
        save = menu->addAction("^Save");
        save->setStatusTip("^greeting");
    }

    QStringList shown() const {
        return {main.windowTitle(), greeting->text(), subtitle->text(), nokey->text(), back->text(), back->toolTip(),
                login->text(), entry->text(), entry->placeholderText(), group->title(), combo->itemText(0),
                combo->itemText(1), tabs->tabText(0), tree->headerItem()->text(0), tree->headerItem()->text(1),
                menu->title(), save->text(), save->statusTip(), tree->topLevelItem(0)->text(0),
                tree->topLevelItem(0)->text(1), tree->topLevelItem(0)->toolTip(1), tree->topLevelItem(0)->child(0)->text(0),
                tree->topLevelItem(0)->child(0)->text(1), list->item(0)->text(), list->item(1)->text(),
                list->item(1)->toolTip(), table->verticalHeaderItem(0)->text(), table->item(0, 0)->text(),
                table->item(0, 1)->text(), model->horizontalHeaderItem(0)->text(), model->item(0)->text(),
                model->item(0)->child(0)->text()};
    }
};

static QString t(parlance_localizer *loc, const char *key, const char *table = nullptr) {
    return QString::fromUtf8(parlance_localizer_text(loc, key, nullptr, table));
}

static QStringList expected(parlance_localizer *loc) {
    return {t(loc, "app.name", "Menu"), t(loc, "greeting"), t(loc, "login.title", "Menu") + " / {no.such}",
            "No such key", t(loc, "button.back"), t(loc, "Print"), t(loc, "login.title", "Menu"), "^Print",
            t(loc, "greeting"), t(loc, "Print"), t(loc, "Print"), t(loc, "Save"), t(loc, "button.back"),
            t(loc, "Print"), t(loc, "Save"), t(loc, "Print"), t(loc, "Save"), t(loc, "greeting"),
            t(loc, "Save"), t(loc, "Print"), t(loc, "greeting"), t(loc, "app.name", "Menu"), "plain",
            t(loc, "Print"), t(loc, "login.title", "Menu"), t(loc, "Save"), t(loc, "Save"), t(loc, "greeting"),
            t(loc, "Print"), t(loc, "Save"), t(loc, "Print"), t(loc, "login.title", "Menu")};
}

int main(int argc, char **argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: test_qt_walker CATALOG_DIR\n"); return 2; }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    int qargc = 1;
    QApplication app(qargc, argv);
    parlance_catalog *catalog = nullptr;
    CHECK(parlance_catalog_create(&catalog) == PARLANCE_OK);
    CHECK(parlance_catalog_load(catalog, argv[1], nullptr, nullptr, 0) == PARLANCE_OK);
    const char *locales[4][1] = {{"en"}, {"fr"}, {"ar"}, {"ja"}};
    parlance_localizer *loc = nullptr;
    CHECK(parlance_localizer_create(&loc, catalog, locales[0], 1, "en") == PARLANCE_OK);
    {
        window win;
        win.main.show();
        parlance::qt::walker walker(loc, parlance::qt::walker::caret | parlance::qt::walker::placeholders);
        walker.placeholder_table = "Menu";
        CHECK(walker.localize(&win.main) >= 25);
        QStringList first[4];
        for (int l = 0; l < 4; l++) {
            CHECK(parlance_localizer_set_locales(loc, locales[l], 1) == PARLANCE_OK);
            first[l] = win.shown();
            QStringList want = expected(loc);
            for (int i = 0; i < want.size(); i++)
                if (first[l][i] != want[i]) {
                    std::fprintf(stderr, "%s text %d: %s, expected %s\n", locales[l][0], i, qPrintable(first[l][i]),
                                 qPrintable(want[i]));
                    failures++;
                }
            CHECK(win.main.isRightToLeft() == (l == 2));
        }
        CHECK(first[1][1] == QString::fromUtf8("Bonjour !"));

        // A switch on another thread reaches the UI thread through the event loop.
        std::thread other([&] { parlance_localizer_set_locales(loc, locales[2], 1); });
        other.join();
        CHECK(win.greeting->text() == first[3][1]);     // not touched from the other thread
        app.processEvents();
        CHECK(win.greeting->text() == first[2][1]);

        long before = 0;
        for (int i = 0; i < 1000; i++) {
            int l = i % 4;
            CHECK(parlance_localizer_set_locales(loc, locales[l], 1) == PARLANCE_OK);
            CHECK(win.shown() == first[l]);
            if (i == 199) {
                app.processEvents();
                before = rss_kib();
            }
        }
        app.processEvents();
        long growth = rss_kib() - before;
        std::printf("test_qt_walker: RSS growth over 800 switches: %ld KiB\n", growth);
        CHECK(growth < 4096);
    }
    CHECK(parlance_localizer_set_locales(loc, locales[1], 1) == PARLANCE_OK);   // the walker is gone: nobody is told
    parlance_localizer_free(loc);
    parlance_catalog_free(catalog);
    if (failures) { std::fprintf(stderr, "test_qt_walker: %d failures\n", failures); return 1; }
    std::printf("test_qt_walker: ok\n");
    return 0;
}
