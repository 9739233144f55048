"""Copy the pinned PyScript and Pyodide runtime from node_modules into vendor/.

The versions come from package-lock.json (via `npm ci`); vendor/ is git-ignored and rebuilt by make.
Pyodide's standard library gets the bytecode of the modules a start imports (tools/stdlib.py).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

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


def pyscript_files(dist: Path) -> list[Path]:
    """PyScript's whole dist (it loads plugin chunks at start), without source maps."""
    return sorted(p for p in dist.iterdir() if p.suffix in {".js", ".css"})


def copy_all(files: list[Path], dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for file in files:
        shutil.copy2(file, dest / file.name)


def version(package: str) -> str:
    return str(json.loads((MODULES / package / "package.json").read_text())["version"])


def main() -> int:
    if not MODULES.is_dir():
        print("vendor: node_modules is missing; run `npm ci` first", file=sys.stderr)
        return 2
    copy_all(pyscript_files(MODULES / "@pyscript/core/dist"), VENDOR / "pyscript")
    copy_all([MODULES / "pyodide" / name for name in PYODIDE_FILES], VENDOR / "pyodide")
    stdlib.write(VENDOR / "pyodide" / "python_stdlib.zip")
    versions = {"@pyscript/core": version("@pyscript/core"), "pyodide": version("pyodide")}
    (VENDOR / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")
    print(f"vendor: PyScript {versions['@pyscript/core']}, Pyodide {versions['pyodide']} -> {VENDOR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
