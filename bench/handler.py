"""Where an opening tap's time goes inside the page, phase by phase, on a phone (CPU slowed 4x).

Run: `.venv/bin/python bench/handler.py [--runs N] [--device desktop] [--board expert] [--hold MS]
[--site CHECKOUT]`.
Figures only (medians, ms; the page's clock gives tenths of a millisecond, so a step under 0.1 ms reads 0).

bench/tap.py times a tap from its input to the paint; this splits that time. A bench-only hook (never in
the site): the page is served with js/boot.mjs handing its Pyodide to `globalThis.__bench`, and

- every DOM listener is wrapped as it is added, so each call into Python an input makes is timed, by event
  type and listener (a pointerdown, a pointerup, and what follows them up to the paint);
- in Python, the steps of the tap's handler are wrapped: the engine's reveal, the view's paint, the app's
  stamp and announcement, and each listener of the app's `played` and `acted` signals (the sound, the
  keeper's save, hints, badge, daily); localStorage's writes are timed in JavaScript;
- the tap's input-to-paint is measured as bench/tap.py does (`input -> painted`), with the board's change
  (`input -> board changed`: the handler done) and the frame's start between;
- `--hold MS` holds the press that long before the release, as a finger does (bench/tap.py `--hold`); the
  split then shows when the page asked Python what the tap will open (js/press.js's look ahead), from the
  press's input: while the finger is down, or not until its release.

Times inside a step include the steps it calls (the reveal is inside the apply, the apply inside pointerup),
and the wrappers' own cost: read the figures as shares, bench/tap.py for the time. docs/play.md ("A tap's
speed") has a breakdown and what was done about it.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from statistics import median

from playwright.sync_api import Route, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from chromium import ROOT, launch, serve, vendored
from minesweeper import Size
from page import opening_codes
from tap import BOARDS, DEVICES, Side

# Every listener added from now on is timed per call: its label is its event type and the listener's text
# (a Python proxy's is its repr). The pointerup's input time and the frame after it are noted too.
TIMING = """(() => {
  const calls = (globalThis.__calls = []);
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (kind, listener, options) {
    if (typeof listener !== 'function') return add.call(this, kind, listener, options);
    const text = String(listener);
    const label = kind + ' ' + (text.startsWith('<') ? text.split(' of ')[0].replace('<bound method ', '')
      : text.slice(0, 40).replace(/\\s+/g, ' '));
    const timed = function (event) {
      const start = performance.now();
      try { return listener.call(this, event); }
      finally { calls.push([label, start, performance.now(), event.timeStamp]); }
    };
    return add.call(this, kind, timed, options);
  };
  // js/press.js's calls into Python: a tap's look ahead (`foresee`) and the tap, each timed as a listener.
  let press;
  Object.defineProperty(globalThis, 'minesweeperPress', {configurable: true, get: () => press, set(made) {
    const timed = (label, call) => (...args) => {
      const start = performance.now();
      try { return call(...args); } finally { calls.push([label, start, performance.now(), 0]); }
    };
    press = Object.freeze({...made, install: (board, face, tap, foresee) => made.install(
      board, face, timed('js/press.js tap', tap), timed('js/press.js foresee (the look ahead)', foresee))});
  }});
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const start = performance.now();
    try { return set.call(this, key, value); }
    finally { calls.push(['storage ' + key + ' (' + value.length + ' chars)', start, performance.now(), 0]); }
  };
})()"""

# The board's first listener for a press and a release: js/press.js's (a checkout before it: Python's).
FIRST = ("pointerdown function onDown", "pointerup function onUp")
FIRST += ("pointerdown PointerInput", "pointerup PointerInput")

# The Python steps timed, by where they are looked up from main.py's globals: (label, owner, attribute).
# A class's method is patched on the class (every instance, every caller); the signals' listeners in place.
STEPS = """
import time
from collections import defaultdict
from collections.abc import Callable
import __main__ as main
from js import performance
from minesweeper import Game
from web.app import App
from web.view import View
from web.gestures import PointerInput
from web.saved import Keeper
try:
    from web.dom import AfterPaint
except ImportError:  # a checkout from before it
    AfterPaint = None
from ui.gestures import Gestures

TIMES = []  # (label, start, end)

def timed(label, function):
    def wrapper(*args, **kwargs):
        start = performance.now()
        try:
            return function(*args, **kwargs)
        finally:
            TIMES.append((label, start, performance.now()))
    return wrapper

for label, owner, name in (
    ("cell_at (elementFromPoint)", View, "cell_at"),
    ("gestures.down", Gestures, "down"),
    ("gestures.up", Gestures, "up"),
    ("_after", PointerInput, "_after"),
    ("  set_marks", View, "set_marks"),
    ("  show_pressing", View, "show_pressing"),
    ("game.foresee (the engine, at the look ahead)", Game, "foresee"),
    ("view.prepared (js/cells.js, at the look ahead)", View, "prepared"),
    ("app.intent", App, "intent"),
    ("  move_focus", View, "move_focus"),
    ("  app.apply", App, "apply"),
    ("    stamp (getBoundingClientRect)", App, "stamp"),
    ("    game.apply (the engine)", Game, "apply"),
    ("    view.paint", View, "paint"),
    ("      show_looks (labels, js/cells.js)", View, "show_looks"),
    ("      game.satisfied", Game, "satisfied"),
    ("  has_focus", View, "has_focus"),
    ("    announce_opened", App, "announce_opened"),
    ("    show_state", View, "show_state"),
    ("after intents: show (set_marks...)", App, "show_presses"),
    ("after the paint (web/dom.py AfterPaint)", AfterPaint, "after_frame"),
    ("when idle (AfterPaint)", AfterPaint, "flush_idle"),
    ("no frame came (AfterPaint)", AfterPaint, "flush"),
    ("  keeper.save_game", Keeper, "save_game"),
):
    if hasattr(owner, name):
        setattr(owner, name, timed(label, getattr(owner, name)))

for signal in ("played", "acted"):
    listeners = getattr(main.app, signal).listeners
    listeners[:] = [timed(f"    {signal}: {getattr(l, '__qualname__', l)}", l) for l in listeners]
    emit = getattr(main.app, signal).emit
    setattr(getattr(main.app, signal), "emit", timed(f"    {signal}.emit (all)", emit))
"""


def hook(root: Path) -> Callable[[Route], None]:
    """The route that serves `root`'s js/boot.mjs as it is, but for its Pyodide handed to the bench."""
    return lambda route: serve_hooked(route, root)


def serve_hooked(route: Route, root: Path) -> None:
    text = (root / "js" / "boot.mjs").read_text()
    hooked = text.replace(
        "  await installCatalogue(pyodide);\n  return pyodide;",
        "  await installCatalogue(pyodide);\n  globalThis.__bench = pyodide;\n  return pyodide;",
    )
    assert hooked != text, "js/boot.mjs changed: bench/handler.py's hook no longer fits"
    route.fulfill(body=hooked, content_type="text/javascript")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--device", choices=DEVICES, default="phone 4x CPU")
    parser.add_argument("--board", choices=BOARDS, action="append", help="these boards only")
    parser.add_argument("--site", type=Path, default=ROOT, help="another checkout to profile")
    parser.add_argument("--hold", type=int, default=0, help="ms between a tap's press and its release")
    args = parser.parse_args(argv)
    if not vendored():
        print("bench/handler.py: the runtime is not vendored: run `make bench`")
        return 1
    options, rate = DEVICES[args.device]
    server = serve.start(args.site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(base_url=base, service_workers="block", **options)
        context.route("**/js/boot.mjs", hook(args.site))
        context.add_init_script(TIMING)
        page = context.new_page()
        side = Side(page, context.new_cdp_session(page), bool(options.get("has_touch")), args.hold)
        side.load("index.html", 1)
        page.evaluate("steps => __bench.runPython(steps)", STEPS)
        side.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        held = f", the press held {args.hold} ms" if args.hold else ""
        print(f"an opening tap, {args.device}{held}, Chromium {browser.version}, {args.runs} boards each")
        for name, size in BOARDS.items():
            if args.board and name not in args.board:
                continue
            profile(side, name, size, args.runs)
        browser.close()
    server.shutdown()
    return 0


def profile(side: Side, name: str, size: Size, runs: int) -> None:
    """Tap `runs` boards of `size`; print the medians of the split, the listeners and the steps."""
    page = side.page
    calls: dict[str, list[float]] = defaultdict(list)
    steps: dict[str, list[float]] = defaultdict(list)
    splits: dict[str, list[float]] = defaultdict(list)
    for code in opening_codes(size, runs):
        side.build(code)
        flipped = page.locator("#board").get_attribute("data-transposed") is not None
        width, height = size.width, size.height
        middle = (width // 2, height // 2) if flipped else (height // 2, width // 2)
        page.evaluate("__calls.length = 0; __bench.runPython('TIMES.clear()')")
        times = side.tap(*middle)
        page.wait_for_timeout(600)  # past the work when idle after the paint (at most 250 ms)
        # Each listener's time, and a pointer handler's wait from its input; each step by the listener
        # it ran in ("other": in a task of its own, after the paint).
        seen: dict[str, float] = defaultdict(float)
        listeners = page.evaluate("__calls")
        for label, start, end, stamp in listeners:
            seen[label] += end - start
            if label.startswith(FIRST):
                seen[f"{label.split()[0]}: input -> its handler"] += start - stamp
        for label, ms in seen.items():
            calls[label].append(ms)
        got = page.evaluate("__bench.runPython('TIMES').toJs()")
        inside: dict[str, float] = defaultdict(float)
        pressed = next((stamp for label, _, _, stamp in listeners if label.startswith("pointerdown")), None)
        asked = [start for label, start, _, _ in listeners if label.startswith("js/press.js foresee")]
        if asked and pressed is not None:
            splits["press input -> look ahead asked"].append(asked[0] - pressed)
        for label, start, end in got:
            event = next((c[0].split()[0] for c in listeners if c[1] <= start <= c[2]), "other")
            inside[f"{event:<12} {label}"] += end - start
        for label, ms in inside.items():
            steps[label].append(ms)
        splits["input -> board changed"].append(times[0])
        splits["input -> frame"].append(times[1])
        splits["input -> painted"].append(times[2])
    print(f"\n{name}: medians over {runs} taps, ms")
    tables = (("split", splits), ("DOM listeners (JS to Python and back)", calls), ("steps", steps))
    for title, table in tables:
        print(f"  {title}")
        rows = table.items() if title == "steps" else sorted(table.items(), key=lambda i: -median(i[1]))
        for label, values in rows:
            values += [0.0] * (runs - len(values))
            print(f"    {label[:70]:<70} {median(values):7.2f}")


if __name__ == "__main__":
    sys.exit(main())
