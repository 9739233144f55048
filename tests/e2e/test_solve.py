"""Solve in real Chromium: the solver plays a no-guess game to a win from the Game menu, with no win panel
and nothing added to statistics kept by a yes; S starts it on a game in progress and a click on the board
hands the game back, the board then still; a reload keeps the solver's game out of statistics. Its notes,
and the loss's, name keys on a desktop and what a finger does on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from minesweeper import LEVELS
from minesweeper.daily import daily
from minesweeper.solver import solve

from .conftest import device_page, open_game
from .play import cell, open_board, picture, state
from .test_consent_room import CORNER_MINE_9
from .test_noguess import position
from .test_panels import open_menu_item
from .test_storage import CONSENT, CONSENT_YES, RECORDS, expect_message, open_stats, preload

NO_GUESS = "index.html?mode=no-guess&level=beginner&seed=11"


def test_the_solver_wins_a_no_guess_game_that_never_counts(page: Page) -> None:
    preload(page, {CONSENT: CONSENT_YES})  # statistics are kept: a game that counted would be stored
    open_game(page, NO_GUESS)
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=solve]").click()
    expect_message(page, "The solver plays this game")
    expect(page.locator("#board")).to_have_attribute("data-state", "won", timeout=60_000)
    expect_message(page, r"The solver won this game \(\d+\.\d s\): it does not count in statistics\.")
    expect(page.locator("#win-dialog")).to_be_hidden()
    flags = page.locator("#board [data-cell=flag]")
    expect(flags).to_have_count(10)
    assert page.evaluate(f"localStorage.getItem('{RECORDS}')") is None
    open_stats(page)
    expect(page.locator("#stats-dialog")).to_contain_text("No finished games yet")


# The cells' looks, in the page's order, when the next press reaches the page, before its handlers.
AT_PRESS = """() => addEventListener('pointerdown', () => {
  window.atPress = [...document.querySelectorAll('#board [data-cell]')].map(cell => cell.dataset.cell);
}, {capture: true, once: true})"""
LOOKS = "cells => cells.map(cell => cell.dataset.cell)"


def test_s_starts_the_solver_and_a_click_on_the_board_hands_the_game_back(page: Page) -> None:
    open_game(page, "index.html?mode=no-guess&level=intermediate&seed=3")
    page.locator("#board").focus()
    page.keyboard.press("s")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    # Let it make a few moves past its first click, then take over where it is.
    page.wait_for_function("document.querySelectorAll('#board [data-cell=flag]').length >= 3")
    # It shows that it plays (its note fades): the well glows while it does, and not after.
    well = page.locator(".board-scroll")
    expect(well).to_have_css("outline-style", "solid")
    # The board as the press finds it (the solver may step while Playwright readies the click: a loaded
    # machine let two steps in): from the press on, nothing changes.
    page.evaluate(AT_PRESS)
    # The click that stops the solver plays nothing: the player aimed at a board still changing.
    covered = page.locator("#board [data-cell=covered]").last
    covered.click()
    expect_message(page, "You took over.")
    expect(covered).to_have_attribute("data-cell", "covered")
    expect(well).to_have_css("outline-style", "none")
    page.wait_for_timeout(600)  # four of the solver's steps
    assert state(page) == "playing"
    assert page.eval_on_selector_all("#board [data-cell]", LOOKS) == page.evaluate("window.atPress")


def test_todays_daily_is_the_players_first_and_another_days_starts_at_its_mark(page: Page) -> None:
    open_game(page, "index.html?daily&level=beginner")  # today's: it counts
    page.keyboard.press("s")
    expect_message(page, "Solve waits until you have played today's daily board")
    assert state(page) == "ready"
    open_game(page, "index.html?daily=2026-11-20&level=beginner")  # another day's: practice
    made = daily("2026-11-20", "beginner")
    page.keyboard.press("s")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    # Its first move opened the marked cell, which logic clears the board from: no guess, a win.
    assert picture(page).splitlines()[made.start // 9][made.start % 9] != "#"
    expect(page.locator("#board")).to_have_attribute("data-state", "won", timeout=60_000)
    assert page.evaluate("localStorage.getItem('minesweeper.daily')") is None


def test_a_reload_keeps_the_solvers_game_out_of_statistics(page: Page) -> None:
    preload(page, {CONSENT: CONSENT_YES})
    open_game(page, NO_GUESS)
    page.keyboard.press("s")
    page.wait_for_function("document.querySelectorAll('#board [data-cell=flag]').length >= 2")
    page.keyboard.press("s")  # stopped: the player plays on, after a reload
    open_game(page, "index.html")
    assert state(page) == "playing"
    while state(page) == "playing":  # the rest by logic, as a player would
        safe = solve(position(page, LEVELS["beginner"])).safe
        assert safe, "a no-guess board always has a safe cell to open"
        cell(page, *LEVELS["beginner"].row_col(min(safe))).click()
    assert state(page) == "won"
    expect(page.locator("#win-dialog")).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{RECORDS}')") is None


WORDING = {
    "desktop": (
        "S or Esc stops it.",
        "The solver stopped: play on, or press S to let it go on.",
        "Boom! You hit a mine. Press N for a new game, or R to play this board again.",
        "The game is over: start a new one (N), then Solve (S).",
    ),
    "phone": (  # no keys: what a finger does, and the Game menu's items by their names
        "Tap the board to stop it.",
        "The solver stopped: play on, or let it go on with Game → Let the solver play.",
        "Boom! You hit a mine. Tap the face for a new game, or choose Game → Play this board again.",
        "The game is over: tap the face for a new one, then choose Game → Let the solver play.",
    ),
}


@pytest.mark.parametrize("device", WORDING)
def test_the_notes_name_keys_on_a_desktop_and_what_a_finger_does_on_a_phone(
    device: str, request: pytest.FixtureRequest
) -> None:
    stops, stopped, lost, over = WORDING[device]
    page = device_page(request, device)
    open_game(page, "index.html?mode=no-guess&level=intermediate&seed=3")
    open_menu_item(page, "[data-command=solve]")
    expect_message(page, re.escape(stops) + "$")
    open_menu_item(page, "[data-command=solve]")  # again, while it plays: it stops
    expect_message(page, "^" + re.escape(stopped) + "$")
    open_menu_item(page, "[data-command=solve]")
    expect_message(page, re.escape(stops) + "$")
    covered = page.locator("#board [data-cell=covered]").last
    if device == "phone":
        covered.tap()  # what the note says stops it
    else:
        covered.click()
    expect_message(page, "^You took over.$")

    open_board(page, CORNER_MINE_9)
    if device == "phone":
        cell(page, 0, 0).tap()
    else:
        cell(page, 0, 0).click()
    assert state(page) == "lost"
    expect(page.locator("#announce")).to_have_text(lost)
    # The loss's verdict first (it comes just after the paint, and a newer note about the game replaces an
    # older one): a menu opened at machine speed before it had the solver's answer replaced by it.
    expect(page.locator("#message")).to_contain_text("first click")
    page.locator("#game-menu-button").click()
    # Greyed once the game is over (aria-disabled: Playwright would wait), it still answers how to go on.
    page.locator("#game-menu [data-command=solve]").click(force=True)
    expect_message(page, "^" + re.escape(over) + "$")
