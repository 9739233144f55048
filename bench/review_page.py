"""The review and the analysis board in the page (Chromium, Pyodide), beside the issue's goals.

Run: `.venv/bin/python bench/review_page.py [GAMES]` (default 8 expert games, seeds 0..GAMES-1). Figures
only; nothing here fails a build, and the machine may be busy (compare figures taken together).

The games are bench/review.py's sensible player's (played here on CPython), brought to the page as replay
links (`#replay=`), so the page reviews the very game: Game → Review the game, from the click to the last
judgement in the list (`aria-busy` gone), and the longest task the page ran meanwhile (Chromium's
long-task entries, 50 ms and more: what a click or a paint would wait for; the review gives the browser
its turn every 40 ms, web/review.py). Goals: a review within 1 s, the page never frozen.

Each figure is given twice: the time in the page (wall time: what a player waits, on this machine shared
with other work) and the page's main-thread CPU time over the same span (Chromium's `ThreadTime` metric,
through CDP: the page's own cost, which the load of the machine does not inflate).

The analysis board: the positions before each guess of those games, and one half way through each, opened
as `#analysis=` links (the address's hashchange, as a pasted link): from the change to the handler's end
(the study drawn on every cell, its words written), and to the next frame painted. Goal: a median 200 ms.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from playwright.sync_api import CDPSession, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from chromium import DESKTOP, TIMEOUT_MS, launch, site, vendored
from minesweeper.diagram import to_code
from minesweeper.replaycode import Recording
from minesweeper.replaycode import to_code as replay_code
from minesweeper.review import review
from review import play, positions

# Ask for the review from the Game menu's item; resolve with [ms to the last judgement, longest task ms].
REVIEW = """
() => new Promise(resolve => {
  let longest = 0;
  const observer = new PerformanceObserver(list => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({type: 'longtask'});
  const list = document.getElementById('review-moves');
  const start = performance.now();
  const done = () => {
    const ms = performance.now() - start;
    setTimeout(() => { observer.disconnect(); resolve([ms, longest]); }, 0);  // the last entries in
  };
  new MutationObserver((changes, watcher) => {
    if (!list.hasAttribute('aria-busy') && list.children.length) { watcher.disconnect(); done(); }
  }).observe(list, {attributes: true, attributeFilter: ['aria-busy']});
  document.querySelector('#game-menu [data-command=review]').click();
})
"""

# Open an analysis link in this tab: [ms to the end of the page's hashchange handler, ms to the paint].
ANALYSE = """
hash => new Promise(resolve => {
  const start = performance.now();
  addEventListener('hashchange', () => {  // after the page's own listener, added first
    const handled = performance.now() - start;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve([handled, performance.now() - start]);
      channel.port2.postMessage(0);
    });
  }, {once: true});
  location.hash = hash;
})
"""


def thread_ms(cdp: CDPSession) -> float:
    """The renderer's main thread's CPU time so far, in ms."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return 1000 * next(m["value"] for m in metrics if m["name"] == "ThreadTime")


def timed(cdp: CDPSession, page: Page, script: str, arg: object = None) -> tuple[list[float], float]:
    """What `script` resolves to (times in the page), and the main thread's CPU ms meanwhile."""
    before = thread_ms(cdp)
    found = page.evaluate(script, arg)
    return [float(value) for value in found], thread_ms(cdp) - before


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#board:not([data-state=loading])", timeout=TIMEOUT_MS)


def goal(value: float, which: str, bound: float) -> str:
    return f"goal: {which} <= {bound:.0f} ms, {'met' if value <= bound else 'MISSED'}"


def line(name: str, values: list[float], goal: str = "") -> str:
    return f"{name:<44} median {statistics.median(values):7.1f} ms  worst {max(values):7.1f} ms  {goal}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else 8
    if not vendored():
        print("review page bench: vendor/ is missing; run `make bench`", file=sys.stderr)
        return 1
    played = [play(seed) for seed in range(games)]
    with site() as base, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_context(viewport=DESKTOP, service_workers="block").new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            print(f"review in the page, Chromium {browser.version}: {games} expert games", flush=True)
            totals, longest, actions, studies, painted, review_cpu, study_cpu = [], [], [], [], [], [], []
            for game in played:
                open_page(page, f"{base}index.html#replay={replay_code(Recording.of(game))}")
                (ms, task), cpu = timed(cdp, page, REVIEW)
                totals.append(ms)
                longest.append(task)
                review_cpu.append(cpu)
                actions.append(len(game.log))
                for diagram in positions(game, review(game)):
                    (handled, shown), cpu = timed(cdp, page, ANALYSE, f"#analysis={to_code(diagram)}")
                    studies.append(handled)
                    painted.append(shown)
                    study_cpu.append(cpu)
            print(
                f"games: {statistics.median(actions):.0f} actions (median, {min(actions)} to {max(actions)})"
            )
            print(line("review of a whole game, in the page", totals, goal(max(totals), "worst", 1000)))
            print(
                line(
                    "review of a whole game, main thread's CPU",
                    review_cpu,
                    goal(max(review_cpu), "worst", 1000),
                )
            )
            print(line("longest task during a review", longest, "(0: none of 50 ms or more)"))
            print(line(f"analysis of a position ({len(studies)}), handler", studies))
            print(
                line(
                    "analysis of a position, painted",
                    painted,
                    goal(statistics.median(painted), "median", 200),
                )
            )
            print(
                line(
                    "analysis of a position, main thread's CPU",
                    study_cpu,
                    goal(statistics.median(study_cpu), "median", 200),
                )
            )
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
