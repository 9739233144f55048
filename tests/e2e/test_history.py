"""The game history in real Chromium: every finished or abandoned game is listed in Statistics (latest
first, or the best wins by time, 3BV/s or efficiency), with per-board averages; a game's Replay button
plays it on the board; the win panel shows ZiNi beside 3BV. Screenshots of the panel with a long history
at 390x844, 844x390 and 1280x800."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from minesweeper import LEVELS, Game, Reveal, Size, State, place_mines
from minesweeper.placement import FirstClick
from minesweeper.zini import zini
from ui import saved
from ui.history import entry_of
from ui.stats import Result, Stats, category

from .conftest import device_page, open_game, screenshot
from .play import cell, deal, leave_if_asked, state
from .test_fair_stats import press
from .test_stats_modes import NO_GUESS_LINK, close_win_panel, win_by_logic
from .test_storage import CONSENT, CONSENT_YES, RECORDS, open_stats, preload

GAMES = "#stats-body .history-games tbody tr"


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_history_lists_each_game_sorts_the_wins_and_replays_one(
    request: pytest.FixtureRequest, viewport: str
) -> None:
    page = device_page(request, viewport)
    deal(page, LEVELS["beginner"], 11, no_guess=True)  # dealt by the page: its win is ranked
    win_by_logic(page)
    bbbv = int(page.locator("#win-dialog [data-stat=bv]").inner_text())
    assert 1 <= int(page.locator("#win-dialog [data-stat=zini]").inner_text()) <= bbbv
    close_win_panel(page)  # and keep the statistics
    page.keyboard.press("n")
    cell(page, 0, 0).click()
    assert state(page) == "playing"
    page.keyboard.press("n")
    leave_if_asked(page)
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")

    open_stats(page)
    rows = page.locator(GAMES)
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("Left")  # latest first
    expect(rows.nth(1).locator("td").nth(2)).to_have_text("Won")
    expect(rows.nth(1).locator("td").nth(4)).to_have_text(str(bbbv))
    expect(rows.nth(0).locator("[data-history-replay]")).to_have_count(0)  # not over: nothing to watch
    expect(page.locator("#stats-body .history-averages tbody tr")).to_have_count(2)

    press(page, page.locator("[data-history-order=time]"), viewport)
    expect(page.locator("[data-history-order=time]")).to_have_attribute("aria-pressed", "true")
    if viewport == "desktop":
        expect(page.locator("[data-history-order=time]")).to_be_focused()  # redrawn, the focus stays
    expect(rows).to_have_count(1)
    expect(page.locator("#stats-body .history-games caption")).to_have_text("Fastest wins")

    press(page, rows.nth(0).locator("[data-history-replay]"), viewport)
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-replay", "")

    open_game(page, "index.html")  # kept: the player said yes
    open_stats(page)
    expect(page.locator(GAMES)).to_have_count(2)


def long_history() -> str:
    """The stored statistics of 60 games on three boards, as a long-time player's, with their history: wins,
    losses (a mine hit after a third of the board) and some hinted wins."""
    rng, records = random.Random(5), Stats()
    start = datetime(2026, 11, 1, 9, 0)
    for n in range(60):
        size = (LEVELS["beginner"], LEVELS["intermediate"], Size(20, 12, 40))[n % 3]
        board = place_mines(size, 0, FirstClick.NONE, rng)
        game = Game.from_board(board)
        safe = [c for c in range(size.cells) if c not in board.mines]
        for c in safe if n % 4 else [*safe[: len(safe) // 3], min(board.mines)]:
            game.apply(Reveal(c))
        seconds, hints = 8 + rng.random() * 90, int(n % 7 == 0)
        ended = (start + timedelta(hours=5 * n)).strftime("%Y-%m-%dT%H:%M:%S")
        result = Result(game.state is State.WON, seconds, ended[:10], None, hints=hints)
        entry = entry_of(game, seconds, category(size), ended, zini(board).clicks, hints=hints)
        entry = replace(entry, given=False)  # as if dealt by a seed: the page's own games
        records = records.add(size, result).stats.recorded(entry)
    return saved.encode(saved.RECORDS, saved.records_to_data(records))


@pytest.mark.parametrize("where", ["desktop", "phone", "landscape"])
def test_screenshots_of_a_long_history(request: pytest.FixtureRequest, where: str) -> None:
    page: Page = request.getfixturevalue("page" if where == "desktop" else "phone")
    if where == "landscape":
        page.set_viewport_size({"width": 844, "height": 390})
    preload(page, {CONSENT: CONSENT_YES, RECORDS: long_history()})
    open_game(page, "index.html")
    open_stats(page)
    expect(page.locator(GAMES)).to_have_count(50)  # of 60 kept: SHOWN at once
    page.locator(".history").scroll_into_view_if_needed()
    screenshot(page, f"{where}-statistics-history")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("innerWidth")  # the tables scroll sideways, not the page
    # Nor do they hide columns sideways with nothing to say so: the averages' six columns ran 174 px past
    # a phone's panel (Time, 3BV/s and Eff. out of sight); narrow, each line is a small grid instead.
    hidden = page.eval_on_selector_all(".history-scroll", "es => es.map(e => e.scrollWidth - e.clientWidth)")
    assert hidden and max(hidden) <= 1, hidden
    # One scrolling area for the figures, the history and the luck section below them: the luck section
    # once squeezed the history into a few lines' scroll of its own on a phone.
    squeezed = page.eval_on_selector("#stats-body", "e => e.scrollHeight - e.clientHeight")
    assert squeezed <= 1, squeezed


def test_the_statistics_buttons_are_a_fingertip_high_on_a_phone(phone: Page) -> None:
    preload(phone, {CONSENT: CONSENT_YES})
    open_game(phone, NO_GUESS_LINK)
    win_by_logic(phone)
    close_win_panel(phone)
    open_stats(phone)
    heights = phone.eval_on_selector_all(
        "#stats-dialog .history-orders button, #stats-dialog .history-games button",
        "bs => bs.filter(b => b.offsetParent).map(b => b.offsetHeight)",
    )
    assert heights and min(heights) >= 44, heights
