"""Tap-to-paint: the page's opening tap against a plain JavaScript Minesweeper's, paired, in one run.

Run: `.venv/bin/python bench/tap.py [--runs N] [--board NAME] [--first VISITS] [--hold MS] [--trace]
[--sound] [--before CHECKOUT]`.
Figures only (medians, with the range, and the load average before and after).

- phone: 390x844, touch, the CPU slowed 4x (Chromium's own throttling over CDP, a mid-range phone); desktop:
  1280x800, a mouse, full speed.
- the yardstick: bench/js-game.html, a minimal Minesweeper in plain JavaScript that draws the same board with
  the same stylesheets and markup, so the browser's style, layout and paint are the same work in both and
  the difference is the code between the input and the DOM.
- each board (beginner, expert, 100x100) comes in by a `#board=` link whose mines were placed for a first
  click in its middle (the same boards for both pages; on a phone, turned as the page shows it), so each
  tap opens an area. The pages take turns, board by board, the page and the JS game going first by turns:
  each pair saw the same load. Each page taps its board once the board's build has settled (its page idle),
  as a player looks at a new board before tapping it. The page plays with sound off (the default); with
  `--sound`, a third tab plays with it on: a sound must never delay a reveal.
- only the two pages by default: each more page running the game is one more Pyodide in the browser (its
  memory, its collector, its timers), on 2 cores. With the sound-on tab and another checkout beside them
  (2026-11-28, expert, the press held 100 ms, 15 boards) the page took 50.6 ms and the JS game 33.8; the
  two alone, the same hour, 29.4 and 27.4 ms.
- input-to-paint: from the release's input time (`event.timeStamp` of the pointerup: a tap opens on release,
  as a click does) to the first task after the next animation frame once the board changed (style, layout
  and paint done), as bench/page.py's click-to-paint.
- the browser's own input-to-paint (the Event Timing API, as Chrome's INP reads it): the pointerup entry's
  `duration`, from its input to the next frame presented, in steps of 8 ms; an entry under 16 ms (the API's
  floor) is never reported, and counts as 16 (an upper bound). The probe above stops at the first task after
  the frame: work the page queues to run after its paint (the save, the screen reader's count: web/dom.py
  `AfterPaint`) runs before that task and is counted, though the frame is already drawn; Event Timing stops
  at the frame. Both are printed, each beside the goal.
- the verdict: the median of the paired ratios (page / JS, board by board) with its 90% interval (a seeded
  bootstrap). A tap's time at CPU 4x spreads over 2x and more from board to board on this machine, and one
  run of 11 boards said 0.96x and the next 1.28x on beginner: the goal reads as met only when the whole
  interval is at or under it, not met when all of it is over, and neither way otherwise (more boards).
- `--hold MS`: the press is held that long before the release, as a finger's tap or a click lasts (some 50
  to 150 ms); by default the release comes at once after the press (the issue's measure), so that the
  press's own handling and frame are still running when the release arrives, which a finger never does.
- `--before CHECKOUT` adds another checkout of the site (its runtime vendored, its files generated), served
  on a port of its own, as a fourth page taking turns with the others (it and this one alternate which goes
  first): a change's before and after, measured on one machine's load.
- `--first VISITS`: only the first tap of a visit, on an expert board, over VISITS visits of each page (each
  in a new browser context, the pages taking turns): the one-off work a page does before its first tap, or
  in it.
- `--trace` records one tap on each board in the page and in the JS game at the phone's speed (Chrome's
  trace, over CDP) and prints where the main thread's time went between the input and the paint.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from chromium import TIMEOUT_MS, launch, serve, site, vendored
from minesweeper import Board, Size
from minesweeper.codes import from_code, to_code
from page import CLICK_PROBE, opening_codes

BOARDS = {"beginner": Size(9, 9, 10), "expert": Size(30, 16, 99), "100x100": Size(100, 100, 1500)}
DEVICES = {
    "phone 4x CPU": (
        {
            "viewport": {"width": 390, "height": 844},
            "has_touch": True,
            "is_mobile": True,
            "device_scale_factor": 3,
        },
        4,
    ),
    "desktop": ({"viewport": {"width": 1280, "height": 800}}, 1),
}
GOAL = 1.2  # the page's tap-to-paint at most this times the JS game's
# Each side: its page, and a script run before the page's own (the page with sound on: its settings for the
# visit, as the keeper keeps them before the statistics' yes; the sound is made at the first tap).
SOUND_ON = "sessionStorage.setItem('minesweeper.settings', JSON.stringify({version: 1, data: {sound: true}}))"
# The sound-on page is served to another origin (localhost, not 127.0.0.1): pages of one origin share the
# saved game and the statistics' question, and one tab's save once held the other's board.
PAGES = {"page": ("index.html", ""), "JS": ("bench/js-game.html", "")}
SOUND_PAGE = {"sound on": ("{other}index.html", SOUND_ON)}
TAP_S = 20  # a tap whose board has not changed by then is reported, not waited for
FLOOR_MS = 16  # Event Timing reports no entry shorter than this
# Every pointerup's Event Timing entry (its duration: the input to the next frame presented), as it comes.
EVENT_TIMING = f"""() => {{ window.__events = [];
  new PerformanceObserver(list => {{
    for (const entry of list.getEntries()) if (entry.name === 'pointerup') __events.push(entry.duration);
  }}).observe({{type: 'event', durationThreshold: {FLOOR_MS}}});
}}"""
# The entry of the tap just made: it comes once its frame is presented; none within 1 s: under the floor.
EVENT_OF_TAP = """() => new Promise(resolve => {
  const give = () => resolve(__events.length ? __events[__events.length - 1] : null);
  if (__events.length) return give();
  const until = performance.now() + 1000;
  const look = () => (__events.length || performance.now() > until ? give() : setTimeout(look, 20));
  look();
})"""

# A board link in the fragment, then the first task after the frame that shows the new board.
BUILT = """code => { window.__built = new Promise(resolve => {
  const board = document.getElementById('board');
  const seen = new MutationObserver(() => {
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  seen.observe(board, {childList: true});
  location.hash = 'board=' + code;
}) }"""
# The page idle after a board's build (its work queued after the paint done), as when a player looks at a
# new board before tapping it: then a tap meets only its own work, in either page.
SETTLED = """() => new Promise(resolve => {
  const idle = window.requestIdleCallback || (work => setTimeout(work, 50));
  setTimeout(() => idle(() => resolve(), {timeout: 1000}), 100);
})"""
# True once the board is built, false after 100 ms without (not awaited whole: a question may come first).
BUILT_BY = "Promise.race([__built.then(() => true), new Promise(ok => setTimeout(ok, 100, false))])"


@dataclass
class Side:
    """One page of the pair: its tab, its CDP session and its input."""

    page: Page
    cdp: CDPSession
    touch: bool
    hold_ms: int = 0  # between the press and the release

    def load(self, path: str, rate: int) -> None:
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        self.page.goto(path)
        self.page.wait_for_selector("#board:not([data-state=loading])", timeout=TIMEOUT_MS)
        self.page.wait_for_timeout(500)
        self.page.evaluate(EVENT_TIMING)
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def build(self, code: str) -> None:
        """Open the board `code` names (answering New game if the page asks before leaving a game)."""
        page = self.page
        page.bring_to_front()
        page.evaluate(BUILT, code)
        leave = page.locator("#leave-dialog [value=leave]")
        # The question may come at once or, on a busy machine, later: answered whenever it shows.
        for _ in range(TIMEOUT_MS // 100):
            if page.evaluate(BUILT_BY):
                break
            if leave.count() and leave.is_visible():
                leave.click()
        page.wait_for_selector("#board[data-state=ready]", timeout=TIMEOUT_MS)
        page.evaluate(SETTLED)

    def tap(self, row: int, col: int) -> list[float]:
        """Tap (or click) the cell drawn at (row, col); its times, ms: the probe's three (the board changed,
        the frame, the first task after it) and Event Timing's duration (FLOOR_MS when under it)."""
        page = self.page
        page.bring_to_front()  # a tab behind another gets no animation frames
        target = page.locator(f'#board [data-row="{row}"][data-col="{col}"]')
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.evaluate(CLICK_PROBE, {"kind": "pointerup", "since": "input", "attribute": "data-cell"})
        page.evaluate("__events.length = 0")
        if self.touch:
            touched = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
            self.cdp.send("Input.dispatchTouchEvent", touched)
            if self.hold_ms:
                page.wait_for_timeout(self.hold_ms)
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            page.mouse.move(x, y)
            page.mouse.down()
            if self.hold_ms:
                page.wait_for_timeout(self.hold_ms)
            page.mouse.up()
        times: list[float] | None = page.evaluate(
            f"Promise.race([window.__click, new Promise(ok => setTimeout(ok, {TAP_S * 1000}, null))])"
        )
        if times is None:
            raise TimeoutError(f"{page.url}: a tap at ({row}, {col}) changed no cell in {TAP_S} s")
        presented = page.evaluate(EVENT_OF_TAP)
        return [*times, float(FLOOR_MS if presented is None else presented)]


def centre(size: Size, flipped: bool) -> tuple[int, int]:
    """The (row, column) drawn in the middle of a board of `size`, turned (`flipped`) or not: the cell whose
    tap opens an area on the boards opening_codes makes."""
    return (size.width // 2, size.height // 2) if flipped else (size.height // 2, size.width // 2)


def turned(code: str) -> str:
    """The board of `code` turned as a portrait phone shows a wide board (view row = engine column)."""
    board = from_code(code)
    size = board.size
    mines = frozenset(col * size.height + row for row, col in map(size.row_col, board.mines))
    return to_code(Board(Size(size.height, size.width, size.mines), mines))


def pair(
    context: BrowserContext,
    base: str,
    rate: int,
    touch: bool,
    before: str | None,
    hold_ms: int = 0,
    sound: bool = False,
) -> dict[str, Side]:
    sides = {}
    pages = (
        PAGES | (SOUND_PAGE if sound else {}) | ({"before": (before + "index.html", "")} if before else {})
    )
    other = base.replace("127.0.0.1", "localhost")
    for name, (path, script) in pages.items():
        path = path.format(other=other)
        page = context.new_page()
        if script:
            page.add_init_script(script)
        sides[name] = Side(page, context.new_cdp_session(page), touch, hold_ms)
        sides[name].load(path, rate)
    return sides


def spread(ratios: list[float]) -> tuple[float, float]:
    """A 90% interval of the median of `ratios` (page / JS, board by board): the median of as many draws
    again, with replacement, 2000 times (a seeded bootstrap: the same figures give the same interval)."""
    draw = random.Random(0)
    medians = sorted(statistics.median(draw.choices(ratios, k=len(ratios))) for _ in range(2000))
    return medians[100], medians[1899]


def verdict(ratios: list[float]) -> str:
    """The paired ratio's median, its interval, and whether it shows the goal met, not met, or neither (the
    interval on both sides of it: more boards would say)."""
    low, high = spread(ratios)
    said = "met" if high <= GOAL else "NOT met" if low > GOAL else "not shown either way: more boards"
    return f"paired {statistics.median(ratios):4.2f}x (90%: {low:4.2f}-{high:4.2f}; goal <= {GOAL}x: {said})"


def figures(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ms ({min(values):.0f}-{max(values):.0f})"


def compare(sides: dict[str, Side], device: str, name: str, size: Size, runs: int) -> None:
    """Tap-to-paint of each page on `runs` boards of `size`, the pages taking turns."""
    times: dict[str, list[float]] = defaultdict(list)
    presented: dict[str, list[float]] = defaultdict(list)  # Event Timing's
    for run, code in enumerate(opening_codes(size, runs)):
        page = sides["page"]
        page.build(code)
        flipped = page.page.locator("#board").get_attribute("data-transposed") is not None
        rows, cols = (size.width, size.height) if flipped else (size.height, size.width)
        middle = centre(size, flipped)
        order = list(sides)
        if run % 2:  # neither the page nor the JS game (nor either checkout) always goes first
            order.remove("JS")
            order.insert(0, "JS")
            if "before" in sides:
                order.remove("before")
                order.insert(0, "before")
        for label in order:
            side = sides[label]
            if label == "before":
                side.build(code)
            elif label != "page":
                side.build(turned(code) if flipped else code)
            assert side.page.locator("#board").get_attribute("data-cols") == str(cols), label
            assert side.page.locator("#board").get_attribute("data-rows") == str(rows), label
            tapped = side.tap(*middle)
            times[label].append(tapped[2])
            presented[label].append(tapped[3])
            side.page.wait_for_selector("#board:not([aria-busy])", timeout=TIMEOUT_MS)
            assert side.page.locator("#board").get_attribute("data-state") in ("playing", "won"), label
    ours, js = times["page"], times["JS"]
    ratio = statistics.median(ours) / statistics.median(js)
    paired = [o / j for o, j in zip(ours, js, strict=True)]
    print(
        f"{device:<13} {name:<9} page {figures(ours)}  JS {figures(js)}  page/JS {ratio:4.2f}x"
        f"  {verdict(paired)}",
        flush=True,
    )
    ours_shown, js_shown = presented["page"], presented["JS"]
    ratio_shown = statistics.median(ours_shown) / statistics.median(js_shown)
    paired_shown = [o / j for o, j in zip(ours_shown, js_shown, strict=True)]
    floor = sum(v <= FLOOR_MS for v in ours_shown + js_shown)
    print(
        f"{device:<13} {name:<9} Event Timing: page {figures(ours_shown)}  JS {figures(js_shown)}"
        f"  page/JS {ratio_shown:4.2f}x  {verdict(paired_shown)}; {floor} of {2 * len(ours_shown)} at"
        f" {FLOOR_MS} ms or under",
        flush=True,
    )
    if "sound on" in times:
        sound = times["sound on"]
        heard = statistics.median(s / o for s, o in zip(sound, ours, strict=True))
        print(f"{device:<13} {name:<9} sound on {figures(sound)}  on / off, paired {heard:4.2f}x", flush=True)
    if "before" in times:
        for what, mine, theirs, yardstick in (
            ("", ours, times["before"], js),
            ("Event Timing: ", ours_shown, presented["before"], js_shown),
        ):
            was = statistics.median(theirs) / statistics.median(yardstick)
            gain = statistics.median(o / b for o, b in zip(mine, theirs, strict=True))
            print(
                f"{device:<13} {name:<9} {what}before {figures(theirs)}  before/JS {was:4.2f}x"
                f"  page/before, paired {gain:4.2f}x",
                flush=True,
            )


def first_taps(browser: Browser, base: str, before: str | None, device: str, visits: int) -> None:
    """The first tap of a visit: each page loaded afresh `visits` times (a new context each: nothing kept,
    the browser's caches empty but for the files), an expert board opened by a link, then tapped once, the
    pages taking turns. What a visit does once (the browser parsing the looks' images, compiling the code a
    tap runs) falls on this tap unless the page did it before."""
    options, rate = DEVICES[device]
    pages = {"page": "index.html", "JS": "bench/js-game.html"}
    if before:
        pages["before"] = before + "index.html"
    times: dict[str, list[float]] = defaultdict(list)
    presented: dict[str, list[float]] = defaultdict(list)
    size = BOARDS["expert"]
    for visit, code in enumerate(opening_codes(size, visits)):
        for label in list(pages)[:: -1 if visit % 2 else 1]:
            context = browser.new_context(base_url=base, service_workers="block", **options)
            page = context.new_page()
            side = Side(page, context.new_cdp_session(page), bool(options.get("has_touch")))
            side.load(pages[label], rate)
            flipped = label == "JS" and device.startswith("phone")  # the page turns it on a phone: so does JS
            side.build(turned(code) if flipped else code)
            flipped = page.locator("#board").get_attribute("data-transposed") is not None or flipped
            middle = centre(size, flipped)
            tapped = side.tap(*middle)
            times[label].append(tapped[2])
            presented[label].append(tapped[3])
            context.close()
    for label in pages:
        print(
            f"{device:<13} first tap {label:<6} {figures(times[label])}"
            f"  Event Timing {figures(presented[label])}",
            flush=True,
        )


def trace(sides: dict[str, Side], label: str, name: str, size: Size) -> None:
    """One opening tap in the page `label` names, traced: where the renderer's main thread spent the time
    from the input to the paint, by the trace's top-level events (an input's dispatch by its event type)."""
    code = opening_codes(size, 1)[0]
    sides["page"].build(code)
    flipped = sides["page"].page.locator("#board").get_attribute("data-transposed") is not None
    side = sides[label]
    if label != "page":
        side.build(turned(code) if flipped else code)
    middle = centre(size, flipped)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    side.cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
    side.cdp.on("Tracing.tracingComplete", lambda data: done.append(True))
    side.cdp.send(
        "Tracing.start",
        {
            "traceConfig": {
                "includedCategories": [
                    "devtools.timeline",
                    "disabled-by-default-devtools.timeline",
                    "v8.execute",
                    "blink",
                    "cc",
                ]
            }
        },
    )
    times = side.tap(*middle)
    side.page.wait_for_timeout(100)
    side.cdp.send("Tracing.end")
    while not done:
        side.page.wait_for_timeout(50)
    print(
        f"trace {label} {name}: DOM changed at {times[0]:.1f} ms, frame {times[1]:.1f},"
        f" painted {times[2]:.1f}, presented {times[3]:.0f} (Event Timing)"
    )
    for what, ms in where(events):
        print(f"    {what:<44} {ms:6.1f} ms")


WRAPPERS = {"RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask", "SequenceManager::DoIdleWork"}


def where(events: list[dict[str, Any]]) -> list[tuple[str, float]]:
    """The main thread's work from the first pointerdown's dispatch to the end of the frame after the
    pointerup's: each trace event's own time (less its children's), summed by name (an input's dispatch by
    its event type), the task runner's wrappers left out."""
    names = [e for e in events if e.get("name") == "thread_name"]
    main = next((e["tid"] for e in names if e["args"]["name"] == "CrRendererMain"), None)
    spans = [e for e in events if e.get("tid") == main and e.get("ph") == "X" and "dur" in e]
    spans = sorted((e for e in spans if e["name"] not in WRAPPERS), key=lambda e: (e["ts"], -e["dur"]))
    downs = [e["ts"] for e in spans if kind(e) in ("pointerdown", "mousedown")]
    ups = [e["ts"] for e in spans if kind(e) == "pointerup"]
    if not downs or not ups:
        return [("no input found in the trace", 0.0)]
    frames = [e["ts"] + e["dur"] for e in spans if e["ts"] > ups[0] and e["name"] in ("Paint", "Commit")]
    end = frames[0] if frames else spans[-1]["ts"]
    totals: dict[str, float] = defaultdict(float)
    stack: list[tuple[float, str]] = []  # (end, label) of the events open at this point
    for e in (e for e in spans if downs[0] <= e["ts"] <= end):
        while stack and stack[-1][0] <= e["ts"]:
            stack.pop()
        label = f"dispatch {kind(e)}" if e["name"] == "EventDispatch" else e["name"]
        totals[label] += e["dur"] / 1000
        if stack:
            totals[stack[-1][1]] -= e["dur"] / 1000  # a parent's own time is what its children leave
        stack.append((e["ts"] + e["dur"], label))
    totals["(from the release to the paint)"] = (end - ups[0]) / 1000
    return sorted(totals.items(), key=lambda item: -item[1])[:18]


def kind(event: dict[str, Any]) -> str:
    """An EventDispatch's event type, else ''."""
    return str(event["args"]["data"]["type"]) if event["name"] == "EventDispatch" else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--trace", action="store_true", help="trace a tap per board in the page, on a phone")
    parser.add_argument("--device", choices=DEVICES, help="one device only")
    parser.add_argument("--before", type=Path, help="another checkout, served and timed alongside")
    parser.add_argument("--board", choices=BOARDS, action="append", help="these boards only")
    parser.add_argument("--first", type=int, metavar="VISITS", help="first taps of fresh visits only")
    parser.add_argument("--hold", type=int, default=0, help="ms between a tap's press and its release")
    parser.add_argument("--sound", action="store_true", help="a third tab, the page with sound on")
    args = parser.parse_args(argv)
    if not vendored():
        print("bench/tap.py: the runtime is not vendored: run `make bench`")
        return 1
    other = serve.start(args.before) if args.before else None
    before = f"http://127.0.0.1:{other.server_address[1]}/" if other else None
    with sync_playwright() as playwright, site() as base:
        browser = launch(playwright)
        held = f"the press held {args.hold} ms" if args.hold else "the release at once after the press"
        print(f"tap-to-paint, Chromium {browser.version}, {args.runs} boards each, taking turns; {held}")
        print(f"load average {os.getloadavg()[0]:.1f}" + (f"; before: {args.before}" if before else ""))
        for device, (options, rate) in DEVICES.items():
            if args.device and device != args.device:
                continue
            if args.first:
                first_taps(browser, base, before, device, args.first)
                continue
            context = browser.new_context(base_url=base, service_workers="block", **options)
            touch = bool(options.get("has_touch"))
            sides = pair(context, base, rate, touch=touch, before=before, hold_ms=args.hold, sound=args.sound)
            if args.trace:
                for name, size in BOARDS.items():
                    for label in ("page", "JS"):
                        trace(sides, label, name, size)
            else:
                for name, size in BOARDS.items():
                    if not args.board or name in args.board:
                        compare(sides, device, name, size, args.runs)
            context.close()
            if args.trace:
                break
        browser.close()
    if other:
        other.shutdown()
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
