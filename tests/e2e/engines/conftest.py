"""Fixtures for the suite that runs in Chromium, WebKit and Firefox: a copy of dist/ whose page carries
the capture script (game.py), served on a free port; one tab per engine and worker for the session, its
origin's storage cleared before each test; the test fails on anything the page noted.

A module's tests in one engine go to one xdist worker (`--dist loadgroup`, the Makefile's), so that each
worker starts an engine once or twice, not once per test.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import dist
import precache

from ..test_pwa import Site
from .drivers import ChromiumDriver, Driver, FirefoxDriver, WebKitDriver
from .game import Tab

ENGINES = ["chromium", "webkit", "firefox"]
# First in the page's head, so before its Content-Security-Policy: the policy does not apply to it, and it
# sees everything after it. Tests only: it goes into the test copy of index.html, never into the site.
CAPTURE = """<script>(() => {
  const noted = window.__problems = [];
  const error = console.error;
  console.error = (...args) => { noted.push(`console.error: ${args.join(' ')}`); error.apply(console, args) };
  addEventListener('error', (e) => noted.push(e.message
    ? `error: ${e.message} at ${e.filename}:${e.lineno}`
    : `failed to load: ${e.target.src || e.target.href}`), true);
  addEventListener('unhandledrejection', (e) => noted.push(`unhandled rejection: ${e.reason}`));
  document.addEventListener('securitypolicyviolation',
    (e) => noted.push(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}`));
})();</script>"""
BLANK = "icons/icon.svg"  # a document of the origin that runs none of the game: storage is cleared there


def probe(root: Path) -> None:
    """Put the capture script into `root`'s page and regenerate its precache list, as a deploy would."""
    page = root / "index.html"
    html = page.read_text()
    assert "<head>" in html, "index.html has no <head> to put the capture script in"
    page.write_text(html.replace("<head>", "<head>\n" + CAPTURE, 1))
    precache.write(root)


@pytest.fixture(scope="session")
def probed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ built from the repository into a temporary folder, with the capture script, once a session."""
    out = tmp_path_factory.mktemp("probed") / "site"
    dist.build(out)
    probe(out)
    return out


@pytest.fixture(scope="session")
def probed_site(probed: Path) -> Iterator[Site]:
    site = Site.start(probed)
    yield site
    site.stop()


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """One xdist group per engine and module: a worker takes a module's tests in one engine whole, so it
    starts that engine once for them, and the modules of the slow engine (WebKit) can go to both workers."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "driver" in callspec.params:
            module = item.module.__name__.rsplit(".", 1)[-1] if item.module else ""
            item.add_marker(pytest.mark.xdist_group(f"{callspec.params['driver']}-{module}"))


@pytest.fixture(scope="session", params=ENGINES)
def driver(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """The engine's tab for this worker's session."""
    started: Driver
    if request.param == "chromium":
        started = ChromiumDriver(request.getfixturevalue("browser"))
    elif request.param == "webkit":
        started = WebKitDriver()
    else:
        started = FirefoxDriver()
    yield started
    started.close()


def fresh_tab(driver: Driver, url: str) -> Iterator[Tab]:
    """A Tab on the site at `url` with the origin's storage empty; afterwards, nothing noted."""
    # The last test's page saves its game as it goes: before the clearing. Only the origin is needed, not the
    # document's load (waiting for it once failed a run in Chromium).
    driver.goto(url + BLANK, loaded=False)
    driver.run("() => { localStorage.clear(); sessionStorage.clear(); }")
    tab = Tab(driver, url, other_buttons=driver.engine != "webkit")
    yield tab
    tab.gather()
    # Blank until the next test: the browser lives to the session's end, and a game page left open (its
    # clock, its animations) kept WebKit's web process at 15% of a core after the engine's last test.
    driver.goto("about:blank")
    assert not tab.problems, f"{driver.engine}: the page noted {tab.problems}"


@pytest.fixture
def tab(driver: Driver, probed_site: Site) -> Iterator[Tab]:
    yield from fresh_tab(driver, probed_site.url)


@pytest.fixture
def own_site(probed: Path, tmp_path: Path) -> Iterator[Site]:
    """A copy of the probed site on its own server (an origin of its own, with no service worker yet),
    for a test that stops the server or deploys to it."""
    site = Site.start(shutil.copytree(probed, tmp_path / "site"))
    yield site
    site.stop()


@pytest.fixture(scope="session")
def touch_driver() -> Iterator[Driver]:
    """Firefox made a touch device by its own preferences (a browser of its own: they apply at start)."""
    started = FirefoxDriver(touch=True)
    yield started
    started.close()
