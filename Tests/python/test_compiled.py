"""Compiled catalogs from the outside: the CLI writes one, Python reads it."""
import subprocess

import parlance


def compile_examples(cli, examples, out):
    subprocess.run([cli, "compile", "-o", str(out), examples], check=True, capture_output=True)
    return str(out)


def test_compiled_catalog_answers_like_its_sources(cli, examples, tmp_path):
    path = compile_examples(cli, examples, tmp_path / "examples.parlance")
    checked = subprocess.run([cli, "compile", "--verify", path], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with parlance.Catalog() as source, parlance.Catalog() as compiled:
        source.load(examples)
        compiled.load(path)
        assert compiled.locales == source.locales
        assert compiled.tables == source.tables
        for locale in ("fr-CA", "ar", "ru", "ja"):
            a = parlance.Localizer(source, [locale])
            b = parlance.Localizer(compiled, [locale])
            for key, context, table in [("greeting", None, None), ("Name", "Name label in login screen", None),
                                        ("Name", "Name label in registration screen", None),
                                        ("login.subtitle", None, "Menu"), ("missing", None, None)]:
                assert a.text(key, context, table) == b.text(key, context, table)
                assert a.explain(key, context=context, table=table) == b.explain(key, context=context, table=table)
            for n in range(0, 120):
                assert a.format("files.count", n) == b.format("files.count", n)
                assert (a.plural("You have %d followers.", n, context="Number of followers label")
                        == b.plural("You have %d followers.", n, context="Number of followers label"))
            a.close()
            b.close()


def test_damaged_compiled_file_is_an_error_not_a_crash(cli, examples, tmp_path):
    path = tmp_path / "examples.parlance"
    compile_examples(cli, examples, path)
    data = path.read_bytes()
    (tmp_path / "truncated.parlance").write_bytes(data[: len(data) // 2])
    with parlance.Catalog() as cat:
        try:
            cat.load(str(tmp_path / "truncated.parlance"))
        except parlance.Error as error:
            assert error.path and "truncated.parlance" in error.path
        else:
            raise AssertionError("a truncated compiled catalog loaded")
    flipped = bytearray(data)
    flipped[len(flipped) * 3 // 4] ^= 0xFF
    (tmp_path / "flipped.parlance").write_bytes(bytes(flipped))
    verify = subprocess.run([cli, "compile", "--verify", str(tmp_path / "flipped.parlance")], capture_output=True)
    assert verify.returncode == 1


def test_compiled_gettext_plurals_match_the_sources(cli, root, tmp_path):
    import shutil
    tree = tmp_path / "locale"
    for po in (root / "Tests" / "Fixtures" / "libintl").glob("*.po"):
        folder = tree / po.stem / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(po, folder / "demo.po")
    path = compile_examples(cli, str(tree), tmp_path / "demo.parlance")
    with parlance.Catalog() as source, parlance.Catalog() as compiled:
        source.load(str(tree))
        compiled.load(path)
        for locale in ("de", "ru", "ar", "ja", "ga", "yy", "zz"):
            a = parlance.Localizer(source, [locale])
            b = parlance.Localizer(compiled, [locale])
            for n in list(range(0, 301)) + [1001, 2**40]:
                for context in (None, "disk"):
                    assert (a.plural("%d file", n, context=context, table="demo")
                            == b.plural("%d file", n, context=context, table="demo")), (locale, n, context)
            assert a.text("Open", context="menu", table="demo") == b.text("Open", context="menu", table="demo")
            a.close()
            b.close()
