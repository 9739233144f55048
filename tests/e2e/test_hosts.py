"""The site on the kinds of static host it meets (bench/host.py), in Chromium: the big files travel as their
gzip siblings (tools/compress.py) and reach the page plain, whether the host compresses nothing, gzips as
GitHub Pages does, or sends a .gz with `Content-Encoding: gzip` (then the browser has decompressed it, and
the page must not do it again); through the service worker on a first visit, and through js/boot.mjs alone
where there is no worker; the plain files where the browser has no DecompressionStream.

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

import dist
import serve

from .conftest import Watch, new_context, open_game
from .play import cell

FIRST_VISIT_MAX = 5_000_000  # bytes on the wire (issue 30)
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
    count = -1
    while count != len(server.sent):
        count = len(server.sent)
        time.sleep(QUIET_S)
    bodies: dict[str, int] = {}
    for path, size in server.sent:
        name = urlsplit(path).path.lstrip("/")
        bodies[name] = bodies.get(name, 0) + size
    return bodies


def first_visit(
    browser: Browser, server: serve.Server, worker: bool, init: str | None = None
) -> tuple[Page, Watch]:
    """A first visit in a fresh context, with the service worker or without, until the board has played a
    click (and the worker, if any, controls the page)."""
    url = url_of(server)
    watch = Watch(origin=url.rstrip("/"))
    context = new_context(browser, url, watch, service_workers="allow" if worker else "block")
    if init:
        context.add_init_script(init)
    page = open_game(context.new_page())
    cell(page, 0, 0).click()  # it plays
    expect(page.locator("#board")).not_to_have_attribute("data-state", "ready")
    if worker:
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'")  # every file kept
    return page, watch


@pytest.mark.parametrize("kind", [host.Kind.PLAIN, host.Kind.GZIP])
def test_a_first_visit_takes_the_gzip_siblings_and_stays_under_5_mb(
    browser: Browser, serve_as: Host, kind: host.Kind
) -> None:
    server = serve_as(kind)
    page, watch = first_visit(browser, server, worker=True)
    bodies = sent(server)
    for name in RUNTIME:
        assert name + ".gz" in bodies and name not in bodies, name
    total = sum(bodies.values())
    biggest = sorted(bodies.items(), key=lambda item: -item[1])[:8]
    assert total <= FIRST_VISIT_MAX, f"{total:,} bytes, the biggest: {biggest}"
    # The worker keeps the plain files: a reload starts from them, with nothing downloaded again.
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    heavy = {name: size for name, size in bodies.items() if size > 100_000}
    assert {name: size for name, size in sent(server).items() if name in heavy} == heavy
    page.context.close()
    watch.check()


@pytest.mark.parametrize("worker", [True, False], ids=["worker", "no worker"])
def test_a_host_that_sends_the_siblings_encoded_is_not_decompressed_twice(
    browser: Browser, serve_as: Host, worker: bool
) -> None:
    server = serve_as(host.Kind.ENCODED)
    page, watch = first_visit(browser, server, worker)
    assert "vendor/pyodide/pyodide.asm.wasm.gz" in sent(server)
    page.context.close()
    watch.check()


def test_without_decompression_stream_the_page_fetches_the_plain_files(
    browser: Browser, serve_as: Host
) -> None:
    server = serve_as(host.Kind.PLAIN)
    page, watch = first_visit(browser, server, worker=False, init="delete globalThis.DecompressionStream")
    bodies = sent(server)
    for name in RUNTIME:
        assert name in bodies and name + ".gz" not in bodies, name
    page.context.close()
    watch.check()
