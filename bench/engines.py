"""A first visit and the starts after it in each engine: Chromium, WebKit (MiniBrowser) and Firefox ESR.

Run: `.venv/bin/python bench/engines.py [--runs N] [--engines webkit,firefox] [--hosts plain,gzip]` (`make
test` installs the engines). Figures only. Each engine gets a fresh browser and profile, through the drivers
of the engines suite (tests/e2e/engines/drivers.py), and the site as `make dist` builds it, served as each
kind of host (bench/host.py: one that compresses nothing, one that gzips as GitHub Pages does), which
counts the bytes of every body it sends on the wire:
- first visit: index.html opened once, then the service worker's install and the memory snapshot's making
  (js/snapshot-worker.mjs) awaited: the bytes downloaded (issue 30's goal: at most 5.0 MB, each file once),
  and the time to a playable board (js/boot.mjs's `ready` mark);
- later starts: reloads (the service worker serving, the snapshot restored once kept), each timed the same
  way, with how each started (`<html data-boot>`), against reloads of the bare Pyodide page on the standard
  library as npm ships it (bench/bare.html?stock, the start-up goal's baseline).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from tests.e2e.engines import drivers  # noqa: E402

import dist  # noqa: E402
import host  # noqa: E402
from chromium import launch, served  # noqa: E402

READY = "() => performance.getEntriesByName('ready')[0]?.startTime ?? window.__ready ?? null"
BOOT = (
    "() => [document.documentElement.dataset.boot ?? null, document.documentElement.dataset.snapshot ?? null]"
)
TIMEOUT_S = 300
FIRST_VISIT_BYTES = 5.0e6  # issue 30: at most this on the wire, on any host


def downloads(sent: list[tuple[str, int]]) -> str:
    """What a visit downloaded (the server's bodies), against the goal, and the files fetched twice."""
    total = sum(size for _, size in sent)
    paths = [path.split("?")[0] for path, _ in sent]
    twice = sorted({path for path in paths if paths.count(path) > 1})
    met = "met" if total <= FIRST_VISIT_BYTES else "NOT met"
    return (
        f"{total / 1e6:.2f} MB in {len(sent)} bodies (goal <= {FIRST_VISIT_BYTES / 1e6:.1f} MB: {met});"
        f" fetched twice: {', '.join(twice) or 'none'}"
    )


@contextlib.contextmanager
def hosted(built: Path, kind: host.Kind) -> Iterator[tuple[str, host.serve.Server]]:
    """dist/ served as a host of `kind`: its base URL and its server."""
    server = host.start(built, kind)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        server.shutdown()


def wait(driver: drivers.Driver, check: Callable[[Any], bool], script: str) -> Any:
    """Poll `script` until `check` holds for its value; the value."""
    end = time.monotonic() + TIMEOUT_S
    while time.monotonic() < end:
        with_value = driver.run(script)
        if check(with_value):
            return with_value
        time.sleep(0.2)
    raise TimeoutError(f"{driver.engine}: {script} not ready after {TIMEOUT_S} s")


def measure(driver: drivers.Driver, base: str, sent: list[tuple[str, int]], runs: int, bare: str) -> None:
    name = driver.engine
    sent.clear()
    driver.goto(f"{base}index.html")
    cold = wait(driver, lambda value: value is not None, READY)
    wait(driver, lambda value: value[1] is not None, BOOT)  # the snapshot kept (or refused)
    time.sleep(0.5)
    print(f"{name:<8} first visit: {downloads(sent)}; ready at {cold:.0f} ms; snapshot {driver.run(BOOT)[1]}",
          flush=True)  # fmt: skip
    starts, boots = [], []
    for _ in range(runs):
        driver.reload()
        starts.append(wait(driver, lambda value: value is not None, READY))
        boots.append(driver.run(BOOT)[0])
    stock = []
    for _ in range(runs):
        driver.goto(f"{bare}bench/bare.html?stock")
        stock.append(wait(driver, lambda value: value is not None, READY))
    index, bare = statistics.median(starts), statistics.median(stock)
    print(f"{name:<8} reload: median {index:.0f} ms (range {min(starts):.0f}-{max(starts):.0f}; starts "
          f"{', '.join(sorted(set(map(str, boots))))}); stock bare Pyodide reload: median {bare:.0f} ms; "
          f"ratio {index / bare:.2f}x (goal <= 0.25x)", flush=True)  # fmt: skip


def open_driver(engine: str, browser: Browser | None) -> drivers.Driver:
    if engine == "chromium" and browser:
        return drivers.ChromiumDriver(browser)
    if engine == "webkit":
        return drivers.WebKitDriver()
    if engine == "firefox":
        return drivers.FirefoxDriver()
    raise ValueError(f"engine {engine!r}: must be chromium, webkit or firefox")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default="chromium,webkit,firefox")
    parser.add_argument("--hosts", default="plain,gzip", help="kinds of host (bench/host.py)")
    args = parser.parse_args(argv)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder, served() as (bare, _):
        built = Path(folder) / "dist"
        dist.build(built)
        for kind in map(host.Kind, args.hosts.split(",")):
            for engine in args.engines.split(","):
                print(f"{kind} host:", end=" ")
                with hosted(built, kind) as (base, server):
                    browser = launch(playwright) if engine == "chromium" else None
                    driver = open_driver(engine, browser)
                    try:
                        measure(driver, base, server.sent, args.runs, bare)
                    finally:
                        driver.close()
                        if browser:
                            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
