"""A note (#message) covers no cell of the board and no control, and shows whole, in a band of its own:
during a game (a hint's note, a long error) held sideways, on a desktop and on phones, where the board
keeps its place and size (the band kept room for the note: a cell never moves under a finger); and once a
game is over, its one-line note (e.g. a loss's verdict), so the result stays in sight, the exploded mine
too. By geometry, on a beginner and an expert board lost on a mine in the bottom row (as the player sees
it: a phone turns expert upright), at 390x844 and 844x390 with touch and at 1280x800 and 1920x1080 with a
mouse, with the statistics prompt (#consent) up (the first finished game in a fresh context) and answered:
the note covers no shown cell, neither counter, not the face, no menu button, and is whole on screen; the
prompt waits until it is read (one thing at a time in one place), and then has at least a readable line's
width. Screenshots for a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_game, screenshot
from .play import WORDS, cell, open_board, state, transposed

Box = tuple[float, float, float, float]

# Mines in the middle of the bottom row and of the right column: the one in the view's bottom row loses.
BEGINNER = "\n".join(["........."] * 8 + ["....*...."])
EXPERT = "\n".join(["." * 30] * 7 + ["." * 29 + "*"] + ["." * 30] * 7 + ["." * 15 + "*" + "." * 14])
BOARDS = {"beginner": (BEGINNER, (8, 4), (8, 4)), "expert": (EXPERT, (15, 15), (7, 29))}
VIEWPORTS = {
    "phone": (390, 844),
    "phone-landscape": (844, 390),
    "desktop": (1280, 800),
    "desktop-wide": (1920, 1080),
}
# px: the least a note or the prompt may be across, a short line (14 characters or so; a sideways phone's
# column beside expert); they were once squeezed into 22 px, a letter a line.
READABLE = 112
CONTROLS = ("#mines-left", "#new-game", "#timer", ".menubar .menu-button", "#consent [data-consent]")
# The note is on top where it is: its centre hit-tests to it, not to the prompt or the toolbar.
ON_TOP = """e => { const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit === e || e.contains(hit); }"""
# Every shown cell's box, clipped by the board's scroll box, in one round trip.
CELLS = """() => {
  const well = document.querySelector('.board-scroll').getBoundingClientRect();
  return [...document.querySelectorAll('#board [data-cell]')].map(c => {
    const r = c.getBoundingClientRect();
    return [Math.max(r.left, well.left), Math.max(r.top, well.top),
            Math.min(r.right, well.right), Math.min(r.bottom, well.bottom)];
  }).filter(([l, t, r, b]) => l < r && t < b);
}"""


def box(control: Locator) -> Box:
    found = control.bounding_box()
    assert found is not None, control
    return found["x"], found["y"], found["x"] + found["width"], found["y"] + found["height"]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def sized_page(request: pytest.FixtureRequest, device: str, size: tuple[int, int]) -> tuple[Page, bool]:
    """A phone's page (touch) for a device named phone-*, else a desktop's, at `size`; and whether touch."""
    touch = device.startswith("phone")
    page: Page = request.getfixturevalue("phone" if touch else "page")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page, touch


def lose(page: Page, board: str, touch: bool) -> None:
    """Open the mine in the view's bottom row, by a tap or a click."""
    _, straight, turned = BOARDS[board]
    mine = cell(page, *(turned if transposed(page) else straight))
    if touch:
        mine.tap()
    else:
        mine.click()
    assert state(page) == "lost"


def check_note_covers_nothing(page: Page, name: str) -> None:
    note_locator = page.locator("#message")
    expect(note_locator).to_be_visible()
    expect(note_locator).not_to_be_empty()
    screenshot(page, f"message-{name}")
    note = box(note_locator)
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    assert note[0] >= 0 and note[1] >= 0 and note[2] <= width and note[3] <= height, note
    assert note[2] - note[0] >= min(READABLE, width - 8), f"the note is {note[2] - note[0]} px wide"
    assert note_locator.evaluate(ON_TOP), "the note is hidden under another element"
    covered = [c for c in page.evaluate(CELLS) if overlap(note, tuple(c))]
    assert not covered, f"the note {note} covers {len(covered)} cells, the first at {covered[0]}"
    for selector in CONTROLS:
        for control in page.locator(selector).all():
            if control.is_visible():
                assert not overlap(note, box(control)), f"the note covers {selector}"


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_note_after_a_game_covers_no_cell(
    device: str, board: str, request: pytest.FixtureRequest
) -> None:
    # With the prompt waiting (the first finished game in a fresh context), then with it answered: one page.
    page, touch = sized_page(request, device, VIEWPORTS[device])
    open_board(page, BOARDS[board][0])
    lose(page, board, touch)
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#consent")).to_be_hidden()  # the statistics prompt waits for the note (ui/notes.py)
    check_note_covers_nothing(page, f"{device}-{board}-prompt")
    page.locator("#message").click(position=WORDS)
    expect(page.locator("#message")).to_be_hidden()
    expect(page.locator("#consent")).to_be_visible()
    page.wait_for_timeout(600)  # its fade in (css/data.css)
    screenshot(page, f"message-{device}-{board}-then-prompt")
    card = box(page.locator("#consent > .card"))
    assert card[2] - card[0] >= READABLE, f"the prompt is {card[2] - card[0]} px wide"
    title = page.locator("#consent-title").bounding_box()
    assert title is not None and title["height"] < 5 * 24, "the question takes more than four lines"
    page.locator("#consent [data-consent=no]").click()
    expect(page.locator("#consent")).to_be_hidden()
    page.keyboard.press("r")  # the same board again: no prompt at its end
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    lose(page, board, touch)
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#consent")).to_be_hidden()
    check_note_covers_nothing(page, f"{device}-{board}-answered")


# A note during a game (issue 29): held sideways, the hint's note covered 5 of the 9 bottom-row cells and
# the timer; at 1280x800 a three-line note was clipped in its box. Now the note takes a band of its own.
# (390x844, where expert fills the height: test_a_note_mid_game_takes_the_well_s_last_rows_not_...)
DURING = {"phone-landscape": (844, 390), "desktop": (1280, 800), "phone-small": (360, 640)}
TOOLS = ("#zoom", ".toolbar .tool", "#flag-mode")
# The note's words all shown (nothing cut off in its box), and the page where it was (nothing scrolled).
WHOLE = """n => [n.scrollHeight <= n.clientHeight + 1, n.scrollWidth <= n.clientWidth + 1,
  document.scrollingElement.scrollTop === 0,
  document.querySelector('.game').scrollHeight <= document.querySelector('.game').clientHeight + 1]"""
# A link with two faults: its note runs to three lines at 1280x800.
BAD_LINK = "index.html?level=huge&seed=x#board=9.9.AAA"


def check_note_is_whole(page: Page, name: str) -> None:
    check_note_covers_nothing(page, name)
    note = page.locator("#message")
    assert note.evaluate(WHOLE) == [True, True, True, True], name
    for selector in TOOLS:
        for control in page.locator(selector).all():
            if control.is_visible():
                assert not overlap(box(note), box(control)), f"the note covers {selector}"


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("device", DURING)
def test_a_note_during_a_game_covers_no_cell_and_no_control(
    device: str, board: str, request: pytest.FixtureRequest
) -> None:
    page, touch = sized_page(request, device, DURING[device])
    open_board(page, BOARDS[board][0])
    before = box(page.locator("#board"))
    hint = page.locator("#hint")
    hint.tap() if touch else hint.click()
    expect(page.locator("#message")).to_contain_text("row 1, column 1")  # the least risky: a corner
    check_note_is_whole(page, f"{device}-{board}-hint")
    # The board's size leaves the band out: its cells keep their size, and where the board fills the
    # height (the phones here) their place; on a desktop a board centred in its area moves up by half of
    # what the note adds to the tools' row, if it adds anything (the least risky's note: two lines).
    after = box(page.locator("#board"))
    assert after[2] - after[0] == pytest.approx(before[2] - before[0], abs=0.5)
    assert after[3] - after[1] == pytest.approx(before[3] - before[1], abs=0.5)
    band, tools = box(page.locator(".notes")), box(page.locator(".toolbar"))
    added = 0.0 if touch else max(0.0, (band[3] - band[1]) - (tools[3] - tools[1]))
    assert abs(after[1] - before[1]) <= added / 2 + 0.5, (before, after, added)


def test_a_note_mid_game_takes_the_well_s_last_rows_not_the_cells_size(phone: Page) -> None:
    """Expert fills an upright phone's height: a hint's note there shrank the cells from 22 to 20 px and
    moved them under the finger, and back when it went. Now the board keeps its size and place; the well
    gives the note its height (the last rows scroll out of sight) while it shows, and all of it after."""
    phone.set_viewport_size({"width": 390, "height": 844})
    open_game(phone, "index.html?level=expert&seed=3")
    board = phone.locator("#board")
    cell(phone, 15, 8).tap()
    whole = box(board)
    fits = "() => (w => w.scrollHeight <= w.clientHeight)(document.querySelector('.board-scroll'))"
    assert phone.evaluate(fits)
    phone.locator("#hint").tap()
    message = phone.locator("#message")
    expect(message).to_contain_text("Hint")
    assert box(board) == pytest.approx(whole, abs=0.5)
    assert not phone.evaluate(fits)  # the last rows are out of sight, under no note
    check_note_covers_nothing(phone, "phone-expert-mid-game-hint")
    message.tap()  # read: it goes
    expect(message).to_be_hidden()
    assert box(board) == pytest.approx(whole, abs=0.5)
    phone.wait_for_function(fits)


@pytest.mark.parametrize("device", DURING)
def test_a_long_note_is_whole_and_scrolls_nothing(device: str, request: pytest.FixtureRequest) -> None:
    page, _ = sized_page(request, device, DURING[device])
    open_game(page, BAD_LINK)
    expect(page.locator("#message")).to_contain_text("not the link's")
    check_note_is_whole(page, f"{device}-long")


# The analysis board's panel open over a game under way: its note (the chances count as odds shown) lay over
# the zoom's buttons at 1280x800, the toolbar placed in the notes' cell of the grid (css/study.css).
STUDY_CONTROLS = ("#study button", "#study summary")


@pytest.mark.parametrize("device", DURING)
def test_a_note_beside_the_analysis_board_covers_no_control(
    device: str, request: pytest.FixtureRequest
) -> None:
    page, touch = sized_page(request, device, DURING[device])
    open_game(page, "index.html?level=expert")
    first = cell(page, 5, 5)
    first.tap() if touch else first.click()
    assert state(page) == "playing"
    page.evaluate("location.hash = '#analysis=9.9.10.' + 'H'.repeat(81)")
    expect(page.locator("#study")).to_be_visible()
    expect(page.locator("#message")).to_contain_text("odds shown in your game")
    check_note_is_whole(page, f"{device}-analysis")
    note = box(page.locator("#message"))
    for selector in STUDY_CONTROLS:
        for control in page.locator(selector).all():
            if control.is_visible():
                assert not overlap(note, box(control)), f"the note covers {selector}"


# The whole board in its well, none of it scrolled out of sight.
FITS = "() => (w => w.scrollHeight <= w.clientHeight)(document.querySelector('.board-scroll'))"


def test_a_note_before_the_first_opening_leaves_the_board_whole_and_its_cells_their_size(page: Page) -> None:
    """Expert fills a 1280x800 desktop's height: a link's fault, two lines in the tools' row, hid the half of
    its last row while the game went on (a player's review). Before the first opening the board fits what the
    note leaves; from the first click on, the cells keep that size, the note there or read."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, "index.html?level=expert&mode=bogus")
    expect(page.locator("#message")).to_contain_text("bogus")
    assert page.evaluate(FITS)
    check_note_covers_nothing(page, "desktop-expert-link-fault")
    board = page.locator("#board")
    before = box(board)
    cell(page, 7, 15).click()
    assert state(page) == "playing"
    assert box(board) == pytest.approx(before, abs=0.5) and page.evaluate(FITS)
    page.locator("#message").click()  # read: it goes
    expect(page.locator("#message")).to_be_hidden()
    after = box(board)
    assert (after[2] - after[0], after[3] - after[1]) == pytest.approx(
        (before[2] - before[0], before[3] - before[1]), abs=0.5
    )
    assert page.evaluate(FITS)
