"""Pyodide's standard library trimmed, as start-up bytecode (tools/stdlib.py): for each listed entry of the
stock archive a .pyc that the vendored Pyodide's zipimport loads without compiling, stored, with no source,
docstring or column beside it, and nothing else; its Zstandard sibling; a module the page imports but the list
leaves out fails the build."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from zipfile import ZIP_STORED, ZipFile

import pytest

import compress
import stdlib

from .conftest import node_json

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
needs_runtime = pytest.mark.skipif(
    not (VENDORED.exists() and stdlib.STOCK.exists()), reason="the runtime is not vendored: run `make test`"
)

# Node runs the vendored Pyodide, which mounts the vendored archive as its standard library: for each
# listed module, is its bytecode the one zipimport takes (magic, unchecked-hash flag, the stock source's
# hash), and is the module it imports made from that bytecode (no compile happened), with each function's
# first line where the source has it but without its docstring?
CHECK = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
py.FS.writeFile("/stock.zip", fs.readFileSync(%(stock)s));
py.globals.set("listed", %(listed)s);
console.log(py.runPython(`
import importlib.util, json, sys, zipfile
path = next(p for p in sys.path if p.endswith(".zip"))
archive = zipfile.ZipFile(path, metadata_encoding="utf-8")  # no cp437 in the trimmed library
stock = zipfile.ZipFile("/stock.zip", metadata_encoding="utf-8")
verdicts = {}
for name in listed:
    source, pyc = stock.read(name), archive.read(name[:-3] + ".pyc")
    verdicts[name] = [pyc[:4] == importlib.util.MAGIC_NUMBER, int.from_bytes(pyc[4:8], "little"),
                      pyc[8:16] == importlib.util.source_hash(source)]
compiled = []
real_compile = compile
import builtins
builtins.compile = lambda *args, **kw: compiled.append(args[1]) or real_compile(*args, **kw)
import fractions  # listed, and not imported by Pyodide's own start
builtins.compile = real_compile
method = fractions.Fraction.limit_denominator
lines = stock.read("fractions.py").decode().splitlines()
line = lines.index("    def limit_denominator(self, max_denominator=1000000):")
json.dumps({"verdicts": verdicts, "fractions": fractions.__spec__.origin, "compiled": compiled,
            "lines": [method.__code__.co_firstlineno, line + 1], "doc": method.__doc__})
`));
"""


def test_the_list_names_module_files_once_each() -> None:
    names = stdlib.listed()
    assert len(names) == len(set(names)) and len(names) > 100
    assert all(name.endswith(".py") and not name.startswith("/") for name in names)
    assert {"asyncio/events.py", "dataclasses.py", "fractions.py"} <= set(names)


@needs_runtime
def test_the_vendored_archive_is_the_bytecode_of_the_listed_entries_stored_with_its_sibling() -> None:
    with ZipFile(VENDORED) as vendored:
        assert vendored.namelist() == sorted(name[:-3] + ".pyc" for name in stdlib.listed())
        assert {entry.compress_type for entry in vendored.infolist()} == {ZIP_STORED}
    assert compress.sibling(VENDORED).name == "python_stdlib.zip.zst"
    assert compress.unpacked(compress.sibling(VENDORED).read_bytes(), compress.ZSTD) == VENDORED.read_bytes()


def test_the_page_s_imports_are_read_from_its_sources() -> None:
    imported = stdlib.imported()
    assert {"fractions", "json", "asyncio", "dataclasses"} <= set(imported)
    assert not {"argparse", "secrets"} & set(imported)  # the command line's only
    assert not [name for name in imported if name.split(".")[0] in {"minesweeper", "web", "pyscript", "js"}]


@needs_runtime
def test_the_vendored_pyodide_imports_a_listed_module_from_its_bytecode() -> None:
    script = CHECK % {
        "pyodide": json.dumps((VENDORED.parent / "pyodide.mjs").as_posix()),
        "stock": json.dumps(stdlib.STOCK.as_posix()),
        "listed": json.dumps(stdlib.listed()),
    }
    report = node_json(script)
    # True magic, flags 0b01 (hash-based, source not checked), True source hash.
    assert {name: verdict for name, verdict in report["verdicts"].items() if verdict != [True, 1, True]} == {}
    assert report["fractions"].endswith(".zip/fractions.pyc") and report["compiled"] == []
    lines = report["lines"]
    assert lines[0] == lines[1] and report["doc"] is None  # a traceback's line kept, the docstring not


def test_a_name_missing_from_pyodide_s_library_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not stdlib.STOCK.exists():
        pytest.skip("node_modules is missing: run `make test`")
    listing = tmp_path / "list.txt"
    listing.write_text("# a comment\nfractions.py\nno_such_module.py  # trailing comment\n")
    monkeypatch.setattr(stdlib, "LIST", listing)
    assert stdlib.listed(listing) == ["fractions.py", "no_such_module.py"]
    with pytest.raises(subprocess.CalledProcessError):
        stdlib.write(tmp_path / "out.zip")
    assert not (tmp_path / "out.zip").exists()


@needs_runtime
def test_a_module_the_page_imports_left_out_of_the_list_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text("\n".join(name for name in stdlib.listed() if name != "fractions.py"))
    monkeypatch.setattr(stdlib, "LIST", listing)
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import stdlib; stdlib.LIST = stdlib.Path({str(listing)!r}); "
            f"stdlib.write(stdlib.Path({str(tmp_path / 'out.zip')!r}))",
        ],
        cwd=ROOT / "tools",
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "left out of tools/startup-modules.txt" in result.stderr and "fractions" in result.stderr
