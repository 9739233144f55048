"""The analysis board in real Chromium: a `#analysis=` link's position with each covered cell's exact chance
(data-chance against exhaustive search), a proof shown once its cell is chosen; the editor on a desktop
(the picker by mouse, a drag, keys, undo and redo, a size, the .mine text) and on a phone (taps, a finger's
drag, a long press); an impossible position named as it is made; screen readers' words."""

from __future__ import annotations

import itertools
from fractions import Fraction

from playwright.sync_api import Page, expect

from minesweeper.diagram import Diagram, to_code
from minesweeper.exchange import to_mine_text

from .conftest import open_game, screenshot
from .play import cell, open_board, picture
from .test_keyboard import go
from .test_review import expect_header
from .test_touch import Fingers, centre

# The engine's GUESSES after its first click (tests/unit/test_review.py): each top cell 1/5, the row 1
# cells 1/2 but the middle one, a mine; with a flag (flags are opinions: counted as covered).
POSITION = Diagram.from_text(
    """
    F####
    #####
    12221
    .....
    """,
    mines=4,
)


def exact(diagram: Diagram) -> dict[tuple[int, int], Fraction]:
    """Each covered cell's chance of a mine by exhaustive search: its share of the layouts that fit."""
    size, view = diagram.size, diagram.view
    shown = [(c, n) for c, n in enumerate(view) if n is not None]
    layouts = [
        set(layout)
        for layout in itertools.combinations(sorted(diagram.covered), size.mines)
        if all(sum(n in layout for n in size.neighbours(c)) == number for c, number in shown)
    ]
    return {
        size.row_col(c): Fraction(sum(c in lay for lay in layouts), len(layouts)) for c in diagram.covered
    }


def chances(page: Page) -> dict[tuple[int, int], float]:
    found = page.eval_on_selector_all(
        "#board [data-chance]", "els => els.map(e => [+e.dataset.row, +e.dataset.col, e.dataset.chance])"
    )
    return {(row, col): float(chance) for row, col, chance in found}


def test_a_link_s_position_shows_each_covered_cell_s_exact_chance_and_a_proof(page: Page) -> None:
    # Over a no-guess game: its badge is not the position's, and hides while the position shows.
    open_game(page, "index.html?mode=no-guess&level=beginner")
    cell(page, 4, 4).click()  # a game in progress, kept: it comes back under the link's position
    open_game(page, f"index.html#analysis={to_code(POSITION)}")
    expect(page.locator("#study")).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-study", "analysis")
    expect(page.locator("#mode")).to_have_attribute("data-mode", "no-guess")
    expect(page.locator("#mode")).to_be_hidden()
    # The header is the position's: no clock ever ran on it; the counter is its mines less its flag.
    expect_header(page, "000", "003", "smile")
    expected = exact(POSITION)
    odds = chances(page)
    assert odds.keys() == expected.keys()
    for place, p in expected.items():
        assert abs(odds[place] - float(p)) < 1e-6, place
    expect(cell(page, 0, 0)).to_have_attribute("aria-label", "row 1, column 1: flag, 20% chance of a mine")
    expect(cell(page, 1, 2)).to_have_attribute("data-odds", "100%")
    expect(page.locator("#analysis-hint")).to_contain_text("No cell is safe. Best guess: row 2, column 1")
    cell(page, 1, 2).click()  # a proved mine: the numbers that prove it light up
    expect(page.locator("#analysis-cell")).to_contain_text("Row 2, column 3 is a mine")
    expect(page.locator("#board [data-proof]").first).to_be_visible()
    assert page.locator("#board [data-proof]").evaluate_all(
        "els => els.every(e => /^[0-8]$/.test(e.dataset.cell))"
    )
    page.keyboard.press("Escape")  # back to the game the link opened over
    expect(page.locator("#study")).to_be_hidden()
    expect(page.locator("#board")).not_to_have_attribute("data-study", "analysis")
    expect(page.locator("#mode")).to_be_visible()
    expect(page.locator("#mines-left")).to_have_text("010")  # the game's header, its clock going on
    expect(page.locator("#timer")).not_to_have_text("000")
    shown = int(page.locator("#timer").text_content() or 0)
    page.wait_for_function(f"Number(document.querySelector('#timer').textContent) > {shown}")


def test_the_editor_by_mouse_and_keys(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=1")
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=analysis]").click()  # no game begun: an empty board to set up
    expect(page.locator("#board")).to_have_attribute("data-study", "edit")
    expect(page.locator("#board [data-cell=covered]")).to_have_count(81)
    # The how-to names a mouse's click (it said "Tap" to a desktop's player).
    expect(page.locator(".editor-how:visible")).to_have_text(
        "Click a cell to choose what it shows, or drag to paint; keys: 0-8, H, F."
    )
    cell(page, 0, 0).click()  # the picker, by the cell
    picker = page.locator("#picker")
    expect(picker).to_be_visible()
    picker.locator('[data-state="1"]').click()
    expect(picker).to_be_hidden()
    expect(cell(page, 0, 0)).to_have_attribute("data-cell", "1")
    # A drag paints the state last chosen over every cell it crosses, one edit for undo.
    page.mouse.move(*centre(cell(page, 2, 0)))
    page.mouse.down()
    for col in (1, 2, 3):
        page.mouse.move(*centre(cell(page, 2, col)))
    page.mouse.up()
    expect(picker).to_be_hidden()
    assert picture(page).splitlines()[2] == "1111#####"
    page.locator("[data-edit=undo]").click()
    assert picture(page).splitlines()[2] == "#########"
    page.locator("[data-edit=redo]").click()
    assert picture(page).splitlines()[2] == "1111#####"
    # Keys on the focused cell: 0-8, H covered, F flag (not the page's hint). Esc closes the picker and
    # leaves the focus on its cell; the arrows go from there.
    cell(page, 4, 4).click()
    expect(picker).to_be_visible()
    page.keyboard.press("Escape")
    expect(picker).to_be_hidden()
    expect(page.locator("#study")).to_be_visible()  # the Esc was the picker's
    page.keyboard.press("0")
    go(page, 4, 6)
    page.keyboard.press("f")
    expect(cell(page, 4, 4)).to_have_attribute("data-cell", "0")
    expect(cell(page, 4, 6)).to_have_attribute("data-cell", "flag")
    page.keyboard.press("h")
    expect(cell(page, 4, 6)).to_have_attribute("data-cell", "covered")
    page.keyboard.press("Control+z")
    expect(cell(page, 4, 6)).to_have_attribute("data-cell", "flag")
    # An impossible position says which cell breaks it, at once: an 8 in a corner.
    go(page, 8, 8)
    page.keyboard.press("8")
    expect(page.locator("#analysis-problem")).to_have_text(
        "Row 9, column 9: this 8 has fewer covered cells around it than it shows."
    )
    expect(cell(page, 8, 8)).to_have_attribute("data-problem", "")
    page.keyboard.press("Delete")
    expect(page.locator("#analysis-problem")).to_be_hidden()
    # The size, and the position as .mine text.
    width = page.locator("#editor-size [name=width]")
    width.fill("5")
    width.press("Enter")
    width.dispatch_event("change")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-rows", "5")  # 5 by 9: turned to follow the screen's long side
    expect(board).to_have_attribute("data-cols", "9")
    page.locator(".editor-exchange summary").click()
    text = page.locator("#editor-text").input_value()
    assert text.splitlines()[:2] == ["5x9x10", "1HHHH"]  # JSMinesweeper's letters: H covered
    page.locator("#editor-text").fill(to_mine_text(POSITION))
    page.locator("[data-edit=read]").click()
    expect(page.locator("#board")).to_have_attribute("data-cols", "5")
    assert picture(page) == "F####\n#####\n12221\n....."
    screenshot(page, "analysis-edit-desktop")


def test_the_editor_by_touch_on_a_phone(phone: Page) -> None:
    open_game(phone, f"index.html#analysis={to_code(POSITION)}")
    phone.locator("[data-edit=toggle]").tap()
    expect(phone.locator("#board")).to_have_attribute("data-study", "edit")
    expect(phone.locator(".editor-how:visible")).to_have_text(
        "Tap a cell to choose what it shows, or drag to paint; keys: 0-8, H, F."
    )
    cell(phone, 1, 0).tap()
    picker = phone.locator("#picker")
    expect(picker).to_be_visible()
    screenshot(phone, "analysis-picker-phone")
    picker.locator('[data-state="2"]').tap()
    expect(cell(phone, 1, 0)).to_have_attribute("data-cell", "2")
    fingers = Fingers(phone)  # a finger's drag paints the 2 along the row
    fingers.down(1, *centre(cell(phone, 1, 1)))
    for col in (2, 3, 4):
        fingers.move(1, *centre(cell(phone, 1, col)))
    fingers.up(1)
    expect(cell(phone, 1, 4)).to_have_attribute("data-cell", "2")
    expect(picker).to_be_hidden()
    assert picture(phone).splitlines()[1] == "22222"
    fingers.long_press(cell(phone, 0, 2))  # a long press flags
    expect(cell(phone, 0, 2)).to_have_attribute("data-cell", "flag")
    phone.locator("[data-edit=undo]").tap()
    expect(cell(phone, 0, 2)).to_have_attribute("data-cell", "covered")
    expect(phone.locator("#analysis-problem")).not_to_be_empty()  # 2s where 1s held: too many mines
    screenshot(phone, "analysis-edit-phone")


def test_screen_readers_hear_each_cell_s_chance_and_what_a_reveal_opened(page: Page) -> None:
    open_board(page, "..1*\n..1.")
    cell(page, 0, 0).click()
    expect(page.locator("#announce")).to_have_text("6 cells opened.")
    page.locator("#odds").click()
    expect(cell(page, 0, 3)).to_have_attribute("aria-label", "row 1, column 4: covered, 50% chance of a mine")
    page.locator("#odds").click()
    expect(cell(page, 0, 3)).to_have_attribute("aria-label", "row 1, column 4: covered")
