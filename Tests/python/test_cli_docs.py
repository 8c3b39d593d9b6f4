"""The manual page and the shell completions that `make build` writes
(`parlance man`, `parlance completions bash|zsh`), checked by the programs
that read them: groff renders the page without a warning, bash completes
commands, options and their values, and zsh loads the completion function."""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("PARLANCE_CLI", os.path.join(ROOT, "build", "bin", "parlance"))


def cli(*arguments):
    result = subprocess.run([CLI, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def need(program):
    path = shutil.which(program)
    if path is None:
        pytest.fail(f"{program} is needed (scripts/install-deps.sh installs it)")
    return path


def test_manual_page_renders_without_warnings(tmp_path):
    page = tmp_path / "parlance.1"
    page.write_text(cli("man"))
    result = subprocess.run([need("groff"), "-man", "-ww", "-Tutf8", str(page)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, timeout=60)
    assert result.returncode == 0 and result.stderr == b"", result.stderr.decode()
    text = re.sub(".\x08", "", result.stdout.decode())   # no overstruck bold
    for command in ("get", "extract", "merge", "lint", "stats", "pseudo", "compile"):
        assert f"parlance {command}" in text
    assert "EXIT STATUS" in text and "--development-locale" in text.replace("\u2010", "-")


def complete(script, words, cwd):
    """COMPREPLY of bash's completion for the command line `words` (the last one being completed)."""
    line = " ".join(words)
    program = f"""
source {script}
COMP_WORDS=({line})
COMP_CWORD={len(words) - 1}
[ -z "{words[-1]}" ] && COMP_WORDS+=("")
_parlance
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    result = subprocess.run([need("bash"), "--norc", "-c", program], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=cwd, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    return sorted(filter(None, result.stdout.decode().split("\n")))


def test_bash_completes_commands_options_and_paths(tmp_path):
    script = tmp_path / "parlance.bash"
    script.write_text(cli("completions", "bash"))
    (tmp_path / "catalog-one").mkdir()
    (tmp_path / "notes.txt").write_text("")
    assert complete(script, ["parlance", "st"], tmp_path) == ["stats"]
    assert "extract" in complete(script, ["parlance", "e"], tmp_path)
    assert complete(script, ["parlance", "stats", "--f"], tmp_path) == ["--format"]
    assert complete(script, ["parlance", "merge", "--dev"], tmp_path) == ["--development-locale"]
    # A path option completes files; a free-text option completes nothing.
    assert complete(script, ["parlance", "get", "--catalog", "cat"], tmp_path) == ["catalog-one"]
    assert complete(script, ["parlance", "get", "--locale", "n"], tmp_path) == []
    assert complete(script, ["parlance", "help", "com"], tmp_path) == ["compile"]
    assert complete(script, ["parlance", "lint", "no"], tmp_path) == ["notes.txt"]


def test_zsh_loads_the_completion_function(tmp_path):
    functions = tmp_path / "functions"
    functions.mkdir()
    (functions / "_parlance").write_text(cli("completions", "zsh"))
    zsh = need("zsh")
    syntax = subprocess.run([zsh, "-n", str(functions / "_parlance")], stderr=subprocess.PIPE, timeout=60)
    assert syntax.returncode == 0, syntax.stderr.decode()
    program = f"""
fpath=({functions} $fpath)
autoload -Uz compinit && compinit -u -d {tmp_path}/zcompdump
print -r -- ${{_comps[parlance]}}
autoload -Uz +X _parlance && print loaded
"""
    result = subprocess.run([zsh, "-f", "-c", program], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60,
                            env=dict(os.environ, HOME=str(tmp_path)))
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().split() == ["_parlance", "loaded"], result.stdout.decode()
