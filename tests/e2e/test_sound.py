"""Sound (issue 29): off until the player turns it on in Settings, then each action that changes the board
plays, synthesised with Web Audio; nothing plays while the page is hidden, nor once it is turned off. The
test observes the page's AudioContext: a script put first counts the contexts made and the sources started
(every tone is an oscillator or a buffer source started once)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .play import cell, open_board, picture
from .test_mouse import WALL

OBSERVE = """
window.audio = {contexts: 0, started: 0, context: null};
const Made = window.AudioContext;
window.AudioContext = class extends Made {
  constructor(...options) { super(...options); window.audio.contexts += 1; window.audio.context = this; }
};
// A buffer source has a start of its own.
for (const kind of [AudioScheduledSourceNode, AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...when) { window.audio.started += 1; return start.apply(this, when); };
}
"""
# Hidden as a browser hides a tab: no animation frame comes until it shows again (the frames asked meanwhile
# then run).
HIDE = """hidden => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  window.held ??= {frames: [], shown: window.requestAnimationFrame};
  window.requestAnimationFrame = hidden ? (frame) => window.held.frames.push(frame) : window.held.shown;
  if (!hidden) window.held.frames.splice(0).forEach((frame) => window.requestAnimationFrame(frame));
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def started(page: Page) -> int:
    return int(page.evaluate("window.audio.started"))


def set_sound(page: Page, on: bool) -> None:
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    page.locator("#settings-form [name=sound]").set_checked(on)
    page.locator("#settings-form button[type=submit]").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()


def test_sound_is_off_until_turned_on_then_plays_and_is_silent_hidden_or_off(page: Page) -> None:
    page.add_init_script(OBSERVE)
    open_board(page, WALL)
    cell(page, 0, 0).click()
    assert page.evaluate("window.audio") == {"contexts": 0, "started": 0, "context": None}  # off by default

    set_sound(page, True)
    assert started(page) >= 1  # the sample a change of the setting plays
    before = started(page)
    cell(page, 1, 4).click(button="right")
    expect(cell(page, 1, 4)).to_have_attribute("data-cell", "flag")
    page.wait_for_function(f"window.audio.started > {before}")
    before = started(page)
    cell(page, 2, 3).click()  # a left click on the satisfied 1: a chord
    assert picture(page) == "...2##\n...2F#\n...12#"
    page.wait_for_function(f"window.audio.started > {before}")
    assert page.evaluate("window.audio.contexts") == 1  # one context for the page
    page.wait_for_function("window.audio.context.state === 'running'")

    page.evaluate(HIDE, True)  # the page hidden: the context sleeps, nothing is scheduled
    page.wait_for_function("window.audio.context.state === 'suspended'")
    before = started(page)
    cell(page, 1, 5).click(button="right")
    expect(cell(page, 1, 5)).to_have_attribute("data-cell", "flag")
    page.evaluate(HIDE, False)  # shown again before the flag's sound was due (no frame while hidden)
    page.wait_for_function("window.audio.context.state === 'running'")
    page.wait_for_timeout(400)  # past the after-paint queue's fallback (web/dom.py FALLBACK_MS)
    assert started(page) == before  # the flag's sound, asked while hidden, does not come late

    set_sound(page, False)
    before = started(page)
    cell(page, 0, 4).click(button="right")
    expect(cell(page, 0, 4)).to_have_attribute("data-cell", "flag")
    page.wait_for_timeout(100)
    assert started(page) == before
    page.wait_for_function("window.audio.context.state === 'suspended'")

    set_sound(page, True)
    cell(page, 0, 4).click(button="right")  # the flag off again, then the mine under it: the loss
    before = started(page)
    cell(page, 0, 4).click()
    expect(page.locator("#board")).to_have_attribute("data-state", "lost")
    page.wait_for_function(f"window.audio.started >= {before} + 2")  # the blast (noise) and the thump


# The board's aria-busy as each tone starts: "true" while the page plays a tap it painted ahead (js/press.js).
BUSY_AT_START = """
window.busyAtStart = [];
for (const kind of [AudioScheduledSourceNode, AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...when) {
    window.busyAtStart.push(document.getElementById('board')?.getAttribute('aria-busy'));
    return start.apply(this, when);
  };
}
"""


def test_a_tap_painted_at_its_release_sounds_as_the_game_plays_it(page: Page) -> None:
    """The page paints a tap's opening at its release and plays the tap just after that paint: its sound
    starts as the game plays it (the board still busy), not a frame after."""
    page.add_init_script(BUSY_AT_START)
    open_board(page, WALL)
    set_sound(page, True)
    page.evaluate("window.busyAtStart.length = 0")  # the setting's sample
    cell(page, 0, 0).click()
    page.wait_for_function("window.busyAtStart.length > 0")
    assert set(page.evaluate("window.busyAtStart")) == {"true"}
