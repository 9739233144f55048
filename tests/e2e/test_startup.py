"""What a start compiles: nothing the page imports at start or in play is compiled from source. The
standard-library modules come with bytecode in the vendored library (tools/stdlib.py and its list), and
PyScript's own package with bytecode in py.zip (tools/bundle.py) that matches the sources PyScript writes.
The page's Python is reached through PyScript's onReady hook, as a plugin would."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from zipfile import ZipFile

from playwright.sync_api import BrowserContext

from .conftest import ROOT, open_game
from .play import cell, dismiss_prompts

HOOK = """if (location.pathname.endsWith('/index.html'))
  import(new URL('vendor/pyscript/core.js', location.href).href).then(({hooks}) =>
    hooks.main.onReady.add((wrap) => { window.__interpreter = wrap.interpreter; }));"""

# Each module loaded from Pyodide's standard library, with the file it was loaded from, and PyScript's
# bytecode files as they are in the page's file system.
REPORT = """() => window.__interpreter.runPython(`
import base64, glob, json, sys
stdlib = next(p for p in sys.path if p.endswith(".zip"))
loaded = {name: module.__spec__.origin for name, module in list(sys.modules.items())
          if getattr(module, "__spec__", None) and (module.__spec__.origin or "").startswith(stdlib + "/")}
pyscript = {path.rsplit("/", 1)[1]: base64.b64encode(open(path, "rb").read()).decode()
            for path in glob.glob("/home/pyodide/pyscript/__pycache__/*.pyc")}
json.dumps({"stdlib": stdlib, "loaded": loaded, "pyscript": pyscript})
`)"""


def test_the_modules_a_game_imports_all_come_as_bytecode(context: BrowserContext) -> None:
    page = context.new_page()
    page.add_init_script(HOOK)
    open_game(page, "index.html?level=expert&seed=7")
    cell(page, 8, 15).click()  # the solver, the hint and the odds, the panels: what play imports later
    page.keyboard.press("h")
    page.keyboard.press("o")
    page.wait_for_selector("#board [data-odds]")
    for command in ("stats", "settings"):
        dismiss_prompts(page)
        page.locator("#game-menu-button").click()
        page.locator(f'#game-menu [data-command="{command}"]').click()
        page.keyboard.press("Escape")
    report = json.loads(page.evaluate(REPORT))

    compiled = sorted(origin for origin in report["loaded"].values() if not origin.endswith(".pyc"))
    prefix = len(report["stdlib"]) + 1
    assert not compiled, f"add to tools/startup-modules.txt: {[origin[prefix:] for origin in compiled]}"
    assert "fractions" in report["loaded"] and len(report["loaded"]) > 100

    # Python rewrites a bytecode file whose source differs: the files are still those py.zip brought.
    with ZipFile(ROOT / "py.zip") as archive:
        names = [name for name in archive.namelist() if name.startswith("pyscript/")]
        bundled = {Path(name).name: archive.read(name) for name in names}
    in_page = {name: base64.b64decode(data) for name, data in report["pyscript"].items()}
    assert in_page == bundled and any(name.startswith("__init__.") for name in in_page)
