"""A whole game without a mouse: Tab into the ARIA grid, arrows, F, C, Enter, Space; labels follow the
looks; the result is announced in the live region; N, F2 and Space start new games by the rules, Space never
over a game in progress (nor scrolls a big board then; on a focused button it still presses it); a new game
keeps the keyboard's focus on the board, and a mouse player's off it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_game
from .play import cell, leave_if_asked, open_board, picture, state
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
    state(page)  # a click's tap played: it moves the focus cell to the cell clicked
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


ONE_MINE = """
    .....
    .....
    ....*
"""  # the first open at (0, 0) wins


def expect_new_board_focused_at(page: Page, row: int, col: int) -> None:
    """A new game is on the board, and the keyboard's focus is visibly on (row, col)."""
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    assert focused(page) == (row, col)
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")


def test_n_and_f2_start_new_games(page: Page) -> None:
    # An expert board, since N deals a random board of the same size: on WALL's 3x6 with 3 mines the first
    # click after N sometimes won, and the win dialog (modal) rightly took F2.
    open_game(page, "index.html?level=expert&seed=21")
    tab_into_board(page)
    page.keyboard.press("Enter")
    assert state(page) == "playing"
    page.keyboard.press("n")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    cell(page, 8, 15).click()
    assert state(page) == "playing"
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("F2")
    leave_if_asked(page)  # the click may have opened a fifth of the board
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


def test_space_on_the_page_starts_a_new_game_once_over(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 4).click()  # a mine
    assert state(page) == "lost"
    page.keyboard.press(" ")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


def test_space_on_the_page_keeps_a_game_in_progress(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=21")
    cell(page, 8, 15).click()  # a mouse click leaves the focus on the page
    assert state(page) == "playing"
    assert focused(page) is None
    before = picture(page)
    page.keyboard.press(" ")
    assert state(page) == "playing"
    assert picture(page) == before
    page.keyboard.press("n")  # the explicit command still does
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")


SCROLLS = "() => [document.querySelector('.board-scroll').scrollTop, document.scrollingElement.scrollTop]"


def test_space_on_the_page_does_not_scroll_a_big_board_in_progress(page: Page) -> None:
    open_game(page, "index.html?size=100.60.500&seed=3")  # 60 rows of 20 px cells: the board's frame scrolls
    frame = page.locator(".board-scroll")
    assert frame.evaluate("e => e.scrollHeight > e.clientHeight + 100")
    cell(page, 2, 2).click()
    assert state(page) == "playing"
    assert focused(page) is None
    before = (page.evaluate(SCROLLS), picture(page))
    for key in (" ", " ", "Shift+ "):
        page.keyboard.press(key)
    page.wait_for_timeout(300)  # a smooth scroll would have started by now
    assert (page.evaluate(SCROLLS), picture(page)) == before
    assert state(page) == "playing"
    page.keyboard.press("PageDown")  # not ours: the browser still scrolls the frame
    expect(frame).not_to_have_js_property("scrollTop", 0)


def test_space_on_a_focused_button_presses_it_in_a_game_in_progress(page: Page) -> None:
    open_game(page, "index.html?size=100.60.500&seed=3")
    cell(page, 2, 2).click()
    assert state(page) == "playing"
    page.locator("#new-game").focus()
    page.keyboard.press(" ")
    leave_if_asked(page)  # the first click may open a fifth of the board
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    page.locator("#game-menu-button").focus()
    page.keyboard.press(" ")
    expect(page.locator("#game-menu")).to_be_visible()


@pytest.mark.parametrize("key", ["n", "F2"])
def test_a_new_game_keeps_the_focus_on_the_board(page: Page, key: str) -> None:
    open_board(page, WALL)
    tab_into_board(page)
    go(page, 1, 2)
    page.keyboard.press("Enter")
    assert state(page) == "playing"
    page.keyboard.press(key)
    assert leave_if_asked(page)  # 12 of 14 safe cells are open
    expect_new_board_focused_at(page, 1, 2)
    page.keyboard.press("ArrowRight")
    assert focused(page) == (1, 3)


def test_space_after_a_loss_keeps_the_focus_on_the_board(page: Page) -> None:
    open_board(page, WALL)
    tab_into_board(page)
    go(page, 1, 4)
    page.keyboard.press("Enter")  # a mine
    assert state(page) == "lost"
    page.keyboard.press(" ")
    expect_new_board_focused_at(page, 1, 4)


def test_the_win_dialogs_new_game_keeps_the_focus_on_the_board(page: Page) -> None:
    open_board(page, ONE_MINE)
    tab_into_board(page)
    page.keyboard.press("Enter")
    assert state(page) == "won"
    expect(page.locator("#win-dialog")).to_be_visible()
    page.keyboard.press("Enter")  # on its New game, which has the focus
    expect(page.locator("#win-dialog")).to_be_hidden()
    expect_new_board_focused_at(page, 0, 0)
    page.keyboard.press("ArrowDown")
    assert focused(page) == (1, 0)


def test_a_mouse_players_focus_stays_off_the_board(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.keyboard.press("n")
    page.locator("#leave-dialog button[value=leave]").click()  # 12 of 14 safe cells are open
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    assert focused(page) is None
    open_board(page, ONE_MINE)
    cell(page, 0, 0).click()
    assert state(page) == "won"
    page.locator("#win-dialog button[value=new]").click()
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    assert focused(page) is None


def test_escape_on_a_mouse_wins_panel_leaves_the_keys_on_the_board(page: Page) -> None:
    open_board(page, ONE_MINE)
    cell(page, 0, 0).click()
    expect(page.locator("#win-dialog")).to_be_visible()
    page.keyboard.press("Escape")  # the panel folds; the focus had gone back to the page's body
    expect(page.locator("#win-dialog")).to_be_hidden()
    expect(cell(page, 0, 0)).to_be_focused()  # once the panel's `close` is heard (a task after)
    page.keyboard.press("ArrowDown")  # did nothing before
    assert focused(page) == (1, 0)


def test_a_click_moves_the_focus_cell(page: Page) -> None:
    open_board(page, WALL)
    tab_into_board(page)  # (0, 0)
    cell(page, 1, 2).click(button="right")  # a flag, with the focus on the board
    assert focused(page) == (1, 2)  # before: (0, 0), and the arrows went on from there
    page.keyboard.press("ArrowRight")
    assert focused(page) == (1, 3)
    page.locator("#new-game").focus()
    cell(page, 0, 4).click(button="right")  # a mouse player's: the focus stays where it was
    assert focused(page) is None
    page.keyboard.press("Tab")  # from the face, Tab comes back to the cell last played
    assert focused(page) == (0, 4)


def test_keys_in_a_field_are_the_fields(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-level=custom]").click()
    width = page.locator("#custom-form [name=width]")
    width.fill("")
    width.press_sequentially("n")  # typing N in a form is not a new game
    assert state(page) == "playing"
