"""Pyodide's standard library with bytecode for the modules a start imports: vendor/pyodide/python_stdlib.zip.

tools/vendor.py calls `write` after copying the runtime. Pyodide's npm package ships its standard library as
.py files only, so every start compiles each module it imports, about 130 of them (Pyodide's own start-up,
PyScript's, the game's): most of the time to a playable board. This adds, beside each module named in
tools/startup-modules.txt, its bytecode as an unchecked-hash .pyc (PEP 552) made by the same Pyodide, which
Python's zipimport loads without compiling (it looks for `name.pyc` before `name.py`). The sources stay, for
tracebacks; other modules still compile when first imported. bench/page.py measures the effect (the bare
Pyodide baseline with the stock archive, `bench/bare.html?stock`), and tests/e2e/test_startup.py checks
that the list still covers what the page imports.

Glossary:
    stock     node_modules/pyodide/python_stdlib.zip, as npm installed it
    listed    a path in the stock archive named in tools/startup-modules.txt ('asyncio/events.py')
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
LIST = ROOT / "tools" / "startup-modules.txt"

# Run by Node with the stock Pyodide: each entry is copied as it is; a listed source is followed by its
# bytecode, compiled under the name zipimport gives it (/lib/python3XY.zip/...) so tracebacks read right.
COMPILE = """
import { loadPyodide } from %(pyodide)s;
import fs from "node:fs";
const py = await loadPyodide();
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
with zipfile.ZipFile("/out.zip", "w") as out:
    for entry in stock.infolist():
        source = stock.read(entry)
        out.writestr(entry, source)
        if entry.filename in listed:
            code = compile(source, f"{prefix}/{entry.filename}", "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(entry.filename[:-3] + ".pyc", entry.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
`);
fs.writeFileSync(%(out)s, py.FS.readFile("/out.zip"));
"""


def listed(path: Path | None = None) -> list[str]:
    """The module files named in the list (LIST by default): one path per line, `#` starts a comment."""
    lines = (line.split("#", 1)[0].strip() for line in (path or LIST).read_text().splitlines())
    return [line for line in lines if line]


def write(out: Path, stock: Path = STOCK) -> None:
    """Write the standard library with the listed modules' bytecode to `out`."""
    script = COMPILE % {
        "pyodide": json.dumps((stock.parent / "pyodide.mjs").as_posix()),
        "stock": json.dumps(stock.as_posix()),
        "listed": json.dumps(listed()),
        "out": json.dumps(out.as_posix()),
    }
    subprocess.run(["node", "--input-type=module", "-e", script], check=True)


if __name__ == "__main__":
    target = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
    write(target)
    print(f"stdlib: {len(listed())} modules compiled -> {target.relative_to(ROOT)}")
    sys.exit(0)
