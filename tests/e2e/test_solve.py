"""Solve in real Chromium: the solver plays a no-guess game to a win from the Game menu, with no win panel
and nothing added to statistics kept by a yes; S starts it on a game in progress and a click on the board
hands the game back, the board then still; a reload keeps the solver's game out of statistics."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from minesweeper import LEVELS
from minesweeper.daily import daily
from minesweeper.solver import solve

from .conftest import open_game
from .play import cell, picture, state
from .test_noguess import position
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
    # The board as the press finds it (the solver may step while Playwright readies the click: a loaded
    # machine let two steps in): from the press on, nothing changes.
    page.evaluate(AT_PRESS)
    # The click that stops the solver plays nothing: the player aimed at a board still changing.
    covered = page.locator("#board [data-cell=covered]").last
    covered.click()
    expect_message(page, "You took over.")
    expect(covered).to_have_attribute("data-cell", "covered")
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
