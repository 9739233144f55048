"""Phones and tablets: the board fills the screen in both orientations and turns with it (expert is 16x30
upright, 30x16 sideways) without losing the game or the clock; notches and home bars cover no cell; the
zoom slider, pinch and panning; full screen where the browser allows it. Screenshots for a person:
phone-portrait, phone-landscape, tablet, phone-zoomed (tests/screenshots/)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from minesweeper import Board
from minesweeper.codes import to_code

from .conftest import LANDSCAPE, PHONE, Watch, new_context, open_game, screenshot
from .play import BEGINNER, board_link, cell, picture, state
from .test_touch import HOLD_MS, Fingers, centre, stop_timers

TABLET = {"width": 820, "height": 1180}
EXPERT = "index.html?level=expert&seed=11"

GEOMETRY = """() => {
  const rect = s => document.querySelector(s).getBoundingClientRect();
  const area = document.querySelector('.board-scroll');
  return {
    board: rect('#board').toJSON(), bar: rect('.bar').toJSON(), tools: rect('.toolbar').toJSON(),
    menu: rect('.menubar').toJSON(), cell: rect('#board [role=gridcell]').width,
    scrolls: area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight,
    page: [scrollX, scrollY, document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
}"""


@pytest.fixture
def tablet(browser: Browser, base_url: str, watch: Watch) -> Iterator[Page]:
    context = new_context(browser, base_url, watch, viewport=TABLET, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()
    watch.check()


def geometry(page: Page) -> dict:
    return page.evaluate(GEOMETRY)


def inside(box: dict, left: float, top: float, right: float, bottom: float) -> bool:
    return box["left"] >= left and box["top"] >= top and box["right"] <= right and box["bottom"] <= bottom


def shape(page: Page) -> tuple[str | None, str | None]:
    board = page.locator("#board")
    return board.get_attribute("data-cols"), board.get_attribute("data-rows")


def test_expert_fills_an_upright_phone_turned_16_by_30(phone: Page) -> None:
    open_game(phone, EXPERT)
    assert shape(phone) == ("16", "30")
    g = geometry(phone)
    width, height = PHONE["width"], PHONE["height"]
    assert not g["scrolls"] and g["page"] == [0, 0, width, height], g
    assert g["board"]["width"] >= 0.9 * width and g["cell"] >= 22, g  # edge to edge, cells a finger can hit
    for part in ("board", "bar", "tools", "menu"):
        assert inside(g[part], 0, 0, width, height), (part, g)
    cell(phone, 8, 15).tap()
    assert state(phone) == "playing"
    screenshot(phone, "phone-portrait")


def test_expert_fills_a_phone_held_sideways_30_by_16(phone: Page) -> None:
    phone.set_viewport_size(LANDSCAPE)
    open_game(phone, EXPERT)
    assert shape(phone) == ("30", "16")
    assert phone.locator("#board").get_attribute("data-transposed") is None
    g = geometry(phone)
    width, height = LANDSCAPE["width"], LANDSCAPE["height"]
    assert not g["scrolls"] and g["page"] == [0, 0, width, height], g
    assert g["board"]["height"] >= 0.85 * height and g["cell"] >= 20, g  # the controls are at the side
    for part in ("board", "bar", "tools", "menu"):
        assert inside(g[part], 0, 0, width, height), (part, g)
    cell(phone, 8, 15).tap()
    screenshot(phone, "phone-landscape")


def test_a_tablet_shows_expert_upright_with_big_cells(tablet: Page) -> None:
    open_game(tablet, EXPERT)
    assert shape(tablet) == ("16", "30")
    g = geometry(tablet)
    assert not g["scrolls"] and g["cell"] >= 30, g
    cell(tablet, 8, 15).tap()
    screenshot(tablet, "tablet")


def test_turning_the_phone_mid_game_turns_the_board_and_keeps_the_game(phone: Page) -> None:
    open_game(phone, EXPERT)
    cell(phone, 8, 15).tap()
    assert state(phone) == "playing"  # played: its cells named (js/press.js names them after the paint)
    # Each opened cell is named where it is drawn, turned (js/cells.js turns the engine's cells as Layout).
    named = phone.eval_on_selector_all(
        "#board [data-cell]:not([data-cell=covered])",
        "cs => cs.map(c => [c.dataset.row, c.dataset.col, c.dataset.cell, c.getAttribute('aria-label')])",
    )
    assert len(named) > 1 and shape(phone) == ("16", "30")
    for row, col, look, name in named:
        assert name.startswith(f"row {int(row) + 1}, column {int(col) + 1}: "), (row, col, name)
        assert look != "0" or name.endswith(": no mines around"), name
    fingers = Fingers(phone)
    before = picture(phone)
    covered = next(i for i, ch in enumerate(before.replace("\n", "")) if ch == "#")
    flag = cell(phone, covered // 30, covered % 30)
    fingers.long_press(flag)
    expect(flag).to_have_attribute("data-cell", "flag")
    playing = picture(phone)
    assert playing.count("\n") == 15 and len(playing.splitlines()[0]) == 30  # the engine's 30x16
    phone.wait_for_function("Number(document.querySelector('#timer').textContent) >= 1")
    for size, turned in ((LANDSCAPE, ("30", "16")), (PHONE, ("16", "30")), (LANDSCAPE, ("30", "16"))):
        seconds = int(phone.locator("#timer").text_content() or 0)
        phone.set_viewport_size(size)
        expect(phone.locator("#board")).to_have_attribute("data-cols", turned[0])
        assert shape(phone) == turned
        assert picture(phone) == playing  # the same cells open, the same flag
        assert state(phone) == "playing"
        expect(phone.locator("#mines-left")).to_have_text("098")
        phone.wait_for_function(f"Number(document.querySelector('#timer').textContent) > {seconds}")
    cell(phone, covered // 30, covered % 30).tap()  # the cells still answer where they are drawn now
    expect(flag).to_have_attribute("data-cell", "flag")  # a tap on a flag does nothing
    cell(phone, 8, 15).tap()
    assert picture(phone) == playing


def test_links_keep_the_engine_orientation_on_a_turned_board(phone: Page) -> None:
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    # A board's own link comes once its game is over (docs/play.md): an expert board lost at once.
    open_game(phone, f"index.html#board={to_code(Board.from_mines(30, 16, set(range(99))))}")
    assert shape(phone) == ("16", "30")
    cell(phone, 0, 0).tap()
    assert state(phone) == "lost"
    phone.locator("#game-menu-button").tap()
    phone.locator("#game-menu [data-command=copy-link]").tap()
    expect(phone.locator("#message")).to_contain_text("copied")
    link = phone.evaluate("navigator.clipboard.readText()")
    assert re.search(r"#board=30\.16\.[A-Za-z0-9_-]+$", link), link


def test_keys_move_across_the_board_as_it_is_drawn(page: Page) -> None:
    open_game(page, "index.html?size=8.20.10&seed=2")  # tall, on a wide desktop window: turned 20x8
    assert shape(page) == ("20", "8")
    page.locator("#board [tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = page.locator("#board [role=gridcell]:focus")
    expect(focused).to_have_attribute("data-col", "2")
    expect(focused).to_have_attribute("data-row", "1")
    expect(focused).to_have_attribute("aria-label", re.compile(r"^row 2, column 3: "))
    page.keyboard.press("f")
    assert picture(page).splitlines()[2][1] == "F"  # view (1, 2) is the engine's row 2, column 1


@pytest.mark.parametrize(
    ("size", "insets"),
    [(PHONE, {"top": 47, "bottom": 34}), (LANDSCAPE, {"left": 47, "right": 47, "bottom": 21})],
)
def test_notches_and_home_bars_cover_nothing(phone: Page, size: dict, insets: dict) -> None:
    phone.set_viewport_size(size)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": insets})
    open_game(phone, EXPERT)
    g = geometry(phone)
    left, top = insets.get("left", 0), insets.get("top", 0)
    right, bottom = size["width"] - insets.get("right", 0), size["height"] - insets.get("bottom", 0)
    for part in ("bar", "tools", "menu"):
        assert inside(g[part], left, top, right, bottom), (part, g)
    assert not g["scrolls"] and inside(g["board"], left, top, right, bottom), g  # all 480 cells in view
    screenshot(phone, f"phone-safe-areas-{size['width']}x{size['height']}")


def zoom_text(page: Page) -> str | None:
    return page.locator("#zoom").get_attribute("aria-valuetext")


def keep_data(page: Page) -> None:
    """Say yes to keeping settings on this device (Game, Statistics, Keep them)."""
    page.locator("#game-menu-button").tap()
    page.locator("#game-menu [data-command=stats]").tap()
    page.locator("#stats-keep").tap()
    page.locator("#stats-dialog button.default").tap()
    expect(page.locator("#stats-dialog")).to_be_hidden()


def test_the_zoom_buttons_enlarge_the_board_which_then_pans_under_a_finger(phone: Page) -> None:
    open_game(phone, EXPERT)
    keep_data(phone)
    phone.locator("#message").tap()  # "now kept": read, so that its band leaves the board its whole height
    expect(phone.locator("#message")).to_be_hidden()
    small = geometry(phone)["cell"]
    for _ in range(3):
        phone.locator("[data-zoom=in]").tap()
    expect(phone.locator("#zoom")).to_have_attribute("aria-valuetext", "195%")
    g = geometry(phone)
    assert g["cell"] >= 1.9 * small and g["scrolls"], g
    area = phone.locator(".board-scroll")
    x, y = centre(area)
    fingers = Fingers(phone)
    fingers.down(1, x, y)
    for step in range(1, 9):
        fingers.move(1, x - 20 * step, y - 25 * step)
    fingers.up(1)
    scrolled = area.evaluate("a => [a.scrollLeft, a.scrollTop]")
    assert scrolled[0] >= 100 and scrolled[1] >= 150, scrolled  # the board followed the finger
    assert phone.evaluate("[scrollX, scrollY]") == [0, 0]
    assert state(phone) == "ready"  # the drag did not play
    cell(phone, 12, 6).tap()  # a cell still answers under the finger, wherever the board has moved
    assert state(phone) == "playing"
    screenshot(phone, "phone-zoomed")
    phone.reload()  # the zoom is a setting, kept with the others
    phone.wait_for_selector("#board:not([data-state=loading])")
    expect(phone.locator("#zoom")).to_have_attribute("aria-valuetext", "195%")
    assert geometry(phone)["cell"] == g["cell"]


# The edges of the board's well whose shadow shows (css/board.css `.beyond`), in the order top, right,
# bottom, left; and whether each lies along its edge of what the well shows, across its whole side.
CUES = """() => {
  const well = document.querySelector('.board-scroll'), w = well.getBoundingClientRect();
  const inner = {top: w.top + well.clientTop, left: w.left + well.clientLeft};
  inner.bottom = inner.top + well.clientHeight; inner.right = inner.left + well.clientWidth;
  const shown = [...well.querySelectorAll('.beyond')].filter(e => e.checkVisibility({opacityProperty: true}));
  const along = e => { const r = e.getBoundingClientRect(), edge = e.dataset.edge;
    const across = edge === 'top' || edge === 'bottom'
      ? r.left <= inner.left + 1 && r.right >= inner.right - 1
      : r.top <= inner.top + 1 && r.bottom >= inner.bottom - 1;
    return across && Math.abs(r[edge] - inner[edge]) <= 1; };
  return shown.map(e => along(e) ? e.dataset.edge : `${e.dataset.edge} (astray)`).join(' ');
}"""


# What a finger touches 3 px inside an edge of the well, half way along it.
UNDER_THE_SHADOW = """edge => {
  const w = document.querySelector('.board-scroll').getBoundingClientRect(), inset = 6;  // past its border
  const x = {left: w.left + inset, right: w.right - inset}[edge] ?? (w.left + w.right) / 2;
  const y = {top: w.top + inset, bottom: w.bottom - inset}[edge] ?? (w.top + w.bottom) / 2;
  return document.elementFromPoint(x, y).getAttribute('role');
}"""


def cues_become(page: Page, edges: str) -> None:
    """Wait until the shadows shown are those of `edges` (a frame or two after a scroll or a resize)."""
    page.wait_for_function(f"([want]) => ({CUES})() === want", arg=[edges], timeout=5_000)
    assert page.evaluate(CUES) == edges


@pytest.mark.parametrize(
    ("size", "first", "last"), [((360, 640), "bottom", "top"), ((640, 360), "right", "left")]
)
def test_a_board_bigger_than_its_well_shows_a_shadow_where_more_of_it_lies(
    phone: Page, size: tuple[int, int], first: str, last: str
) -> None:
    """Before: nothing said that the board scrolls: expert showed 21 of its 30 rows at 360x640, the last cut
    mid-cell, and 25 of its 30 columns at 640x360."""
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(phone, EXPERT)
    cues_become(phone, first)
    screenshot(phone, f"phone-beyond-{size[0]}x{size[1]}")
    assert phone.evaluate(UNDER_THE_SHADOW, first) == "gridcell"  # a finger there touches the cell
    well = phone.locator(".board-scroll")
    well.evaluate(
        "a => a.scrollTo((a.scrollWidth - a.clientWidth) / 2, (a.scrollHeight - a.clientHeight) / 2)"
    )
    cues_become(phone, " ".join(edge for edge in ("top", "right", "bottom", "left") if edge in (first, last)))
    well.evaluate("a => a.scrollTo(a.scrollWidth, a.scrollHeight)")  # to the end
    cues_become(phone, last)
    assert phone.evaluate("[scrollX, scrollY]") == [0, 0]  # the shadows take no room of their own


def test_a_board_that_fits_shows_no_shadow_until_zoomed_past_its_well(phone: Page) -> None:
    open_game(phone, BEGINNER)  # 390x844
    phone.evaluate("() => new Promise(then => requestAnimationFrame(() => requestAnimationFrame(then)))")
    assert phone.evaluate(CUES) == ""
    # Zoomed about the middle, past the well on every side (at 3 steps it is only 56 px taller than the well,
    # which the zoom, keeping the point under the well's middle, scrolls to its end).
    for _ in range(5):
        phone.locator("[data-zoom=in]").tap()
    cues_become(phone, "top right bottom left")
    for _ in range(5):
        phone.locator("[data-zoom=out]").tap()
    cues_become(phone, "")


# After the next frame: until then a row the browser has not rendered yet (content-visibility, css/board.css)
# is hit-tested as the row itself, not its cells (the page maps such a click by geometry: web/view.py).
CELL_AT_CENTRE = """async () => {
  await new Promise((then) => requestAnimationFrame(() => requestAnimationFrame(then)));
  const frame = document.querySelector('.board-scroll').getBoundingClientRect();
  const cell = document.elementFromPoint((frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2);
  return [Number(cell.dataset.row), Number(cell.dataset.col)];
}"""


def zoom_keeps_the_middle(player: Page, press: str) -> None:
    open_game(player, EXPERT)
    middle = player.evaluate(CELL_AT_CENTRE)
    for button in ("in", "in", "in", "in", "out"):
        getattr(player.locator(f"[data-zoom={button}]"), press)()
        row, col = player.evaluate(CELL_AT_CENTRE)
        # before: the top-left corner stayed put, and the middle went towards it
        assert abs(row - middle[0]) <= 1 and abs(col - middle[1]) <= 1, (button, middle, (row, col))


def test_the_zoom_buttons_keep_the_cell_in_the_middle_of_the_frame(page: Page) -> None:
    zoom_keeps_the_middle(page, "click")


def test_the_zoom_buttons_keep_the_cell_in_the_middle_of_a_phones_frame(phone: Page) -> None:
    zoom_keeps_the_middle(phone, "tap")


def test_pinching_the_board_zooms_and_plays_nothing(own_phone: Page) -> None:
    phone = own_phone
    open_game(phone, EXPERT)
    small = geometry(phone)["cell"]
    x, y = centre(phone.locator("#board"))
    fingers = Fingers(phone)
    stop_timers(phone)  # a second finger later than the delay would have let the first one flag
    fingers.down(1, x - 40, y)
    fingers.down(2, x + 40, y)
    for step in range(1, 9):
        fingers.move(1, x - 40 - 10 * step, y)
        fingers.move(2, x + 40 + 10 * step, y)  # 80 px apart -> 240 px: three times
    phone.clock.run_for(HOLD_MS)  # held past the long-press delay: still no flag
    fingers.up(2)
    fingers.up(1)
    expect(phone.locator("#zoom")).to_have_attribute("aria-valuetext", "300%")
    assert geometry(phone)["cell"] >= 2.8 * small
    assert state(phone) == "ready" and set(picture(phone)) <= {"#", "\n"}
    expect(phone.locator("#board .pressed")).to_have_count(0)
    fingers.down(1, x - 100, y)  # and pinching in again
    fingers.down(2, x + 100, y)
    for step in range(1, 6):
        fingers.move(1, x - 100 + 15 * step, y)
        fingers.move(2, x + 100 - 15 * step, y)  # 200 -> 50: a quarter, 75%
    fingers.up(1)
    fingers.up(2)
    expect(phone.locator("#zoom")).to_have_attribute("aria-valuetext", "75%")
    assert state(phone) == "ready"


def test_the_zoom_slider(page: Page) -> None:
    open_game(page, EXPERT)
    small = geometry(page)["cell"]
    slider = page.locator("#zoom")
    slider.focus()
    for _ in range(20):  # 20 steps of 0.05 on the log2 scale: one doubling
        page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuetext", "200%")
    g = geometry(page)
    # Twice the fit, each rounded down to whole pixels: up to a pixel either way of twice the cell.
    assert abs(g["cell"] - 2 * small) <= 1 and g["scrolls"], g
    page.mouse.move(*centre(page.locator(".board-scroll")))
    page.mouse.wheel(0, 300)  # the board's well scrolls; the page does not
    page.wait_for_function("document.querySelector('.board-scroll').scrollTop > 0")
    assert page.evaluate("scrollY") == 0
    page.locator("#game-menu-button").click()  # the Settings field is the same setting
    page.locator("#game-menu [data-command=settings]").click()
    field = page.locator("#settings-form [name=zoom]")
    expect(field).to_have_value("2.0")
    field.fill("1.5")
    field.dispatch_event("change")
    expect(slider).to_have_attribute("aria-valuetext", "150%")


def test_full_screen_where_the_browser_allows_it(phone: Page) -> None:
    open_game(phone, EXPERT)
    button = phone.locator("#fullscreen")
    expect(button).to_be_visible()
    button.tap()
    phone.wait_for_function("document.fullscreenElement === document.documentElement")
    expect(button).to_have_attribute("aria-pressed", "true")
    button.tap()
    phone.wait_for_function("document.fullscreenElement === null")
    expect(button).to_have_attribute("aria-pressed", "false")


def test_no_full_screen_button_where_there_is_none(phone: Page) -> None:
    # As on an iPhone, whose Safari has no fullscreen API for pages.
    phone.add_init_script(
        "Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false})"
    )
    open_game(phone, EXPERT)
    expect(phone.locator("#fullscreen")).to_be_hidden()
    expect(phone.locator("#flag-mode")).to_be_visible()


def test_a_message_leaves_the_toolbar_free(phone: Page) -> None:
    open_game(phone, EXPERT)
    cell(phone, 8, 15).tap()
    phone.locator("#hint").tap()
    message = phone.locator("#message")
    expect(message).to_contain_text("Hint")
    box, tools = message.bounding_box(), phone.locator(".toolbar").bounding_box()
    assert box is not None and tools is not None
    assert box["y"] + box["height"] <= tools["y"], (box, tools)  # above the toolbar, not on it
    phone.locator("#flag-mode").tap()  # still reachable while the message shows
    expect(phone.locator("#flag-mode")).to_have_attribute("aria-pressed", "true")
    expect(message).to_be_visible()


SLIDE = """([name, step]) => {
  const slider = document.getElementById('zoom');
  if (step) slider.value = String(Number(slider.value) + step);
  slider.dispatchEvent(new Event(name, {bubbles: true}));
}"""
UNDER = """([x, y]) => {
  const cell = document.elementFromPoint(x, y).closest('[data-row]');
  return [cell.dataset.row, cell.dataset.col];
}"""


def test_the_slider_previews_a_large_board_and_lays_it_out_once_let_go(page: Page) -> None:
    open_game(page, "index.html?size=80.50.400&seed=3")  # 4000 cells: re-laid at each step it would lag
    laid_out = "document.querySelector('#board [role=gridcell]').offsetWidth"  # ignores transforms
    small = page.evaluate(laid_out)
    frame = page.locator(".board-scroll").bounding_box()
    assert frame is not None
    middle = (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    held = page.evaluate(UNDER, middle)
    page.evaluate(SLIDE, ["input", 0.5])
    page.evaluate(SLIDE, ["input", 0.5])  # one doubling in two steps, as a drag goes
    board = page.locator("#board")
    expect(board).to_have_attribute("data-pinching", "")
    assert page.evaluate(laid_out) == small  # only transformed while the slider moves
    expect(page.locator("#zoom")).to_have_attribute("aria-valuetext", "200%")
    page.evaluate(SLIDE, ["change", 0])
    expect(board).not_to_have_attribute("data-pinching", "")
    assert page.evaluate(laid_out) in (2 * small, 2 * small - 1)
    assert page.evaluate(UNDER, middle) == held  # the cell in the middle stayed there
    page.locator("#game-menu-button").click()  # and the zoom is now the setting
    page.locator("#game-menu [data-command=settings]").click()
    expect(page.locator("#settings-form [name=zoom]")).to_have_value("2.0")


def test_the_game_menu_fits_a_phone_held_sideways(phone: Page) -> None:
    page = open_game(phone)
    for size in ({"width": 640, "height": 360}, {"width": 568, "height": 320}):
        page.set_viewport_size(size)
        page.locator("#game-menu-button").tap()
        menu = page.locator("#game-menu")
        expect(menu).to_be_visible()
        box = menu.bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"], box  # before: 396 px on 360
        last = menu.locator("[data-command=stats]")
        last.scroll_into_view_if_needed()
        last.tap()  # the last item is within reach
        expect(page.locator("#stats-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#stats-dialog")).to_be_hidden()


def test_the_win_panel_names_the_board_as_it_is_though_the_phone_shows_it_turned(phone: Page) -> None:
    """A board wider than tall stands up on an upright phone; the win still names it by its own shape (expert
    is 30 by 16 however it is shown), as the menu and every other device do."""
    _, link = board_link("*...\n....\n....")  # 4 wide, 3 high: turned on the phone
    open_game(phone, link)
    assert phone.locator("#board").get_attribute("data-transposed") is not None
    cell(phone, 2, 3).tap()  # the far corner opens every safe cell
    expect(phone.locator('#win-dialog [data-stat="board"]')).to_have_text("4 by 3, 1 mine")
