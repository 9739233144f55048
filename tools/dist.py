"""Build dist/: a self-contained folder with exactly what the site serves, ready for any static host.

`python tools/dist.py [OUT]` (`make dist` runs it after `make generate`) copies the site files
(tools/precache.py decides which: no node_modules, tests, tools or source maps), the compressed sibling of
each file the page fetches so (tools/compress.py), the service worker, and writes OUT's own precache list
from OUT's files, so the list always matches what is deployed.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import compress
import precache

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORKER = "service-worker.js"


def build(out: Path = DIST, root: Path = ROOT) -> list[str]:
    """Replace `out` with a fresh copy of the site; returns its files, relative to `out`."""
    precache.write_siblings(root)
    siblings = [name + compress.codec(name) for name in precache.compressed_files(root)]
    files = [*precache.site_files(root), *siblings, WORKER]
    if out.exists():
        shutil.rmtree(out)
    for name in files:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, out / name)
    precache.write(out)
    return [*files, precache.MANIFEST]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]).resolve() if args else DIST
    files = build(out)
    size = sum((out / name).stat().st_size for name in files)
    print(f"dist: {len(files)} files, {size / 1e6:.1f} MB -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
