"""Touch in Firefox, made a touch device by its own preferences (bidi.TOUCH_PREFS): its driver's touch
actions then reach the page as real touches. A tap opens, a long press flags, a tap on a flag does
nothing and a tap on a satisfied number opens around it. (Chromium's touch has its own tests in
tests/e2e; WebKitWebDriver delivers touch actions as mouse events.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..test_mouse import WALL
from ..test_pwa import Site
from .conftest import fresh_tab
from .drivers import Driver
from .game import Tab
from .test_play import open_board

LONG_PRESS_MS = 800  # held longer than the default setting's 400 ms
KINDS = """() => { window.__kinds = [];
  document.addEventListener('pointerdown', (e) => window.__kinds.push(e.pointerType), true) }"""


@pytest.fixture
def touch_tab(touch_driver: Driver, probed_site: Site) -> Iterator[Tab]:
    yield from fresh_tab(touch_driver, probed_site.url)


def test_a_tap_opens_and_a_long_press_flags(touch_tab: Tab) -> None:
    tab = touch_tab
    open_board(tab, WALL)
    tab.run(KINDS)
    tab.tap_cell(0, 0)
    tab.wait_until(tab.state, "playing")
    tab.wait_until(tab.picture, "...2##\n...2##\n...1##")
    tab.long_press_cell(1, 4, LONG_PRESS_MS)
    tab.wait_until(tab.picture, "...2##\n...2F#\n...1##")
    tab.wait_until(lambda: tab.text("#mines-left"), "002")
    tab.tap_cell(1, 4)  # a tap on a flag does nothing
    tab.tap_cell(2, 3)  # a satisfied 1: the tap opens around it
    tab.wait_until(tab.picture, "...2##\n...2F#\n...12#")
    assert set(tab.run("() => window.__kinds")) == {"touch"}
