"""Write every generated file of the site from its sources; `make serve`, `make test` and `make dist` run it.

- pyscript.json: PyScript's config: `interpreter` is js/boot.mjs (it hands over the Pyodide it started at
  the page's first line, from a memory snapshot when one is kept, with py.zip, the page's modules, on
  `sys.path`), and `plugins` leaves out PyScript's plugins the page has no use for (its
  editor, terminal, game canvas, and the warnings about its deprecated tags): each is a module PyScript
  would fetch and run before it starts Pyodide. Its `error` plugin stays: it shows a Python error in the
  page. PyScript loads the plugins once more for MicroPython, whose config is index.html's <mpy-config>:
  it repeats the list, and tests/e2e/test_startup.py fails if either list lets one through.
  `snapshot-stamp` is py.zip's digest, which js/boot.mjs reads to tell a memory snapshot made with this
  py.zip (a small file it reads at once, rather than hash the whole of py.zip).
- po/*.po and i18n/: each language's catalogue brought up to the texts the sources have now (a new text
  comes in empty, for `make test` to say so), and compiled for the page: i18n/<tag>.json (index.html's
  texts, for js/frame.js) and i18n/<tag>.mo (Python's, for py/web/i18n.py), the pseudo-locale's too
  (tools/i18n.py).
- py.zip: every module under py/minesweeper, py/ui and py/web with its bytecode (tools/bundle.py), so a new
  module needs no hand edit.
- icons/: the app icons, drawn from one geometry (tools/icons.py).
- fonts/: the counters' seven-segment digits and their unlit segments (tools/ledfont.py).
- X.zst or X.gz beside each file the page fetches compressed (py.zip, the languages' texts; tools/vendor.py
  writes the runtime's): tools/compress.py, tools/precache.py's list.
- precache-manifest.js: the service worker's list of every site file with its hash (tools/precache.py);
  written last, since it hashes the files written before it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import bundle
import i18n
import icons
import ledfont
import precache

ROOT = Path(__file__).resolve().parent.parent


UNUSED_PLUGINS = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


def pyscript_config() -> dict[str, object]:
    return {
        "interpreter": "js/boot.mjs",
        "plugins": [f"!{name}" for name in UNUSED_PLUGINS],
        # Not PyScript's (it ignores what it does not know): js/boot.mjs keeps a memory snapshot of Python
        # made with this py.zip, and uses one only if its stamp starts with this digest.
        "snapshot-stamp": bundle.snapshot_stamp(ROOT),
    }


def write_if_changed(path: Path, text: str) -> bool:
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


def main() -> int:
    print(f"generate: po/, i18n/ {', '.join(i18n.write()) or 'unchanged'}")
    print(f"generate: {bundle.ARCHIVE} {'written' if bundle.write() else 'unchanged'}")
    changed = write_if_changed(ROOT / "pyscript.json", json.dumps(pyscript_config(), indent=2) + "\n")
    print(f"generate: pyscript.json {'written' if changed else 'unchanged'}")
    print(f"generate: icons/ {', '.join(icons.write()) or 'unchanged'}")
    print(f"generate: fonts/ {', '.join(ledfont.write()) or 'unchanged'}")
    print(f"generate: compressed siblings {', '.join(precache.write_siblings(ROOT)) or 'unchanged'}")
    print(f"generate: {precache.MANIFEST} {'written' if precache.write(ROOT) else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
