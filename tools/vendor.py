"""Copy the pinned PyScript and Pyodide runtime, and its siblings' decoder, from node_modules into vendor/.

The versions come from package-lock.json (via `npm ci`); vendor/ is git-ignored and rebuilt by make.
What a first visit downloads is kept to what the page runs:
- of PyScript's dist, only what a start loads: core.js, its chunk, and the one plugin the page keeps (the
  error display); not the chunks of the plugins pyscript.json turns off (its editor and terminal bring
  CodeMirror and xterm.js, 0.8 MB), nor those of a TOML config, of packages, of `files` given as a zip, of
  its storage module or of MicroPython's terminal, which the page never loads, nor its stylesheet;
- Pyodide's standard library trimmed to the modules the page imports, as bytecode (tools/stdlib.py);
- Pyodide's package list (pyodide-lock.json, fetched at every start) without its packages: the page loads
  none, and 119 KB become a few hundred bytes;
- beside each big file, its compressed sibling (tools/compress.py), which the page fetches instead;
- fzstd's decoder of Zstandard (its UMD build, a classic script: js/siblings.js's codec for the runtime),
  under its licence's notice.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import compress
import precache
import stdlib

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"

# Pyodide needs exactly these five files, all from one package version (its version check fails otherwise).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


# What a start loads of PyScript's dist: its module, the chunk that module imports, and the error plugin's
# (the plugins the page keeps: tools/generate.py). tests/e2e/test_startup.py fails if another is fetched.
PYSCRIPT_START = re.compile(r"core\.js|(core|error)-[A-Za-z0-9_-]{8}\.js")


def pyscript_files(dist: Path) -> list[Path]:
    """What a start loads of PyScript's dist."""
    return sorted(p for p in dist.iterdir() if PYSCRIPT_START.fullmatch(p.name))


def write_lock(source: Path, out: Path) -> None:
    """Pyodide's package list with no packages: its `info` (Python's version, the platform) as shipped."""
    lock = json.loads(source.read_text())
    out.write_text(json.dumps({"info": lock["info"], "packages": {}}) + "\n")


def copy_all(files: list[Path], dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for file in files:
        shutil.copy2(file, dest / file.name)


def write_fzstd(source: Path, out: Path) -> None:
    """fzstd's browser build, headed by its copyright notice (the MIT licence asks for it in every copy)."""
    licence = (source.parent.parent / "LICENSE").read_text()
    notice = next(line for line in licence.splitlines() if "Copyright" in line)
    out.parent.mkdir(parents=True, exist_ok=True)
    header = f"/* fzstd {version('fzstd')}, {notice}, MIT License: https://github.com/101arrowz/fzstd */\n"
    out.write_text(header + source.read_text())


def version(package: str) -> str:
    return str(json.loads((MODULES / package / "package.json").read_text())["version"])


def main() -> int:
    if not MODULES.is_dir():
        print("vendor: node_modules is missing; run `npm ci` first", file=sys.stderr)
        return 2
    copy_all(pyscript_files(MODULES / "@pyscript/core/dist"), VENDOR / "pyscript")
    copy_all([MODULES / "pyodide" / name for name in PYODIDE_FILES], VENDOR / "pyodide")
    stdlib.write(VENDOR / "pyodide" / "python_stdlib.zip")
    write_lock(MODULES / "pyodide" / "pyodide-lock.json", VENDOR / "pyodide" / "pyodide-lock.json")
    write_fzstd(MODULES / "fzstd" / "umd" / "index.js", VENDOR / "fzstd" / "fzstd.js")
    for path in sorted(VENDOR.rglob("*")):
        name = path.relative_to(ROOT).as_posix()
        if path.is_file() and precache.is_served(path.relative_to(ROOT)) and precache.is_compressed(name):
            compress.write(path)
    versions = {name: version(name) for name in ("@pyscript/core", "pyodide", "fzstd")}
    (VENDOR / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
    print(f"vendor: PyScript {versions['@pyscript/core']}, Pyodide {versions['pyodide']} -> {VENDOR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
