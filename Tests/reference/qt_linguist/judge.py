"""The outside judge of Qt Linguist lookups: PyQt6's QTranslator on a .qm.

Reads JSON from stdin: {"qm": PATH, "queries": [[context, source,
disambiguation, n], ...]} and writes the list of answers of
QTranslator.translate(context, source, disambiguation, n) as JSON (None
where Qt has no translation: PyQt gives "" for a null QString).

With "application": LOCALE, the translator is installed in a
QCoreApplication whose default QLocale is LOCALE, and the answers are
QCoreApplication.translate(context, source, disambiguation, n): the text
found, or the source text, with %n and %Ln replaced."""
import json
import sys

from PyQt6.QtCore import QCoreApplication, QLocale, QTranslator


def main() -> None:
    request = json.load(sys.stdin)
    translator = QTranslator()
    if not translator.load(request["qm"]):
        json.dump({"loaded": False, "answers": []}, sys.stdout)
        return
    answers = []
    if request.get("application"):
        QLocale.setDefault(QLocale(request["application"]))
        application = QCoreApplication([])
        QCoreApplication.installTranslator(translator)
        for context, source, disambiguation, n in request["queries"]:
            answers.append(application.translate(context, source, disambiguation or None, n))
        json.dump({"loaded": True, "answers": answers}, sys.stdout)
        return
    for context, source, disambiguation, n in request["queries"]:
        # As C++ callers pass them: UTF-8 bytes (PyQt6 encodes a str to ASCII here).
        text = translator.translate(context.encode(), source.encode(),
                                    disambiguation.encode() if disambiguation else None, n)
        answers.append(text if text != "" else None)
    json.dump({"loaded": True, "answers": answers}, sys.stdout)


if __name__ == "__main__":
    main()
