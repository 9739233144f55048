"""The start (js/boot.mjs): a memory snapshot of Python made after a first start and restored by the next,
each way it can fail falling back to a normal start, and a page that says why when it cannot run at all.

Each test has a context of its own with the service worker allowed (a snapshot is made only for a page the
worker serves), and fails on a console error or a request that leaves the origin; a fallback says why in
a console warning, which is allowed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

import i18n
import pagetexts
import serve

from .conftest import LOAD_TIMEOUT_MS, Watch, new_context, open_game, screenshot
from .play import cell, state, stored_game

PAGE = (i18n.ROOT / pagetexts.PAGE).read_text()
SNAPSHOTS = "minesweeper-snapshot /"
KEY = "snapshot"
# Python's answer to `code`, from the page's Pyodide (js/boot.mjs hands it to any caller, as to PyScript).
ASK_PYTHON = """async (code) =>
  (await (await import(new URL('js/boot.mjs', location.href))).loadPyodide()).runPython(code)"""


@pytest.fixture
def own(browser: Browser, base_url: str, watch: Watch) -> Iterator[BrowserContext]:
    """A desktop context of its own with the service worker allowed: a first visit."""
    context = new_context(browser, base_url, watch, service_workers="allow")
    yield context
    context.close()
    watch.check()


def boot(page: Page) -> str | None:
    return page.evaluate("document.documentElement.dataset.boot")


def snapshot_made(page: Page) -> str:
    """Wait until the page's snapshot worker is done: "kept" or "failed"."""
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=LOAD_TIMEOUT_MS)
    return str(page.evaluate("document.documentElement.dataset.snapshot"))


def first_start(context: BrowserContext) -> Page:
    """A first visit: a normal start, then a snapshot kept."""
    page = open_game(context.new_page())
    assert boot(page) == "normal"
    assert snapshot_made(page) == "kept"
    return page


def replace_snapshot(page: Page, script: str) -> None:
    """Put back in the cache what `script` makes of the kept snapshot (`bytes`, `stamp`, and `bitmap`, the
    length of its bitmap of kept pages -> [bytes, stamp])."""
    page.evaluate(
        f"""async () => {{
          const cache = await caches.open({json.dumps(SNAPSHOTS)});
          const kept = await cache.match({json.dumps(KEY)});
          const length = Number(kept.headers.get('x-length'));
          const [bytes, stamp] = (({{bytes, stamp, bitmap}}) => {script})(
            {{bytes: new Uint8Array(await kept.arrayBuffer()), stamp: kept.headers.get('x-stamp'),
              bitmap: Math.ceil(length / 4096 / 8)}});
          const headers = {{'x-stamp': stamp, 'x-length': kept.headers.get('x-length')}};
          await cache.put({json.dumps(KEY)}, new Response(bytes, {{headers}}));
        }}"""
    )


def play(page: Page) -> None:
    """The board takes a click, and Python imports what it had not (the solver, for a hint)."""
    cell(page, 4, 4).click()
    assert state(page) in {"playing", "won", "lost"}
    if state(page) == "playing":
        page.keyboard.press("h")
        expect(page.locator("#board [data-hint]")).to_have_count(1)


def test_restored_starts_play_resume_and_each_draws_anew(own: BrowserContext) -> None:
    page = first_start(own)
    draws, boards = [], []
    open_game(page, "index.html?level=expert")
    assert boot(page) == "snapshot"
    assert page.locator("#board").get_attribute("data-cols") == "30"
    draws.append(page.evaluate(ASK_PYTHON, "import random; random.random()"))
    cell(page, 8, 15).click()
    boards.append(stored_game(page))
    play(page)
    page.close()
    home = open_game(own.new_page())  # a new tab, as from the home screen: the game in progress resumes
    assert boot(home) == "snapshot"
    assert home.locator("#board").get_attribute("data-cols") == "30"
    home.close()
    again = open_game(own.new_page(), "index.html?level=expert")  # a link: a new game
    assert boot(again) == "snapshot"
    draws.append(again.evaluate(ASK_PYTHON, "import random; random.random()"))
    cell(again, 8, 15).click()
    boards.append(stored_game(again))
    assert draws[0] != draws[1]  # a restored heap alone would draw the same number each time
    assert boards[0] != boards[1]


# A kept snapshot a start cannot use, as the same stamp over other bytes or other bytes' stamp.
UNUSABLE = {
    # Cut short: the bitmap of kept pages names more pages than the body holds.
    "cut short": "[bytes.slice(0, 4096).fill(7), stamp]",
    # Whole, but the heap's first bytes (Pyodide's header, after the bitmap) overwritten: Pyodide's restore
    # throws (the magic number).
    "its header overwritten": "[bytes.fill(7, bitmap, bitmap + 16), stamp]",
    "of another version": "[bytes, 'made by another py.zip']",
}


def test_a_snapshot_a_start_cannot_use_gives_way_to_a_normal_start(own: BrowserContext) -> None:
    # One after the other in one context: each normal start makes a snapshot for this version again.
    page = first_start(own)
    for name, damage in UNUSABLE.items():
        replace_snapshot(page, damage)
        open_game(page)
        assert boot(page) == "normal", name
        play(page)
        assert snapshot_made(page) == "kept", name  # made again, for this version
    open_game(page)
    assert boot(page) == "snapshot"


@pytest.fixture
def plain_host() -> Iterator[str]:
    """The site on a host that sends the siblings as they are, so that the page's handoff keeps them small
    (4 MB): the suite's own host sends them encoded, and Cache Storage keeps them decoded (15 MB)."""
    server = serve.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_a_snapshot_storage_refuses_leaves_the_game_as_it_was(browser: Browser, plain_host: str) -> None:
    base_url = plain_host
    watch = Watch(origin=base_url.rstrip("/"))
    context = new_context(browser, base_url, watch, service_workers="allow")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    # Room for the service worker's copy of the site (17 MB) and the handoff, not for the snapshot's 13 MB.
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": watch.origin, "quotaSize": 24_000_000})
    open_game(page)
    cell(page, 4, 4).click()
    assert snapshot_made(page) == "failed"
    assert state(page) in {"playing", "won", "lost"}
    open_game(page)
    assert boot(page) == "normal"
    context.close()
    watch.check()


# In the page's language (index.html's #boot-messages, translated before it shows): en-XA is every text's.
LOCKDOWN = next(t.msgid for t in pagetexts.static_texts(PAGE) if "Lockdown Mode" in t.msgid)
NO_WEBASSEMBLY = [("", ["needs WebAssembly", "Lockdown Mode"]), ("?lang=en-XA", [i18n.pseudo(LOCKDOWN)])]


@pytest.mark.parametrize(("query", "says"), NO_WEBASSEMBLY, ids=["english", "pseudo-locale"])
def test_without_webassembly_the_page_says_why(page: Page, watch: Watch, query: str, says: list[str]) -> None:
    watch.allowed_errors.append("WebAssembly is not defined")  # PyScript's own modules, as they load
    page.add_init_script("delete globalThis.WebAssembly")
    page.goto(f"index.html{query}")
    message = page.locator("#board .stalled")
    expect(message).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    for words in says:
        expect(message).to_contain_text(words)
    assert boot(page) == "failed"
    expect(page.locator("#board .loading")).to_have_count(0)
    name = "boot-no-webassembly" + (f"-{page.evaluate('document.documentElement.lang')}" if query else "")
    screenshot(page, f"{name}-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, f"{name}-phone")


def test_without_its_modules_the_page_says_so_and_how_to_go_on(page: Page, watch: Watch) -> None:
    # js/boot.mjs fetches py.zip itself, beside Pyodide's start: a failed download is said on the board.
    watch.allowed_errors.append("Failed to load resource")
    page.route("**/py.zip*", lambda route: route.fulfill(status=503, body="down"))  # and its sibling
    page.goto("index.html")
    message = page.locator("#board .stalled")
    expect(message).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    expect(message).to_have_text("The game could not start: py.zip: HTTP 503. Reload to try again.")
    assert boot(page) == "failed"
    expect(page.locator("#board .loading")).to_have_count(0)


def test_a_helper_script_that_comes_late_delays_the_start_and_breaks_nothing(page: Page) -> None:
    # Seen in CI: Python's start ran before the last of the page's deferred scripts (js/sound.js) had run,
    # and the page never got past its loading bar. A script held until Python is up only delays the board.
    held: list[Route] = []
    page.route("**/js/sound.js*", lambda route: held.append(route))
    page.goto("index.html", wait_until="commit")  # the page's load waits for the script
    page.wait_for_function("performance.getEntriesByName('modules').length", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_timeout(1000)  # time enough for PyScript to run py/main.py
    assert state(page) == "loading" and len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("typeof minesweeperSound.play") == "function"


def loading_frame(page: Page, path: str) -> dict[str, float]:
    """The board's box while Python cannot start (the runtime's WebAssembly never arrives)."""
    page.route("**/pyodide.asm.wasm*", lambda route: None)  # held: the page stays on its loading bar
    page.goto(path)
    board = page.locator("#board[data-state=loading]")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box is not None
    mines = float(page.locator("#mines-left").text_content() or 0)
    cols = float(board.get_attribute("data-cols") or 0)
    page.unroute("**/pyodide.asm.wasm*")  # (read first: the runtime may come then, and the frame go)
    return {"cols": cols, "mines": mines, **box}


@pytest.mark.parametrize(
    ("path", "cols", "rows"),
    [
        ("index.html?level=expert", 30, 16),
        ("index.html?size=20.12.30&seed=4", 20, 12),
        ("index.html#board=3.2.iA", 3, 2),
        ("index.html", 9, 9),
    ],
)
def test_the_loading_frame_has_the_shape_of_the_board_to_come(
    context: BrowserContext, path: str, cols: int, rows: int
) -> None:
    held = context.new_page()
    loading = loading_frame(held, path)
    # Closed before the next page opens: nothing of it runs beside that page's start. (A full run once found
    # the next page's board 18 px smaller than this frame, with this page left open, its runtime's request
    # held unanswered; not reproduced in 8 tries, its cause not found.)
    held.close()
    assert loading["cols"] == cols
    assert loading["width"] / loading["height"] == pytest.approx(cols / rows, rel=0.05)
    assert loading["mines"] == {"index.html?level=expert": 99, "index.html?size=20.12.30&seed=4": 30}.get(
        path, 10
    )
    ready = open_game(context.new_page(), path).locator("#board").bounding_box()
    assert ready is not None
    assert (ready["width"], ready["height"]) == pytest.approx((loading["width"], loading["height"]), abs=2)


def test_the_loading_frame_of_a_kept_game_on_a_phone(phone_context: BrowserContext) -> None:
    page = open_game(phone_context.new_page(), "index.html?level=expert")
    cell(page, 8, 4).tap()  # a game to keep: expert, turned upright on the phone (16 columns, 30 rows)
    assert page.locator("#board").get_attribute("data-cols") == "16"
    page.close()
    loading = loading_frame(phone_context.new_page(), "index.html")
    assert loading["cols"] == 16
    assert loading["height"] > loading["width"]


def held_runtime(page: Page) -> list[Route]:
    """Hold the runtime's WebAssembly (or its sibling) back: the page stays on its loading frame until
    the test lets it go."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    return held


def tile(page: Page, row: int, col: int) -> tuple[float, float]:
    """The centre of the loading frame's tile at (row, col), by the frame's shape."""
    board = page.locator("#board[data-state=loading]")
    box = board.bounding_box()
    assert box is not None
    rows, cols = (int(board.get_attribute(name) or 0) for name in ("data-rows", "data-cols"))
    return box["x"] + (col + 0.5) * box["width"] / cols, box["y"] + (row + 0.5) * box["height"] / rows


def let_go(page: Page, held: list[Route]) -> None:
    """Let the held runtime come, and wait until the board takes input."""
    while not held:  # asked for once Pyodide starts
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)


def test_a_click_on_the_loading_frame_shows_pressed_and_is_the_game_s_first_click(page: Page) -> None:
    held = held_runtime(page)
    page.goto("index.html?level=expert&seed=7")  # 30x16, not turned on a desktop: view = engine
    page.mouse.click(*tile(page, 8, 15))
    board = page.locator("#board")
    expect(board).to_have_attribute("data-tap", "8 15 mouse")
    pressed = "getComputedStyle(document.getElementById('board'), '::before')"
    assert page.evaluate(f"{pressed}.content") != "none"
    page.mouse.click(*tile(page, 2, 3))  # the first tap only
    expect(board).to_have_attribute("data-tap", "8 15 mouse")
    screenshot(page, "loading-frame-tap")
    let_go(page, held)
    expect(board).to_have_attribute("data-state", "playing")  # the seed's board opens an area there
    assert cell(page, 8, 15).get_attribute("data-cell") == "0"
    expect(board).not_to_have_attribute("data-tap", "8 15 mouse")


def test_a_tap_on_the_loading_frame_of_a_daily_board_keeps_to_its_start_cell(phone: Page) -> None:
    held = held_runtime(phone)
    phone.goto("index.html?daily=2026-11-20&level=beginner")
    phone.touchscreen.tap(*tile(phone, 0, 0))  # a corner: never the start cell, which keeps off the edges
    expect(phone.locator("#board")).to_have_attribute("data-tap", "0 0 touch")
    let_go(phone, held)
    expect(phone.locator("#message")).to_contain_text("starts at its marked cell")  # as a tap on the board
    assert state(phone) == "ready" and cell(phone, 0, 0).get_attribute("data-cell") == "covered"
