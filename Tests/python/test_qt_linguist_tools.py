"""Qt Linguist files through the CLI: `parlance lint` reads a .ts or .qm as
the runtime does and reports a broken one at its place (file:line:col for
a .ts, the byte offset for a .qm), exit status 1; a sound file is OK."""
import subprocess

TS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Main</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
</TS>
"""


def run(cli, *arguments):
    return subprocess.run([cli, *arguments], capture_output=True, text=True, timeout=120)


def test_lint_a_sound_ts(cli, tmp_path):
    path = tmp_path / "app_de.ts"
    path.write_text(TS, encoding="utf-8")
    result = run(cli, "lint", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


def test_lint_locates_a_broken_ts(cli, tmp_path):
    path = tmp_path / "app_de.ts"
    path.write_text(TS.replace("</message>\n", "", 1), encoding="utf-8")
    result = run(cli, "lint", str(path))
    assert result.returncode == 1
    assert f"{path}:9:5: error: expected </message>" in result.stdout + result.stderr


def test_lint_locates_a_truncated_qm(cli, tmp_path):
    qm = tmp_path / "app_de.qm"
    # The magic, then a Messages block that claims 200 bytes and has 3.
    qm.write_bytes(bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd") + bytes([0x69, 0, 0, 0, 200, 1, 2, 3]))
    result = run(cli, "lint", str(qm))
    assert result.returncode == 1
    assert "block 0x69 of 200 bytes runs past the end of the file at byte 16" in result.stdout + result.stderr
