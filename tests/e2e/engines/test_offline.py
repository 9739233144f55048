"""The installable, offline app in Chromium, WebKit and Firefox: the service worker installs and controls
the page, which then starts and plays with the server stopped; a new version deployed meanwhile is
offered, keeps the game in progress and runs once the player takes it. (tests/e2e/test_pwa.py covers
more in Chromium: a sub-path, installability, a half-done deploy, "Later", what an update downloads.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..test_pwa import NEW_TITLE, Site, deploy_new_version
from .conftest import fresh_tab
from .drivers import Driver
from .game import LOAD_TIMEOUT_S, Tab

# The page controlled (activate, claim): the worker takes it once every file is cached (js/boot.mjs marks it).
CONTROLLED = (
    "() => navigator.serviceWorker.controller?.state === 'activated'"
    " && document.documentElement.dataset.offline === 'ready'"
)
READY = "() => document.querySelector('#board')?.dataset.state !== 'loading'"


@pytest.fixture
def own_tab(driver: Driver, own_site: Site) -> Iterator[Tab]:
    yield from fresh_tab(driver, own_site.url)


def test_plays_with_the_server_stopped_after_the_first_visit(own_tab: Tab, own_site: Site) -> None:
    tab = own_tab
    tab.open()
    tab.wait(CONTROLLED, LOAD_TIMEOUT_S)  # every file cached (install), the page controlled (claim)
    own_site.stop()
    tab.open("index.html?level=expert&seed=3")  # the query string is not a file to cache
    assert tab.run("() => navigator.serviceWorker.controller !== null")
    assert (tab.attribute("#board", "data-cols"), tab.text("#mines-left")) == ("30", "099")
    tab.click_cell(0, 0)
    tab.wait("() => ['playing', 'won', 'lost'].includes(document.querySelector('#board').dataset.state)")


def test_a_new_version_is_offered_keeps_the_game_and_runs_when_taken(own_tab: Tab, own_site: Site) -> None:
    tab = own_tab
    tab.open("index.html?seed=11")
    tab.click_cell(0, 0)
    game = tab.looks()
    tab.wait_until(tab.state, "playing")
    tab.wait(CONTROLLED, LOAD_TIMEOUT_S)
    tab.run("() => { window.firstDocument = true }")

    deploy_new_version(own_site.root)
    tab.run("() => document.dispatchEvent(new Event('visibilitychange'))")  # the player comes back: a check
    tab.wait("() => !document.querySelector('#update').hidden", LOAD_TIMEOUT_S)
    # The old version runs on, unreloaded, with the game as it was, until the player says so.
    assert tab.run("() => window.firstDocument") is True
    assert tab.run("() => document.title") == "Minesweeper"
    assert tab.looks() == game

    tab.gather()  # the page goes: what it noted first
    tab.click("#update-accept")
    tab.wait(f"() => document.title === {NEW_TITLE!r} && ({READY})()", LOAD_TIMEOUT_S)
    assert tab.looks() == game
    assert tab.run("() => document.querySelector('#update').hidden") is True
