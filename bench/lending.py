"""Stress the browser tests' lent contexts (tests/e2e/conftest.py): lend a context, play in it as a test
does (a game page opened, a cell clicked, storage written, a page left open), give it back, many times over,
each step under the watchdog's deadlines; print how long each round took and every failure.

Run: .venv/bin/python bench/lending.py [--rounds 300] [--phone]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tools")]

from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    Lender,
    Watch,
    lend,
    open_game,
)
from tests.watchdog import WATCHDOG, deadline  # noqa: E402

import serve  # noqa: E402

ROUND_S = 60  # a round is two or three page loads: far less than this


def play_a_round(lender: Lender, origin: str, round: int) -> None:
    lent = lend(lender, Watch(origin=origin))
    context = next(lent)
    page = open_game(context.new_page())
    page.locator('[data-row="4"][data-col="4"]').click()
    page.evaluate("localStorage.setItem('left', 'behind')")
    if round % 3 == 0:
        open_game(context.new_page())  # two pages left open, as some tests leave them
    with contextlib.suppress(StopIteration):  # the test is over: the context goes back
        next(lent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--phone", action="store_true", help="the phone's lender (touch, 390x844)")
    args = parser.parse_args()
    server = serve.start(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    options = (
        {"viewport": PHONE, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
        if args.phone
        else {"viewport": DESKTOP}
    )
    seconds: list[float] = []
    failures: list[str] = []
    with sync_playwright() as playwright:
        WATCHDOG.loops.append(playwright._loop)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        lender = Lender(browser, base, options)
        lender.snapshot()
        for round in range(args.rounds):
            began = time.monotonic()
            try:
                with deadline(ROUND_S, f"round {round}"):
                    play_a_round(lender, base.rstrip("/"), round)
            except Exception as error:  # every failure is a finding: counted and printed
                failures.append(f"round {round}: {type(error).__name__}: {str(error)[:300]}")
                print(failures[-1], flush=True)
            seconds.append(time.monotonic() - began)
            if (round + 1) % 50 == 0:
                print(f"{round + 1} rounds, {len(failures)} failures", flush=True)
        lender.drop()
        browser.close()
    server.shutdown()
    ordered = sorted(seconds)
    tail = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"lending: {len(seconds)} rounds, {len(failures)} failures; a round took median "
        f"{statistics.median(seconds):.2f} s, 95th percentile {tail:.2f} s, worst {ordered[-1]:.2f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
