"""The review of a finished game in real Chromium, by mouse and by touch: a lost game from the loss's note,
a won one from the win panel; one element per judged action (data-move, data-verdict), each opening its
position with every covered cell's chance; practice from a judged click, which never counts; and the
player's game in progress, untouched by a review of the history's game (never counted as abandoned)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import device_page, open_game, screenshot
from .play import board_link, cell, open_board, picture, state, stored_game, transposed
from .test_fair_stats import press
from .test_mouse import WALL  # opened at the corner: ...2## / ...2## / ...1##; (2, 4) is proved safe
from .test_storage import open_stats

# Opened at the corner: ..1# / ..1#, one mine in two cells: a forced 50/50, then the win.
FIFTY_FIFTY = """
    ..1*
    ..1.
"""
MOVES = "#review-moves [data-move]"


def verdicts(page: Page) -> list[tuple[str, str]]:
    return page.eval_on_selector_all(MOVES, "els => els.map(e => [e.dataset.move, e.dataset.verdict])")


def chances(page: Page) -> dict[tuple[int, int], float]:
    """Each covered cell's data-chance by its engine (row, col), a turned board turned back."""
    found = page.eval_on_selector_all(
        "#board [data-chance]", "els => els.map(e => [+e.dataset.row, +e.dataset.col, +e.dataset.chance])"
    )
    turned = transposed(page)
    return {((col, row) if turned else (row, col)): chance for row, col, chance in found}


def spot(page: Page, row: int, col: int) -> str:
    """A cell as the page names it: the row and column it is drawn at."""
    if transposed(page):
        row, col = col, row
    return f"row {row + 1}, column {col + 1}"


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_lost_game_s_review_judges_each_click_and_gives_the_game_back(
    request: pytest.FixtureRequest, device: str
) -> None:
    page = device_page(request, device)
    open_board(page, WALL)
    press(page, cell(page, 0, 0), device)
    press(page, cell(page, 1, 5), device)  # a mine, one chance in three, while (2, 4) was proved safe
    assert state(page) == "lost"
    lost = picture(page)
    review = page.locator("#message .note-action")  # the loss's note offers the review
    expect(review).to_have_text("Review")
    # ...and only it: the toolbar's Review waits while the note offers one (two showed at once).
    expect(page.locator('[data-command="review"]:visible')).to_have_count(1)
    press(page, review, device)

    expect(page.locator("#study")).to_be_visible()
    expect(page.locator(MOVES)).to_have_count(2)  # one element per action of the game's record
    assert verdicts(page) == [["0", "first"], ["1", "mistake"]]
    expect(page.locator("#review-moves [aria-current]")).to_have_attribute("data-move", "1")  # the loss
    expect(page.locator("#review-verdict")).to_have_text(
        f"A mistake: {spot(page, 1, 5)} had 33% chance of a mine while {spot(page, 2, 4)} was safe."
        " This click hit a mine."
    )
    expect(page.locator("#review-figures")).to_contain_text("Mistakes1")
    # Each figure says what it counts: its title, and a click or tap (a finger has no hover) says it too.
    mistakes = page.locator("#review-figures > div", has_text="Mistakes")
    expect(mistakes).to_have_attribute("title", re.compile(r"^Opening an unproved cell while"))
    press(page, mistakes, device)
    expect(page.locator("#message")).to_contain_text("opening a proved mine")
    expect(cell(page, 1, 5)).to_have_attribute("data-review-move", "")
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")  # the best move then
    # The position before the losing click, each covered cell's exact chance (the right edge: 3 mines,
    # (0, 4) and (1, 4) proved, (2, 4) proved safe, one mine in (0, 5), (1, 5), (2, 5)).
    odds = chances(page)
    third = pytest.approx(1 / 3, abs=1e-6)
    assert odds == {(0, 4): 1, (1, 4): 1, (2, 4): 0, (0, 5): third, (1, 5): third, (2, 5): third}
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")  # a position, never over
    press(page, cell(page, 0, 5), device)  # a cell chosen: its chance in the panel, not again in a note
    expect(page.locator("#analysis-cell")).to_contain_text("33%")
    expect(page.locator("#message")).not_to_contain_text("33%")
    screenshot(page, f"review-lost-{device}")

    press(page, page.locator('#review-moves [data-move="0"]'), device)  # the first click's position
    expect(page.locator("#review-verdict")).to_have_text(
        "The first click: 17% chance of a mine, as for any cell."
    )
    expect(page.locator("#board [data-cell=covered]")).to_have_count(18)

    press(page, page.locator("#study [data-study=close]"), device)
    expect(page.locator("#study")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-state", "lost")
    assert picture(page) == lost  # the game as it ended


def header(page: Page) -> tuple[str, str, str]:
    """The header over the board: the clock, the mines counter and the face."""
    return (
        page.locator("#timer").text_content() or "",
        page.locator("#mines-left").text_content() or "",
        page.locator("#new-game").get_attribute("data-face") or "",
    )


def expect_header(page: Page, timer: str, mines_left: str, face: str) -> None:
    expect(page.locator("#timer")).to_have_text(timer)
    expect(page.locator("#mines-left")).to_have_text(mines_left)
    expect(page.locator("#new-game")).to_have_attribute("data-face", face)


def at_least(page: Page, seconds: int) -> None:
    """Wait until the clock shows `seconds` or more."""
    page.wait_for_function(f"Number(document.querySelector('#timer').textContent) >= {seconds}")


def test_the_header_shows_the_reviewed_action_s_moment_then_the_game_s_own(page: Page) -> None:
    """A review showed 000 and the smile over a lost game, as if a new game were about to start (a player's
    review): the header shows the clock as each action was made, the counter of the position shown, and
    the end's face on the action that ended the game; closed, the game's own figures come back."""
    open_board(page, WALL)  # 3 mines
    cell(page, 0, 0).click()  # action 0: the first click, the clock at 1 at once
    at_least(page, 2)
    cell(page, 0, 4).click(button="right")  # action 1: a flag on a proved mine
    at_least(page, 3)
    cell(page, 1, 5).click()  # action 2: a mine
    assert state(page) == "lost"
    ended = header(page)
    assert ended[1:] == ("002", "lost")
    times = stored_game(page)["data"]["game"]["times"]  # each action's ms on the game's clock
    page.locator("#message .note-action").click()  # Review

    expect(page.locator("#review-moves [aria-current]")).to_have_attribute("data-move", "2")  # the loss
    expect_header(page, f"{times[2] // 1000 + 1:03d}", "002", "lost")
    page.locator("#review-all").check()
    page.locator('#review-moves [data-move="1"]').click()  # the flag, at a second or more
    assert times[1] >= 1000
    expect_header(page, f"{times[1] // 1000 + 1:03d}", "003", "smile")  # the position before the flag
    page.locator('#review-moves [data-move="0"]').click()
    expect_header(page, "001", "003", "smile")

    page.keyboard.press("Escape")
    expect(page.locator("#study")).to_be_hidden()
    expect_header(page, *ended)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_won_game_s_review_from_the_win_panel_and_practice_from_a_guess(
    request: pytest.FixtureRequest, device: str
) -> None:
    page = device_page(request, device)
    open_board(page, FIFTY_FIFTY)
    press(page, cell(page, 0, 0), device)
    press(page, cell(page, 1, 3), device)  # the 50/50, survived
    expect(page.locator("#win-dialog")).to_be_visible()
    press(page, page.locator("#win-dialog [value=review]"), device)

    expect(page.locator(MOVES)).to_have_count(2)
    assert verdicts(page) == [["0", "first"], ["1", "forced"]]
    expect(page.locator("#review-moves [aria-current]")).to_have_attribute("data-move", "1")  # the guess
    figures = page.locator("#review-figures")
    expect(figures).to_contain_text("Risks taken2")  # a given board keeps no first click safe
    expect(figures).to_contain_text("Luck44% (best play: 44%)")  # 7/8 at the first click, 1/2 after
    expect(figures).to_contain_text("Accuracy100%")
    expect(page.locator("#review-verdict")).to_have_text(
        f"No cell was safe; {spot(page, 1, 3)} was among the least risky: 50% chance of a mine."
    )

    press(page, page.locator("[data-review=practice]"), device)  # practice from the guess
    expect(page.locator("#study")).to_be_hidden()
    expect(page.locator("#practice")).to_be_visible()
    expect(page.locator("#practice")).to_contain_text("it never counts")
    expect(page.locator("#message")).to_have_text("Practice from action 2, with the same mines.")
    expect(page.get_by_text("never counts").filter(visible=True)).to_have_count(1)  # said once, by the bar
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    assert picture(page) == "..1#\n..1#"
    press(page, cell(page, 0, 3), device)  # the other cell, this time: the mine
    assert state(page) == "lost"
    press(page, page.locator("#practice button"), device)  # back to the player's own game
    expect(page.locator("#practice")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-state", "won")

    open_stats(page)  # practice never counts: one game, won (on a board link: apart, as given)
    expect(page.locator("#stats-body .stats-given")).to_contain_text("Played1")
    expect(page.locator("#stats-body .history-games tbody tr")).to_have_count(1)


def test_a_review_of_the_history_s_game_leaves_the_game_in_progress_untouched(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 1, 5).click()  # lost: in the history
    page.keyboard.press("Escape")
    open_board(page, FIFTY_FIFTY)  # a game under way
    cell(page, 0, 0).click()
    playing = picture(page)
    open_stats(page)
    page.locator("#stats-body [data-history-review]").first.click()
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(page.locator(MOVES)).to_have_count(2)
    assert verdicts(page)[1] == ["1", "mistake"]
    expect(page.locator("#board")).to_have_attribute("data-cols", "6")  # the reviewed game's board
    expect(page.locator("#new-game")).to_have_attribute("data-face", "lost")  # at its losing click
    page.keyboard.press("Escape")
    expect(page.locator("#board")).to_have_attribute("data-cols", "4")
    expect(page.locator("#board")).to_have_attribute("data-state", "playing")
    assert picture(page) == playing
    expect(page.locator("#new-game")).to_have_attribute("data-face", "smile")  # the game's header again
    expect(page.locator("#mines-left")).to_have_text("001")
    shown = int(page.locator("#timer").text_content() or 0)
    assert shown >= 1
    at_least(page, shown + 1)  # its clock going on
    cell(page, 1, 3).click()  # and it goes on
    expect(page.locator("#win-dialog")).to_be_visible()
    page.locator("#win-dialog [value=close]").click()
    open_stats(page)  # two games: the loss and this win; none left behind
    expect(page.locator("#stats-body .history-games tbody tr")).to_have_count(2)
    expect(page.locator("#stats-body")).not_to_contain_text("Left")


# A beginner board won in one tap: the far corner opens every safe cell.
ONE_TAP = "\n".join(["*........"] + ["........."] * 3 + ["....*...."] + ["........."] * 4)


@pytest.mark.parametrize("language", ["en", "de"])
def test_on_a_small_phone_the_review_s_moves_show_whole(phone: Page, language: str) -> None:
    """At 360x640 the study's panel under the board had no room left for the strip of moves: 2 px of it
    showed in German, 12 in English. The strip keeps its height; the panel scrolls if it must."""
    phone.set_viewport_size({"width": 360, "height": 640})
    _, link = board_link(ONE_TAP)
    open_game(phone, link.replace("index.html", f"index.html?lang={language}"))
    cell(phone, 8, 8).tap()
    assert state(phone) == "won"
    phone.locator("#win-dialog [value=review]").tap()
    strip = phone.locator("#review-moves")
    expect(phone.locator(MOVES).first).to_be_visible()
    height, whole = strip.evaluate("s => [s.clientHeight, s.scrollHeight]")
    assert height >= whole, f"the strip of moves shows {height} of its {whole} px"
    screenshot(phone, f"review-360-{language}")


# Mines in every third column of every other row: each safe cell is a number, so each tap is one action.
STRIPES = ["*..*..*.." if row % 2 == 0 else "........." for row in range(9)]


def test_every_action_keeps_the_action_shown_in_sight_on_a_phone_s_strip(phone: Page) -> None:
    """Ticking Every action put some 50 moves before the one shown, and the strip kept its scroll: the
    action shown went off the screen (a player's review, at 390x844)."""
    open_board(phone, "\n".join(STRIPES))
    for row, line in enumerate(STRIPES):
        for col, mark in enumerate(line):
            if mark == "." and state(phone) in ("ready", "playing"):
                cell(phone, row, col).tap()
    assert state(phone) == "won"
    phone.locator("#win-dialog [value=review]").tap()
    expect(phone.locator("#review-figures dt").first).to_be_visible()  # every action judged
    phone.locator(f"{MOVES}:visible").last.tap()  # the last key moment
    strip = phone.locator("#review-moves")
    shown = phone.locator("#review-moves [aria-current]")
    phone.locator("#review-all").check()
    expect(strip).to_have_attribute("data-all", "")
    assert phone.locator(MOVES).count() > 50  # every tap but the few that opened more than one cell
    inside = (
        "([s, c]) => { const a = s.getBoundingClientRect(), b = c.getBoundingClientRect();"
        " return b.left >= a.left - 1 && b.right <= a.right + 1 }"
    )
    assert phone.evaluate(inside, [strip.element_handle(), shown.element_handle()])


# Expert with one mine at the view's top left whichever way the board lies: the first tap loses.
EXPERT = "\n".join(["*" + "." * 29] + ["." * 30] * 14 + ["." * 29 + "*"])
# The board's well, the frame's bar (counters and face), the bands around, and the side of a cell.
BANDS = """() => {
  const box = s => { const e = document.querySelector(s); if (!e || !e.checkVisibility()) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const cell = document.querySelector('#board [data-cell]').getBoundingClientRect();
  return {well: box('.board-scroll'), bar: box('.bar'), cell: Math.min(cell.width, cell.height),
    others: ['.menubar', '.notes', '.toolbar', '#study'].map(box).filter(Boolean)};
}"""
# Rows the well shows at the least: at 360x640, with the review's panel, it showed 8 of expert's 30 beside a
# notes' band kept empty for a note; the band gives the board its room while none shows (css/study.css).
USABLE_ROWS = 10


def check_the_board_is_whole(page: Page, name: str) -> None:
    """No cell under the counters or any band; cells of 18 px at least (the sideways phone's --min-cell)."""
    screenshot(page, name)
    found = page.evaluate(BANDS)
    well, bar = found["well"], found["bar"]
    assert found["cell"] >= 18, f"{name}: cells of {found['cell']} px"
    assert well[3] - well[1] >= USABLE_ROWS * found["cell"], f"{name}: a well of {well}"
    beside = bar[2] <= well[0] + 1 or bar[0] >= well[2] - 1  # a sideways phone's bar is a column
    assert beside or bar[3] <= well[1] + 1, f"{name}: the counters {bar} over the board {well}"
    for other in found["others"]:
        apart = other[3] <= well[1] + 1 or other[1] >= well[3] - 1 or other[2] <= well[0] + 1
        assert apart or other[0] >= well[2] - 1, f"{name}: {other} over the board {well}"


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])  # the smallest upright, and sideways
def test_an_expert_game_s_review_and_replay_on_a_phone_cover_no_cell(
    phone: Page, size: tuple[int, int]
) -> None:
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    open_board(phone, EXPERT)
    cell(phone, 0, 0).tap()
    assert state(phone) == "lost"
    phone.locator("#message .note-action").tap()
    expect(phone.locator("#study")).to_be_visible()
    expect(phone.locator(MOVES)).to_have_count(1)
    check_the_board_is_whole(phone, f"review-expert-{size[0]}x{size[1]}")
    phone.locator(".study-close").tap()
    expect(phone.locator("#study")).to_be_hidden()
    phone.locator("#game-menu-button").tap()
    phone.locator('#game-menu [data-command="replay"]').tap()
    expect(phone.locator("#replay")).to_be_visible()
    check_the_board_is_whole(phone, f"replay-expert-{size[0]}x{size[1]}")


# The list's rows and the import and export's buttons, where they are drawn and where the panel shows them.
REVIEW_BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const list = document.querySelector('#review-moves'), study = document.querySelector('#study');
  const shown = e => e.checkVisibility();
  return {study: box(study), list: box(list), viewport: [0, 0, innerWidth, innerHeight],
    rows: [...list.querySelectorAll('[data-move]')].filter(shown).map(box),
    buttons: [...study.querySelectorAll('.editor-buttons button')].filter(shown).map(box)};
}"""


def inside(inner: list[float], outer: list[float]) -> bool:
    return all(inner[i] >= outer[i] - 1 for i in (0, 1)) and all(inner[i] <= outer[i] + 1 for i in (2, 3))


# Where it failed (1920x1080, 844x390) and the smallest phone; 1280x800 and 390x844 lie between.
@pytest.mark.parametrize("size", [(1920, 1080), (844, 390), (360, 640)])
def test_import_and_export_opened_leaves_the_moves_a_few_rows_and_every_button_in_reach(
    request: pytest.FixtureRequest, size: tuple[int, int]
) -> None:
    """A player's review: at 1920x1080 Import and export, opened, left one row of the list of moves, and the
    panel cut off its last buttons (Save the board (MBF), Copy link); at 844x390 a sliver of one row showed.
    The list keeps a few rows at least; the panel scrolls as a whole to the last button."""
    device = "desktop" if size[0] > 900 and size[1] > 600 else "phone"
    page = device_page(request, device)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_board(page, "\n".join(STRIPES))
    for col in range(6):  # six numbers, one action each, then a mine: seven actions
        press(page, cell(page, 1, col), device)
    press(page, cell(page, 0, 0), device)
    assert state(page) == "lost"
    press(page, page.locator("#message .note-action"), device)
    expect(page.locator("#review-figures dt").first).to_be_visible()  # every action judged
    page.locator("#review-all").check()
    expect(page.locator(f"{MOVES}:visible")).to_have_count(7)
    press(page, page.locator(".editor-exchange summary"), device)
    expect(page.locator("#editor-text")).to_be_visible()

    page.locator("#review-moves").evaluate("list => list.scrollIntoView({block: 'nearest'})")
    found = page.evaluate(REVIEW_BOXES)
    seen = list(found["list"])
    for outer in (found["study"], found["viewport"]):
        seen = [*map(max, seen[:2], outer[:2]), *map(min, seen[2:], outer[2:])]
    whole = [row for row in found["rows"] if inside(row, seen)]
    assert len(whole) >= 3, f"{size}: {len(whole)} whole rows of the list in sight, the list at {seen}"

    head = page.locator(".study-head").bounding_box()
    assert head is not None
    page.mouse.move(head["x"] + 10, head["y"] + head["height"] / 2)
    page.mouse.wheel(0, 4000)  # the panel's foot, by the wheel over its head as a player would
    page.wait_for_timeout(200)
    found = page.evaluate(REVIEW_BOXES)
    assert len(found["buttons"]) == 5
    for button in found["buttons"]:
        assert inside(button, found["study"]) and inside(button, found["viewport"]), (
            f"{size}: a button at {button}, the panel at {found['study']}"
        )
    screenshot(page, f"review-exchange-{size[0]}x{size[1]}")
