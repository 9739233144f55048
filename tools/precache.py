"""The service worker's precache list: every file the site serves, with its content hash.

`python tools/precache.py [ROOT]` writes ROOT/precache-manifest.js (ROOT is the repository by default;
tools/dist.py runs it on dist/). service-worker.js imports it with importScripts; the browser compares
imported scripts byte for byte when it checks for an update, so any changed file makes a new worker.

Besides each file's hash the list says which files the worker fetches as their compressed sibling
(`compressed`: tools/compress.py writes `X.zst` or `X.gz`, the worker decompresses it and checks the plain
bytes against X's hash) and which it caches only once used (`lazy`: each language's texts, the page's own
cached at once; the icons a browser asks for when it installs the app).

Glossary:
    site file  a file the page loads (page, styles, Python, vendored runtime, icons, manifest), named by
               its path relative to the site root, which is also its URL relative to the worker's scope
    integrity  a file's hash as a Subresource Integrity string, "sha256-<base64>"; the worker fetches with
               it, so a half-deployed site fails the install instead of caching a mix of two versions
    version    a hash of the whole list: it names the worker's cache
    compressed a file a host may send as it is (S3 sends all so, and none compresses a .zip) that a start
               fetches: the runtime, the page's modules, the languages' texts
    lazy       a file the worker caches once the page has used it rather than at install
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path

import compress

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "precache-manifest.js"

# What the site serves. The worker and its precache list are not in it: the browser keeps those itself.
SITE = (
    "index.html",
    "manifest.webmanifest",
    "pyscript.json",
    "py.zip",  # the page's modules (tools/bundle.py): their sources under py/ are not loaded
    "py/main.py",
    "i18n",  # each language's texts (tools/i18n.py): a start fetches its own language's only
    "js",  # the start (boot.mjs) and the worker that makes its memory snapshot
    "css",
    "icons",
    "fonts",
    "vendor/pyscript",
    "vendor/pyodide",
    "vendor/fzstd",  # the decoder of the runtime's Zstandard siblings (js/siblings.js)
)
# Never served: source maps, bytecode, and PyScript's empty service-worker stub (RUNTIME-NOTES: unused).
EXCLUDED = {".map", ".pyc", *compress.SUFFIXES}
EXCLUDED_NAMES = {"vendor/pyscript/service-worker.js"}
# Fetched as their compressed sibling: the files under these places with these suffixes, past this size
# (below it a header and a round trip cost more than compressing saves), and every language's texts, whose
# sibling the page asks for by name (js/frame.js, js/boot.mjs).
COMPRESSED_UNDER = ("vendor/", "py.zip", "py/", "i18n/")
COMPRESSED_SUFFIXES = {".wasm", ".zip", ".mjs", ".js", ".json", ".mo", ".py"}
COMPRESSED_FROM = 4096
TEXTS = "i18n/"
# Cached once used: every language's texts but the page's (service-worker.js caches the page's at once), and
# the icons the browser asks for when it installs the app (a start uses none of them).
LAZY_UNDER = (TEXTS, "icons/icon-", "icons/maskable-", "icons/apple-touch-icon")


def site_files(root: Path = ROOT) -> list[str]:
    """The site's files under `root`, as sorted relative POSIX paths; a missing entry of SITE is an error."""
    paths: list[str] = []
    for entry in SITE:
        path = root / entry
        if not path.exists():
            raise FileNotFoundError(f"site file {entry!r} is missing under {root} (run `make generate`)")
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        paths += [p.relative_to(root).as_posix() for p in files if is_served(p.relative_to(root))]
    return sorted(paths)


def is_served(relative: Path) -> bool:
    hidden = any(part.startswith(".") or part == "__pycache__" for part in relative.parts)
    return not hidden and relative.suffix not in EXCLUDED and relative.as_posix() not in EXCLUDED_NAMES


def is_compressed(name: str, root: Path = ROOT) -> bool:
    path = root / name
    big = path.stat().st_size >= COMPRESSED_FROM or name.startswith(TEXTS)
    return name.startswith(COMPRESSED_UNDER) and path.suffix in COMPRESSED_SUFFIXES and big


def compressed_files(root: Path = ROOT) -> list[str]:
    """The site files fetched as their compressed sibling."""
    return [name for name in site_files(root) if is_compressed(name, root)]


def write_siblings(root: Path = ROOT) -> list[str]:
    """Write the sibling of each compressed file where it is missing or stale; the files written."""
    return [name for name in compressed_files(root) if compress.write(root / name)]


def integrity(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def precache_list(root: Path = ROOT) -> dict[str, object]:
    names = site_files(root)
    files = {name: integrity(root / name) for name in names}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    return {
        "version": version,
        "files": files,
        "compressed": [name for name in names if is_compressed(name, root)],
        "lazy": [name for name in names if name.startswith(LAZY_UNDER)],
    }


def manifest_js(root: Path = ROOT) -> str:
    listing = json.dumps(precache_list(root), indent=0)  # one file a line, unindented: every visit fetches it
    return f"// Generated by tools/precache.py: never edit by hand.\nself.PRECACHE = {listing};\n"


def write(root: Path = ROOT) -> bool:
    """Write root/precache-manifest.js; returns whether it changed."""
    path, text = root / MANIFEST, manifest_js(root)
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]).resolve() if args else ROOT
    status = "written" if write(root) else "unchanged"
    print(f"precache: {len(site_files(root))} files, {MANIFEST} {status} in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
