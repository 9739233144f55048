"""The installable, offline app in real Chromium: Chromium's installability check passes, the service
worker precaches the site so that it loads and plays with the network cut (at the root and under a
sub-path), and a new version waits for the player's click, keeps the game and then runs.

Each test serves its own copy of dist/ (built once into a temporary folder), since it stops the server
or deploys a new version; the repository's files are never touched. Every test fails on a console error
(a CSP violation is one) or on a request that leaves the origin.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, expect

import dist
import precache
import serve

from .conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    LOAD_TIMEOUT_MS,
    PHONE,
    Watch,
    new_context,
    open_game,
    screenshot,
)
from .play import cell, looks, state

SUB_PATH = "/games/minesweeper/"
NEW_TITLE = "Minesweeper, the next version"


@dataclass
class Site:
    """A copy of dist/ on its own server, so that a test can stop it or deploy to it."""

    root: Path
    server: serve.Server
    url: str

    @classmethod
    def start(cls, root: Path, prefix: str = "/") -> Site:
        server = serve.start(root, prefix=prefix)
        return cls(root, server, f"http://127.0.0.1:{server.server_address[1]}{prefix}")

    @property
    def origin(self) -> str:
        return self.url[: self.url.index("/", len("http://"))]

    def stop(self) -> None:
        """Cut the network for real: `set_offline` alone may not stop the worker's own requests."""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ built from the repository into a temporary folder, once per session."""
    out = tmp_path_factory.mktemp("dist") / "site"
    dist.build(out)
    return out


@pytest.fixture
def host() -> Iterator[Callable[..., Site]]:
    """Start sites (`host(root, prefix="/")`); they all stop at the end of the test."""
    started: list[Site] = []

    def start(root: Path, prefix: str = "/") -> Site:
        started.append(Site.start(root, prefix))
        return started[-1]

    yield start
    for site in started:
        site.stop()


def wait_until_offline_ready(page: Page) -> None:
    """Until the worker controls the page (activate, claim), which it takes once every file is cached
    (js/boot.mjs marks it)."""
    activated = "navigator.serviceWorker.controller?.state === 'activated'"
    script = f"{activated} && document.documentElement.dataset.offline === 'ready'"
    page.wait_for_function(script, timeout=LOAD_TIMEOUT_MS)


def go_offline(site: Site, context: BrowserContext) -> None:
    site.stop()
    context.set_offline(True)


def play_first_click(page: Page) -> None:
    cell(page, 0, 0).click()
    expect(page.locator("#board")).not_to_have_attribute("data-state", "ready")
    assert state(page) in {"playing", "won", "lost"}


def test_plays_offline_after_the_first_visit(
    browser: Browser, built: Path, host: Callable[..., Site]
) -> None:
    site = host(built)
    watch = Watch(origin=site.origin)
    context = new_context(
        browser, site.url, watch, viewport=PHONE, has_touch=True, is_mobile=True, service_workers="allow"
    )
    page = context.new_page()
    open_game(page)
    page.evaluate("window.firstDocument = true")
    wait_until_offline_ready(page)
    # The first install neither offers an update nor reloads the page when the worker takes control.
    assert page.evaluate("window.firstDocument") is True
    expect(page.locator("#update")).to_be_hidden()

    go_offline(site, context)
    response = page.goto("index.html?level=expert&seed=3")  # the query string is not a file to cache
    assert response is not None and response.from_service_worker
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#board").get_attribute("data-cols") == "16"  # expert, turned upright on a phone
    cell(page, 0, 0).tap()
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    screenshot(page, "pwa-offline-phone")
    context.close()
    watch.check()


def launch_profile(playwright: Playwright, profile: Path, site: Site, watch: Watch) -> BrowserContext:
    """A browser with a real (temporary) profile: in an incognito one, Chromium never offers to install."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, base_url=site.url, viewport=DESKTOP
    )
    watch.attach_context(context)
    context.on("page", watch.attach)
    for page in context.pages:
        watch.attach(page)
    return context


def test_dist_installs_and_plays_offline_under_a_sub_path(
    playwright: Playwright, built: Path, host: Callable[..., Site], tmp_path: Path
) -> None:
    site = host(built, SUB_PATH)
    watch = Watch(origin=site.origin)
    context = launch_profile(playwright, tmp_path / "profile", site, watch)
    page = context.pages[0]
    open_game(page, site.url)
    wait_until_offline_ready(page)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    app_manifest = cdp.send("Page.getAppManifest")
    assert app_manifest["url"] == site.url + "manifest.webmanifest"
    assert app_manifest["errors"] == []
    registration = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert registration == site.url

    go_offline(site, context)
    response = page.goto(site.url + "?level=intermediate")  # the scope itself is the page
    assert response is not None and response.from_service_worker
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#board").get_attribute("data-cols") == "16"
    play_first_click(page)
    context.close()
    watch.check()


def deploy_new_version(root: Path) -> str:
    """What a deploy does: a changed file and, regenerated with it, the precache list; returns the page."""
    page = root / "index.html"
    old = page.read_text()
    new = old.replace("<title data-i18n>Minesweeper</title>", f"<title data-i18n>{NEW_TITLE}</title>", 1)
    assert new != old, "index.html has no <title data-i18n>Minesweeper</title> to change"
    page.write_text(new)
    precache.write(root)
    return new


CHECK_FOR_UPDATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing;
    if (worker === null) return null;
    await new Promise((done) => {
        const check = () => worker.state !== "installing" && done();
        worker.addEventListener("statechange", check);
        check();
    });
    return worker.state;
}"""


def check_for_update(page: Page) -> str | None:
    """What the browser does at a navigation: the state a new worker reaches, "installed" (then it waits)
    or "redundant" (its install failed); None if there is no new version."""
    state: str | None = page.evaluate(CHECK_FOR_UPDATE)
    return state


def test_a_new_version_waits_for_the_player_and_keeps_the_game(
    browser: Browser, built: Path, host: Callable[..., Site], tmp_path: Path
) -> None:
    site = host(shutil.copytree(built, tmp_path / "site"))
    watch = Watch(origin=site.origin)
    context = new_context(browser, site.url, watch, service_workers="allow")
    downloads = worker_downloads(context, site)
    page = context.new_page()
    open_game(page, "index.html?seed=11")
    play_first_click(page)
    game = looks(page)
    wait_until_offline_ready(page)
    page.evaluate("window.firstDocument = true")
    downloads.clear()

    # A deploy caught half done, the new list with a file not yet copied: the install fails, nothing shows.
    new_page = deploy_new_version(site.root)
    (site.root / "index.html").write_text(new_page.replace(NEW_TITLE, "Minesweeper, half copied"))
    assert check_for_update(page) == "redundant"
    expect(page.locator("#update")).to_be_hidden()

    # The deploy is done, within the same second as the half copy: a server's Last-Modified cannot tell
    # the two apart, so a revalidation answers 304 with the half copy's body (forced here, not left to time).
    half = (site.root / "index.html").stat().st_mtime
    (site.root / "index.html").write_text(new_page)
    os.utime(site.root / "index.html", (half, half))
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the player comes back: a check
    expect(page.locator("#update")).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    screenshot(page, "pwa-update-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "pwa-update-phone")
    # The old version keeps running, unreloaded, with the game as it was, until the player says so.
    page.wait_for_timeout(500)
    assert page.evaluate("window.firstDocument") is True
    assert page.title() == "Minesweeper"
    assert looks(page) == game
    # Only what changed was asked for (the page also under the scope's URL, "", in the HTTP cache), and the
    # worker's scripts (an update check compares each script it imports): the unchanged 13 MB came from the
    # old cache.
    expected = ["", "index.html", "js/siblings.js", "precache-manifest.js", "service-worker.js"]
    expected.append("vendor/fzstd/fzstd.js")
    assert sorted(set(downloads)) == expected

    # "Later": the prompt goes; a reload still runs the old version (it resumes the game) and asks again.
    page.click("#update-later")
    expect(page.locator("#update")).to_be_hidden()
    open_game(page, "index.html")
    assert page.title() == "Minesweeper"
    assert looks(page) == game
    expect(page.locator("#update")).to_be_visible()

    with page.expect_navigation():
        page.click("#update-accept")
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert page.title() == NEW_TITLE
    assert looks(page) == game
    expect(page.locator("#update")).to_be_hidden()
    assert [name for name in cache_names(page) if not name.startswith("minesweeper-snapshot")] == [
        cache_name(site)
    ]
    context.close()
    watch.check()


def worker_downloads(context: BrowserContext, site: Site) -> list[str]:
    """The paths the service worker itself fetches from now on (precaching, update checks)."""
    paths: list[str] = []

    def on_request(request: Request) -> None:
        if request.service_worker:
            paths.append(request.url.removeprefix(site.url))

    context.on("request", on_request)
    return paths


def cache_names(page: Page) -> Any:
    return page.evaluate("caches.keys()")


def cache_name(site: Site) -> str:
    """The one cache the worker of the deployed version keeps (service-worker.js names it)."""
    version = precache.precache_list(site.root)["version"]
    return f"minesweeper {site.url.removeprefix(site.origin)} {version}"
