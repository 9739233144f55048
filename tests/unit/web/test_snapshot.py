"""What a memory snapshot holds (web/snapshot.py): every module of the page's pure packages and the standard
library a start imports, and nothing that reaches the browser (in the page, js/snapshot-worker.mjs runs it
in a Pyodide with no page, and the e2e tests restore it: tests/e2e/test_boot.py)."""

from __future__ import annotations

import sys

from web import snapshot


def test_prepare_imports_every_pure_module_and_no_browser_module() -> None:
    names = snapshot.prepare()
    expected = {"minesweeper.game", "minesweeper.solver", "minesweeper.probability", "json", "asyncio"}
    assert expected <= set(names)
    assert all(name in sys.modules for name in names)
    assert not {"minesweeper.__main__", "minesweeper.cli"} & set(names)
    assert not [name for name in names if name.split(".")[0] in {"web", "pyscript", "js"}]
