"""What the page benchmarks share: the repository served as the site on a free port, and Debian's
Chromium launched as the tests launch it (tests/e2e/conftest.py) but without --process-per-site, which
would let one page reuse another's compiled Pyodide; and a desktop context."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
DESKTOP = {"width": 1280, "height": 800}
TIMEOUT_MS = 120_000


def vendored() -> bool:
    """The runtime the page loads is in vendor/ (`make bench` puts it there)."""
    return (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists()


@contextmanager
def served() -> Iterator[tuple[str, serve.Server]]:
    """The site's base URL and its server (which notes the bytes it sends), for the block's duration."""
    server = serve.start(ROOT)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        server.shutdown()


@contextmanager
def site() -> Iterator[str]:
    """The site's base URL, served for the duration of the block."""
    with served() as (base, _):
        yield base


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def downloads(sent: list[tuple[str, int]]) -> str:
    """What a visit downloaded (the server's bodies), against the goal, and the files fetched twice."""
    total = sum(size for _, size in sent)
    paths = [path.split("?")[0] for path, _ in sent]
    twice = sorted({path for path in paths if paths.count(path) > 1})
    met = "met" if total <= 16e6 else "NOT met"
    return (
        f"{total / 1e6:.1f} MB in {len(sent)} bodies (goal <= 16 MB: {met});"
        f" fetched twice: {', '.join(twice) or 'none'}"
    )
