"""Fair statistics, in real Chromium: the odds shown are help (the win is no best time and the win panel
says so); a game left under way counts as played and not won; a new game over one well under way asks
first; a link's no-guess mode plays that game only."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from minesweeper import LEVELS

from .conftest import device_page, open_game, screenshot
from .play import cell, deal, open_board, state
from .test_stats_modes import apart, close_win_panel, figures
from .test_storage import open_stats

NO_GUESS_LINK = "index.html?mode=no-guess&level=beginner&seed=11"
# 77 safe cells: a click at the top left opens all but the bottom right 3, which the mines wall off.
WIDE_OPEN = """
.........
.........
.........
.........
.........
.........
.........
.......**
.......*.
"""
WIDE_OPEN_CATEGORY = "custom 9x9/3"


def press(page: Page, target: Locator, viewport: str) -> None:
    """Click on the desktop, tap on the phone."""
    if viewport == "desktop":
        target.click()
    else:
        target.tap()


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_win_with_the_odds_shown_is_helped_and_never_a_best_time(
    request: pytest.FixtureRequest, viewport: str
) -> None:
    page = device_page(request, viewport)
    deal(page, LEVELS["beginner"], 11, no_guess=True)  # dealt by the page: a seed link's board is given
    press(page, page.locator("#odds"), viewport)
    press(page, cell(page, 4, 4), viewport)
    sure = page.locator('#board [data-cell=covered][data-odds="0%"]')
    while state(page) == "playing":
        press(page, sure.first, viewport)  # only cells the odds say are safe: no hint
    expect(page.locator("#win-dialog [data-stat=hints]")).to_have_text("0")
    expect(page.locator("#win-dialog [data-stat=odds]")).to_have_text("Shown")
    close_win_panel(page)
    open_stats(page)
    assert "Played 1 Won 1 With help 1" in figures(page, "beginner, no guess")
    card = page.locator('.stats-card[data-category="beginner, no guess"]')
    expect(card.locator(".best-times")).to_have_count(0)
    expect(card.locator(".stats-none")).to_contain_text("with help (hints or odds)")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_game_left_after_its_first_click_counts_as_played_and_not_won(
    request: pytest.FixtureRequest, viewport: str
) -> None:
    page = device_page(request, viewport)
    open_board(page, WIDE_OPEN)
    press(page, cell(page, 6, 6), viewport)  # a 2: a game under way, but barely (no question)
    assert state(page) == "playing"
    if viewport == "desktop":
        page.keyboard.press("n")
    else:
        page.locator("#new-game").tap()
    expect(page.locator("#leave-dialog")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    open_stats(page)
    # A board link's board is given: the game left counts apart, as played on given boards, and costs nothing.
    assert "Played 0 Won 0 Win rate – Streak 0" in figures(page, WIDE_OPEN_CATEGORY)
    assert apart(page, WIDE_OPEN_CATEGORY).endswith("Played 1 Won 0")
    expect(page.locator("#stats-body")).not_to_contain_text("No finished games yet")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_new_game_over_one_well_under_way_asks_first(request: pytest.FixtureRequest, viewport: str) -> None:
    page = device_page(request, viewport)
    open_board(page, WIDE_OPEN)
    cell(page, 0, 0).click()  # 76 of 77 safe cells open
    assert state(page) == "playing"
    before = page.locator("#board").inner_html()
    dialog = page.locator("#leave-dialog")
    if viewport == "desktop":
        page.keyboard.press("F2")
    else:
        page.locator("#new-game").tap()
    expect(dialog).to_be_visible()
    question = re.compile(r"opened 99% of this board's safe cells in \d+ s")
    expect(dialog.locator("#leave-text")).to_have_text(question)
    expect(dialog.locator("button[value=stay]")).to_be_focused()  # Enter keeps the game
    screenshot(page, f"{viewport}-leave-dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert state(page) == "playing" and page.locator("#board").inner_html() == before
    if viewport == "desktop":
        page.keyboard.press("n")
        expect(dialog).to_be_visible()
        page.keyboard.press("Shift+Tab")
        expect(dialog.locator("button[value=leave]")).to_be_focused()
        page.keyboard.press("Enter")
    else:
        page.locator("#new-game").tap()
        dialog.locator("button[value=leave]").tap()
    expect(dialog).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    open_stats(page)
    assert apart(page, WIDE_OPEN_CATEGORY).endswith("Played 1 Won 0")  # a board link's: given, apart


def test_a_links_mode_plays_that_game_only(page: Page) -> None:
    open_game(page, NO_GUESS_LINK)
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")
    page.locator("#new-game").click()  # not begun: no question, nothing counted
    expect(page.locator("#mode")).not_to_have_attribute("data-mode", "no-guess")
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    expect(page.locator("#settings-form [name=no_guess]")).not_to_be_checked()
    page.keyboard.press("Escape")
    open_game(page, "index.html")  # a plain visit: the setting was never changed
    expect(page.locator("#mode")).not_to_have_attribute("data-mode", "no-guess")


def test_a_link_opened_over_a_game_kept_from_the_last_visit_counts_that_game(page: Page) -> None:
    open_board(page, WIDE_OPEN)
    cell(page, 6, 6).click()
    assert state(page) == "playing"
    open_game(page, "index.html?level=beginner&seed=2")  # a new visit with a link: the link wins
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    open_stats(page)
    assert apart(page, WIDE_OPEN_CATEGORY).endswith("Played 1 Won 0")  # a board link's: given, apart
    page.keyboard.press("Escape")
    open_game(page, "index.html")  # a plain visit resumes the link's game: nothing more to count
    open_stats(page)
    assert apart(page, WIDE_OPEN_CATEGORY).endswith("Played 1 Won 0")


def test_a_question_asked_again_before_the_last_one_closed_keeps_its_answer(page: Page) -> None:
    open_board(page, WIDE_OPEN)
    cell(page, 0, 0).click()
    dialog = page.locator("#leave-dialog")
    page.keyboard.press("n")
    expect(dialog).to_be_visible()
    # Escape, then N before the dialog's close event has run: the browser may take input first, and that
    # late event once dropped the new question's answer (the board stayed as it was after "New game").
    page.evaluate(
        """() => {
          document.querySelector('#leave-dialog').close();
          document.dispatchEvent(new KeyboardEvent('keydown', {key: 'n', bubbles: true}));
        }"""
    )
    expect(dialog).to_be_visible()
    dialog.locator("button[value=leave]").click()
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


def test_a_link_opened_over_the_solvers_game_kept_from_the_last_visit_counts_nothing(page: Page) -> None:
    open_board(page, WIDE_OPEN)
    page.keyboard.press("s")  # the solver's first move starts the game; stopped at once
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    page.keyboard.press("s")
    open_game(page, "index.html?level=beginner&seed=2")  # a new visit with a link: the link wins
    open_stats(page)
    expect(page.locator(f'.stats-card[data-category="{WIDE_OPEN_CATEGORY}"]')).to_have_count(0)
