"""A yes to the statistics prompt in one tab holds for the other tabs of the browser: each adds the games
of its own visit (in its sessionStorage, which the other tab cannot read), once, and keeps the next ones."""

from __future__ import annotations

import contextlib
import re

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import open_game
from .play import cell, open_board, read_note
from .test_storage import CORNER_MINE, RECORDS, open_stats, reload, stored_data

PLAYED_TWICE = (
    "key => JSON.parse(localStorage.getItem(key) || '{}').data?.tallies?.['custom 3x3/1']?.given_played === 2"
)


def test_a_yes_in_another_tab_keeps_this_tabs_games_too(page: Page) -> None:
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()  # a loss in the first tab, before any yes: the prompt shows there
    read_note(page)
    expect(page.locator("#consent")).to_be_visible()
    other = open_game(page.context.new_page())
    open_board(other, CORNER_MINE)
    cell(other, 2, 2).click()  # a win in the second tab, whose player says yes
    other.locator("#win-consent [data-consent=yes]").click()
    other.locator("#win-dialog button[value=close]").click()
    # The first tab hears the yes as a storage event, a task of its own: wait for its write, then check it.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(PLAYED_TWICE, arg=RECORDS, timeout=10_000)
    tally = stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]  # type: ignore[index]
    assert (tally["given_played"], tally["given_won"]) == (2, 1)  # the first tab's loss added to the win
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()  # and its next games are kept
    open_stats(page)
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Kept in this browser"))
    expect(page.locator("#stats-keep")).to_be_hidden()
    reload(page)  # added once: the visit's list went with the yes
    tally = stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]  # type: ignore[index]
    assert (tally["given_played"], tally["given_won"]) == (3, 1)  # before: (1, 1), the first tab's lost
    open_stats(page)
    expect(page.locator('.stats-card[data-category="custom 3x3/1"]')).to_contain_text("Played3")
