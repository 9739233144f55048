"""What a memory snapshot of Python's heap holds: Python started, and the modules a start imports.

js/snapshot-worker.mjs runs `prepare()` in a Web Worker, in a Pyodide that has no page, then snapshots the
heap; a later start restores it (js/boot.mjs) and skips Python's own start and these imports. Nothing here
may import `pyscript` or `js`: the JavaScript objects Python holds at snapshot time must be found again by
their path from the page's globals, and a page's objects are not there yet.
"""

from __future__ import annotations

import importlib
import os
import zipfile
from types import ModuleType

from . import precompiled

# The page's pure packages: every module of each is imported, but the command line's, which the page never
# runs (and whose modules the page's trimmed standard library leaves out: tools/stdlib.py).
PACKAGES = ("minesweeper", "ui")
COMMAND_LINE = ("__init__", "__main__", "cli")
# The standard library PyScript's own package and the page import at every start, beyond the game's.
STDLIB = ("asyncio", "base64", "inspect", "json", "fractions")


def prepare() -> list[str]:
    """Import what a start imports; the names of the modules imported."""
    precompiled.install()  # first, as in py/main.py: the classes take their methods precompiled
    names = list(STDLIB)
    for package in PACKAGES:
        try:
            module = importlib.import_module(package)
        except ImportError:  # a package this version of the page does not have
            continue
        names.append(package)
        stems = {name.rsplit(".", 1)[0] for name in files(module) if name.endswith((".py", ".pyc"))}
        names.extend(f"{package}.{stem}" for stem in sorted(stems) if stem not in COMMAND_LINE)
    for name in names:
        importlib.import_module(name)
    return names


def files(package: ModuleType) -> list[str]:
    """The names of the files in a package's folder: in py.zip when imported from it, as in the page."""
    folder = package.__path__[0]
    loader = package.__spec__.loader if package.__spec__ else None
    archive = getattr(loader, "archive", None)  # zipimport's
    if archive is None:
        return sorted(os.listdir(folder))
    prefix = os.path.relpath(folder, archive) + "/"
    with zipfile.ZipFile(archive, metadata_encoding="utf-8") as listing:  # ASCII: no cp437 codec to import
        entries = (name.removeprefix(prefix) for name in listing.namelist() if name.startswith(prefix))
        return sorted(name for name in entries if "/" not in name)
