"""py.zip, the page's modules in one archive (tools/bundle.py): every source as bytecode that the vendored
Pyodide loads as it is, without the source, stored, rebuilt exactly when a source changes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from zipfile import ZIP_STORED, ZipFile

import pytest

import bundle

from .conftest import node_json

ROOT = Path(__file__).resolve().parents[2]
VENDORED = (ROOT / bundle.PYODIDE / "pyodide.mjs").exists()
needs_runtime = pytest.mark.skipif(not VENDORED, reason="the runtime is not vendored: run `make test`")

# Node runs the vendored Pyodide on an archive: for each source, is the bytecode file named after it (where
# zipimport looks) the one Pyodide would accept for that source without compiling it (magic number,
# unchecked-hash flag, source hash)? And imported from the archive, does a module keep its lines, but not
# the docstrings of its functions, while its classes keep theirs (@dataclass reads them)?
CHECK = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
py.FS.writeFile("/check.zip", fs.readFileSync(%(archive)s));
const sources = %(sources)s;
for (const [name, path] of Object.entries(sources)) {
  py.FS.mkdirTree("/sources/" + name.slice(0, name.lastIndexOf("/")));
  py.FS.writeFile("/sources/" + name, fs.readFileSync(path));
}
py.globals.set("names", py.toPy(Object.keys(sources)));
console.log(py.runPython(`
import importlib.util, json, sys, zipfile
archive = zipfile.ZipFile("/check.zip", metadata_encoding="utf-8")
verdicts = {}
for name in names:
    with open("/sources/" + name, "rb") as file:
        source = file.read()
    pyc = archive.read(name + "c")
    verdicts[name] = (pyc[:4] == importlib.util.MAGIC_NUMBER, int.from_bytes(pyc[4:8], "little"),
                      pyc[8:16] == importlib.util.source_hash(source))
sys.path.insert(0, "/check.zip")
from minesweeper import codes
json.dumps({"verdicts": verdicts, "line": codes.from_code.__code__.co_firstlineno,
            "doc": codes.from_code.__doc__, "class_doc": bool(codes.InvalidBoardCode.__doc__)})
`));
"""


# The same for PyScript's package: is each bytecode file the one Python takes for the source PyScript writes
# (a checked hash: flags 0b11), and is there one for each of its modules?
CHECK_PYSCRIPT = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
py.FS.writeFile("/check.zip", fs.readFileSync(%(archive)s));
py.globals.set("written", py.toPy((await import(%(package)s)).default.pyscript));
console.log(py.runPython(`
import importlib.util, json, zipfile
archive = zipfile.ZipFile("/check.zip", metadata_encoding="utf-8")
verdicts = {}
for name, text in written.items():
    pyc = archive.read(importlib.util.cache_from_source("pyscript/" + name))
    verdicts[name] = (pyc[:4] == importlib.util.MAGIC_NUMBER, int.from_bytes(pyc[4:8], "little"),
                      pyc[8:16] == importlib.util.source_hash(text.encode()))
json.dumps(verdicts)
`));
"""


def modules(root: Path) -> set[str]:
    """The page's modules, found here independently of tools/bundle.py: py/**/*.py but py/main.py."""
    py = root / "py"
    found = (p for p in py.rglob("*.py") if p.parent != py and "__pycache__" not in p.parts)
    return {p.relative_to(py).as_posix() for p in found}


def site_with(tmp_path: Path, files: dict[str, str]) -> Path:
    """A small site: these sources under py/, the vendored Pyodide and node_modules (PyScript's package)."""
    for name, text in files.items():
        (tmp_path / "py" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "py" / name).write_text(text)
    (tmp_path / "vendor").symlink_to(ROOT / "vendor")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    return tmp_path


@needs_runtime
def test_the_archive_holds_every_module_of_the_engine_and_the_page_as_bytecode_only_stored() -> None:
    assert bundle.is_fresh(), "run `make generate`"
    with ZipFile(ROOT / bundle.ARCHIVE) as archive:
        names = archive.namelist()
        own = {name[:-1] for name in names if name.endswith(".pyc") and not name.startswith("pyscript/")}
        assert own == modules(ROOT) and "web/app.py" in own and "minesweeper/game.py" in own
        assert not [name for name in names if name.endswith(".py")]  # a traceback needs no source
        assert "web/dataclasses.marshal" in names  # web/precompiled.py's (test_startup.py)
        assert {entry.compress_type for entry in archive.infolist()} == {ZIP_STORED}


@needs_runtime
def test_the_vendored_pyodide_loads_each_module_s_bytecode_without_compiling_it() -> None:
    sources = {name: (ROOT / "py" / name).as_posix() for name in modules(ROOT)}
    script = CHECK % {
        "pyodide": json.dumps((ROOT / bundle.PYODIDE / "pyodide.mjs").as_posix()),
        "archive": json.dumps((ROOT / bundle.ARCHIVE).as_posix()),
        "sources": json.dumps(sources),
    }
    report = node_json(script)
    verdicts = report["verdicts"]
    # True magic, flags 0b01 (hash-based, source not checked), True source hash.
    assert {name: verdict for name, verdict in verdicts.items() if verdict != [True, 1, True]} == {}
    lines = (ROOT / "py" / "minesweeper" / "codes.py").read_text().splitlines()
    # A traceback names the line the source has.
    assert report["line"] == lines.index("def from_code(code: str) -> Board:") + 1
    assert report["doc"] is None and report["class_doc"] is True


@needs_runtime
def test_pyscript_s_own_package_has_bytecode_checked_against_the_sources_pyscript_writes() -> None:
    script = CHECK_PYSCRIPT % {
        "pyodide": json.dumps((ROOT / bundle.PYODIDE / "pyodide.mjs").as_posix()),
        "archive": json.dumps((ROOT / bundle.ARCHIVE).as_posix()),
        "package": json.dumps((ROOT / bundle.PYSCRIPT_PACKAGE).as_posix()),
    }
    verdicts = node_json(script)
    assert "__init__.py" in verdicts and "ffi.py" in verdicts
    assert {name: verdict for name, verdict in verdicts.items() if verdict != [True, 3, True]} == {}
    with ZipFile(ROOT / bundle.ARCHIVE) as archive:  # PyScript writes the sources itself
        names = archive.namelist()
        assert not [name for name in names if name.startswith("pyscript/") and name.endswith(".py")]


@needs_runtime
def test_the_archive_is_rebuilt_when_a_source_changes_and_only_then(tmp_path: Path) -> None:
    site = site_with(tmp_path, {"minesweeper/__init__.py": "", "web/app.py": "ANSWER = 42\n"})
    assert not bundle.is_fresh(site)
    assert bundle.write(site) is True
    first = (site / bundle.ARCHIVE).read_bytes()
    assert bundle.is_fresh(site) and bundle.write(site) is False
    (site / "py" / "web" / "app.py").write_text("ANSWER = 43\n")
    assert not bundle.is_fresh(site)
    assert bundle.write(site) is True and bundle.is_fresh(site)
    assert (site / bundle.ARCHIVE).read_bytes() != first
    (site / "py" / "web" / "app.py").write_text("ANSWER = 42\n")
    bundle.write(site)
    assert (site / bundle.ARCHIVE).read_bytes() == first  # same sources, same bytes: same precache hash


@needs_runtime
def test_a_source_that_does_not_compile_fails_the_build_and_leaves_no_archive(tmp_path: Path) -> None:
    site = site_with(tmp_path, {"web/app.py": "def broken(:\n"})
    with pytest.raises(subprocess.CalledProcessError):
        bundle.build(site)
    assert not (site / bundle.ARCHIVE).exists()


def test_a_new_module_is_picked_up_with_no_edit(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "py", tmp_path / "py", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "py" / "web" / "extra.py").write_text("")
    assert "web/extra.py" in bundle.sources(tmp_path) and "main.py" not in bundle.sources(tmp_path)
