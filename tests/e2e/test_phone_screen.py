"""Issue 16, as a demanding player found it on a 390x844 phone (upright and sideways) and a desktop: words
that agree with themselves, one thing at a time in the place for notes, touch-sized menu buttons, a Game
menu that fits a sideways phone, odds labels inside their cells, no grey bands beside a small board, an
upright beginner board under the menu, and a reload that keeps the zoomed board's place, the odds and the
hint. Each test failed before its fix. Screenshots for a person: tests/screenshots/screen-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import LANDSCAPE, device_page, open_game, screenshot
from .play import BEGINNER, cell, leave_if_asked, open_board, state, transposed

EXPERT = "index.html?level=expert&seed=1"
# Opened at (0, 5), (1, 6), (3, 0), then (2, 4) loses: 11.2% against 10.5% at (1, 4), the nearest of the
# 10.5% cells, both "11%" rounded.
NEAR_EQUAL = ".....1*\n11.1121\n*222*1.\n2*2*21."


# -- words that agree with themselves -------------------------------------------------------------


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_less_risky_cell_never_reads_as_risky_as_the_one_lost(
    device: str, request: pytest.FixtureRequest
) -> None:
    page = device_page(request, device)
    open_board(page, NEAR_EQUAL)
    for row, col in ((0, 5), (1, 6), (3, 0), (2, 4)):
        cell(page, row, col).click()
    assert state(page) == "lost"
    where = "row 5, column 2" if transposed(page) else "row 2, column 5"
    expect(page.locator("#message")).to_have_text(
        f"That cell's risk was 11.2%. No cell was safe, but {where} was less risky: 10.5%. Review"
    )
    expect(cell(page, 1, 4)).to_have_attribute("data-hint", "risk")  # the cell named, ringed


def test_a_one_cell_board_won_at_once_says_nothing_of_too_many_mines(phone: Page) -> None:
    page = phone  # the words are the same on a desktop
    open_game(page, "index.html?size=1.1.0")
    cell(page, 0, 0).click()
    assert state(page) == "won"
    expect(page.locator("#win-dialog")).to_be_visible()
    page.wait_for_timeout(200)  # a note would be written at once, with the click
    expect(page.locator("#message")).not_to_contain_text("Too many mines")


# Each key on one device, the two devices between them.
@pytest.mark.parametrize(("device", "key"), [("desktop", "n"), ("phone", "r")])
def test_a_note_goes_with_its_game(device: str, key: str, request: pytest.FixtureRequest) -> None:
    page = device_page(request, device)
    open_game(page, BEGINNER)
    cell(page, 4, 4).click()
    assert state(page) == "playing"
    page.keyboard.press("h")
    expect(page.locator("#message")).to_contain_text("Hint")
    page.keyboard.press(key)  # a new game, or this board again: the hint was the last game's
    # A fifth of a beginner board open after one click is a game well under way: leaving it asks first.
    page.wait_for_function(
        "document.querySelector('#leave-dialog').open"
        " || document.querySelector('#board').dataset.state == 'ready'"
    )
    leave_if_asked(page)
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(page.locator("#message")).to_be_hidden()


# -- one thing at a time in one place ------------------------------------------------------------


@pytest.mark.parametrize("device", ["desktop", "phone", "landscape"])
def test_after_a_win_the_question_comes_in_the_win_panel_whole(
    device: str, request: pytest.FixtureRequest
) -> None:
    page = device_page(request, device)
    open_board(page, "*........\n" + ".........\n" * 8)
    cell(page, 8, 8).click()
    assert state(page) == "won"
    dialog, question = page.locator("#win-dialog"), page.locator("#win-consent")
    expect(question).to_be_visible()
    expect(page.locator("#consent")).to_be_hidden()  # not beside or under the panel
    page.wait_for_timeout(300)
    screenshot(page, f"screen-{device}-win-question")
    box, view = dialog.bounding_box(), page.viewport_size
    assert box is not None and view is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], box
    # All of it in sight: the panel does not scroll to reach the question or its own buttons.
    assert dialog.evaluate("d => d.scrollHeight <= d.clientHeight + 1"), "the win panel scrolls"
    question.locator("[data-consent=no]").click()
    expect(question).to_be_hidden()
    expect(dialog).to_be_visible()  # the result stays until the player closes it


# -- the phone screen ----------------------------------------------------------------------------


@pytest.mark.parametrize("device", ["phone", "landscape"])
def test_menu_bar_buttons_are_a_fingertip_high_on_a_touch_screen(
    device: str, request: pytest.FixtureRequest
) -> None:
    page = device_page(request, device)
    open_game(page, BEGINNER)
    heights = page.eval_on_selector_all(".menubar .menu-button", "bs => bs.map(b => b.offsetHeight)")
    assert len(heights) == 4 and min(heights) >= 44, heights
    menu = page.locator("#game-menu")
    page.locator("#game-menu-button").tap()
    expect(menu).to_be_visible()
    top = page.locator("#game-menu-button").bounding_box()
    box = menu.bounding_box()
    assert top is not None and box is not None and box["y"] >= top["y"] + top["height"] - 1  # under it


def test_the_game_menu_fits_a_phone_held_sideways(phone: Page) -> None:
    phone.set_viewport_size(LANDSCAPE)
    open_game(phone, BEGINNER)
    phone.locator("#game-menu-button").tap()
    menu = phone.locator("#game-menu")
    expect(menu).to_be_visible()
    phone.wait_for_timeout(100)
    screenshot(phone, "screen-landscape-menu")
    assert menu.evaluate("m => m.scrollHeight <= m.clientHeight + 1"), "the menu has to scroll"
    for item in menu.locator("button").all():
        box = item.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LANDSCAPE["height"], box
        assert box["height"] >= 44, (item.text_content(), box)
    menu.locator("[data-command=stats]").tap()
    expect(phone.locator("#stats-dialog")).to_be_visible()


# The text of each labelled cell's ::after, measured in its own font, against the room inside the bevel.
LABELS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('#board [data-odds]')].map(c => {
    const style = getComputedStyle(c, '::after');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = c.dataset.odds, size = c.offsetWidth;
    const spacing = parseFloat(style.letterSpacing) || 0;
    const width = ctx.measureText(text).width + spacing * text.length;
    return [text, width, size - 2 * Math.max(2, 0.08 * size)];
  });
}"""


@pytest.mark.parametrize("device", ["desktop", "phone", "landscape"])
def test_odds_labels_stay_inside_their_cells(device: str, request: pytest.FixtureRequest) -> None:
    page = device_page(request, device)
    open_game(page, BEGINNER)
    cell(page, 4, 4).click()
    page.keyboard.press("o")
    expect(page.locator("#board [data-odds='100%']").first).to_be_attached()
    screenshot(page, f"screen-{device}-odds")
    labels = page.evaluate(LABELS)
    wide = [(text, round(width, 1), round(room, 1)) for text, width, room in labels if width > room]
    assert labels and not wide, wide


BANDS = """() => {
  const well = document.querySelector('.board-scroll'), board = document.getElementById('board');
  return [well.clientWidth - board.offsetWidth, well.clientHeight - board.offsetHeight];
}"""


@pytest.mark.parametrize(
    ("device", "path"), [("phone", EXPERT), ("desktop", BEGINNER), ("landscape", BEGINNER)]
)
def test_no_grey_bands_beside_a_board_at_its_smallest(
    device: str, path: str, request: pytest.FixtureRequest
) -> None:
    page = device_page(request, device)
    open_game(page, path)
    page.locator("#zoom").fill("-1")
    page.locator("#zoom").dispatch_event("change")
    expect(page.locator("#zoom")).to_have_attribute("aria-valuetext", "50%")
    screenshot(page, f"screen-{device}-smallest")
    across, down = page.evaluate(BANDS)
    assert across <= 1 and down <= 1, f"the board's well is {across} px wider and {down} px taller than it"


def test_an_upright_phone_s_beginner_board_sits_under_the_menu(phone: Page) -> None:
    open_game(phone, BEGINNER)
    screenshot(phone, "screen-phone-beginner")
    menu, frame = phone.locator(".menubar").bounding_box(), phone.locator(".frame").bounding_box()
    assert menu is not None and frame is not None
    gap = frame["y"] - (menu["y"] + menu["height"])
    assert 0 <= gap <= 8, f"{gap} px empty above the board"


# -- a reload keeps how the game was looked at ---------------------------------------------------

# The place in sight: the well's centre on the board (the well's size changes with the notes under it).
PLACE = """() => { const a = document.querySelector('.board-scroll');
  return [a.scrollLeft + a.clientWidth / 2, a.scrollTop + a.clientHeight / 2]; }"""


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_reload_keeps_the_zoomed_board_s_place_the_odds_and_the_hint(
    device: str, request: pytest.FixtureRequest
) -> None:
    page = device_page(request, device)
    open_game(page, EXPERT)
    cell(page, 8, 15).click()
    assert state(page) == "playing"
    page.locator("#zoom").fill("1.5")  # 283%: the board pans
    page.locator("#zoom").dispatch_event("change")
    page.keyboard.press("o")
    expect(page.locator("#odds")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("h")
    hinted = page.locator("#board [data-hint]")
    expect(hinted).to_have_count(1)
    where = (hinted.get_attribute("data-row"), hinted.get_attribute("data-col"))
    # Then the player looks elsewhere (the H key brought the hinted cell into view).
    page.locator(".board-scroll").evaluate("a => a.scrollTo(a.scrollWidth / 3, a.scrollHeight / 2)")
    # The page notes the place at the scroll event, dispatched with the next frame: a reload before it
    # (a loaded machine) kept the place before the scroll, which no player reloads that fast to see.
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.evaluate("() => new Promise(r => setTimeout(r))")
    place, odds = page.evaluate(PLACE), page.locator("#board [data-odds]").count()
    assert place[0] > 100 and place[1] > 100, place
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    expect(page.locator("#odds")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board [data-odds]")).to_have_count(odds)
    expect(hinted).to_have_count(1)
    assert (hinted.get_attribute("data-row"), hinted.get_attribute("data-col")) == where
    after = page.evaluate(PLACE)
    assert abs(after[0] - place[0]) <= 2 and abs(after[1] - place[1]) <= 2, (place, after)
    screenshot(page, f"screen-{device}-reloaded")


def test_a_note_over_the_board_never_takes_a_tap_meant_for_a_cell(phone: Page) -> None:
    phone.set_viewport_size(LANDSCAPE)
    open_game(phone, "index.html?daily=2026-11-20&level=beginner")  # its note is long: three lines
    expect(phone.locator("#message")).to_be_visible()
    # What a tap at each shown cell's centre reaches: the board, never the note under its last rows (which,
    # in a game, scroll out of the well's sight while the note shows, the cells keeping their place).
    missed = phone.evaluate(
        """() => [...document.querySelectorAll('#board [data-row]')].filter((c) => {
             const r = c.getBoundingClientRect(), well = document.querySelector('.board-scroll')
               .getBoundingClientRect();
             const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
             if (x < well.left || x > well.right || y < well.top || y > well.bottom) return false;
             const top = document.elementFromPoint(x, y);
             return top !== null && !document.querySelector('#board').contains(top);
           }).map((c) => `${c.dataset.row},${c.dataset.col}`)"""
    )
    assert missed == [], missed
