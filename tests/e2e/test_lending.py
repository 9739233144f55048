"""The browser tests' own ground: a context lent to one test (conftest.py's `lend`) comes back to the next
as a new context would be, with nothing of the first test's stored or granted."""

from __future__ import annotations

import pytest

from .conftest import Lender, Watch, lend

LEAVE = """async () => {
  localStorage.setItem('left', 'behind');
  document.cookie = 'left=behind';
  await new Promise((done, failed) => {
    const request = indexedDB.open('left');
    request.onupgradeneeded = () => request.result.createObjectStore('behind');
    request.onsuccess = () => { request.result.close(); done(); };
    request.onerror = failed;
  });
}"""

FOUND = """async () => ({
  local: localStorage.length,
  cookie: document.cookie,
  databases: (await indexedDB.databases()).map((database) => database.name),
  online: navigator.onLine,
  clipboard: (await navigator.permissions.query({name: 'clipboard-read'})).state,
})"""

NEW = {"local": 0, "cookie": "", "databases": [], "online": True, "clipboard": "prompt"}


def test_a_lent_context_comes_back_as_a_new_one(desktop_lender: Lender, base_url: str) -> None:
    # Not the lending that renews the renderer (every RENEW_AFTER tests, which closes the keeper too): this
    # test once came 40th in its worker and found no keeper.
    desktop_lender.served = 0
    first = lend(desktop_lender, Watch(origin=base_url.rstrip("/")))
    context = next(first)
    page = context.new_page()
    page.goto("manifest.webmanifest")  # any document of the site
    page.evaluate(LEAVE)
    context.grant_permissions(["clipboard-read"])
    context.set_offline(True)
    found = page.evaluate(FOUND)
    assert found["local"] == 1 and found["databases"] == ["left"] and found["clipboard"] == "granted"
    with pytest.raises(StopIteration):  # the test is over: the context goes back
        next(first)
    assert desktop_lender.context.pages == [desktop_lender.keeper]

    second = lend(desktop_lender, Watch(origin=base_url.rstrip("/")))
    page = next(second).new_page()
    page.goto("manifest.webmanifest")
    assert page.evaluate(FOUND) == NEW
    with pytest.raises(StopIteration):
        next(second)
