"""The statistics prompt (#consent) floats over the page's top (menus and counters) and takes no room: on a
phone (held either way) and a desktop, the board neither moves nor shrinks when it comes or goes, the prompt
covers no cell and no toolbar button, and clicks reach the board. Screenshots for a person."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import screenshot
from .play import cell, open_board, state
from .test_layout import check_fits

CORNER_MINE_9 = "\n".join(["*........"] + ["........."] * 8)  # (0,0) loses at once, (8,8) opens the rest

# The cell's centre as the browser hit-tests it: Playwright's click would wait out a covered cell instead.
HIT = """c => { const r = c.getBoundingClientRect();
  return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === c; }"""


def box(page: Page, selector: str) -> tuple[float, float, float, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found["x"], found["y"], found["x"] + found["width"], found["y"] + found["height"]


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("device", ["phone", "phone-landscape", "desktop"])
def test_the_statistics_prompt_never_covers_the_board(device: str, request: pytest.FixtureRequest) -> None:
    page: Page = request.getfixturevalue("page" if device == "desktop" else "phone")
    if device == "phone-landscape":
        page.set_viewport_size({"width": 844, "height": 390})
    open_board(page, CORNER_MINE_9)
    board = box(page, "#board")
    cell(page, 0, 0).click()
    assert state(page) == "lost"
    consent = page.locator("#consent")
    expect(consent).to_be_visible()
    screenshot(page, f"{device}-consent-beside-the-board")
    assert box(page, "#board") == board, "the board moved or shrank under the player's hand"
    for selector in ("#board", ".toolbar"):
        assert not overlap(box(page, "#consent"), box(page, selector)), selector
    check_fits(page)
    assert cell(page, 8, 8).evaluate(HIT), "the prompt takes the clicks meant for the last row"

    page.keyboard.press("n")  # the prompt stays, the new game plays under it
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(consent).to_be_visible()
    cell(page, 8, 8).click(timeout=5_000)
    expect(page.locator("#board")).to_have_attribute("data-state", re.compile("playing|won"))
    if state(page) == "won":
        page.locator("#win-dialog button[value=close]").click()
    page.locator("#consent [data-consent=no]").click()
    expect(consent).to_be_hidden()
    assert box(page, "#board") == board
