"""A page whose renderer crashes fails its test with the last lines of Chromium's log (issue 31: a renderer
crashed once in a full run, and nothing said why)."""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Browser, Error, Page

from .conftest import CHROMIUM_LOG, Watch, new_context


def test_a_crashed_renderer_is_reported_with_its_log(browser: Browser, base_url: str, watch: Watch) -> None:
    context = new_context(browser, base_url, watch)
    page = context.new_page()
    crashed: list[Page] = []
    # After the watch's own listener, which conftest puts on each new page:
    page.on("crash", lambda crashed_page: crashed.append(crashed_page))
    with contextlib.suppress(Error):
        page.goto("chrome://crash")  # Chromium's own way to crash the page's renderer
    deadline = time.monotonic() + 10
    while not crashed and time.monotonic() < deadline:
        context.cookies()  # a round trip to the browser, in which Playwright delivers the events that came
    context.close()
    reports = [e for e in watch.errors if e.startswith("the renderer crashed; Chromium's log:")]
    assert len(reports) == 1, watch.errors
    assert CHROMIUM_LOG.exists()
    watch.errors.clear()  # reported: this test itself passes
