"""A new version with the game open in two tabs: both offer it, and after one tab's Update the other's
Update still reloads into it (the new worker already serves that tab, so there is nothing left waiting)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, expect

from .conftest import LOAD_TIMEOUT_MS, Watch, new_context, open_game
from .test_pwa import (  # noqa: F401 (built and host are fixtures)
    NEW_TITLE,
    Site,
    built,
    deploy_new_version,
    host,
    play_first_click,
    wait_until_offline_ready,
)


def test_update_in_one_tab_then_in_the_other(
    browser: Browser,
    built: Path,  # noqa: F811 (the fixture)
    host: Callable[..., Site],  # noqa: F811 (the fixture)
    tmp_path: Path,
) -> None:
    site = host(shutil.copytree(built, tmp_path / "site"))
    watch = Watch(origin=site.origin)
    context = new_context(browser, site.url, watch, service_workers="allow")
    first = context.new_page()
    open_game(first, "index.html?seed=11")
    play_first_click(first)
    wait_until_offline_ready(first)
    second = context.new_page()
    open_game(second, "index.html")
    wait_until_offline_ready(second)

    deploy_new_version(site.root)
    for page in (first, second):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # back to the tab: a check
        expect(page.locator("#update")).to_be_visible(timeout=LOAD_TIMEOUT_MS)

    with first.expect_navigation():
        first.click("#update-accept")
    first.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert first.title() == NEW_TITLE

    # The other tab still runs the old page under the new worker: its Update reloads it into the new one.
    expect(second.locator("#update")).to_be_visible()
    with second.expect_navigation(timeout=10_000):
        second.click("#update-accept")
    second.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert second.title() == NEW_TITLE
    expect(second.locator("#update")).to_be_hidden()
    context.close()
    watch.check()
