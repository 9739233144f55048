"""A whole game without a mouse: Tab into the ARIA grid, arrows, F, C, Enter, Space; labels follow the
looks; the result is announced in the live region; N, F2 and Space start new games by the rules."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .play import cell, open_board, picture, state
from .test_mouse import WALL


def focused(page: Page) -> tuple[int, int] | None:
    position = page.evaluate(
        "() => { const e = document.activeElement; return e && e.dataset.row !== undefined"
        " ? [Number(e.dataset.row), Number(e.dataset.col)] : null }"
    )
    return None if position is None else (position[0], position[1])


def tab_into_board(page: Page) -> None:
    for _ in range(12):
        page.keyboard.press("Tab")
        if focused(page) is not None:
            return
    raise AssertionError("Tab never reached the board")


def go(page: Page, row: int, col: int) -> None:
    """Walk the focus cell to (row, col) with arrow keys only."""
    now = focused(page)
    assert now is not None
    for _ in range(abs(row - now[0])):
        page.keyboard.press("ArrowDown" if row > now[0] else "ArrowUp")
    for _ in range(abs(col - now[1])):
        page.keyboard.press("ArrowRight" if col > now[1] else "ArrowLeft")
    assert focused(page) == (row, col)


def test_grid_roles_and_labels(page: Page) -> None:
    open_board(page, WALL)
    board = page.locator("#board")
    expect(board).to_have_attribute("role", "grid")
    expect(board.locator("[role=row]")).to_have_count(3)
    expect(board.locator("[role=row]").first.locator("[role=gridcell]")).to_have_count(6)
    expect(cell(page, 2, 4)).to_have_attribute("aria-label", "row 3, column 5: covered")
    expect(board.locator("[tabindex='0']")).to_have_count(1)  # a roving tabindex: one stop in Tab order


def test_a_keyboard_only_game(page: Page) -> None:
    open_board(page, WALL)
    tab_into_board(page)
    assert focused(page) == (0, 0)
    page.keyboard.press("Enter")
    assert state(page) == "playing"
    expect(cell(page, 0, 3)).to_have_attribute("aria-label", "row 1, column 4: 2 mines around")
    expect(cell(page, 2, 3)).to_have_attribute("aria-label", "row 3, column 4: 1 mine around")
    go(page, 1, 4)
    page.keyboard.press("f")
    expect(cell(page, 1, 4)).to_have_attribute("aria-label", "row 2, column 5: flag")
    go(page, 2, 3)
    page.keyboard.press("c")
    assert picture(page) == "...2##\n...2F#\n...12#"
    go(page, 1, 5)
    page.keyboard.press("F")
    go(page, 0, 4)
    page.keyboard.press("f")
    go(page, 2, 4)
    page.keyboard.press("C")
    go(page, 0, 5)
    page.keyboard.press(" ")
    assert state(page) == "won"
    expect(page.locator("#announce")).to_contain_text("You won in")
    expect(page.locator("#win-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#win-dialog")).to_be_hidden()
    cell(page, 0, 5).focus()  # (the focus may be in the statistics prompt that the first result opens)
    page.keyboard.press(" ")  # on the board once the game is over: a new game
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


def test_home_end_and_edges(page: Page) -> None:
    open_board(page, WALL)
    tab_into_board(page)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    assert focused(page) == (0, 0)
    page.keyboard.press("End")
    assert focused(page) == (0, 5)
    page.keyboard.press("ArrowRight")
    assert focused(page) == (0, 5)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Home")
    assert focused(page) == (1, 0)


def test_n_and_f2_start_new_games_and_space_on_the_page_does(page: Page) -> None:
    open_board(page, WALL)
    tab_into_board(page)
    page.keyboard.press("Enter")
    assert state(page) == "playing"
    page.keyboard.press("n")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    cell(page, 0, 0).click()
    page.keyboard.press("F2")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    cell(page, 0, 0).click()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press(" ")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


def test_keys_in_a_field_are_the_fields(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-level=custom]").click()
    width = page.locator("#custom-form [name=width]")
    width.fill("")
    width.press_sequentially("n")  # typing N in a form is not a new game
    assert state(page) == "playing"
