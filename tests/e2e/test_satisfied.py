"""Dimming satisfied numbers (Settings → Look): a number whose flags are all placed fades while the
setting is on; the page marks it with data-satisfied either way, through flags placed and taken back, and
after a reload (the setting too lasts through it, before any yes to storage)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .play import cell, open_board
from .test_mouse import WALL
from .test_panels import open_menu_item

# How many box-shadows a cell is drawn with: an open cell has its grid line, a dimmed one a veil as well.
SHADOWS = "el => getComputedStyle(el).boxShadow.split('inset').length - 1"


def satisfied(page: Page) -> list[tuple[int, int]]:
    """The (row, column) of every cell marked satisfied, in the page's order."""
    cells = page.eval_on_selector_all(
        "#board [data-satisfied]", "els => els.map(e => [e.dataset.row, e.dataset.col])"
    )
    return [(int(row), int(col)) for row, col in cells]


def set_dimming(page: Page, on: bool) -> None:
    open_menu_item(page, "[data-command=settings]")
    page.locator("#settings-form [name=dim_satisfied]").set_checked(on)
    page.locator("#settings-form button[type=submit]").click()


def test_satisfied_numbers_are_marked_and_dimmed_while_the_setting_is_on(page: Page) -> None:
    open_board(page, WALL)  # numbers: ...2*3 / ...2** / ...122
    set_dimming(page, True)
    cell(page, 0, 0).click()
    cell(page, 1, 4).click(button="right")
    assert satisfied(page) == [(2, 3)]  # the 1 beside the flag; the 2s have one flag of two
    assert cell(page, 2, 3).evaluate(SHADOWS) == 2 and cell(page, 1, 3).evaluate(SHADOWS) == 1
    cell(page, 0, 4).click(button="right")
    assert satisfied(page) == [(0, 3), (1, 3), (2, 3)]
    cell(page, 1, 4).click(button="right")  # the flag taken back: no number is satisfied
    assert satisfied(page) == []
    cell(page, 1, 4).click(button="right")
    page.reload()  # the resumed game is drawn with its satisfied numbers
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    assert satisfied(page) == [(0, 3), (1, 3), (2, 3)]
    assert cell(page, 0, 3).evaluate(SHADOWS) == 2  # the setting lasts for the visit (sessionStorage)
    cell(page, 1, 5).click(button="right")
    for row, col in ((2, 4), (2, 5), (0, 5)):  # the last safe cells: won
        cell(page, row, col).click()
    assert page.locator("#board").get_attribute("data-state") == "won"
    assert (2, 4) in satisfied(page)  # every number is satisfied once the mines are flagged...
    assert cell(page, 2, 4).evaluate(SHADOWS) == 1  # ...and a finished board is shown in full colour


def test_without_the_setting_satisfied_numbers_look_as_any_other(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 1, 4).click(button="right")
    assert satisfied(page) == [(2, 3)]
    assert cell(page, 2, 3).evaluate(SHADOWS) == 1
    set_dimming(page, True)
    assert cell(page, 2, 3).evaluate(SHADOWS) == 2
    set_dimming(page, False)
    assert cell(page, 2, 3).evaluate(SHADOWS) == 1
