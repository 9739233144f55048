"""The daily board (web/daily.py): a ?daily= link or Game → Daily board plays the day's board, its first cell
marked; its result is kept, and a second game of the day is practice and says so."""

from __future__ import annotations

from unittest.mock import ANY

from playwright.sync_api import Page, expect

from minesweeper import Game, Look, Reveal
from minesweeper.daily import daily

from .conftest import open_game, screenshot
from .play import cell, leave_if_asked, state, stored_game


def today(page: Page) -> str:
    return str(page.evaluate("(d => d.toLocaleDateString('sv'))(new Date())"))  # YYYY-MM-DD, local


def open_safe(page: Page, day: str, level: str, share: float = 1.0) -> None:
    """Open the day's board from its start cell until `share` of its safe cells are open, clicking only what
    a flood left covered."""
    made = daily(day, level)
    game = Game.from_board(made.board)
    safe = [c for c in range(made.board.size.cells) if c not in made.board.mines]
    for target in [made.start, *safe]:
        if game.look(target) is Look.COVERED and game.safe_left > (1 - share) * len(safe):
            game.apply(Reveal(target))
            cell(page, *made.board.size.row_col(target)).click()


def win(page: Page, day: str, level: str) -> None:
    """Clear the day's board from its start cell."""
    open_safe(page, day, level)
    assert state(page) == "won"


def test_a_daily_link_plays_that_days_board_from_its_marked_cell(page: Page) -> None:
    open_game(page, "index.html?daily=2026-11-20&level=intermediate")
    expect(page.locator("#board")).to_have_attribute("data-cols", "16")
    start = page.locator("#board [data-start]")
    expect(start).to_have_count(1)
    made = daily("2026-11-20", "intermediate")
    row, col = made.board.size.row_col(made.start)
    expect(start).to_have_attribute("data-row", str(row))
    expect(start).to_have_attribute("data-col", str(col))
    expect(page.locator("#message")).to_contain_text("Daily board of Nov 20, 2026, intermediate")
    expect(page.locator("#message")).to_contain_text("Practice")  # not today's
    assert page.evaluate("location.search") == ""


def test_a_first_tap_off_the_marked_cell_is_refused_not_played(phone: Page) -> None:
    # One attempt a day: a stray first tap, which could hit a mine, must not lose it.
    open_game(phone, "index.html?daily=2026-11-20&level=beginner")
    made = daily("2026-11-20", "beginner")
    mine = made.board.size.row_col(min(made.board.mines))
    cell(phone, *mine).tap()
    expect(phone.locator("#message")).to_contain_text("A daily board starts at its marked cell")
    assert state(phone) == "ready"
    expect(cell(phone, *mine)).to_have_attribute("data-cell", "covered")
    cell(phone, *made.board.size.row_col(made.start)).tap()
    assert state(phone) == "playing"
    # The refusal said what to do; done, it goes (it stayed to the end of the game before).
    expect(phone.locator("#message")).not_to_contain_text("A daily board starts at its marked cell")


def test_todays_daily_from_the_menu_is_kept_then_practice(page: Page) -> None:
    open_game(page, "index.html?level=beginner")
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="daily"]').click()
    day = today(page)
    medium = "{year: 'numeric', month: 'short', day: 'numeric'}"
    shown = page.evaluate(f"new Date().toLocaleDateString('en', {medium})")
    message = page.locator("#message")
    expect(message).to_contain_text(f"Daily board of {shown}, beginner: open the marked cell")
    screenshot(page, "daily-desktop")
    win(page, day, "beginner")
    expect(page.locator("#win-dialog .win-best")).to_contain_text(
        "Daily boards: 1 day played, streak 1 (best 1)"
    )
    kept = page.evaluate("JSON.parse(sessionStorage.getItem('minesweeper.daily'))")  # before the yes
    assert kept["version"] == 2 and kept["data"][day]["beginner"]["won"] is True
    page.locator("#win-consent [data-consent=yes]").click()  # the yes keeps them in localStorage
    page.locator("#win-dialog button[value=close]").click()
    kept = page.evaluate("JSON.parse(localStorage.getItem('minesweeper.daily'))")
    assert kept["data"][day]["beginner"]["won"] is True
    assert page.evaluate("sessionStorage.getItem('minesweeper.daily')") is None
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="stats"]').click()
    expect(page.locator("#stats-daily")).to_contain_text("Daily boards: 1 day played, streak 1 (best 1)")
    # The history counts the attempt as the card does: not a given board's game, in the averages.
    games = page.locator("#stats-body .history-games tbody tr")
    expect(games).to_have_count(1)
    expect(games).not_to_contain_text("given board", ignore_case=True)
    expect(page.locator("#stats-body .history-averages tbody tr")).to_have_count(1)
    page.keyboard.press("Escape")
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="daily"]').click()
    expect(page.locator("#message")).to_contain_text("Practice: you played it today already")
    # Leaving the practice game well under way costs nothing, and the question says so.
    open_safe(page, day, "beginner", share=0.3)
    page.keyboard.press("F2")
    question = page.locator("#leave-text")
    expect(question).to_contain_text("apart, as played on a given board: your streak goes on")
    page.keyboard.press("Escape")
    expect(page.locator("#leave-dialog")).to_be_hidden()


def test_a_bad_daily_link_says_why_and_the_game_goes_on(page: Page) -> None:
    open_game(page, "index.html?daily=2026-02-30")
    expect(page.locator("#message")).to_contain_text("“2026-02-30” is not a valid date (year-month-day)")
    expect(page.locator("#board [data-start]")).to_have_count(0)


def test_a_daily_in_progress_stays_a_daily_after_a_reload(page: Page) -> None:
    open_game(page, "index.html?daily=2026-11-20&level=beginner")
    made = daily("2026-11-20", "beginner")
    cell(page, *made.board.size.row_col(made.start)).click()
    kept = stored_game(page)
    assert kept["data"]["daily"] == {"day": "2026-11-20", "level": "beginner", "attempt": ANY}
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    assert state(page) == "playing"
    expect(page.locator("#board [data-start]")).to_have_count(1)  # still the daily, its start marked


def test_the_same_board_again_stays_the_daily(page: Page) -> None:
    """R (Game → Play this board again) on a daily keeps its start cell marked and its note."""
    open_game(page, "index.html?daily=2026-11-20&level=beginner")
    made = daily("2026-11-20", "beginner")
    cell(page, *made.board.size.row_col(made.start)).click()
    page.locator("#board").focus()
    page.keyboard.press("r")
    leave_if_asked(page)
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    start = page.locator("#board [data-start]")
    expect(start).to_have_count(1)
    expect(start).to_have_attribute("data-row", str(made.board.size.row_col(made.start)[0]))
    expect(page.locator("#message")).to_contain_text("Daily board of Nov 20, 2026, beginner")
    expect(page.locator("#message")).to_contain_text("Practice")
