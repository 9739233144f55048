"""A given board is filed, and badged, as a normal game whatever the no-guess setting says: a `#board=` link
or the same board played again (R) is not a board dealt to need no guess from the click the player makes."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .play import cell, dismiss_prompts, open_board, state
from .test_mouse import WALL  # custom 6x3/3; won by opening (0, 0), (0, 5), (2, 4) and (2, 5)
from .test_storage import open_stats

PLAIN, NO_GUESS = (
    '.stats-card[data-category="custom 6x3/3"]',
    '.stats-card[data-category="custom 6x3/3, no guess"]',
)


def win_wall(page: Page) -> None:
    for row, col in ((0, 0), (0, 5), (2, 4), (2, 5)):
        cell(page, row, col).click()
    assert state(page) == "won"
    page.locator("#win-dialog button[value=close]").click()
    dismiss_prompts(page)


def test_a_link_board_and_its_replay_count_as_normal_games_in_no_guess_mode(page: Page) -> None:
    open_board(page, WALL)
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    page.locator("#settings-form [name=no_guess]").check()
    page.locator("#settings-form button[type=submit]").click()
    open_board(page, WALL)  # a link, with the setting on
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")
    win_wall(page)
    page.keyboard.press("r")  # the same board again
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "normal")
    win_wall(page)
    open_stats(page)
    expect(page.locator(PLAIN)).to_contain_text("Played2")
    expect(page.locator(NO_GUESS)).to_have_count(0)
