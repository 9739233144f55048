"""The board fills the window without scrolling for the presets (desktop 1280x800; phone 390x844 for
beginner and intermediate), with square whole-pixel cells; large boards keep a minimum cell size and
scroll inside the frame; the loading frame shows before the runtime is up. Screenshots for a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_game, screenshot
from .play import cell, dismiss_prompts, open_board, state
from .test_mouse import WALL

FITS = """() => {
  const area = document.querySelector('.board-scroll'), board = document.querySelector('#board');
  const cell = board.querySelector('[role=gridcell]').getBoundingClientRect();
  const frame = document.querySelector('.frame').getBoundingClientRect();
  return {
    scrolls: area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight
      || document.documentElement.scrollHeight > innerHeight
      || document.documentElement.scrollWidth > innerWidth,
    cell: [cell.width, cell.height],
    inside: frame.left >= 0 && frame.top >= 0 && frame.right <= innerWidth && frame.bottom <= innerHeight,
  };
}"""


def check_fits(page: Page) -> float:
    fit = page.evaluate(FITS)
    assert not fit["scrolls"], fit
    assert fit["inside"], fit
    width, height = fit["cell"]
    assert width == height and width == int(width), fit
    return float(width)


@pytest.mark.parametrize(("level", "smallest"), [("beginner", 60), ("intermediate", 38), ("expert", 38)])
def test_desktop_presets_fill_without_scrolling(page: Page, level: str, smallest: int) -> None:
    open_game(page, f"index.html?level={level}&seed=9")
    assert check_fits(page) >= smallest
    cell(page, 8, 8).click()
    screenshot(page, f"desktop-{level}")


@pytest.mark.parametrize(("level", "smallest"), [("beginner", 36), ("intermediate", 21)])
def test_phone_presets_fill_without_scrolling(phone: Page, level: str, smallest: int) -> None:
    open_game(phone, f"index.html?level={level}&seed=9")
    assert check_fits(phone) >= smallest
    cell(phone, 4, 4).tap()
    screenshot(phone, f"phone-{level}")


def test_phone_big_board_scrolls_inside_the_frame(phone: Page) -> None:
    # Expert turns upright and fits a phone (test_phone.py); a square 30x30 cannot turn, nor fit.
    open_game(phone, "index.html?size=30.30.150&seed=9")
    width = phone.eval_on_selector("#board [role=gridcell]", "c => c.getBoundingClientRect().width")
    assert width == 20  # the minimum cell size: the board scrolls inside its frame, the page does not
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    cell(phone, 8, 3).tap()
    screenshot(phone, "phone-expert")


def test_phone_win_and_loss_screens(phone: Page) -> None:
    for name, taps, end in (
        ("phone-loss", [(0, 0), (0, 4)], "lost"),
        ("phone-win", [(0, 0), (2, 4), (2, 5), (0, 5)], "won"),
    ):
        open_board(phone, WALL)
        for row, col in taps:
            cell(phone, row, col).tap()
        assert state(phone) == end
        screenshot(phone, name)
        dismiss_prompts(phone)


def test_a_256_by_256_board_builds_and_plays(page: Page) -> None:
    open_game(page, "index.html?size=256.256.6000&seed=4")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-cols", "256")
    assert page.eval_on_selector_all("#board [role=gridcell]", "cells => cells.length") == 256 * 256
    assert page.eval_on_selector(".board-scroll", "a => a.scrollWidth > a.clientWidth")
    cell(page, 3, 3).click()
    assert state(page) == "playing"
    assert page.eval_on_selector_all("#board [data-cell='0']", "cells => cells.length") > 0


def test_the_loading_frame_shows_before_the_runtime(page: Page) -> None:
    page.route("**/pyodide.asm.wasm*", lambda route: None)  # never answered: the page stays loading
    page.goto("index.html")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-state", "loading")
    expect(page.locator("#board .loading")).to_be_visible()
    expect(page.locator("#board .loading-label")).to_have_text("Loading the game…")  # not a board to tap yet
    box = board.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 300
    expect(page.locator("#new-game")).to_be_visible()
    screenshot(page, "desktop-loading")


CENTRES = """() => {
  const centre = selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
  };
  return {board: centre('#board'), face: centre('#new-game')};
}"""


@pytest.mark.parametrize(
    ("viewport", "size", "across"),
    [
        ({"width": 390, "height": 844}, "3.100.20", 0),  # 3 columns under a bar wider than them
        ({"width": 390, "height": 844}, "1.256.10", 0),
        ({"width": 844, "height": 390}, "100.1.10", 1),  # 1 row beside a bar taller than it
    ],
)
def test_a_thin_board_is_centred_on_the_face(
    phone: Page, viewport: dict[str, int], size: str, across: int
) -> None:
    # It sat at the start of the bar's width (sideways: its height), beside an empty sunken panel.
    phone.set_viewport_size(viewport)
    open_game(phone, f"index.html?size={size}&seed=1")
    centres = phone.evaluate(CENTRES)
    assert abs(centres["board"][across] - centres["face"][across]) <= 1, centres
    cell(phone, 0, 0).tap()
    assert state(phone) in ("playing", "won", "lost")
    screenshot(phone, f"thin-{size}-{viewport['width']}x{viewport['height']}")
