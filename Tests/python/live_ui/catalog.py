"""The catalog the live UI tests localize with: texts in en, fr, ar and ja
as .strings (keys with GTK and Qt mnemonics, the seeds' edge cases) and a
hierarchical JSON table for placeholders, written into a folder at test
time. Shared by the in-process tests (Tk, Qt) and the GTK worker, which
runs under the system Python."""
import json
import pathlib

LOCALES = ("en", "fr", "ar", "ja")

# key -> (en, fr, ar, ja)
TEXTS = {
    "Window title": ("Notes", "Notes (fr)", "الملاحظات", "ノート"),
    "Print": ("Print", "Imprimer", "طباعة", "印刷"),
    "Name:": ("Name:", "Nom :", "الاسم:", "名前:"),
    "_Open": ("_Open", "_Ouvrir", "_فتح", "開く(_O)"),
    "&Open": ("&Open", "&Ouvrir", "&فتح", "開く(&O)"),
    "&File": ("&File", "&Fichier", "&ملف", "ファイル(&F)"),
    "Quit": ("Quit", "Quitter", "خروج", "終了"),
    "Quit the program": ("Quit the program", "Quitter le programme", "الخروج من البرنامج", "プログラムを終了"),
    "Search…": ("Search…", "Rechercher…", "بحث…", "検索…"),
    "Options": ("Options", "Options (fr)", "خيارات", "オプション"),
    "General": ("General", "Général", "عام", "一般"),
    "Size": ("Size", "Taille", "الحجم", "サイズ"),
    "Small": ("Small", "Petit", "صغير", "小"),
    "Large": ("Large", "Grand", "كبير", "大"),
    # A translation that is itself a key: shown, never looked up again.
    "Petit": ("Tiny", "Minuscule", "ضئيل", "極小"),
    "Enable": ("Enable", "Activer", "تفعيل", "有効にする"),
    "Fast": ("Fast", "Rapide", "سريع", "高速"),
    "Prints the page": ("Prints the page", "Imprime la page", "يطبع الصفحة", "ページを印刷"),
    # GTMUILocalizer: a value may start with ^ and is shown as it is.
    "Foo": ("^Foo", "^Fou", "^فو", "^フー"),
    "Greeting": ("Hello", "Bonjour", "مرحبا", "こんにちは"),
}

# BRLocalize: hierarchical JSON, placeholders {login.title}.
TREE = {
    "en": {"login": {"title": "Sign in", "button": "Log in"}, "app": {"name": "Notes", "menu": {"file": "File"}}},
    "fr": {"login": {"title": "Connexion", "button": "Se connecter"}, "app": {"name": "Notes", "menu": {"file": "Fichier"}}},
    "ar": {"login": {"title": "تسجيل الدخول", "button": "دخول"}, "app": {"name": "ملاحظات", "menu": {"file": "ملف"}}},
    "ja": {"login": {"title": "サインイン", "button": "ログイン"}, "app": {"name": "ノート", "menu": {"file": "ファイル"}}},
}


def _escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def write_catalog(folder):
    """Writes xx.lproj/Localizable.strings (TEXTS) and xx.lproj/App.json
    (TREE, table App) for every locale; returns folder."""
    folder = pathlib.Path(folder)
    for i, locale in enumerate(LOCALES):
        lproj = folder / f"{locale}.lproj"
        lproj.mkdir(parents=True, exist_ok=True)
        lines = [f'"{_escape(k)}" = "{_escape(v[i])}";' for k, v in TEXTS.items()]
        (lproj / "Localizable.strings").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (lproj / "App.json").write_text(json.dumps(TREE[locale], ensure_ascii=False), encoding="utf-8")
    return folder
