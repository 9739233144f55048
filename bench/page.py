"""Page speed in Chromium: time to a playable board against a bare Pyodide page, what a first visit
downloads, and click-to-paint.

Run: `make bench` or `.venv/bin/python bench/page.py [--runs N] [--only phone|startup|clicks]`. Figures only
(medians, with the range); nothing here fails a build, and the machine may be busy, so compare figures taken
together: every table alternates its pages run by run, and prints the load average it ran under.

- phone (issue 30's table): a phone as a player's (390x844, touch, its CPU slowed 4x through DevTools'
  throttling) on a 4G network (9 Mbps down, 60 ms a round trip: bench/host.py), for each kind of host (one
  that gzips as GitHub Pages does, and one that compresses nothing, as S3): the site from `make dist`'s
  dist/, against the bare Pyodide page on the standard library as npm ships it (bench/bare.html?stock) and a
  plain JavaScript page that draws a 9x9 grid (bench/plain.html), each in a fresh browser profile on disk: a
  first visit (to a playable board, and the bytes its server sent on the wire, the service worker's install
  and the memory snapshot's making included), then the browser closed and started again on that profile
  (a launch from the home screen once the phone has closed the app: the worker serves, the snapshot is
  restored). Goals: a first visit at most 5.0 MB on either host, a launch at most 0.15x the stock page's.
  The figures before this version (issue 30) are printed above.
- startup (desktop, 1280x800, no throttling, the gzip host): cold, warm (a reload once the worker has
  installed and the snapshot is kept) and home, against the same pages and the bare page on the vendored
  files (bench/bare.html); goal: a reload at most 0.25x the stock page's. For index.html, where the time
  goes, from js/boot.mjs's marks (before Pyodide: the page up to `boot`, when boot.mjs began; Pyodide: up to
  `pyodide`, Pyodide started or restored; files: up to `modules`, py.zip on sys.path; after: PyScript's
  Python prelude, then py/main.py up to ready), and when the kept snapshot's pages were read
  (`snapshot read`).
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
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

import dist  # noqa: E402
import host  # noqa: E402
from chromium import ARGS, CHROMIUM, DESKTOP, TIMEOUT_MS, launch, served  # noqa: E402
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
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
SNAPSHOT_KEPT = "document.documentElement.dataset.snapshot !== undefined"
QUIET_S = 1.5  # a first visit is over once its server has sent nothing for this long


@dataclass(frozen=True)
class Start:
    """One start: ms from navigation start to ready, and to each of js/boot.mjs's marks."""

    ready: float
    progress: dict[str, float]

    def phases(self) -> dict[str, float]:
        marks = {None: 0.0, **self.progress}
        end = {**marks, None: self.ready}
        return {name: end[until] - marks[since] for name, since, until in PHASES}


@dataclass(frozen=True)
class Profile:
    """A device as the start sees it: its screen, its CPU (DevTools' slowdown) and its network."""

    name: str
    viewport: dict[str, int]
    mobile: bool = False
    cpu_slowdown: float = 1
    network: host.Network | None = None


PHONE = Profile("phone", {"width": 390, "height": 844}, mobile=True, cpu_slowdown=4, network=host.PHONE_4G)
DESKTOP_PROFILE = Profile("desktop", DESKTOP)


@dataclass(frozen=True)
class Visits:
    """One page's starts in one fresh browser profile: the first visit, a reload, and a launch (the browser
    started again on that profile, as from the home screen once the phone has closed it), and what the first
    visit downloaded (bytes on the wire, its bodies)."""

    cold: Start
    warm: Start | None
    home: Start
    downloaded: int
    bodies: int


@dataclass
class Site:
    """A page to load, on the server that serves it (which counts what it sends)."""

    url: str
    server: Any  # serve.Server
    game: bool = False  # index.html: a snapshot to wait for


def load(page: Page, url: str, reload: bool = False) -> Start:
    """Navigate (or reload) and time the start."""
    if reload:
        page.reload()
    else:
        page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT_MS)
    return Start(float(page.evaluate("window.__ready")), page.evaluate(MARKS))


def quiet(server: Any) -> None:
    """Until the server has sent nothing for QUIET_S: the worker's precache and the snapshot are done."""
    seen, since = len(server.sent), time.monotonic()
    while time.monotonic() - since < QUIET_S:
        time.sleep(0.1)
        if len(server.sent) != seen:
            seen, since = len(server.sent), time.monotonic()


def visits(playwright: Playwright, site: Site, profile: Profile, reload: bool) -> Visits:
    """A first visit (and what it downloads, until the worker's install and, for index.html, the memory
    snapshot are done), then a reload if asked, then the browser closed and started again on the same
    profile. In a profile on disk, as a player's browser has: a private context keeps no compiled code
    between processes, so a start in a new process there compiles every script and the WebAssembly again."""
    with tempfile.TemporaryDirectory() as folder:
        with browsing(playwright, folder, profile) as page:
            site.server.sent.clear()
            cold = load(page, site.url)
            if site.game:
                page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)
            quiet(site.server)
            sent = list(site.server.sent)
            warm = load(page, site.url, reload=True) if reload else None
        with browsing(playwright, folder, profile) as page:
            home = load(page, site.url)
        return Visits(cold, warm, home, sum(size for _, size in sent), len(sent))


@contextlib.contextmanager
def browsing(playwright: Playwright, folder: str, profile: Profile) -> Iterator[Page]:
    """A page of a browser on the profile in `folder`, its CPU slowed as `profile` says."""
    context = playwright.chromium.launch_persistent_context(
        folder,
        executable_path=CHROMIUM,
        args=ARGS,
        viewport=profile.viewport,
        is_mobile=profile.mobile,
        has_touch=profile.mobile,
    )
    try:
        context.add_init_script(READY_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        if profile.cpu_slowdown != 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_slowdown})
        yield page
    finally:
        context.close()


def figures(values: list[float]) -> str:
    return f"median {statistics.median(values):7.0f} ms  (range {min(values):.0f}-{max(values):.0f})"


def seconds(values: list[float]) -> str:
    return f"{statistics.median(values) / 1000:.2f} s ({min(values) / 1000:.2f}-{max(values) / 1000:.2f})"


def megabytes(values: list[int]) -> str:
    low, high = min(values) / 1e6, max(values) / 1e6
    return f"{statistics.median(values) / 1e6:.2f} MB" + (
        f" ({low:.2f}-{high:.2f})" if high - low >= 0.005 else ""
    )


def load_average() -> str:
    return "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


GAME, STOCK, PLAIN_JS = "this game", "stock bare Pyodide", "plain JS"
FIRST_VISIT_BYTES = 5.0e6  # goal: a first visit downloads at most this, on either kind of host
LAUNCH_GOAL = 0.15  # goal: a launch on the phone at most this times the stock bare page's
RELOAD_GOAL = 0.25  # goal: a desktop reload at most this times the stock bare page's
# The phone's table before this version (issue 30, on the gzip host): first visit, launch again, bytes.
BEFORE = {
    GAME: ("8.3-8.4 s", "1.16-1.19 s", "6.7 MB (14.1 MB on a host that compresses nothing)"),
    STOCK: ("11.3-11.9 s", "4.8-5.4 s", "6.4 MB"),
    PLAIN_JS: ("0.33-0.42 s", "0.10-0.24 s", "0.02 MB"),
}


@contextlib.contextmanager
def sites(kind: host.Kind, network: host.Network | None) -> Iterator[dict[str, Site]]:
    """The game from a fresh dist/ and the two other pages from the repository, each on a host of `kind`."""
    with tempfile.TemporaryDirectory() as folder:
        built = Path(folder) / "dist"
        dist.build(built)
        game, repository = host.start(built, kind, network), host.start(ROOT, kind, network)
        try:
            at = {server: f"http://127.0.0.1:{server.server_address[1]}/" for server in (game, repository)}
            yield {
                GAME: Site(f"{at[game]}index.html", game, game=True),
                STOCK: Site(f"{at[repository]}bench/bare.html?stock", repository),
                PLAIN_JS: Site(f"{at[repository]}bench/plain.html", repository),
            }
        finally:
            game.shutdown()
            repository.shutdown()


def alternated(
    playwright: Playwright, pages: dict[str, Site], profile: Profile, runs: int, reload: bool
) -> dict[str, list[Visits]]:
    """Each page's visits, run by run in turn (A, B, C, A, B, C...), so that all see the same load."""
    measured: dict[str, list[Visits]] = {label: [] for label in pages}
    for _ in range(runs):
        for label, site in pages.items():
            measured[label].append(visits(playwright, site, profile, reload))
    return measured


def phone(playwright: Playwright, runs: int) -> None:
    """Issue 30's table, on each kind of host, with the goal beside each figure."""
    print(f"phone: 390x844, CPU slowed {PHONE.cpu_slowdown:.0f}x, 9 Mbps down, 60 ms; {runs} runs alternated")
    print("| | first visit | launch again (worker, snapshot) | bytes on the wire, first visit |")
    print("|---|---|---|---|")
    for label, (cold, home, downloaded) in BEFORE.items():
        print(f"| before: {label} | {cold} | {home} | {downloaded} |")
    for kind in (host.Kind.GZIP, host.Kind.PLAIN):
        before = load_average()
        with sites(kind, PHONE.network) as pages:
            measured = alternated(playwright, pages, PHONE, runs, reload=False)
        game, stock = measured[GAME], measured[STOCK]
        for label, values in measured.items():
            sizes = [v.downloaded for v in values]
            goal = ""
            if label == GAME:
                met = "met" if max(sizes) <= FIRST_VISIT_BYTES else "NOT met"
                goal = f" (goal <= {FIRST_VISIT_BYTES / 1e6:.1f} MB: {met})"
            cold, home = [v.cold.ready for v in values], [v.home.ready for v in values]
            print(f"| {kind} host: {label} | {seconds(cold)} | {seconds(home)} | {megabytes(sizes)}{goal} |")
        ratios = [g.home.ready / s.home.ready for g, s in zip(game, stock, strict=True)]
        ratio = statistics.median(v.home.ready for v in game) / statistics.median(v.home.ready for v in stock)
        met = "met" if ratio <= LAUNCH_GOAL else "NOT met"
        launch = statistics.median(v.home.ready for v in game)
        plain = launch / statistics.median(v.home.ready for v in measured[PLAIN_JS])
        paired = f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
        print(
            f"{kind} host: launch, this game / stock bare Pyodide {ratio:.2f}x, paired {paired}"
            f" (goal <= {LAUNCH_GOAL:.2f}x: {met}); / plain JS {plain:.1f}x;"
            f" load {before} -> {load_average()}"
        )
        split("phone cold", [v.cold for v in game])
        split("phone home", [v.home for v in game])


PAGES_DESKTOP = (GAME, STOCK, "bare Pyodide", PLAIN_JS)


def startup(playwright: Playwright, runs: int) -> None:
    """The desktop's cold, warm and home starts, and the reload's goal."""
    before = load_average()
    with sites(host.Kind.GZIP, None) as pages:
        pages["bare Pyodide"] = Site(pages[STOCK].url.removesuffix("?stock"), pages[STOCK].server)
        measured = alternated(
            playwright, {label: pages[label] for label in PAGES_DESKTOP}, DESKTOP_PROFILE, runs, reload=True
        )
    print(f"desktop, gzip host, {runs} runs alternated; load {before} -> {load_average()}")
    for kind in ("cold", "warm", "home"):
        times = {label: [getattr(v, kind).ready for v in values] for label, values in measured.items()}
        for label, values in times.items():
            print(f"start-up {kind:<4} {label:<18} {figures(values)}")
        index, stock = statistics.median(times[GAME]), statistics.median(times[STOCK])
        paired = statistics.median(i / b for i, b in zip(times[GAME], times[STOCK], strict=True))
        goal = ""
        if kind == "warm":
            goal = f"  (goal <= {RELOAD_GOAL:.2f}x: {'met' if index / stock <= RELOAD_GOAL else 'NOT met'})"
        print(
            f"start-up {kind:<4} this game / stock bare   {index / stock:5.2f}x  paired {paired:5.2f}x{goal}"
        )
        plain = statistics.median(times[PLAIN_JS])
        print(f"start-up {kind:<4} this game / plain JS     {index / plain:5.1f}x")
        split(kind, [getattr(v, kind) for v in measured[GAME]])
    sizes = [v.downloaded for v in measured[GAME]]
    print(f"first visit (desktop, gzip host): {megabytes(sizes)} in {measured[GAME][0].bodies} bodies")


def split(kind: str, starts: list[Start]) -> None:
    """Where the game's start goes: the phases between js/boot.mjs's marks, and the marks themselves."""
    phases = [start.phases() for start in starts]
    parts = "  ".join(f"{phase} {statistics.median(p[phase] for p in phases):4.0f}" for phase, *_ in PHASES)
    print(f"start-up {kind:<4} this game, ms: {parts}")
    marks = "  ".join(
        f"{mark} at {statistics.median(s.progress.get(mark, float('nan')) for s in starts):4.0f}"
        for mark in ("boot", "snapshot read", "pyodide", "modules")
    )
    ready = statistics.median(s.ready for s in starts)
    print(f"start-up {kind:<4} this game, js/boot.mjs: {marks}  (ready at {ready:4.0f})")


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


# The game under way after an opening (or won by it), once the page has played it: a tap js/press.js painted
# ahead is played just after its paint, the board `aria-busy` until then.
PLAYED = "#board:is([data-state=playing], [data-state=won]):not([aria-busy])"


def clicks(page: Page, name: str, size: Size, runs: int) -> None:
    opening: list[list[float]] = [[], [], []]
    flag: list[list[float]] = [[], [], []]
    builds: list[float] = []
    middle = (size.height // 2, size.width // 2)
    for code in opening_codes(size, runs):
        builds.append(float(page.evaluate(BUILD_PROBE, code)))
        timed(page, "pointerup", lambda: click_at(page, *middle), opening)
        page.wait_for_selector(PLAYED, timeout=TIMEOUT_MS)
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
    parser.add_argument("--only", choices=("phone", "startup", "clicks"), help="run one part")
    args = parser.parse_args(argv)
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists():
        print("page bench: vendor/ is missing; run `make bench` (it vendors the runtime)", file=sys.stderr)
        return 1
    with sync_playwright() as playwright:
        print(f"page bench, {args.runs} runs each", flush=True)
        if args.only in (None, "phone"):
            phone(playwright, args.runs)
        if args.only in (None, "startup"):
            startup(playwright, args.runs)
        if args.only in (None, "clicks"):
            with served() as (base, _):
                browser = launch(playwright)
                try:
                    all_clicks(browser, base, args.runs)
                finally:
                    browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
