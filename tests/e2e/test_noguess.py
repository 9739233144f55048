"""No-guess mode in the page: a no-guess link's board is won by the Hint button alone (each hint checked
against the CPython solver on the page's own picture), the hint count reaches the win panel and survives
a reload; the setting starts no-guess games; a size past those offered says why and offers a normal
board; a size whose search comes up empty plays a normal board from the first click."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from minesweeper import LEVELS, Size
from minesweeper.solver import Position, solve

from .conftest import open_game
from .play import cell, picture, state
from .test_links import address, clipboard, copy_link  # noqa: F401 (a fixture)

SEED = 11


def position(page: Page, size: Size) -> Position:
    """What the page shows, as the solver reads it (flags, none here, would count as covered)."""
    text = picture(page).replace("F", "#").replace("?", "#")
    return Position.from_text(text, size.mines)


MARKED = """() => {
  const marked = [...document.querySelectorAll("#board [data-hint]")];
  return [marked.map((c) => [c.dataset.hint, +c.dataset.row, +c.dataset.col]),
          document.querySelector("#message").textContent];
}"""


def hint_and_open(page: Page, size: Size | None = None) -> str:
    """Ask for a hint, check it marks one safe cell (by the CPython solver too, given `size`), open it;
    the message the hint showed. Reads the page in one round trip: an expert game takes ~150 hints."""
    page.locator("#hint").click()
    marked, text = page.evaluate(MARKED)
    assert len(marked) == 1 and marked[0][0] == "safe", (marked, text)
    _, row, col = marked[0]
    if size is not None and state(page) == "playing":
        assert size.cell(row, col) in solve(position(page, size)).safe, text
    cell(page, row, col).click()
    return text


def win_by_hints(page: Page, size: Size, check: bool) -> int:
    """Hint, open, repeat until won; the number of hints that counted (not the first click's)."""
    first = hint_and_open(page)
    assert "Any cell is safe" in first
    hints = 0
    while state(page) == "playing":
        hint_and_open(page, size if check else None)
        hints += 1
    assert state(page) == "won"
    return hints


def test_the_hint_button_alone_wins_a_no_guess_game(page: Page) -> None:
    # Beginner only: an expert game took ~150 hints and 38 s of the suite's time; that the hint's logic
    # clears no-guess expert boards is tested on CPython (tests/unit/test_noguess.py, the presets).
    open_game(page, f"index.html?mode=no-guess&level=beginner&seed={SEED}")
    assert address(page) == "/index.html"
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")
    expect(page.locator("#mode")).to_be_visible()
    hints = win_by_hints(page, LEVELS["beginner"], check=True)
    assert hints > 0
    assert page.evaluate(MARKED)[0] == []  # the last mark went with the last click
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator("#win-dialog [data-stat=hints]")).to_have_text(str(hints))


def test_the_hint_count_is_kept_with_the_game_in_progress(page: Page) -> None:
    open_game(page, "index.html?mode=no-guess&level=beginner&seed=5")
    hint_and_open(page)  # the first click: not counted
    hint_and_open(page)
    hint_and_open(page)
    before = picture(page)
    open_game(page, "index.html")  # a reload resumes the game
    assert picture(page) == before
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")
    hints = 2
    while state(page) == "playing":
        hint_and_open(page)
        hints += 1
    expect(page.locator("#win-dialog [data-stat=hints]")).to_have_text(str(hints))


def test_asking_twice_without_playing_counts_once(page: Page) -> None:
    open_game(page, "index.html?mode=no-guess&level=beginner&seed=3")
    hint_and_open(page)
    for _ in range(3):
        page.locator("#hint").click()
    page.locator("#board [data-hint]").click()
    while state(page) == "playing":
        hint_and_open(page)
    won = int(page.locator("#win-dialog [data-stat=hints]").inner_text())
    open_game(page, "index.html?mode=no-guess&level=beginner&seed=3")
    assert won == win_by_hints(page, LEVELS["beginner"], check=False)


def test_the_setting_makes_the_next_games_no_guess(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=2")
    expect(page.locator("#mode")).to_be_hidden()
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    page.locator("#settings-form [name=no_guess]").check()
    page.locator("#settings-form button[type=submit]").click()
    # The game had not started: it is a no-guess game now, and its first click opens an area.
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")
    cell(page, 0, 0).click()
    expect(cell(page, 0, 0)).to_have_attribute("data-cell", "0")
    page.locator("#new-game").click()
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")


@pytest.mark.usefixtures("clipboard")
def test_a_no_guess_game_s_link_keeps_its_mode(page: Page, base_url: str) -> None:
    open_game(page, "index.html?mode=no-guess&level=intermediate&seed=8")
    assert copy_link(page) == f"{base_url}index.html?level=intermediate&seed=8&mode=no-guess"
    # A seed link without the mode is the seed's normal board, whatever the setting says.
    open_game(page, "index.html?level=intermediate&seed=8")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")


def test_a_size_past_those_offered_says_why_and_offers_a_normal_board(page: Page) -> None:
    open_game(page, "index.html?size=30.16.200&mode=no-guess&seed=4")
    offer = page.locator("#no-guess-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("No no-guess board is made for 30×16 with 200 mines: more than 144 is too")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "unavailable")
    page.locator("#play-normal").click()
    expect(offer).to_be_hidden()
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")
    cell(page, 8, 15).click()
    assert state(page) in ("playing", "lost", "won")


def test_a_click_without_accepting_plays_that_click_on_a_normal_board(page: Page) -> None:
    open_game(page, "index.html?size=101.100.10&mode=no-guess&seed=4")
    expect(page.locator("#no-guess-offer")).to_contain_text("more than 10,000 cells")
    cell(page, 50, 50).click()
    assert state(page) in ("playing", "won")
    expect(cell(page, 50, 50)).to_have_attribute("data-cell", "0")
    expect(page.locator("#no-guess-offer")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("this is a normal board, played from your first click")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")


def test_when_the_search_comes_up_empty_the_click_plays_a_normal_board(page: Page) -> None:
    # 3x3 with one mine, opened at the centre: the centre sees every cell and shows 1, so no board exists.
    open_game(page, "index.html?size=3.3.1&mode=no-guess&seed=0")
    cell(page, 0, 0).click(button="right")  # a flag first: it stays
    cell(page, 1, 1).click()
    assert state(page) == "playing"
    expect(cell(page, 1, 1)).to_have_attribute("data-cell", "1")
    expect(cell(page, 0, 0)).to_have_attribute("data-cell", "flag")
    expect(page.locator("#message")).to_contain_text("No no-guess board was found in time for this size")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")
