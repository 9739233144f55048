"""Page speed in Chromium: time to a playable board against a bare Pyodide page, and click-to-paint.

Run: `make bench` or `.venv/bin/python bench/page.py [--runs N]`. Figures only (medians, with the range);
nothing here fails a build, and the machine may be busy, so compare figures taken together.

- start-up: navigation start to `#board` leaving `loading` (index.html), against the bare Pyodide page on the
  standard library as npm ships it (bench/bare.html?stock: the goal's baseline, index.html at most 0.25x of
  it), the bare page on the vendored files (bench/bare.html), and a plain JavaScript page that draws a 9x9
  grid (bench/plain.html: what a JS Minesweeper pays). Each page is loaded in a fresh browser profile on disk
  three ways: cold (a first visit), warm (a reload once the service worker has installed and, for
  index.html, the memory snapshot is kept), home (the browser closed and started again on that profile, as a
  launch from the home screen once the phone has closed the app). For
  index.html, where the time goes, from js/boot.mjs's marks (before Pyodide: the page up to `boot`, when
  boot.mjs began; Pyodide: up to `pyodide`, Pyodide started or restored; files: up to `modules`, py.zip on
  sys.path; after: PyScript's Python prelude, then py/main.py up to ready), and when the kept snapshot's
  pages were read (`snapshot read`). PyScript's own progress events no longer split it: PyScript asks for
  Pyodide once boot.mjs is done. Then what a first visit downloads, counted by the
  server, in a browser profile on disk (goal: at most 16 MB, each file once).
- click-to-paint of the opening click: from the pointerup (the reveal happens on release) to the DOM
  change (the Python handler has returned), to the next animation frame, and to the first task after
  that frame (style, layout and paint done). Boards come in by `#board=` links (a hashchange, no reload)
  whose mines were placed for a first click in the centre, so every click opens an area. Goal: expert
  within 16 ms.
- flag: the same from the pointerdown of a right click (a flag is placed on press) on the covered cell
  nearest the centre, after the opening click: one cell changes, so this is the page's floor per input.
- build: from setting a `#board=` link to the first task after the frame that shows the new board.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from chromium import ARGS, CHROMIUM, DESKTOP, TIMEOUT_MS, downloads, launch, served  # noqa: E402
from minesweeper import Size  # noqa: E402
from minesweeper.codes import to_code  # noqa: E402
from minesweeper.placement import FirstClick, place_mines  # noqa: E402

# Records when the board first leaves `loading` (index.html) on the page's own clock.
READY_PROBE = """
new MutationObserver(() => {
  const board = document.getElementById('board');
  const ready = board && board.dataset.state !== 'loading';
  if (ready && window.__ready === undefined) window.__ready = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state']});
"""

# For the next `kind` event (pointerup: a reveal happens on release; pointerdown: a right button flags on
# press): when the board's DOM changed (a change of `attribute` on a cell, or of any attribute if null), the
# next animation frame, and the first task after that frame (a MessageChannel message posted from the frame
# callback runs once it is painted). Each from `since`: "handler" (the page's clock when the event reaches
# the page: what the page's code costs) or "input" (the event's own time stamp, when the input happened:
# what a player waits, input queueing included).
CLICK_PROBE = """
({kind, since, attribute}) => { window.__click = new Promise(resolve => {
  const board = document.getElementById('board');
  addEventListener(kind, event => {
    const start = since === 'input' ? event.timeStamp : performance.now();
    const seen = new MutationObserver(() => {
      seen.disconnect();
      const changed = performance.now();
      requestAnimationFrame(() => {
        const frame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve([changed - start, frame - start, performance.now() - start]);
        channel.port2.postMessage(0);
      });
    });
    const only = attribute ? {attributeFilter: [attribute]} : {};
    seen.observe(board, {subtree: true, attributes: true, ...only});
  }, {capture: true, once: true});
}) }
"""

BUILD_PROBE = """
code => new Promise(resolve => {
  const board = document.getElementById('board');
  const seen = new MutationObserver(() => {
    seen.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(0);
    });
  });
  seen.observe(board, {childList: true});
  const start = performance.now();
  location.hash = 'board=' + code;
})
"""


# js/boot.mjs's marks that bound the phases of a start, and the phases' names.
PHASES = (
    ("before Pyodide", None, "boot"),
    ("Pyodide", "boot", "pyodide"),
    ("files", "pyodide", "modules"),
    ("after", "modules", None),
)


@dataclass(frozen=True)
class Start:
    """One start: ms from navigation start to ready, and to each of js/boot.mjs's marks."""

    ready: float
    progress: dict[str, float]

    def phases(self) -> dict[str, float]:
        marks = {None: 0.0, **self.progress}
        end = {**marks, None: self.ready}
        return {name: end[until] - marks[since] for name, since, until in PHASES}


def load(page: Page, url: str, reload: bool = False) -> Start:
    """Navigate (or reload) and time the start."""
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT_MS)
    return Start(float(page.evaluate("window.__ready")), page.evaluate(MARKS))


MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
SNAPSHOT_KEPT = "document.documentElement.dataset.snapshot !== undefined"


@dataclass(frozen=True)
class Visits:
    """One page's starts in one fresh browser profile: the first visit, a reload, and a launch (the browser
    started again on that profile, as from the home screen once the phone has closed it)."""

    cold: Start
    warm: Start
    home: Start


def visits(playwright: Playwright, url: str, snapshot: bool) -> Visits:
    """A first visit, then (once the service worker has installed and, for index.html, the memory snapshot
    is kept) a reload, then the browser closed and started again on the same profile. In a profile on disk,
    as a player's browser has: a private context keeps no compiled code between processes, so a start in a
    new process there compiles every script and the WebAssembly again."""
    with tempfile.TemporaryDirectory() as profile:
        context = persistent(playwright, profile)
        try:
            page = context.new_page()
            cold = load(page, url)
            if snapshot:
                page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)
            else:
                page.wait_for_timeout(1500)  # the service worker, if any, installs
            warm = load(page, url, reload=True)
        finally:
            context.close()
        context = persistent(playwright, profile)
        try:
            home = load(context.new_page(), url)
        finally:
            context.close()
        return Visits(cold, warm, home)


def persistent(playwright: Playwright, profile: str) -> BrowserContext:
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=ARGS, viewport=DESKTOP
    )
    context.add_init_script(READY_PROBE)
    return context


def figures(values: list[float]) -> str:
    return f"median {statistics.median(values):7.0f} ms  (range {min(values):.0f}-{max(values):.0f})"


PAGES = {
    "index.html": "index.html",
    "bare, stock lib": "bench/bare.html?stock",  # the goal's baseline: Pyodide as npm ships it, nothing else
    "bare Pyodide": "bench/bare.html",
    "plain JS": "bench/plain.html",
}
GOAL = 0.25  # index.html's time to a playable board, at most this times the stock bare Pyodide page's


def startup(playwright: Playwright, base: str, runs: int) -> None:
    starts: dict[str, list[Visits]] = {label: [] for label in PAGES}
    for _ in range(runs):  # interleaved, so all see the same background load
        for label, path in PAGES.items():
            starts[label].append(visits(playwright, f"{base}{path}", snapshot=label == "index.html"))
    for kind in ("cold", "warm", "home"):
        times = {label: [getattr(v, kind).ready for v in values] for label, values in starts.items()}
        for label, values in times.items():
            print(f"start-up {kind:<4} {label:<16} {figures(values)}")
        index = statistics.median(times["index.html"])
        stock = statistics.median(times["bare, stock lib"])
        pairs = zip(times["index.html"], times["bare, stock lib"], strict=True)
        paired = statistics.median(i / b for i, b in pairs)
        met = "met" if index / stock <= GOAL else "NOT met"
        print(
            f"start-up {kind:<4} index / stock bare   {index / stock:5.2f}x  paired {paired:5.2f}x"
            f"  (goal <= {GOAL:.2f}x: {met})"
        )
        bare, plain = (statistics.median(times[label]) for label in ("bare Pyodide", "plain JS"))
        print(f"start-up {kind:<4} index / bare Pyodide {index / bare:5.2f}x")
        print(f"start-up {kind:<4} index / plain JS     {index / plain:5.1f}x")
        split(kind, [getattr(v, kind) for v in starts["index.html"]])


def split(kind: str, starts: list[Start]) -> None:
    """Where index.html's start goes: PyScript's phases, and when js/boot.mjs began and had Pyodide."""
    phases = [start.phases() for start in starts]
    parts = "  ".join(f"{phase} {statistics.median(p[phase] for p in phases):4.0f}" for phase, *_ in PHASES)
    print(f"start-up {kind:<4} index.html, ms: {parts}")
    marks = "  ".join(
        f"{mark} at {statistics.median(s.progress.get(mark, float('nan')) for s in starts):4.0f}"
        for mark in ("boot", "snapshot read", "pyodide", "modules")
    )
    ready = statistics.median(s.ready for s in starts)
    print(f"start-up {kind:<4} index.html, js/boot.mjs: {marks}  (ready at {ready:4.0f})")


def first_visit(playwright: Playwright, base: str, server: serve.Server) -> None:
    """What a first visit downloads, the service worker's install and the snapshot's making included. In a
    profile on disk, as a player's browser has: a private window's HTTP cache lives in memory and keeps no
    file as large as the runtime's WebAssembly, so there the worker downloads it again."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, viewport=DESKTOP
        )
        try:
            server.sent.clear()
            page = context.new_page()
            page.goto(f"{base}index.html")
            page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)
            page.wait_for_timeout(500)
            sent = list(server.sent)
        finally:
            context.close()
    print(f"first visit: {downloads(sent)}")


def opening_codes(size: Size, count: int) -> list[str]:
    centre = size.cell(size.height // 2, size.width // 2)
    rng = random.Random(2024)
    return [to_code(place_mines(size, centre, FirstClick.OPENING, rng)) for _ in range(count)]


def click_at(page: Page, row: int, col: int, button: Literal["left", "right"] = "left") -> None:
    cell = page.locator(f'#board [data-row="{row}"][data-col="{col}"]')
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, button=button)


# A covered cell near the middle of the board, for a flag after the opening click.
COVERED_NEAR = """([row, col]) => {
  const cells = [...document.querySelectorAll('#board [data-cell=covered]')];
  const far = c => Math.abs(c.dataset.row - row) + Math.abs(c.dataset.col - col);
  const near = cells.reduce((best, c) => far(c) < far(best) ? c : best);
  return [Number(near.dataset.row), Number(near.dataset.col)];
}"""


def timed(page: Page, kind: str, act: Callable[[], None], into: list[list[float]]) -> None:
    """Do `act`; add its pointer-to-DOM, -frame and -painted times to `into`."""
    page.evaluate(CLICK_PROBE, {"kind": kind, "since": "handler", "attribute": None})
    act()
    for times, value in zip(into, page.evaluate("window.__click"), strict=True):
        times.append(value)


def clicks(page: Page, name: str, size: Size, runs: int) -> None:
    opening: list[list[float]] = [[], [], []]
    flag: list[list[float]] = [[], [], []]
    builds: list[float] = []
    middle = (size.height // 2, size.width // 2)
    for code in opening_codes(size, runs):
        builds.append(float(page.evaluate(BUILD_PROBE, code)))
        timed(page, "pointerup", lambda: click_at(page, *middle), opening)
        assert page.locator("#board").get_attribute("data-state") in ("playing", "won")
        row, col = page.evaluate(COVERED_NEAR, list(middle))
        timed(page, "pointerdown", lambda: click_at(page, row, col, "right"), flag)  # noqa: B023
        flagged = page.locator(f'#board [data-row="{row}"][data-col="{col}"]').get_attribute("data-cell")
        assert flagged == "flag", (row, col, flagged)
    for what, times in (("click", opening), ("flag", flag)):
        for step, values in zip(("DOM", "frame", "painted"), times, strict=True):
            print(f"{what:<5} {name:<14} pointer->{step:<8} {figures(values)}")
    print(f"build {name:<14} link->painted     {figures(builds)}")


def all_clicks(browser: Browser, base: str, runs: int) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    load(page, f"{base}index.html")
    for name, size in (("expert", Size(30, 16, 99)), ("100x100/1500", Size(100, 100, 1500))):
        clicks(page, name, size, runs)
    clicks(page, "256x256/6000", Size(256, 256, 6000), max(2, runs // 2))
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=("startup", "clicks"), help="run one part")
    args = parser.parse_args(argv)
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        print("page bench: vendor/ is missing; run `make bench` (it vendors the runtime)", file=sys.stderr)
        return 1
    with served() as (base, server), sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            print(f"page bench, Chromium {browser.version}, {args.runs} runs each", flush=True)
            if args.only != "clicks":
                startup(playwright, base, args.runs)
            if args.only != "clicks":
                first_visit(playwright, base, server)
            if args.only != "startup":
                all_clicks(browser, base, args.runs)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
