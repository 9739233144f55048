"""The page's Python as one archive: py/minesweeper, py/ui and py/web as bytecode, in py.zip (and py.zip.zst).

`python tools/bundle.py` (`make generate` runs it) writes ROOT/py.zip when a source changed. js/boot.mjs
fetches it while Pyodide starts, writes it whole into Pyodide's file system and puts it first on `sys.path`:
Python imports the page's modules from the archive itself (zipimport), with nothing unpacked. Against ~37
files fetched one by one after Pyodide is up, each compiled at every start, the archive took about 150 ms
off a warm start (bench/page.py); against unpacking it (PyScript's `files`, 27 to 31 ms of Python's zipfile
on a reload, after its fetch), importing from it takes 4 ms to read its directory.

The archive also carries bytecode for PyScript's own Python package, which PyScript writes as sources into
./pyscript/ and imports before the page's script at every start: compiled here from the same sources
(@pyscript/core's src/stdlib/pyscript.js), js/boot.mjs extracts it into ./pyscript/__pycache__/, and Python
checks each against its source (a checked-hash .pyc): a PyScript that writes other sources just compiles them.

It also carries the methods `@dataclass` writes for each class (`__init__`, `__eq__`, ...), compiled: the
build imports every module with a stand-in for pyscript, noting each text dataclasses compiles, and stores
the code by text in web/dataclasses.marshal, which web/precompiled.py hands back to dataclasses at start.

What a start and a traceback do not use stays out, as in the standard library (tools/stdlib.py): the
sources (a traceback names each frame's file and line from the bytecode), the modules' and functions'
docstrings, the columns of each instruction. The archive's entries are stored, not deflated: its sibling's
codec then sees them all at once (py.zip.zst, 0.27 MB against 0.72 MB for sources and bytecode deflated one
by one).

Glossary:
    source    a module the page imports: every .py under py/minesweeper, py/ui and py/web (py/main.py is the
              page's <script>); a new module needs no edit here
    bytecode  an unchecked-hash .pyc (PEP 552) named after its source, where zipimport looks for it
              ('web/app.pyc' for 'web/app.py'): Python loads it without a source to check. Only the Python
              that made it loads it (its magic number), so the vendored Pyodide makes it, run by Node
    stamp     the archive's comment: a hash of the sources, of PyScript's package and of the Pyodide that
              compiled them; the archive is rebuilt only when it changed, and `is_fresh` says whether it did
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from zipfile import ZipFile

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = "py.zip"
PACKAGES = ("minesweeper", "ui", "web")
PYODIDE = Path("vendor") / "pyodide"
PLACES = ROOT / "js" / "snapshot.mjs"
STOCK_STDLIB = Path("node_modules") / "pyodide" / "python_stdlib.zip"
PYSCRIPT_PACKAGE = Path("node_modules") / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"


def archive_place() -> str:
    """Where js/boot.mjs writes the archive in the page's file system: js/snapshot.mjs says, for both."""
    found = re.search(r'export const MODULES = "([^"]+)"', PLACES.read_text())
    if found is None:
        raise SystemExit(f"{PLACES}: no `export const MODULES = \"...\"` to read the archive's place from")
    return found[1]


PLACE = archive_place()

# Run by Node: the vendored Pyodide compiles the sources and writes the archive, with fixed dates and
# sorted entries so that the same sources make the same bytes (the precache list hashes it).
BUILD = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
// The whole library (the page's is trimmed), and no columns in the code compiled (as tools/stdlib.py).
const py = await loadPyodide({ stdLibURL: %(stdlib)s, env: { PYTHONNODEBUGRANGES: "1" } });
const sources = %(sources)s;
for (const [name, path] of Object.entries(sources)) {
  py.FS.mkdirTree("/bundle/" + name.slice(0, name.lastIndexOf("/")));
  py.FS.writeFile("/bundle/" + name, fs.readFileSync(path));
}
py.FS.mkdirTree("/bundle/pyscript");
const pyscript = (await import(%(pyscript)s)).default.pyscript;
for (const [name, text] of Object.entries(pyscript)) py.FS.writeFile("/bundle/pyscript/" + name, text);
py.globals.set("stamp", %(stamp)s);
py.globals.set("modules", py.toPy(%(modules)s));
py.globals.set("sources", py.toPy(Object.keys(sources)));
py.runPython(`
import ast, compileall, importlib.util, os, py_compile, re, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # private: what py_compile uses, pinned Pyodide
# The page's modules: the bytecode where zipimport looks for it (never in __pycache__), named for tracebacks
# by where the page imports it from (js/boot.mjs writes the archive at %(place)s), without the modules' and
# functions' docstrings (a class keeps its own: @dataclass would work one out from its signature).
def without_docstrings(tree):
    for node in ast.walk(tree):
        documented = isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
        if documented and ast.get_docstring(node, False):
            node.body = node.body[1:] or [ast.Pass(lineno=node.body[0].lineno, col_offset=0)]
    return tree
for name in sources:
    with open("/bundle/" + name, "rb") as file:
        source = file.read()
    tree = ast.fix_missing_locations(without_docstrings(ast.parse(source)))
    code = compile(tree, %(place)s + "/" + name, "exec", dont_inherit=True)
    with open("/bundle/" + name + "c", "wb") as file:
        file.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
# PyScript's package: checked against the sources PyScript writes.
mode = py_compile.PycInvalidationMode
if not compileall.compile_dir("/bundle/pyscript", quiet=1, invalidation_mode=mode.CHECKED_HASH):
    raise SystemExit("bundle: PyScript's package does not compile")
# Import every module with @dataclass's exec recording the text of the methods it writes, then store
# each text's code for web/precompiled.py. pyscript is a stand-in here: no module uses it at import.
import dataclasses, importlib, marshal, sys, types
class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()
for stand_in in ("pyscript", "pyscript.ffi"):
    sys.modules[stand_in] = types.ModuleType(stand_in)
    sys.modules[stand_in].__getattr__ = lambda name: Anything()
texts = []
def record(text, globals, locals):
    texts.append(text)
    exec(text, globals, locals)
dataclasses.exec = record
sys.path.insert(0, "/bundle")
sys.dont_write_bytecode = True  # the archive's bytecode is the unchecked one compiled above
for module in modules:
    importlib.import_module(module)
os.makedirs("/bundle/web", exist_ok=True)
with open("/bundle/web/dataclasses.marshal", "wb") as file:
    marshal.dump(sys.version, file)  # first: code from another Python is not even read
    marshal.dump({text: compile(text, "<string>", "exec") for text in texts}, file)
names = sorted(os.path.relpath(os.path.join(folder, file), "/bundle")
               for folder, _, files in os.walk("/bundle") for file in files)
names = [name for name in names if not name.endswith(".py")]
with zipfile.ZipFile("/bundle.zip", "w", zipfile.ZIP_STORED) as archive:
    archive.comment = stamp.encode()
    for name in names:
        entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        with open(os.path.join("/bundle", name), "rb") as file:
            archive.writestr(entry, file.read())
`);
fs.writeFileSync(%(out)s, py.FS.readFile("/bundle.zip"));
"""


def sources(root: Path = ROOT) -> dict[str, Path]:
    """Each source by its name in the archive (its import path, 'web/app.py')."""
    files = sorted(p for package in PACKAGES for p in (root / "py" / package).glob("*.py"))
    return {p.relative_to(root / "py").as_posix(): p for p in files}


def importable(root: Path = ROOT) -> list[str]:
    """The modules to import in the build, by name ('web.app'): every source but a package's __main__."""
    names = (name.removesuffix(".py").removesuffix("/__init__") for name in sources(root))
    return [name.replace("/", ".") for name in names if not name.endswith("__main__")]


def stamp(root: Path = ROOT) -> str:
    digest = hashlib.sha256((root / PYODIDE / "pyodide-lock.json").read_bytes())
    digest.update((root / PYSCRIPT_PACKAGE).read_bytes())
    digest.update(BUILD.encode())  # how the archive is made
    digest.update(PLACE.encode())
    for name, path in sources(root).items():
        digest.update(f"\0{name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def is_fresh(root: Path = ROOT) -> bool:
    """The archive exists and was built from the current sources by the vendored Pyodide."""
    path = root / ARCHIVE
    if not path.exists():
        return False
    with ZipFile(path) as archive:
        return archive.comment.decode() == stamp(root)


def build(root: Path = ROOT) -> None:
    script = BUILD % {
        "pyodide": json.dumps((root / PYODIDE / "pyodide.mjs").as_posix()),
        "stdlib": json.dumps((root / STOCK_STDLIB).as_posix()),
        "sources": json.dumps({name: path.as_posix() for name, path in sources(root).items()}),
        "pyscript": json.dumps((root / PYSCRIPT_PACKAGE).as_posix()),
        "stamp": json.dumps(stamp(root)),
        "modules": json.dumps(importable(root)),
        "out": json.dumps((root / ARCHIVE).as_posix()),
        "place": json.dumps(PLACE),
    }
    subprocess.run(["node", "--input-type=module", "-e", script], check=True)


def snapshot_stamp(root: Path = ROOT) -> str:
    """The archive's digest, which names the memory snapshots made with it (pyscript.json, js/boot.mjs)."""
    return hashlib.sha256((root / ARCHIVE).read_bytes()).hexdigest()[:32]


def write(root: Path = ROOT) -> bool:
    """Rebuild root/py.zip if a source changed; returns whether it did."""
    if is_fresh(root):
        return False
    build(root)
    return True


if __name__ == "__main__":
    print(f"bundle: {ARCHIVE} {'written' if write() else 'unchanged'}")
    sys.exit(0)
