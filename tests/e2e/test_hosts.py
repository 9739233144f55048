"""The site on the kinds of static host it meets (bench/host.py), in Chromium: the big files travel as their
compressed siblings (tools/compress.py: Zstandard for the runtime and the page's modules, gzip for the rest)
and reach the page plain, whether the host compresses nothing, gzips as GitHub Pages does, or sends a
sibling with its codec as `Content-Encoding` (then the browser has decompressed it, and the page must not do
it again). A first visit starts at once, fetching the siblings itself (js/boot.mjs), and the service
worker's install keeps the page's copies: each file is downloaded once. Where the browser has no
DecompressionStream, the gzip siblings' files come plain, and the Zstandard ones still as siblings (fzstd
decodes them).

Each test serves dist/ (built once into a temporary folder) as one kind of host, which counts the bytes it
sends.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from bench import host
from playwright.sync_api import Browser, Page, expect

import compress
import dist
import serve

from .conftest import Watch, new_context, open_game
from .play import cell

# Bytes on the wire of a first visit, the worker's install included: issue 30's goal, on any host.
FIRST_VISIT_MAX = 5_000_000
RUNTIME = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "py.zip")
QUIET_S = 1.5  # a visit's downloads are over once the server has sent nothing for this long


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist") / "site"
    dist.build(out)
    return out


Host = Callable[[host.Kind], serve.Server]


@pytest.fixture
def serve_as(built: Path) -> Iterator[Host]:
    """Start the built site as a host of a kind (`serve_as(kind)`); stopped at the end of the test."""
    started: list[serve.Server] = []

    def start(kind: host.Kind) -> serve.Server:
        started.append(host.start(built, kind))
        return started[-1]

    yield start
    for server in started:
        server.shutdown()
        server.server_close()


def url_of(server: serve.Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def sent(server: serve.Server) -> dict[str, int]:
    """Once the server has been quiet a moment: each path it sent a body for, with the bytes (summed)."""
    return {name: sum(sizes) for name, sizes in bodies(server).items()}


def bodies(server: serve.Server) -> dict[str, list[int]]:
    """Once the server has been quiet a moment: each path it sent a body for, with each body's bytes."""
    count = -1
    while count != len(server.sent):
        count = len(server.sent)
        time.sleep(QUIET_S)
    found: dict[str, list[int]] = {}
    for path, size in server.sent:
        found.setdefault(urlsplit(path).path.lstrip("/"), []).append(size)
    return found


def first_visit(
    browser: Browser,
    server: serve.Server,
    worker: bool,
    init: str | None = None,
    http_cache: bool = True,
    path: str = "index.html",
    missing: str | None = None,
) -> tuple[Page, Watch]:
    """A first visit in a fresh context, with the service worker or without, until the board has played a
    click (and the worker, if any, controls the page). Without the HTTP cache if asked, as a private window
    has none for a file this big, nor WebKit's automation session at all: Playwright turns it off for a
    context that routes requests."""
    url = url_of(server)
    watch = Watch(origin=url.rstrip("/"))
    context = new_context(browser, url, watch, service_workers="allow" if worker else "block")
    if not http_cache:
        context.route("**/*", lambda route: route.continue_())
    if missing:  # a file the host does not have
        watch.allowed_errors.append("404")
        context.route(missing, lambda route: route.fulfill(status=404, body="missing"))
    if init:
        context.add_init_script(init)
    page = open_game(context.new_page(), path)
    cell(page, 0, 0).click()  # it plays
    expect(page.locator("#board")).not_to_have_attribute("data-state", "ready")
    if worker:
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'")  # every file kept
    return page, watch


@pytest.mark.parametrize("kind", [host.Kind.PLAIN, host.Kind.GZIP])
def test_a_first_visit_takes_the_compressed_siblings_once_each(
    browser: Browser, serve_as: Host, kind: host.Kind
) -> None:
    server = serve_as(kind)
    page, watch = first_visit(browser, server, worker=True)
    sizes = bodies(server)
    for name in RUNTIME:
        assert name + compress.codec(name) in sizes and name not in sizes, name
    # The worker's install took the page's copies: no file came twice.
    assert {name: len(each) for name, each in sizes.items() if len(each) > 1} == {}
    total = sum(sum(each) for each in sizes.values())
    biggest = sorted(sizes.items(), key=lambda item: -sum(item[1]))[:8]
    assert total <= FIRST_VISIT_MAX, f"{total:,} bytes, the biggest: {biggest}"
    # The worker keeps the plain files: a reload starts from them, with nothing downloaded again.
    before = sent(server)
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    heavy = {name: size for name, size in before.items() if size > 100_000}
    assert {name: size for name, size in sent(server).items() if name in heavy} == heavy
    assert page.evaluate("document.documentElement.dataset.boot") in ("normal", "snapshot")
    page.context.close()
    watch.check()


def test_without_an_http_cache_the_worker_takes_the_runtime_from_the_page(
    browser: Browser, serve_as: Host
) -> None:
    server = serve_as(host.Kind.PLAIN)
    page, watch = first_visit(browser, server, worker=True, http_cache=False)
    sizes = bodies(server)
    # The siblings the page left in the handoff cache: the worker downloads none of them again (the small
    # files the page loaded as they are, it does, with no HTTP cache to revalidate them in).
    assert {name: len(sizes[name + compress.codec(name)]) for name in RUNTIME} == dict.fromkeys(RUNTIME, 1)
    page.context.close()
    watch.check()


# When the board first takes input: whether a service worker served the page then.
SERVED_AT_READY = """new MutationObserver((changes, watch) => {
  const board = document.getElementById("board");
  if (!board || board.dataset.state === "loading") return;
  watch.disconnect();
  window.servedAtReady = Boolean(navigator.serviceWorker.controller);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });"""


def test_a_first_visit_starts_without_waiting_for_the_worker(browser: Browser, serve_as: Host) -> None:
    server = serve_as(host.Kind.PLAIN)
    page, watch = first_visit(browser, server, worker=True, init=SERVED_AT_READY)
    assert page.evaluate("window.servedAtReady") is False  # ready before the worker took the page
    assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"  # then it did
    handoff = "caches.has('minesweeper-handoff /')"
    page.wait_for_function(f"{handoff}.then((kept) => !kept)")  # the page's copies, taken and dropped
    page.context.close()
    watch.check()


@pytest.mark.parametrize("worker", [True, False], ids=["worker", "no worker"])
def test_a_host_that_sends_the_siblings_encoded_is_not_decompressed_twice(
    browser: Browser, serve_as: Host, worker: bool
) -> None:
    server = serve_as(host.Kind.ENCODED)
    page, watch = first_visit(browser, server, worker, path="index.html?lang=fr")
    bodies = sent(server)
    # Zstandard and gzip siblings alike, as `Content-Encoding: zstd` and `gzip`, each taken once: a second
    # decompression would fail, and the page would fetch the file itself.
    for name in (*RUNTIME, "i18n/fr.mo", "i18n/fr.json"):
        assert name + compress.codec(name) in bodies and name not in bodies, name
    expect(page.locator("[data-command=copy-link] .link-board")).not_to_have_text("Copy link to this board")
    page.context.close()
    watch.check()


def test_without_decompression_stream_the_gzip_siblings_files_come_plain(
    browser: Browser, serve_as: Host
) -> None:
    server = serve_as(host.Kind.PLAIN)
    init = "delete globalThis.DecompressionStream"
    page, watch = first_visit(browser, server, worker=False, init=init, path="index.html?lang=fr")
    bodies = sent(server)
    for name in ("i18n/fr.json", "i18n/fr.mo"):  # gzip: the browser would decompress it
        assert name in bodies and name + ".gz" not in bodies, name
    for name in RUNTIME:  # Zstandard: fzstd decodes it, DecompressionStream or not
        assert name + ".zst" in bodies and name not in bodies, name
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-command=copy-link] .link-board")).not_to_have_text("Copy link to this board")
    page.context.close()
    watch.check()


def test_without_its_decoder_the_page_fetches_the_plain_runtime(browser: Browser, serve_as: Host) -> None:
    server = serve_as(host.Kind.PLAIN)
    page, watch = first_visit(browser, server, worker=False, missing="**/vendor/fzstd/fzstd.js")
    bodies = sent(server)
    for name in RUNTIME:  # no decoder: the files themselves, and the game plays
        assert name in bodies and name + ".zst" not in bodies, name
    page.context.close()
    watch.check()
