"""Pyodide's standard library trimmed to the modules the page imports, as bytecode only:
vendor/pyodide/python_stdlib.zip, and its compressed sibling.

tools/vendor.py calls `write` after copying the runtime. Pyodide's npm package ships its standard library as
.py files only, so every start would compile each module it imports, about 130 of them (Pyodide's own
start-up, PyScript's, the game's): most of the time to a playable board. This keeps, for each module named
in tools/startup-modules.txt, only its bytecode, as an unchecked-hash .pyc (PEP 552) made by the same
Pyodide, which Python's zipimport loads without compiling. Every other module is left out (3.9 MB down to
2.6 MB, 0.65 MB as its Zstandard sibling). The list is what the page imports, at start and in play. Two
checks keep it so: the build imports, under the vendored Pyodide with the trimmed library, every standard
module the page's sources name (a missing one fails the build), and tests/e2e/test_startup.py plays a game
and fails, naming the file, if a module came from anywhere but this bytecode. bench/page.py measures the
effect (the bare Pyodide baseline with the stock archive, `bench/bare.html?stock`).

What a start and a traceback do not use is left out, as `python -OO` and `-X no_debug_ranges` leave it:
- the sources: a traceback names each frame's file and line from the bytecode, without the line's text;
- docstrings and asserts (`optimize=2`), which the standard library is written to run without;
- the columns of each instruction (the carets under a traceback's line).
The archive stores its entries uncompressed, so that its sibling's codec sees all of them at once (a host
cannot compress a .zip, and zipimport then reads each entry as it is): 0.65 MB on the wire (0.79 MB as gzip),
against 2.1 MB for the sources and bytecode each deflated on their own.

Glossary:
    stock     node_modules/pyodide/python_stdlib.zip, as npm installed it
    listed    a path in the stock archive named in tools/startup-modules.txt ('asyncio/events.py')
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import compress

ROOT = Path(__file__).resolve().parent.parent
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
LIST = ROOT / "tools" / "startup-modules.txt"

# Run by Node with the stock Pyodide, without the columns in the code it compiles: each listed entry becomes
# its bytecode, compiled under the name zipimport gives it (/lib/python3XY.zip/...) so tracebacks read right.
COMPILE = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/stock.zip", fs.readFileSync(%(stock)s));
py.globals.set("listed", py.toPy(new Set(%(listed)s)));
py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # private: what py_compile uses, pinned Pyodide
prefix = next(p for p in sys.path if p.endswith(".zip"))
stock = zipfile.ZipFile("/stock.zip")
missing = set(listed) - set(stock.namelist())
if missing:
    raise SystemExit(f"stdlib: not in Pyodide's standard library: {sorted(missing)}")
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_STORED) as out:
    for entry in sorted(stock.infolist(), key=lambda entry: entry.filename):
        if entry.filename not in listed:
            continue
        source = stock.read(entry)
        code = compile(source, f"{prefix}/{entry.filename}", "exec", dont_inherit=True, optimize=2)
        pyc = zipfile.ZipInfo(entry.filename[:-3] + ".pyc", entry.date_time)
        out.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
`);
fs.writeFileSync(%(out)s, py.FS.readFile("/out.zip"));
"""

# Run by Node with the trimmed library: every standard module the page's sources import must be there.
CHECK = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ stdLibURL: %(out)s });
py.globals.set("names", py.toPy(%(names)s));
py.runPython(`
import importlib
missing = []
for name in names:
    try:
        importlib.import_module(name)
    except ImportError as error:
        missing.append(f"{name} ({error})")
if missing:
    raise SystemExit(f"stdlib: the page imports modules left out of tools/startup-modules.txt: {missing}")
`);
"""
# The page's own packages, and what is not the standard library; the command line never runs in the page.
NOT_STDLIB = {"minesweeper", "web", "ui", "pyscript", "js", "pyodide", "__future__"}
COMMAND_LINE = {"cli.py", "__main__.py"}


def listed(path: Path | None = None) -> list[str]:
    """The module files named in the list (LIST by default): one path per line, `#` starts a comment."""
    lines = (line.split("#", 1)[0].strip() for line in (path or LIST).read_text().splitlines())
    return [line for line in lines if line]


def write(out: Path, stock: Path = STOCK) -> None:
    """Write the listed modules of the standard library, as bytecode, to `out`; check that it has every
    module the page imports; then write its compressed sibling."""
    pyodide = json.dumps((stock.parent / "pyodide.mjs").as_posix())
    script = COMPILE % {
        "pyodide": pyodide,
        "stock": json.dumps(stock.as_posix()),
        "listed": json.dumps(listed()),
        "out": json.dumps(out.as_posix()),
    }
    subprocess.run(["node", "--input-type=module", "-e", script], check=True)
    check = CHECK % {"pyodide": pyodide, "out": json.dumps(out.as_posix()), "names": json.dumps(imported())}
    subprocess.run(["node", "--input-type=module", "-e", check], check=True)
    compress.write(out)


def imported(root: Path = ROOT / "py") -> list[str]:
    """The modules the page's sources import, anywhere in them (a function's imports too), but its own."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        if path.name in COMMAND_LINE:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(name for name in names if name.split(".")[0] not in NOT_STDLIB)


if __name__ == "__main__":
    target = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
    write(target)
    print(f"stdlib: {len(listed())} modules compiled -> {target.relative_to(ROOT)}")
    sys.exit(0)
