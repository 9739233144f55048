"""Statistics keep no-guess games apart and hinted wins out of best times, in real Chromium: a no-guess
board won by logic alone (the CPython solver picks each click from the page's own picture) shows under
"Beginner, no guess" with its best time and nothing under plain Beginner; the same board won again with
the Hint button counts as played and won, shows as a win with hints, and adds no best time (each dealt as
the page deals a random board: a seed link's board is given). A board given by a `#board=` link, won twice,
counts twice apart, as played and won on given boards, never in Played, Won, the streak or best times."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from minesweeper import LEVELS
from minesweeper.codes import from_code
from minesweeper.solver import solve

from .conftest import open_game, screenshot
from .play import cell, deal, state
from .test_noguess import position, win_by_hints
from .test_storage import CONSENT, CONSENT_YES, RECORDS, open_stats, preload

BEGINNER = LEVELS["beginner"]
NO_GUESS_LINK = "index.html?mode=no-guess&level=beginner&seed=11"
GIVEN = "9.9.IFZIAAIBAAQAAAA"


def win_by_logic(page: Page) -> None:
    """The first click in the middle, then every cell the solver proves safe, until won: no hint used."""
    cell(page, 4, 4).click()
    while state(page) == "playing":
        safe = solve(position(page, BEGINNER)).safe
        assert safe, "a no-guess board always has a safe cell to open"
        for safe_cell in sorted(safe):
            cell(page, *BEGINNER.row_col(safe_cell)).click()
    assert state(page) == "won"


def close_win_panel(page: Page) -> None:
    """Close the win summary and say yes to keeping statistics, so they outlive the next link's reload."""
    keep = page.locator("#win-consent [data-consent=yes]")
    if keep.is_visible():
        keep.click()
    page.locator("#win-dialog button[value=close]").click()


def figures(page: Page, name: str) -> str:
    return re.sub(r"\s+", " ", page.locator(f'.stats-card[data-category="{name}"]').inner_text())


def apart(page: Page, name: str) -> str:
    """The card's games on given boards, apart from its figures: "On given boards, ... Played 2 Won 1"."""
    part = page.locator(f'.stats-card[data-category="{name}"] .stats-given')
    return re.sub(r"\s+", " ", part.inner_text())


def test_a_no_guess_win_has_its_own_category_and_a_hinted_win_no_best_time(page: Page) -> None:
    deal(page, BEGINNER, 11, no_guess=True)
    win_by_logic(page)
    close_win_panel(page)
    open_stats(page)
    expect(page.locator(".stats-card")).to_have_count(1)
    card = page.locator('.stats-card[data-category="beginner, no guess"]')
    expect(card.locator("h3")).to_have_text("Beginner, no guess")
    expect(card.locator(".best-times tbody tr")).to_have_count(1)
    assert "Played 1 Won 1 Win rate 100%" in figures(page, "beginner, no guess")
    page.keyboard.press("Escape")

    deal(page, BEGINNER, 11, no_guess=True)  # the same board, now won with the Hint button
    assert win_by_hints(page, BEGINNER, check=False) > 0
    close_win_panel(page)
    open_stats(page)
    expect(page.locator(".stats-card")).to_have_count(1)
    assert "Played 2 Won 2 With help 1 Win rate 100% Streak 2" in figures(page, "beginner, no guess")
    expect(card.locator(".best-times tbody tr")).to_have_count(1)  # the logic win's time alone
    screenshot(page, "desktop-statistics-modes")


def win_given_board(page: Page, code: str) -> None:
    """Open the `#board=` link and open every safe cell the code gives away, until won."""
    open_game(page, f"index.html#board={code}")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")  # a second link: hashchange
    board = from_code(code)
    for safe in sorted(set(range(board.size.cells)) - set(board.mines)):
        if state(page) == "won":
            break
        cell(page, *board.size.row_col(safe)).click()
    assert state(page) == "won"


def test_a_given_board_won_twice_counts_apart_and_never_enters_best_times(page: Page) -> None:
    win_given_board(page, GIVEN)
    expect(page.locator("#message")).not_to_contain_text("best time")
    close_win_panel(page)
    win_given_board(page, GIVEN)  # a replay of the same memorised layout
    expect(page.locator("#message")).not_to_contain_text("best time")
    close_win_panel(page)
    open_stats(page)
    expect(page.locator(".stats-card")).to_have_count(1)
    card = page.locator('.stats-card[data-category="beginner"]')
    expect(card.locator(".best-times")).to_have_count(0)
    expect(card.locator(".stats-none")).to_have_text(
        "No best time yet: wins on given boards do not enter best times."
    )
    assert "Played 0 Won 0 Win rate – Streak 0 Best streak 0" in figures(page, "beginner")
    assert apart(page, "beginner") == "On given boards, counted apart Played 2 Won 2"
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(RECORDS)})"))
    tally = stored["data"]["tallies"]["beginner"]
    assert stored["version"] == 6 and (tally["given_played"], tally["given_won"]) == (2, 2)
    assert stored["data"]["tallies"]["beginner"]["best"] == []
    screenshot(page, "desktop-statistics-given-boards")


SHOWCASE = {
    "beginner": {
        "played": 6,
        "won": 4,
        "streak": 1,
        "best_streak": 3,
        "hinted": 1,
        "best": [
            {"seconds": 9.87, "date": "2025-03-02", "bbbv": 21},
            {"seconds": 14.1, "date": "", "bbbv": None},
        ],
    },
    "beginner, no guess": {"played": 2, "won": 2, "streak": 2, "best_streak": 2, "hinted": 2, "best": []},
    "intermediate": {"played": 3, "won": 2, "streak": 2, "best_streak": 2, "given": 2, "best": []},
    "expert, no guess": {
        "played": 3,
        "won": 1,
        "streak": 0,
        "best_streak": 1,
        "best": [{"seconds": 161.2, "date": "2025-03-04", "bbbv": 180}],
    },
}


def test_screenshot_of_the_statistics_modes_on_a_phone(phone: Page) -> None:
    preload(phone, {CONSENT: CONSENT_YES, RECORDS: json.dumps({"version": 3, "data": SHOWCASE})})
    open_game(phone, "index.html")
    open_stats(phone)
    expect(phone.locator(".stats-card h3")).to_have_text(
        ["Beginner", "Beginner, no guess", "Intermediate", "Expert, no guess"]
    )
    expect(phone.locator('.stats-card[data-category="beginner, no guess"] .stats-none')).to_have_text(
        "No best time yet: wins with help (hints or odds) do not enter best times."
    )
    expect(phone.locator('.stats-card[data-category="intermediate"] .stats-none')).to_have_text(
        "No best time yet: wins on given boards do not enter best times."
    )
    screenshot(phone, "phone-statistics-modes")


SLOW_BEST = {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best": [{"seconds": 999.0, "date": ""}]}


def test_the_win_panel_names_the_board_and_a_new_best_time(page: Page) -> None:
    records = json.dumps({"version": 2, "data": {"beginner, no guess": SLOW_BEST}})
    preload(page, {CONSENT: CONSENT_YES, RECORDS: records})
    deal(page, BEGINNER, 11, no_guess=True)
    win_by_logic(page)
    panel = page.locator("#win-dialog")
    expect(panel.locator("[data-stat=board]")).to_have_text("9 by 9, 10 mines")
    best = re.compile(r"^A new best time: \d+\.\d\d s!$")  # before: under the panel, in the note
    expect(panel.locator("[data-stat=best]")).to_have_text(best)
    screenshot(page, "desktop-win-best")
    page.locator("#win-dialog button[value=close]").click()
    win_given_board(page, GIVEN)  # a given board: never a best time, and the panel says why
    expect(panel.locator("[data-stat=board]")).to_have_text("9 by 9, 10 mines")
    expect(panel.locator("[data-stat=best]")).to_be_hidden()
    expect(panel.locator("[data-stat=known]")).to_have_text(
        "A given board (from a link, or played again): the win counts apart, not in your wins or streak."
    )
