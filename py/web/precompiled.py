"""The methods `@dataclass` writes, compiled ahead of time.

For each class, @dataclass writes `__init__`, `__repr__`, `__eq__` and the rest as source text and compiles
it as the class is made. At start that was about half of importing the game in Pyodide: 27 classes, 45 ms
under Node, 25 ms warm and 60 ms cold in the page. tools/bundle.py notes each text while importing every
module under the vendored Pyodide and stores its code by text in py.zip (web/dataclasses.marshal, after
the version of the Python that compiled it: another Python reads none of it).
`install` makes dataclasses run the stored code for a text it has; any other text compiles as before, so a
missing, stale or damaged file costs only the time it saves.
"""

from __future__ import annotations

import dataclasses
import io
import marshal
import os
import sys
from typing import Any

# Beside this module: in the page an entry of py.zip, which Python imports from (js/boot.mjs), so it is read
# through this module's loader (zipimport's get_data), which reads a plain file as well.
STORED = os.path.join(os.path.dirname(__file__), "dataclasses.marshal")

stored: dict[str, Any] = {}  # the code of each text, as installed
missed: list[str] = []  # the texts compiled all the same, in order: the stored code lacked them


def install(path: str = STORED) -> int:
    """Have dataclasses take its methods' code from `path`; the number of texts found there (0: none)."""
    if stored:  # installed already: a start restored from a memory snapshot (web/snapshot.py)
        return len(stored)
    try:
        file = io.BytesIO(read(path))
        # The Python that compiled the code, first: another one's code objects may not load right.
        found = marshal.load(file) if marshal.load(file) == sys.version else None
    except (OSError, EOFError, ValueError, TypeError):
        return 0
    if not isinstance(found, dict):
        return 0
    stored.update(found)
    # dataclasses calls `exec` by its global name, once per class (Python 3.13 and later): a module
    # global of that name comes before the builtin.
    vars(dataclasses)["exec"] = run
    return len(found)


def read(path: str) -> bytes:
    """A file's bytes, through this module's loader: zipimport's reads an entry of the archive it imports
    from, as a plain file's loader reads a file."""
    loader: Any = globals()["__loader__"]
    return bytes(loader.get_data(path))


def run(text: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
    """exec, with the stored code for `text` if there is one."""
    code = stored.get(text)
    if code is None:
        missed.append(text)
    exec(text if code is None else code, globals, locals)
