"""Solver speed in the page (Chromium, Pyodide): a no-guess first click, a hint and the odds overlay.

Run: `make bench` or `.venv/bin/python bench/solver_page.py [--runs N]` (default 9 games per size).
Figures only; nothing here fails a build, and the machine may be busy. Everything goes through the
keyboard the page documents (H hint, O odds, Enter opens the focus cell, N new game), dispatched in
the page, so a figure is the page's own work: from the keydown to the handler's return ("handler") and
to the first task after the next animation frame ("painted": style, layout and paint done).

- no-guess first click: H marks the centre and moves the focus there, Enter opens it: the board is
  made (noguess.place_no_guess) and the opening painted. Expert and the dense 30x16/130 of the issue
  (targets, for the whole click: a median 500 ms and under 2 s), and the densest boards offered at
  5000 and 10 000 cells, 70x70/980 and 100x100/1600 (noguess.check_size).
- hint and odds on mid-game expert positions: normal expert games are played by H and Enter (the hint
  opens a safe cell when logic has one, else the least risky) until half the safe cells are open; then
  H, O (the overlay written on every covered cell), one more Enter with the overlay on (the update
  after an action) and O again (cleared).
- odds on a huge board: 256x256/13000 after its opening click, where counting exceeds the work budget
  and the overlay shows estimates.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from playwright.sync_api import Page, sync_playwright

from chromium import DESKTOP, TIMEOUT_MS, launch, site, vendored

# Press `key` on the focused element (the page's keydown listener is on the document): [handler ms,
# painted ms]. The first task after the next frame's callback runs once that frame is drawn.
PRESS = """
key => new Promise(resolve => {
  const target = document.activeElement || document.body;
  const start = performance.now();
  target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
  const handler = performance.now() - start;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve([handler, performance.now() - start]);
    channel.port2.postMessage(0);
  });
})
"""

# Play by hints until half the safe cells are open (or the game ends): H then Enter, in the page.
HALF_BY_HINTS = """
() => {
  const board = document.getElementById('board');
  const press = key => document.activeElement.dispatchEvent(
    new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
  const cells = board.querySelectorAll('[data-cell]');
  const safe = cells.length - Number(document.getElementById('mines-left').textContent);
  const closed = '[data-cell="covered"],[data-cell="flag"],[data-cell="question"]';
  const open = () => cells.length - board.querySelectorAll(closed).length;
  while (['ready', 'playing'].includes(board.dataset.state) && open() < safe / 2) {
    press('h');
    press('Enter');
  }
  return board.dataset.state;
}
"""


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#board:not([data-state=loading])", timeout=TIMEOUT_MS)
    page.evaluate("document.activeElement && document.activeElement.blur()")


def press(page: Page, key: str) -> tuple[float, float]:
    handler, painted = page.evaluate(PRESS, key)
    return float(handler), float(painted)


def report(name: str, times: list[tuple[float, float]], target: float | None = None) -> None:
    handler = [h for h, _ in times]
    painted = [p for _, p in times]
    goal = "" if target is None else f"   target median < {target:g} ms"
    goal += "" if target is None else (" ok" if statistics.median(painted) < target else " MISSED")
    print(
        f"{name:<40} handler median {statistics.median(handler):7.1f} ms (max {max(handler):7.1f})"
        f"   painted median {statistics.median(painted):7.1f} ms (max {max(painted):7.1f}){goal}",
        flush=True,
    )


def first_clicks(page: Page, base: str, query: str, runs: int) -> list[tuple[float, float]]:
    """No-guess first clicks on `runs` seeds: H marks the centre, Enter opens it."""
    times = []
    for seed in range(runs):
        open_page(page, f"{base}index.html?{query}&mode=no-guess&seed={seed}")
        press(page, "h")
        times.append(press(page, "Enter"))
        assert page.locator("#board").get_attribute("data-state") in ("playing", "won")
        assert page.locator("#mode").get_attribute("data-mode") == "no-guess"
    return times


def mid_game(page: Page, base: str, runs: int) -> None:
    hints, odds_on, action, odds_off = [], [], [], []
    seed = 0
    while len(hints) < runs:
        seed += 1
        open_page(page, f"{base}index.html?level=expert&seed={seed}")
        if page.evaluate(HALF_BY_HINTS) != "playing":
            continue  # a least-risky hint hit a mine, or the game was won: not a mid-game position
        hints.append(press(page, "h"))
        odds_on.append(press(page, "o"))
        action.append(press(page, "Enter"))
        odds_off.append(press(page, "o"))
    report("hint, mid-game expert", hints)
    report("odds on (every covered cell), expert", odds_on)
    report("an action with the odds on, expert", action)
    report("odds off (cleared), expert", odds_off)


def huge(page: Page, base: str) -> None:
    open_page(page, f"{base}index.html?size=256.256.13000&seed=1")
    press(page, "h")
    press(page, "Enter")
    on = press(page, "o")
    estimated = page.locator("#board").get_attribute("data-odds-estimated") is not None
    report(f"odds on, 256x256/13000 ({'estimates' if estimated else 'exact'})", [on])
    report("hint, 256x256/13000", [press(page, "h")])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    if not vendored():
        print("solver page bench: vendor/ is missing; run `make bench`", file=sys.stderr)
        return 1
    with site() as base, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            context = browser.new_context(viewport=DESKTOP, service_workers="block")
            page = context.new_page()
            print(f"solver in the page, Chromium {browser.version}, {args.runs} runs each", flush=True)
            report("no-guess first click, expert", first_clicks(page, base, "level=expert", args.runs), 500)
            dense = first_clicks(page, base, "size=30.16.130", args.runs)
            report("no-guess first click, 30x16/130", dense, 2000)
            for size in ("70.70.980", "100.100.1600"):
                large = first_clicks(page, base, f"size={size}", max(3, args.runs // 3))
                report(f"no-guess first click, {size.replace('.', 'x', 1).replace('.', '/')}", large)
            mid_game(page, base, args.runs)
            huge(page, base)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
