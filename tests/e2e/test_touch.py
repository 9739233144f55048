"""Touch on a phone (390x844, touch, mobile): tap opens, a long press flags with a visible cue, a tap on a
flag does nothing, a tap on a satisfied number chords, moving cancels, two thumbs work at once.
Long presses are real touch sequences sent over CDP (touchStart, a wait, touchEnd)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Locator, Page, expect

from .play import cell, open_board, picture, state, stored_game
from .test_mouse import WALL

HOLD_MS = 700  # past the default 400 ms long-press delay


def centre(target: Locator) -> tuple[float, float]:
    box = target.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


class Fingers:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.points: dict[int, dict[str, Any]] = {}

    def send(self, kind: str) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": list(self.points.values())})

    def down(self, finger: int, x: float, y: float) -> None:
        self.points[finger] = {"x": x, "y": y, "id": finger}
        self.send("touchStart")

    def move(self, finger: int, x: float, y: float) -> None:
        self.points[finger] = {"x": x, "y": y, "id": finger}
        self.send("touchMove")

    def up(self, finger: int) -> None:
        # touchEnd lists the fingers that lift (Chromium's CDP): listing the others would lift those instead.
        lifted = self.points.pop(finger)
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [lifted]})

    def long_press(self, target: Locator) -> None:
        self.down(1, *centre(target))
        self.page.wait_for_timeout(HOLD_MS)
        self.up(1)


# What a cell went through, timed in the page: a fixed wait followed by a look is a race with the long-press
# timer on a loaded machine (the look may come after the delay), a record of when each change came is not.
# A look or classes written again as they were are not a change (the page's rehearsal of a tap, in its first
# idle moment, writes some cells as the board shows them: web/app.py `rehearse`).
RECORD = """cell => {
  const log = window.cellLog = [];
  const note = () => {
    const last = log[log.length - 1];
    if (last && last[1] === cell.className && last[2] === cell.dataset.cell) return;
    log.push([performance.now(), cell.className, cell.dataset.cell]);
  };
  new MutationObserver(note).observe(cell, {attributes: true, attributeFilter: ['class', 'data-cell']});
  const down = e => log.push([e.timeStamp, 'pointerdown', '']);
  addEventListener('pointerdown', down, {capture: true, once: true});
}"""


def stop_timers(page: Page) -> None:
    """From now on the page's timers (the long press's among them) run only as far as the test moves the
    clock (page.clock.run_for): a test that must move a finger before the delay is then not late, however
    slow the machine. The clock stays paused in the whole context: use it on `own_phone` only."""
    page.clock.install()
    page.clock.pause_at(int(time.time() * 1000) + 1)


def record(target: Locator) -> None:
    """Note from now on the time of the next pointerdown, and of each change of `target`'s classes or look."""
    target.evaluate(RECORD)


def long_press_took(page: Page) -> float:
    """The milliseconds from the pointerdown to the flag in the record, checking that the cell was covered and
    showed the cue (pressed, holding) all along, from the first change after the press to the flag."""
    log = page.evaluate("window.cellLog")
    assert log[0][1] == "pointerdown", log
    flagged = next(i for i, (_, _, look) in enumerate(log) if look == "flag")
    assert flagged > 1, log  # the cue came first
    for _, classes, look in log[1:flagged]:
        assert set(classes.split()) == {"pressed", "holding"} and look == "covered", log
    return float(log[flagged][0] - log[0][0])


def test_tap_opens(phone: Page) -> None:
    open_board(phone, WALL)
    cell(phone, 0, 0).tap()
    assert state(phone) == "playing"
    assert picture(phone) == "...2##\n...2##\n...1##"


def test_long_press_flags_with_a_cue_and_does_not_open(phone: Page) -> None:
    open_board(phone, WALL)
    target = cell(phone, 0, 4)
    fingers = Fingers(phone)
    record(target)
    fingers.down(1, *centre(target))
    expect(target).to_have_attribute("data-cell", "flag", timeout=3000)
    assert long_press_took(phone) >= 400 - 1  # the default delay; the cue (CSS animates a ring) all along
    expect(target).not_to_have_class("holding")
    fingers.up(1)
    expect(target).to_have_attribute("data-cell", "flag")
    assert state(phone) == "ready"
    expect(phone.locator("#mines-left")).to_have_text("002")


def test_a_long_press_flags_at_its_delay_however_the_press_was_held(own_phone: Page) -> None:
    # A lone finger's press is held in JavaScript (js/press.js) and handed to Python at the delay: the flag
    # comes then, not a delay later; a second finger on the board hands the first on at once.
    phone = own_phone
    open_board(phone, WALL)
    fingers = Fingers(phone)
    stop_timers(phone)
    fingers.down(1, *centre(cell(phone, 0, 4)))
    phone.clock.run_for(390)
    expect(cell(phone, 0, 4)).to_have_attribute("data-cell", "covered")
    expect(cell(phone, 0, 4)).to_have_class("pressed holding")
    phone.clock.run_for(20)
    expect(cell(phone, 0, 4)).to_have_attribute("data-cell", "flag")
    fingers.down(2, *centre(cell(phone, 1, 5)))
    phone.clock.run_for(200)
    fingers.down(3, *centre(cell(phone, 2, 5)))  # hands nothing on: finger 2 is Python's already
    phone.clock.run_for(190)
    expect(cell(phone, 1, 5)).to_have_attribute("data-cell", "covered")
    phone.clock.run_for(20)
    expect(cell(phone, 1, 5)).to_have_attribute("data-cell", "flag")
    expect(cell(phone, 2, 5)).to_have_attribute("data-cell", "covered")
    phone.clock.run_for(200)
    expect(cell(phone, 2, 5)).to_have_attribute("data-cell", "flag")


def test_a_tap_on_a_flag_does_nothing(phone: Page) -> None:
    open_board(phone, WALL)
    Fingers(phone).long_press(cell(phone, 0, 4))
    cell(phone, 0, 4).tap()
    expect(cell(phone, 0, 4)).to_have_attribute("data-cell", "flag")
    assert state(phone) == "ready"


def test_a_tap_on_a_satisfied_number_chords(phone: Page) -> None:
    open_board(phone, WALL)
    cell(phone, 0, 0).tap()
    Fingers(phone).long_press(cell(phone, 1, 4))
    cell(phone, 2, 3).tap()
    assert picture(phone) == "...2##\n...2F#\n...12#"


def test_moving_cancels(own_phone: Page) -> None:
    phone = own_phone
    open_board(phone, WALL)
    target = cell(phone, 0, 4)
    x, y = centre(target)
    fingers = Fingers(phone)
    stop_timers(phone)  # a move later than the delay would have flagged
    fingers.down(1, x, y)
    fingers.move(1, x + 25, y)
    expect(target).not_to_have_class("holding")
    phone.clock.run_for(HOLD_MS)
    fingers.up(1)
    expect(target).to_have_attribute("data-cell", "covered")
    assert state(phone) == "ready"


def test_two_thumbs_each_long_press(phone: Page) -> None:
    open_board(phone, WALL)
    fingers = Fingers(phone)
    fingers.down(1, *centre(cell(phone, 0, 4)))
    fingers.down(2, *centre(cell(phone, 1, 5)))
    expect(cell(phone, 0, 4)).to_have_attribute("data-cell", "flag", timeout=3000)
    expect(cell(phone, 1, 5)).to_have_attribute("data-cell", "flag", timeout=3000)
    fingers.up(2)
    fingers.up(1)
    expect(phone.locator("#mines-left")).to_have_text("001")


def test_no_context_menu_and_no_page_scroll(phone: Page) -> None:
    open_board(phone, WALL)
    styles = phone.eval_on_selector(
        "#board",
        "b => { const s = getComputedStyle(b); return [s.touchAction, s.userSelect, s.overscrollBehavior] }",
    )
    assert styles == ["none", "none", "none"]
    menu = "c => !c.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))"
    # On a cell, and just off the board: the counters, the face, the frame (not before: the board only).
    for target in ("#board [data-cell]", "#timer", "#mines-left", "#new-game", ".frame"):
        assert phone.eval_on_selector(target, menu), target
    assert phone.eval_on_selector(".bar", "b => getComputedStyle(b).userSelect") == "none"


# Each change of a cell's look on the board (not a look written again), with the board's state and business
# as it came.
SEEN_AHEAD = """board => {
  const log = window.aheadLog = [];
  new MutationObserver(records => {
    const busy = board.getAttribute('aria-busy');
    for (const r of records) {
      if (r.oldValue !== r.target.dataset.cell) log.push([r.target.dataset.cell, board.dataset.state, busy]);
    }
  }).observe(board, {subtree: true, attributeOldValue: true, attributeFilter: ['data-cell']});
}"""


def test_a_tap_paints_its_opening_at_once_and_the_game_plays_it_just_after(phone: Page) -> None:
    """Issue 29: a tap's opening is painted in its release's own handler, from what the engine foresaw
    (js/press.js, web/app.py `foresee`); the game plays the tap just after that paint, the board `aria-busy`
    meanwhile: its state, clock and save follow, the clock counted from the release."""
    open_board(phone, WALL)
    phone.locator("#board").evaluate(SEEN_AHEAD)
    fingers = Fingers(phone)
    fingers.down(1, *centre(cell(phone, 0, 0)))
    fingers.up(1)
    assert state(phone) == "playing"
    log = phone.evaluate("window.aheadLog")
    assert len(log) == 12 and all(entry[1:] == ["ready", "true"] for entry in log), log  # painted, not played
    assert picture(phone) == "...2##\n...2##\n...1##"
    # Named (js/press.js names the cells after the paint, just before the game hears of the tap) where they
    # are drawn: the phone draws this wide board turned, engine (0, 3) at row 4, column 1.
    named = {
        spot: cell(phone, *spot).get_attribute("aria-label") for spot in ((0, 0), (0, 3), (2, 3), (2, 4))
    }
    assert named == {
        (0, 0): "row 1, column 1: no mines around",
        (0, 3): "row 4, column 1: 2 mines around",
        (2, 3): "row 4, column 3: 1 mine around",
        (2, 4): "row 5, column 3: covered",
    }, named
    expect(phone.locator("#timer")).to_have_text("001")
    kept = stored_game(phone)
    assert kept is not None and kept["data"]["game"]["log"] == "r0" and kept["data"]["game"]["times"] == [0]


def test_a_tap_worked_out_while_held_follows_what_changed_before_its_release(own_phone: Page) -> None:
    """While a finger holds a press, the page works out what its tap will open (js/press.js): a flag put in
    that opening meanwhile (here by a key) stops the flood there, as the game has it; the flagged cell never
    shows open, not even for a frame."""
    phone = own_phone
    open_board(phone, WALL)
    stop_timers(phone)
    target = cell(phone, 1, 1)
    record(target)
    fingers = Fingers(phone)
    fingers.down(1, *centre(cell(phone, 0, 0)))
    phone.clock.run_for(100)  # the press's frame, then the look ahead; the long press waits for 400 ms
    cell(phone, 0, 0).focus()  # the board's focus cell, then the keys' way to (1, 1)
    for key in ("ArrowDown", "ArrowRight", "f"):
        phone.keyboard.press(key)
    expect(target).to_have_attribute("data-cell", "flag")
    fingers.up(1)
    phone.clock.run_for(300)  # the tap played after its paint
    assert state(phone) == "playing"
    assert picture(phone) == "...2##\n.F.2##\n...1##"
    assert [look for _, _, look in phone.evaluate("window.cellLog")[1:]] == ["flag"]
