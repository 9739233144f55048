"""Phone benchmarks in Chromium (390x844, touch): how long turning the phone takes to re-lay the board
(resize event -> grid rebuilt -> layout done) and how long one pinch step takes (finger move -> new zoom
laid out), for expert and two large custom boards. Prints figures; asserts nothing (timings are noisy on
a shared machine). Run: .venv/bin/python bench/phone.py"""

from __future__ import annotations

import statistics
import sys

from playwright.sync_api import Page, sync_playwright

from chromium import TIMEOUT_MS, launch, site, vendored

PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
BOARDS = {
    "expert 30x16": "index.html?level=expert&seed=1",
    "custom 100x60": "index.html?size=100.60.900&seed=1",
    "custom 256x128": "index.html?size=256.128.4000&seed=1",
}
TURNS = 4
STEPS = 12

# Listeners added before the page's own: a resize starts the clock, the grid's new data-cols stops the
# first hand, a forced layout in the next frame the second; a touch move on the board likewise.
PROBES = """
window.bench = {turns: [], steps: []};
const settle = (t0, out) => requestAnimationFrame(() => {
  document.getElementById('board').offsetWidth;  // style and layout of the new board, done now
  out.push(performance.now() - t0);
});
// One resize may come in two (width, then height): the last one starts the clock. bench.reset() drops a
// watch left from loading, when the first board's data-cols would stop it.
let watch = null;
bench.reset = () => { if (watch) watch.disconnect(); bench.turns = []; };
addEventListener('resize', () => {
  const t0 = performance.now(), board = document.getElementById('board');
  if (watch) watch.disconnect();
  watch = new MutationObserver(() => {
    watch.disconnect();
    const rebuilt = performance.now() - t0, frame = [];
    settle(t0, frame);
    requestAnimationFrame(() => requestAnimationFrame(() => bench.turns.push([rebuilt, frame[0]])));
  });
  watch.observe(board, {attributes: true, attributeFilter: ['data-cols']});
});
addEventListener('pointermove', event => {
  if (event.pointerType === 'touch') settle(performance.now(), bench.steps);
}, true);
"""


def turns(page: Page) -> list[list[float]]:
    page.evaluate("bench.reset()")
    for i in range(TURNS):
        page.set_viewport_size(LANDSCAPE if i % 2 == 0 else PHONE)
        page.wait_for_function(f"bench.turns.length > {i}", timeout=TIMEOUT_MS)
    return page.evaluate("bench.turns")


def pinch(page: Page) -> list[float]:
    cdp = page.context.new_cdp_session(page)
    box = page.locator(".board-scroll").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def touch(kind: str, spread: float) -> None:
        points = [{"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 40)
    for step in range(1, STEPS + 1):
        touch("touchMove", 40 + 8 * step)
        page.wait_for_timeout(60)
    touch("touchEnd", 40 + 8 * STEPS)
    page.wait_for_timeout(200)
    return page.evaluate("bench.steps")[2:]  # the first moves are within the slop: no zoom yet


def main() -> int:
    if not vendored():
        print("bench/phone.py: the runtime is not vendored: run `make bench`")
        return 1
    with sync_playwright() as playwright, site() as base:
        browser = launch(playwright)
        print(f"{'board':<16} {'turn: rebuilt':>14} {'laid out':>9} {'pinch step':>11}  (median / max, ms)")
        for name, path in BOARDS.items():
            context = browser.new_context(
                base_url=base, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=3
            )
            page = context.new_page()
            page.add_init_script(PROBES)
            page.goto(path)
            page.wait_for_selector("#board:not([data-state=loading])", timeout=TIMEOUT_MS)
            rebuilt, laid = zip(*turns(page), strict=True)
            page.set_viewport_size(PHONE)
            steps = pinch(page)
            print(
                f"{name:<16} {statistics.median(rebuilt):7.0f} / {max(rebuilt):4.0f}"
                f" {statistics.median(laid):5.0f} / {max(laid):4.0f}"
                f" {statistics.median(steps):5.0f} / {max(steps):4.0f}"
            )
            context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
