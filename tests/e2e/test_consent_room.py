"""The statistics prompt (#consent) sits where a player needs nothing between games: over the toolbar
under the board (a phone held upright, a desktop's zoom tools), or in the column left of the board below
the menus (a phone held sideways). By geometry, on a beginner, an expert and a tall board at 390x844,
360x640, 844x390 and 1280x800: it covers no cell, neither counter and not the face; the board neither moves
nor shrinks when it comes or goes; the whole card is on screen with nothing cut off, its answers take clicks,
and where there is room it explains itself without a tap. Screenshots for a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import screenshot
from .play import cell, open_board, read_note, state

Box = tuple[float, float, float, float]

CORNER_MINE_9 = "\n".join(["*........"] + ["........."] * 8)  # (0,0) loses at once, (8,8) opens the rest
BOARDS = {
    "beginner": CORNER_MINE_9,
    "expert": "\n".join(["*" + "." * 29] + ["." * 30] * 15),  # 30 wide, 16 high
    "tall": "\n".join(["*" + "." * 7] + ["." * 8] * 39),  # 8 wide, 40 high: scrolls on a phone
}
# small-phone: 360 wide (many Androids; an iPhone SE is 375), where the title alone takes three lines
VIEWPORTS = {
    "phone": (390, 844),
    "small-phone": (360, 640),
    "phone-landscape": (844, 390),
    "desktop": (1280, 800),
}
# Where the whole explanation must show without a tap: wherever the card has the room for it.
EXPLAINED = {("desktop", "beginner"), ("desktop", "expert"), ("desktop", "tall")}
# Sideways, the menu bar's fingertip buttons leave the prompt's column room for the short sentence only.
EXPLAINED |= {("phone", "beginner")}
PLAYER_NEEDS = ("#mines-left", "#new-game", "#timer", ".frame")

# The centre of an element as the browser hit-tests it: Playwright's click would wait out a covered one.
HIT = """e => { const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit === e || e.contains(hit); }"""
CUT = "e => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1"


def box(page: Page, selector: str) -> Box:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found["x"], found["y"], found["x"] + found["width"], found["y"] + found["height"]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def shown_board(page: Page) -> Box:
    """The part of #board on screen: a board bigger than its frame is clipped by its scroll box."""
    board, well = box(page, "#board"), box(page, ".board-scroll")
    return max(board[0], well[0]), max(board[1], well[1]), min(board[2], well[2]), min(board[3], well[3])


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("device", VIEWPORTS)
def test_the_statistics_prompt_covers_nothing_the_player_needs(
    device: str, board: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue("page" if device == "desktop" else "phone")
    width, height = VIEWPORTS[device]
    page.set_viewport_size({"width": width, "height": height})
    open_board(page, BOARDS[board])
    before = box(page, "#board")
    cell(page, 0, 0).click()
    assert state(page) == "lost"
    # The loss's verdict (web/hints.py) comes first, like any note: a tap takes it away, then the prompt.
    expect(page.locator("#message")).to_contain_text("first click")
    read_note(page)
    consent = page.locator("#consent")
    expect(consent).to_be_visible()
    expect(page.locator("#message")).to_be_hidden()
    page.wait_for_timeout(600)  # its fade in (css/data.css)
    screenshot(page, f"{device}-{board}-consent")
    assert box(page, "#board") == before, "the board moved or shrank under the player's hand"

    for prompt in ("#consent", "#consent > .card"):
        for selector in PLAYER_NEEDS:
            assert not overlap(box(page, prompt), box(page, selector)), f"{prompt} covers {selector}"
        assert not overlap(box(page, prompt), shown_board(page)), f"{prompt} covers a cell"
    card = box(page, "#consent > .card")
    assert card[0] >= 0 and card[1] >= 0 and card[2] <= width and card[3] <= height, card
    assert not page.locator("#consent > .card").evaluate(CUT), "the card's words or answers are cut off"
    expect(page.locator("#consent-title")).to_be_visible()
    for answer in page.locator("#consent [data-consent]").all():
        assert answer.evaluate(HIT), answer.text_content()
    what = page.locator("#consent .consent-what")
    if (device, board) in EXPLAINED:
        expect(what).to_be_visible()
        expect(what).to_contain_text("Nothing is sent anywhere.")
    for row, col in ((0, 0), (0, -1), (-1, 0), (-1, -1)):  # the corners, scrolled to where one scrolls
        rows, cols = len(BOARDS[board].splitlines()), len(BOARDS[board].splitlines()[0])
        corner = cell(page, row % rows, col % cols)
        corner.scroll_into_view_if_needed()
        assert corner.evaluate(HIT), f"the prompt takes the clicks meant for cell {row % rows},{col % cols}"

    page.locator("#consent [data-consent=no]").click()
    expect(consent).to_be_hidden()
    page.locator(".board-scroll").evaluate("e => e.scrollTo(0, 0)")
    assert box(page, "#board") == before


# Each way on the device it is most used on: a key on a desktop, the face on a phone.
@pytest.mark.parametrize(("device", "how"), [("desktop", "key"), ("phone", "face")])
def test_a_new_game_puts_the_prompt_away(device: str, how: str, request: pytest.FixtureRequest) -> None:
    """The prompt covers the toolbar (flag mode, zoom), which the next game needs: a new game, by N or by the
    face, takes it away unanswered, and it does not come back at the end of that game."""
    page: Page = request.getfixturevalue("page" if device == "desktop" else "phone")
    open_board(page, CORNER_MINE_9)
    cell(page, 0, 0).click()
    read_note(page)
    consent = page.locator("#consent")
    expect(consent).to_be_visible()
    if how == "key":
        page.keyboard.press("n")
    else:
        page.locator("#new-game").click(timeout=5_000)  # the face is never covered
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(consent).to_be_hidden()
    for tool in ("#flag-mode", "#zoom") if device == "phone" else ("#zoom",):
        assert page.locator(tool).evaluate(HIT), f"{tool} is still covered"
    open_board(page, CORNER_MINE_9)  # the next game ends too: no prompt this time
    cell(page, 0, 0).click()
    assert state(page) == "lost"
    expect(consent).to_be_hidden()


def test_a_keyboard_player_answers_and_plays_on(page: Page) -> None:
    """The live region says the result, then the prompt's question; Tab from the board reaches its answers;
    once answered, the keys are the board's again."""
    open_board(page, CORNER_MINE_9)
    page.locator("#board [role=gridcell]").first.focus()
    page.keyboard.press("Enter")  # (0, 0): the mine
    assert state(page) == "lost"
    expect(page.locator("#announce")).to_have_text(
        "Boom! You hit a mine. Press N for a new game, or R to play this board again."
    )
    expect(page.locator("#message")).to_be_visible()
    page.locator("#message").dispatch_event("click")  # not a real click: the focus stays on the board
    expect(page.locator("#consent")).to_be_visible()
    expect(page.locator("#announce")).to_have_text(
        "Keep your statistics on this device? Its answers follow the board."
    )
    page.keyboard.press("Tab")
    expect(page.locator("#consent [data-consent=no]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#consent")).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("n")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
