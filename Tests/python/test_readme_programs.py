"""The README's C and C++ examples, copied out of it with their compile
lines, build into programs that start and print what the README says."""
import re
import shlex
import subprocess

import pytest


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    rest = text[start + len(heading):]
    end = re.search(r"^## ", rest, re.M)
    return rest[:end.start()] if end else rest


def block(text: str, language: str) -> str:
    found = re.search(rf"```{language}\n(.*?)```", text, re.S)
    assert found, f"no {language} block"
    return found.group(1)


def compile_line(text: str, tool: str, source: str) -> list:
    """The README's compile line for `source`, e.g. `cc app.c …`, as the
    shell would split it run from the repository ($PWD: the repository)."""
    found = re.search(rf"`({re.escape(tool)} [^`]*{re.escape(source)}[^`]*)`", re.sub(r"\s*\n\s*", " ", text))
    assert found, f"no compile line for {source}"
    return shlex.split(found.group(1))


@pytest.mark.parametrize("language, tool, source, prelude, extra, expected", [
    ("c", "cc", "app.c", "#include <stdio.h>\n#include <parlance.h>\n", "", ["Bonjour !", "Nom", "3 fichiers"]),
    # The C++ block's last statement reports a failed load; print the results it names.
    ("cpp", "c++", "app.cpp", "#include <iostream>\n#include <parlance.hpp>\n",
     'std::cout << loc.text("greeting") << "\\n" << loc.format("files.count", {3}) << "\\n";\n',
     ["Bonjour !", "3 fichiers"]),
])
def test_readme_program_starts(root, library, tmp_path, language, tool, source, prelude, extra, expected):
    readme = (root / "README.md").read_text()
    body = block(section(readme, "## C\n") if language == "c" else readme, language) + extra
    lines = [line for line in body.splitlines() if not line.startswith("#include")]
    (tmp_path / source).write_text(prelude + "int main(void) {\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
    words = [str(tmp_path / source) if word == source else word.replace("$PWD", str(root))
             for word in compile_line(readme, tool, source)]
    built = subprocess.run(words + ["-o", str(tmp_path / "app")], capture_output=True, text=True, cwd=root)
    assert built.returncode == 0, built.stderr
    # Run from the repository, as the README's paths (Examples/catalog) are, with no LD_LIBRARY_PATH.
    ran = subprocess.run([str(tmp_path / "app")], capture_output=True, text=True, cwd=root, env={"PATH": "/usr/bin:/bin"})
    assert ran.returncode == 0, ran.stderr
    for text in expected:
        assert text in ran.stdout
    if language == "c":
        # Debian's valgrind reads the library's debug info (DWARF 4) as built, unstripped.
        checked = subprocess.run(["valgrind", "-q", "--error-exitcode=9", str(tmp_path / "app")],
                                 capture_output=True, text=True, cwd=root)
        assert checked.returncode == 0, checked.stderr[-2000:]
        assert "debuginfo" not in checked.stderr and "Bonjour !" in checked.stdout
