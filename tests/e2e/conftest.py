"""Fixtures for the browser tests: the site served on a free port, Debian's Chromium, and pages that
fail their test on any console error, uncaught exception or request that leaves the origin."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from bench import host
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

import bundle

from ..watchdog import WATCHDOG, deadline

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Tests only: all pages of a site share one renderer process (see `lender`); pages behave the same.
    "--process-per-site",
]
SCREENSHOTS = ROOT / "tests" / "screenshots"
LOAD_TIMEOUT_MS = 60_000
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The repository served as the site, at http://127.0.0.1:PORT/, by a host that sends the big files'
    siblings with their codec as `Content-Encoding` (bench/host.py's encoded kind), which Chromium then
    decodes natively: fzstd, the page's decoder of Zstandard, took a quarter more time than this over the
    tests of a page's play (2026-11-27). The page's own decoding has the tests of the other kinds of host
    (test_hosts.py) and the engines suite (WebKit and Firefox, a host that compresses nothing)."""
    if not (ROOT / "vendor" / "pyodide" / "pyodide.mjs").exists() or not (ROOT / "pyscript.json").exists():
        pytest.fail("the runtime is not vendored or pyscript.json is not generated: run `make test`")
    if not bundle.is_fresh():  # the page would run the modules of the last `make generate`, not these
        pytest.fail(f"{bundle.ARCHIVE} is older than the sources under py/: run `make generate`")
    if json.loads((ROOT / "pyscript.json").read_text()).get("snapshot-stamp") != bundle.snapshot_stamp():
        pytest.fail(f"pyscript.json's snapshot-stamp is not {bundle.ARCHIVE}'s digest: run `make generate`")
    server = host.start(ROOT, host.Kind.ENCODED)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    # Chromium's standard error, where a renderer that crashes writes its signal and stack (its log file never
    # gets them), comes through Playwright's driver as its debug lines: pytest shows them with a failed test.
    # A renderer crashed at a page's load once in a full run, and once in bench/tap.py, which shares no
    # renderer between pages: the log file's lines did not say why.
    os.environ.setdefault("DEBUG", "pw:browser")
    with sync_playwright() as p:
        WATCHDOG.loops.append(p._loop)  # a call past its deadline is cancelled there
        yield p


def launch(playwright: Playwright, *more: str) -> Browser:
    """Debian's Chromium with the suite's switches, and `more`."""
    if not shutil.which(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *more])


# Chromium's own log, a file per worker: a renderer that crashes (once in a full run, issue 31: "Target
# crashed", nothing in the kernel's log) fails its test with the log's last lines, what Chromium said of it.
CHROMIUM_LOG = Path(tempfile.gettempdir()) / f"minesweeper-chromium-{os.getpid()}.log"
NOISE = ("dbus", "CONSOLE(", "bluez", "idle_linux", "PropertiesChanged", "GetAll request")


def chromium_log_tail(lines: int = 25) -> str:
    try:
        said = CHROMIUM_LOG.read_text(errors="replace").splitlines()
    except OSError as error:
        return f"(no Chromium log: {error})"
    return "\n".join([line for line in said if not any(n in line for n in NOISE)][-lines:])


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = launch(playwright, "--enable-logging", f"--log-file={CHROMIUM_LOG}")
    yield browser
    browser.close()
    CHROMIUM_LOG.unlink(missing_ok=True)


@dataclass
class Watch:
    """What a page did that a test must not let pass silently."""

    origin: str
    errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("crash", self._crash)

    def attach_context(self, context: BrowserContext) -> None:
        context.on("request", self._request)

    def detach_context(self, context: BrowserContext) -> None:
        context.remove_listener("request", self._request)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def _crash(self, page: Page) -> None:
        self.errors.append(f"the renderer crashed; Chromium's log:\n{chromium_log_tail()}")

    def _request(self, request: Any) -> None:
        url = request.url
        if not (url.startswith(self.origin) or url.startswith(("data:", "blob:", "about:"))):
            self.foreign_requests.append(url)

    def check(self) -> None:
        errors = [e for e in self.errors if not any(a in e for a in self.allowed_errors)]
        assert not errors, f"errors in the page: {errors}"
        assert not self.foreign_requests, f"requests left the origin: {self.foreign_requests}"


def new_context(browser: Browser, base_url: str, watch: Watch, **options: Any) -> BrowserContext:
    options.setdefault("viewport", DESKTOP)
    # The service worker would precache 17 MB in every test and could serve a file cached before an edit;
    # only the offline tests (test_pwa.py) pass service_workers="allow".
    options.setdefault("service_workers", "block")
    context = browser.new_context(base_url=base_url, **options)
    watch.attach_context(context)
    context.on("page", watch.attach)
    return context


@pytest.fixture
def watch(base_url: str) -> Watch:
    return Watch(origin=base_url.rstrip("/"))


# What a test may leave in a lent context: all the origin's storage but Cache Storage's memory snapshot
# (`Lender.snapshot`), wiped from a page of the origin: no CDP session (its detach once never answered and
# held a whole run, issue 31). The HTTP cache stays. Each step is bounded: an answer that does not come
# fails the test, and the context is not lent again.
WIPE = """async () => {
  const { SNAPSHOTS } = await import("./js/snapshot.mjs");
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    await new Promise((done, failed) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = done;
      request.onerror = () => failed(new Error(`indexedDB ${name}: ${request.error}`));
    });
  }
  const files = await navigator.storage.getDirectory();
  for await (const name of files.keys()) await files.removeEntry(name, { recursive: true });
  for (const name of await caches.keys()) if (name !== SNAPSHOTS) await caches.delete(name);
  return (await caches.open(SNAPSHOTS).then((cache) => cache.keys())).length > 0;
}"""
WIPE_S = 30  # the wipe takes ~10 ms; a renderer that does not answer in this is broken
# The memory snapshot as js/boot.mjs has js/snapshot-worker.mjs make it after a player's first start (which
# needs the service worker, blocked in lent contexts): the same request, from js/snapshot.mjs.
# `Lender.snapshot` checks that a start restores it.
MAKE_SNAPSHOT = """async () => {
  const { version } = await import("./vendor/pyodide/pyodide.mjs");
  const { request, stampOf } = await import("./js/snapshot.mjs");
  const digest = (await (await fetch("pyscript.json")).json())["snapshot-stamp"];
  const worker = new Worker("js/snapshot-worker.mjs", { type: "module" });
  const answer = new Promise((done) => {
    worker.onmessage = ({ data }) => done(data);
    worker.onerror = (event) => done({ error: event.message });
  });
  worker.postMessage(request(stampOf(digest, version)));
  try {
    return await answer;
  } finally {
    worker.terminate();
  }
}"""
SNAPSHOT_S = 120  # a snapshot takes ~3 s to make
# Tests a lent context's renderer serves before it is let go (its keeper page closed, so the process ends and
# the next test starts a fresh one): one renderer that had run ~170 page loads stopped answering, wedged, in
# bench/lending.py, and late in a full run is when the CDP detach of issue 31 never answered.
RENEW_AFTER = 40


@dataclass
class Lender:
    """One context for a worker's session, with a page of the site kept open in it (the keeper): with
    --process-per-site every page of the site then runs in that one renderer process, which keeps
    Pyodide's compiled WebAssembly and start-up scripts, so a page load in a test takes about 0.7 s
    instead of 1.9 s in a new context. The context also keeps a memory snapshot, as a returning player's
    browser does, so a start restores it: 0.56 s instead of 0.76 s (8 loads each, 2026-11-25). The first
    visit and its normal start stay covered by the PWA, boot and engines tests, which make their own
    contexts. A context that fails its reset (a step past its bound, a crashed renderer) is dropped and the
    next test gets a new one."""

    browser: Browser
    base_url: str
    options: dict[str, Any]
    opened: BrowserContext | None = None
    keeper: Page | None = None
    served: int = 0  # tests lent since the keeper (and so the renderer) was last renewed

    @property
    def context(self) -> BrowserContext:
        if self.opened is None:
            self.opened = self.browser.new_context(
                base_url=self.base_url, service_workers="block", **self.options
            )
        return self.opened

    def keep(self) -> Page:
        if self.keeper is None or self.keeper.is_closed():
            self.keeper = self.context.new_page()
            self.keeper.on("crash", lambda page: self.keeper is page and self.forget_keeper())
            self.keeper.goto("manifest.webmanifest")
        return self.keeper

    def forget_keeper(self) -> None:
        self.keeper = None  # a crashed renderer took it along: the next keep() opens another

    def wipe(self) -> bool:
        """Wipe the origin's storage but the memory snapshot; True if the snapshot is kept."""
        with deadline(WIPE_S, "wiping the lent context"):
            kept: bool = self.keep().evaluate(WIPE)
        return kept

    def snapshot(self) -> None:
        """Make the memory snapshot, unless it is kept, and check that a start restores it."""
        if self.wipe():
            return
        with deadline(SNAPSHOT_S, "making the lent context's memory snapshot"):
            made = self.keep().evaluate(MAKE_SNAPSHOT)
            assert "kept" in made, f"no memory snapshot for the lent context: {made}"
            page = open_game(self.context.new_page())
            boot = page.evaluate("document.documentElement.dataset.boot")
            page.close()
        assert boot == "snapshot", f"the lent context's snapshot was not restored ({boot}): see MAKE_SNAPSHOT"

    def drop(self) -> None:
        """Give up this context (its close bounded too): the next test gets a new one."""
        context, self.opened, self.keeper = self.opened, None, None
        if context is not None:
            with contextlib.suppress(Exception), deadline(WIPE_S, "closing a broken lent context"):
                context.close()

    def reset(self) -> None:
        """Back as a new context has it: the test's pages closed, permissions, cookies, offline, storage;
        every RENEW_AFTER tests, a fresh renderer."""
        context, keeper = self.context, self.keep()
        self.served += 1
        with deadline(WIPE_S, "closing the test's pages"):
            for page in context.pages:
                if page is not keeper:
                    page.close()
            context.clear_permissions()
            context.clear_cookies()
            context.set_offline(False)
        self.snapshot()  # made again only if the test's pages dropped it
        if self.served >= RENEW_AFTER:
            with deadline(WIPE_S, "renewing the lent context's renderer"):
                keeper.close()
            self.keeper, self.served = None, 0


def lender(browser: Browser, base_url: str, **options: Any) -> Iterator[Lender]:
    lent = Lender(browser, base_url, options)
    lent.snapshot()
    yield lent
    lent.drop()


def lend(lent: Lender, watch: Watch) -> Iterator[BrowserContext]:
    """The lender's context, watched for this test; afterwards the test's pages close and what a test can
    change through the context goes back as a new context has it: the origin's storage, cookies,
    permissions, offline. Routes, init scripts and bindings are not undone: tests set those on a page."""
    # Once more at the start: a write from the last test's pages as they closed (a game saved at pagehide)
    # can land after the last reset, and a game resumed from it once broke a test that expects a fresh board.
    try:
        lent.snapshot()
    except Exception:
        lent.drop()  # the last test broke it: this test gets a new one
        lent.snapshot()
    context = lent.context
    watch.attach_context(context)
    context.on("page", watch.attach)
    try:
        yield context
    finally:
        watch.detach_context(context)
        context.remove_listener("page", watch.attach)
        try:
            lent.reset()
        except BaseException:
            lent.drop()
            raise
    watch.check()


@pytest.fixture(scope="session")
def desktop_lender(browser: Browser, base_url: str) -> Iterator[Lender]:
    yield from lender(browser, base_url, viewport=DESKTOP)


@pytest.fixture(scope="session")
def phone_lender(browser: Browser, base_url: str) -> Iterator[Lender]:
    yield from lender(
        browser, base_url, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=3
    )


@pytest.fixture
def context(desktop_lender: Lender, watch: Watch) -> Iterator[BrowserContext]:
    """A desktop context (1280x800) with nothing stored; the test fails on page errors or foreign
    requests."""
    yield from lend(desktop_lender, watch)


@pytest.fixture
def phone_context(phone_lender: Lender, watch: Watch) -> Iterator[BrowserContext]:
    """A phone context with nothing stored: 390x844, touch, mobile viewport."""
    yield from lend(phone_lender, watch)


@pytest.fixture
def own_phone(browser: Browser, base_url: str, watch: Watch) -> Iterator[Page]:
    """A phone page in a new context of its own, for a test that changes what a lent context would keep
    (page.clock: a paused clock stays with the context)."""
    options = {"viewport": PHONE, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
    context = new_context(browser, base_url, watch, **options)
    yield context.new_page()
    context.close()
    watch.check()


def device_page(request: pytest.FixtureRequest, device: str) -> Page:
    """A page for a test parametrized by device: "desktop" (1280x800), "phone" (390x844, touch) or
    "landscape" (the phone held sideways, 844x390)."""
    page: Page = request.getfixturevalue("page" if device == "desktop" else "phone")
    if device == "landscape":
        page.set_viewport_size(LANDSCAPE)
    return page


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def phone(phone_context: BrowserContext) -> Page:
    return phone_context.new_page()


def open_game(page: Page, path: str = "index.html") -> Page:
    """Open the page and wait until the board takes input (data-state leaves `loading`)."""
    page.goto(path)
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    return page


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot under tests/screenshots/ (git-ignored) for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path
