"""What a start loads and compiles.

No module the page imports, at start or in play, is compiled from source, nor are the methods @dataclass
writes (web/precompiled.py). The standard library's come with
bytecode in the vendored library (tools/stdlib.py and its list), PyScript's package's and the game's in
py.zip (tools/bundle.py). The page's Python is reached through PyScript's onReady hook, as a plugin would,
which runs before PyScript imports its package and the page's modules.

PyScript fetches and runs its plugins before it starts Pyodide; pyscript.json turns off those the page does
not use (tools/generate.py), and a plugin renamed by a new PyScript would come back unnoticed but for the
test below."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Request, expect

import generate
import stdlib

from .conftest import Watch, open_game
from .play import cell, dismiss_prompts, stored_game

# An audit hook notes every module file compiled from then on (Python audits each compile with its file).
# Once the page's own scripts have run: PyScript imported first from here would read no config, and fetch
# the plugins the page turns off (they are not vendored).
HOOK = """if (location.pathname.endsWith('/index.html')) addEventListener('DOMContentLoaded', () =>
  import(new URL('vendor/pyscript/core.js', location.href).href).then(({hooks}) =>
    hooks.main.onReady.add((wrap) => {
      window.__interpreter = wrap.interpreter;
      wrap.interpreter.runPython(`
import sys, types
sys.modules["compiled_files"] = types.SimpleNamespace(seen=[])
def _note(event, args, seen=sys.modules["compiled_files"].seen):
    if event == "compile" and str(args[1]).endswith(".py"):
        seen.append(str(args[1]))
sys.addaudithook(_note)
`);
    })));"""

# The files compiled, each module loaded from Pyodide's standard library with the file it came from (in the
# zip), and every module's name.
REPORT = """() => window.__interpreter.runPython(`
import json, sys
stdlib = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))
loaded = {name: module.__spec__.origin[len(stdlib) + 1:] for name, module in list(sys.modules.items())
          if getattr(module, "__spec__", None) and (module.__spec__.origin or "").startswith(stdlib + "/")}
precompiled = sys.modules["web.precompiled"]
json.dumps({"compiled": sys.modules["compiled_files"].seen, "loaded": loaded, "modules": sorted(sys.modules),
            "dataclass_code": [len(precompiled.stored), len(precompiled.missed)],
            "origins": [sys.modules[name].__spec__.origin
                        for name in ("web.app", "minesweeper.game", "pyscript")]})
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

    sources = sorted(origin for origin in report["loaded"].values() if origin.endswith(".py"))
    assert not sources, f"add to tools/startup-modules.txt: {sources}"
    assert report["compiled"] == []  # nor PyScript's package, nor the game's modules
    stored, missed = report["dataclass_code"]
    assert stored >= 30 and missed == 0, report["dataclass_code"]  # nor the dataclasses' methods
    bytecode = {origin[:-1] for origin in report["loaded"].values()}
    unused = sorted(set(stdlib.listed()) - bytecode)
    assert not unused, f"never imported from the zip, remove from tools/startup-modules.txt: {unused}"
    assert {"web.app", "minesweeper.solver", "fractions", "pyscript"} <= set(report["modules"])
    # The page's modules straight from py.zip (js/boot.mjs puts it on sys.path), PyScript's as it writes them.
    assert report["origins"] == [
        "/home/pyodide/py.zip/web/app.pyc",
        "/home/pyodide/py.zip/minesweeper/game.pyc",
        "/home/pyodide/pyscript/__init__.py",
    ]


def test_the_page_fetches_only_the_pyscript_plugins_it_uses(context: BrowserContext) -> None:
    page = context.new_page()
    plugins: list[str] = []
    chunk = re.compile(r"/vendor/pyscript/([a-z-]+)-[A-Za-z0-9_-]{8}\.js$")

    def on_request(request: Request) -> None:
        if (found := chunk.search(request.url)) and found[1] != "core":
            plugins.append(found[1])

    page.on("request", on_request)
    open_game(page)
    assert "error" in plugins  # PyScript's own report of a Python error, kept
    assert not set(plugins) & set(generate.UNUSED_PLUGINS), plugins


# A Python error raised in one of py.zip's modules, uncaught, from a callback as an event handler's would be.
RAISE = """async () => {
  const pyodide = await (await import(new URL('js/boot.mjs', location.href))).loadPyodide();
  const fail = pyodide.runPython('from minesweeper import art\\nlambda: art.from_art("")');
  setTimeout(() => fail(), 0);
}"""
ART = Path(__file__).resolve().parents[2] / "py" / "minesweeper" / "art.py"


def test_a_traceback_names_the_file_and_line_though_only_bytecode_ships(page: Page, watch: Watch) -> None:
    watch.allowed_errors.append("InvalidArt")
    open_game(page)
    page.evaluate(RAISE)
    shown = page.locator(".py-error")  # PyScript's error banner
    expect(shown).to_contain_text("InvalidArt")
    raised = 'raise InvalidArt(f"art {art!r}: has no rows")'
    line = 1 + next(n for n, text in enumerate(ART.read_text().splitlines()) if raised in text)
    where = f'File "/home/pyodide/py.zip/minesweeper/art.py", line {line}, in from_art'
    assert where in (shown.text_content() or "")


# Every attribute written on the board once it takes input, with the value it replaced.
WRITES = """addEventListener('DOMContentLoaded', () => {
  const board = document.getElementById('board');
  window.__writes = [];
  const writes = new MutationObserver((list) => { for (const m of list)
    __writes.push([m.attributeName, m.oldValue, m.target.getAttribute(m.attributeName)]); });
  const ready = new MutationObserver(() => {
    if (board.dataset.state === 'loading') return;
    ready.disconnect();
    writes.observe(board, {subtree: true, attributes: true, attributeOldValue: true});
  });
  ready.observe(board, {attributes: true, attributeFilter: ['data-state']});
});"""
REHEARSED = "__writes.some(([name]) => name === 'data-cell')"


def test_the_first_tap_s_rehearsal_paints_the_board_as_it_is(context: BrowserContext) -> None:
    """Once idle after its first board, the page goes through a tap's path on a game it throws away
    (web/app.py `rehearse`): the cells it paints are written as the board draws them, a new game's and a
    resumed one's, half open."""
    page = context.new_page()
    page.add_init_script(WRITES)
    open_game(page, "index.html?level=expert&seed=7")
    for start in ("new", "resumed"):
        page.wait_for_function(REHEARSED)
        assert page.evaluate("__writes.filter(([, before, after]) => before !== after)") == [], start
        if start == "new":
            cell(page, 8, 15).click()
            expect(page.locator("#board [data-cell='0']").first).to_be_visible()
            assert stored_game(page) is not None
            page.reload()
            page.wait_for_selector("#board[data-state=playing]")
