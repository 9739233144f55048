"""Write every generated file of the site from its sources; `make serve`, `make test` and `make dist` run it.

- pyscript.json: PyScript's config: `interpreter` points at the vendored Pyodide, and `files` unpacks
  py.zip, the page's modules.
- py.zip: every module under py/minesweeper and py/web with its bytecode (tools/bundle.py), so a new
  module needs no hand edit.
- icons/: the app icons, drawn from one geometry (tools/icons.py).
- precache-manifest.js: the service worker's list of every site file with its hash (tools/precache.py);
  written last, since it hashes the files written before it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import bundle
import icons
import precache

ROOT = Path(__file__).resolve().parent.parent


def pyscript_config() -> dict[str, object]:
    return {"interpreter": "vendor/pyodide/pyodide.mjs", "files": {bundle.ARCHIVE: "./*"}}


def write_if_changed(path: Path, text: str) -> bool:
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


def main() -> int:
    changed = write_if_changed(ROOT / "pyscript.json", json.dumps(pyscript_config(), indent=2) + "\n")
    print(f"generate: pyscript.json {'written' if changed else 'unchanged'}")
    print(f"generate: icons/ {', '.join(icons.write()) or 'unchanged'}")
    print(f"generate: {bundle.ARCHIVE} {'written' if bundle.write() else 'unchanged'}")
    print(f"generate: {precache.MANIFEST} {'written' if precache.write(ROOT) else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
