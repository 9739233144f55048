"""The Hint button and the odds overlay on boards with known positions: the overlay's figures are the
CPython solver's exact odds and add up to the mines, follow each action and go when turned off; a
hint with no safe cell names the least risky one with its risk; H and O work from the keyboard.
Screenshots of the hint and the overlay at phone and desktop sizes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

from minesweeper import Game, Reveal, level
from minesweeper.codes import to_code
from minesweeper.solver import Position, probabilities

from .conftest import open_game, screenshot
from .play import cell, open_board, picture, transposed

WALL = """
    ....*.
    ....**
    ......
"""  # opened at the corner: ...2## / ...2## / ...1##: two sure mines, one safe cell, 1 mine in 3 cells
FIFTY_FIFTY = """
    ..1*
    ..1.
"""  # opened at the corner: ..1# / ..1#: one mine, two cells, nothing certain

ODDS = """() => Object.fromEntries([...document.querySelectorAll('#board [data-odds]')].map(
  (c) => [`${c.dataset.row},${c.dataset.col}`, [c.dataset.odds, c.dataset.risk]]))"""


def shown_odds(page: Page) -> dict[str, list[str]]:
    """'row,col' -> [label, risk] for every cell the overlay marks, in one round trip."""
    return dict(page.evaluate(ODDS))


def percent(p: Fraction) -> str:
    return f"{int(p * 100 + Fraction(1, 2))}%"


def test_the_overlay_shows_the_solver_s_odds_follows_play_and_clears(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.locator("#odds").click()
    expect(page.locator("#odds")).to_have_attribute("aria-pressed", "true")
    exact = probabilities(Position.from_text(picture(page), 3))
    shown = shown_odds(page)
    assert len(shown) == len(exact) == 6  # every covered cell, nothing else
    for cell_index, p in exact.items():
        row, col = divmod(cell_index, 6)
        assert shown[f"{row},{col}"][0] == percent(p)
    assert shown["0,5"] == ["33%", "3"] and shown["0,4"] == ["100%", "10"] and shown["2,4"] == ["0%", "0"]
    assert sum(Fraction(int(label[:-1]), 100) for label, _ in shown.values()) == Fraction(
        299, 100
    )  # ~3 mines
    cell(page, 2, 4).click()  # the safe cell: its 2 tells the last mine is at (1,5) or (2,5), not (0,5)
    shown = shown_odds(page)
    assert "2,4" not in shown and shown["0,5"] == ["0%", "0"] and shown["1,5"] == ["50%", "5"]
    page.locator("#odds").click()
    assert shown_odds(page) == {}
    expect(page.locator("#board [data-risk]")).to_have_count(0)


def test_a_hint_marks_a_safe_cell_and_the_mark_and_note_go_with_the_next_action(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.locator("#hint").click()
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")
    expect(page.locator("#message")).to_have_text("Hint: row 3, column 5 is safe.")
    cell(page, 1, 4).click(button="right")
    expect(page.locator("#board [data-hint]")).to_have_count(0)
    # Its note is about the position it was asked in: it stayed on, through a win, read as a fresh hint.
    expect(page.locator("#message")).not_to_have_text("Hint: row 3, column 5 is safe.")


def test_a_hint_on_a_wrongly_flagged_cell_says_the_flag_is_wrong(page: Page) -> None:
    # The only safe cell logic finds is under the player's flag: the hint said "row 3, column 5 is safe",
    # pointing at a flag that a click does not open.
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 2, 4).click(button="right")
    page.locator("#hint").click()
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")
    expect(page.locator("#message")).to_have_text(
        "Hint: your flag at row 3, column 5 is wrong: that cell is safe."
    )


def test_with_no_safe_cell_the_hint_names_the_least_risky_and_its_risk(page: Page) -> None:
    open_board(page, FIFTY_FIFTY)
    cell(page, 0, 0).click()
    page.locator("#hint").click()
    hinted = cell(page, 0, 3)
    expect(hinted).to_have_attribute("data-hint", "risk")
    expect(hinted).to_have_attribute("data-hint-label", "50%")
    expect(page.locator("#message")).to_contain_text("No cell is certain")
    expect(page.locator("#message")).to_contain_text("row 1, column 4: 50% risk")


def test_before_the_first_click_any_cell_is_safe_and_the_keys_work(page: Page) -> None:
    open_board(page, WALL)  # a link board is played as given: no safe first click, so odds from the start
    page.keyboard.press("o")
    expect(page.locator("#odds")).to_have_attribute("aria-pressed", "true")
    assert set(label for label, _ in shown_odds(page).values()) == {"17%"}  # 3 mines in 18 cells
    page.keyboard.press("o")
    assert shown_odds(page) == {}
    page.goto("about:blank")
    page.goto("index.html?level=beginner&seed=4")
    page.wait_for_selector("#board[data-state=ready]")
    page.keyboard.press("h")
    start = cell(page, 3, 3)  # the solver's first click when an opening is kept free
    expect(start).to_have_attribute("data-hint", "safe")
    expect(start).to_be_focused()  # from the keyboard the focus follows the hint: Enter opens it
    expect(page.locator("#message")).to_contain_text("Any cell is safe on the first click; the solver starts")
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(start).to_have_attribute("data-cell", "0")


# Where the hinted cell is drawn, counted from its place on the screen (not from its attributes), and its
# aria-label, which a screen reader says.
DRAWN = """() => {
  const hinted = document.querySelector('#board [data-hint]');
  const first = document.querySelector('#board [role=gridcell]');
  const a = hinted.getBoundingClientRect(), b = first.getBoundingClientRect();
  return [Math.round((a.top - b.top) / b.height), Math.round((a.left - b.left) / b.width), hinted.ariaLabel];
}"""


def test_on_a_turned_board_the_hint_names_the_row_and_column_the_player_sees(phone: Page) -> None:
    expert = level("expert")
    game = Game.new(expert, seed=11)
    game.apply(Reveal(expert.cell(8, 15)))  # an opening: the page plays the same board from its link
    open_game(phone, f"index.html#board={to_code(game.board)}")
    assert transposed(phone)  # 30 wide, drawn 16 across and 30 down on a phone held upright
    cell(phone, 8, 15).tap()
    phone.locator("#hint").tap()
    expect(phone.locator("#board [data-hint=safe]")).to_have_count(1)
    row, col, aria = phone.evaluate(DRAWN)
    place = f"row {row + 1}, column {col + 1}"
    expect(phone.locator("#message")).to_have_text(f"Hint: {place} is safe.")
    assert aria.startswith(f"{place}: ")
    assert row != col  # the engine's row and column would name another cell
    screenshot(phone, "phone-hint-turned")
    phone.set_viewport_size({"width": 844, "height": 390})  # turned sideways: the board is not turned
    expect(phone.locator("#board")).not_to_have_attribute("data-transposed", "")
    expect(phone.locator("#board [data-hint=safe]")).to_have_count(1)
    expect(phone.locator("#message")).to_have_text(f"Hint: row {col + 1}, column {row + 1} is safe.")
    assert phone.evaluate(DRAWN)[:2] == [col, row]
    assert phone.locator("#message").is_visible()
    screenshot(phone, "phone-hint-sideways")


@pytest.mark.parametrize("device", ["page", "phone"])
def test_screenshots_of_the_hint_and_the_overlay(device: str, request: pytest.FixtureRequest) -> None:
    page: Page = request.getfixturevalue(device)
    name = "desktop" if device == "page" else "phone"
    page.goto("index.html?mode=no-guess&level=expert&seed=7")
    page.wait_for_selector("#board[data-state=ready]", timeout=60_000)
    for _ in range(12):  # a few hinted moves: a mid-game position
        page.locator("#hint").click()
        page.locator("#board [data-hint]").click()
    page.locator("#hint").click()
    expect(page.locator("#board [data-hint=safe]")).to_have_count(1)
    page.wait_for_timeout(1300)  # the mark's pulse has settled
    screenshot(page, f"{name}-hint")
    page.locator("#odds").click()
    expect(page.locator("#board [data-odds]").first).to_be_attached()
    screenshot(page, f"{name}-odds")
