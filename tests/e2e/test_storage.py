"""What stays with the player, in real Chromium: a reload resumes the game exactly, a link wins over it,
nothing but the game in progress is stored before the player agrees, export and import round-trip, and
damaged, foreign, newer or refused storage leaves a message and a game that plays on."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ui import saved

from .conftest import open_game, screenshot
from .play import board_link, cell, looks, open_board, picture, read_note, state
from .test_mouse import WALL
from .test_touch import Fingers, centre, stop_timers

GAME, SETTINGS, RECORDS, CONSENT = (f"minesweeper.{k}" for k in ("game", "settings", "records", "consent"))
CORNER_MINE = """
    *..
    ...
    ...
"""  # (2,2) is a 0: one click opens every safe cell and wins; (0,0) loses
CONSENT_YES = json.dumps({"version": 1, "data": {"answer": "yes", "date": "2025-03-01"}})
GAME_VERSION = saved.GAME.version


# Hide or show the page as the browser would (switching tabs): headless pages are always shown.
HIDE = """hidden => {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
    Object.defineProperty(document, 'visibilityState', {configurable: true,
                          get: () => hidden ? 'hidden' : 'visible'});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def stored(page: Page) -> dict[str, str]:
    """This game's localStorage items, read in the page."""
    items = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return {key: value for key, value in items.items() if key.startswith("minesweeper.")}


def stored_data(page: Page, key: str) -> object:
    return json.loads(stored(page)[key])["data"]


def saved_moves(page: Page, log: str) -> None:
    """Wait until the page has saved its game with moves `log` (each move's save waits for the paint, and a
    tab behind another gets no frames: its save comes by the fallback timeout)."""
    page.wait_for_function(
        "log => { try { return JSON.parse(localStorage.getItem('minesweeper.game')).data.game.log === log }"
        " catch { return false } }",
        arg=log,
    )


def seconds(page: Page) -> int:
    return int(page.locator("#timer").text_content() or "")


def clock_reaches(page: Page, shown: int) -> None:
    """Wait until the clock shows `shown` seconds or more (a fixed wait fails when the ticks come late)."""
    page.wait_for_function("n => Number(document.getElementById('timer').textContent) >= n", arg=shown)


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])", timeout=60_000)


def open_settings(page: Page) -> None:
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()


def open_stats(page: Page) -> None:
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=stats]").click()
    expect(page.locator("#stats-dialog")).to_be_visible()


def preload(page: Page, items: dict[str, str]) -> None:
    """Put `items` in localStorage before the page's scripts run (at the first load only)."""
    page.add_init_script(
        f"if (!sessionStorage.getItem('preloaded')) {{ sessionStorage.setItem('preloaded', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}"
    )


def expect_message(page: Page, pattern: str) -> None:
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message")).to_have_text(re.compile(pattern))


def finish_a_new_game(page: Page) -> None:
    """Start a new game with the face, open cells in order until it ends (the first one is safe), and
    close the win summary if it won."""
    page.locator("#new-game").click()
    rows, cols = (int(page.locator("#board").get_attribute(f"data-{n}") or 0) for n in ("rows", "cols"))
    for i in range(rows * cols):
        if state(page) in ("won", "lost"):
            break
        if looks(page)[i] == "covered":
            cell(page, *divmod(i, cols)).click()
    assert state(page) in ("won", "lost")
    if state(page) == "won":
        page.locator("#win-dialog button[value=close]").click()


def plays_on(page: Page) -> None:
    """A new game can be started and played: the page did not stop at the storage problem."""
    page.locator("#new-game").click()
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    cell(page, 0, 0).click()
    expect(page.locator("#board")).to_have_attribute("data-state", re.compile("playing|won|lost"))


# -- resume ----------------------------------------------------------------------------------------


def test_a_reload_resumes_the_game_exactly(page: Page) -> None:
    open_game(page, "index.html?level=intermediate&seed=2024")
    open_settings(page)
    page.locator("#settings-form [name=question_marks]").check()
    page.locator("#settings-form button[type=submit]").click()
    cell(page, 8, 8).click()
    covered = [i for i, look in enumerate(looks(page)) if look == "covered"]
    for i in covered[:3]:
        cell(page, *divmod(i, 16)).click(button="right")
    cell(page, *divmod(covered[2], 16)).click(button="right")  # flag -> ?
    clock_reaches(page, 2)
    read_at = time.monotonic()
    before = (looks(page), page.locator("#mines-left").text_content(), seconds(page))
    assert before[0].count("flag") == 2 and before[0].count("question") == 1
    reload(page)
    after = seconds(page)
    # On from the time it showed, no second lost; no more added than the time that passed (the shown second
    # may be a tick late): a slow reload made `after - before <= 1` fail.
    assert before[2] <= after <= before[2] + 2 + (time.monotonic() - read_at)
    assert state(page) == "playing"
    assert looks(page) == before[0]
    assert page.locator("#mines-left").text_content() == before[1] == "038"
    assert "seed" not in page.url and "level" not in page.url
    cell(page, *divmod(covered[2], 16)).click(button="right")  # the resumed game keeps its ? cycle
    expect(cell(page, *divmod(covered[2], 16))).to_have_attribute("data-cell", "covered")


# Keys on the focused cell, sent in one task of the page (a player's burst, faster than a frame), with the
# game as stored before the keys, right after them, and once saved after the paint; `reload`: the page
# reloads in that same task instead, before any frame.
BURST = """async ({keys, reload}) => {
  const cell = document.querySelector('#board [tabindex="0"]');
  cell.focus();
  const writes = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'minesweeper.game') writes.push(value);
    return setItem.call(this, key, value);
  };
  const before = localStorage.getItem('minesweeper.game');
  for (const key of keys) {
    const press = new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true});
    document.activeElement.dispatchEvent(press);
  }
  const during = localStorage.getItem('minesweeper.game');
  if (reload) {
    location.reload();
    return {before, during};
  }
  // The save comes once the page is idle after the frame (at most 250 ms later): waited for, then a frame
  // more, in which no second write may come.
  const until = performance.now() + 5000;
  while (!writes.length && performance.now() < until) await new Promise(done => setTimeout(done, 10));
  await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  return {before, during, writes: writes.length, after: localStorage.getItem('minesweeper.game')};
}"""


def test_the_game_is_saved_after_the_paint_once_for_a_burst_of_moves(page: Page) -> None:
    """A move's save waits for the board's paint (and the page's next idle moment), and the moves made before
    it are saved in one write."""
    open_board(page, WALL)
    keys = ["Enter", "ArrowDown", *["ArrowRight"] * 4, "f", "ArrowRight", "f"]  # open, flag (1,4) and (1,5)
    seen = page.evaluate(BURST, {"keys": keys, "reload": False})
    assert seen["during"] == seen["before"]  # nothing written in the input's own task
    assert seen["writes"] == 1
    assert json.loads(seen["after"])["data"]["game"]["log"] == "r0f10f11"
    assert picture(page) == "...2##\n...2FF\n...1##"


def test_a_move_then_an_immediate_reload_keeps_the_move(page: Page) -> None:
    """The page goes before the move's save had its frame: the save is made as the page goes (pagehide)."""
    open_board(page, WALL)
    with page.expect_navigation():
        keys = ["Enter", "ArrowDown", *["ArrowRight"] * 4, "f"]  # open, flag (1,4)
        seen = page.evaluate(BURST, {"keys": keys, "reload": True})
    assert seen["during"] == seen["before"]  # not saved yet when the page went
    page.wait_for_selector("#board:not([data-state=loading])", timeout=60_000)
    assert state(page) == "playing"
    assert picture(page) == "...2##\n...2F#\n...1##"


def test_a_tap_painted_ahead_is_kept_when_the_page_goes_before_the_game_heard_of_it(own_phone: Page) -> None:
    """A tap's opening is painted at its release and played by the game just after (js/press.js): the page
    closed in between still keeps the tap, played and saved as the page goes (pagehide)."""
    phone = own_phone
    open_board(phone, WALL)
    stop_timers(phone)  # no frame and no timer from now on: the tap stays painted ahead, the game not told
    fingers = Fingers(phone)
    fingers.down(1, *centre(cell(phone, 0, 0)))
    fingers.up(1)
    expect(phone.locator("#board")).to_have_attribute("aria-busy", "true")
    assert phone.locator("#board").get_attribute("data-state") == "ready"
    assert picture(phone) == "...2##\n...2##\n...1##"
    context = phone.context
    phone.close()
    context.clock.resume()
    again = context.new_page()
    again.goto("index.html")
    again.wait_for_selector("#board:not([data-state=loading])", timeout=60_000)
    assert state(again) == "playing"
    assert picture(again) == "...2##\n...2##\n...1##"


def test_a_link_wins_over_the_resumed_game_and_a_reload_then_resumes_the_link(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=5")
    cell(page, 8, 15).click()
    page.goto("about:blank")  # a new visit, as when a shared link is opened
    open_board(page, CORNER_MINE)
    assert (page.locator("#board").get_attribute("data-cols"), state(page)) == ("3", "ready")
    cell(page, 0, 1).click(button="right")
    reload(page)
    assert "#board" not in page.url
    assert picture(page) == "#F#\n###\n###"


def test_the_clock_stops_while_the_page_is_hidden(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=5")
    cell(page, 8, 15).click()
    page.evaluate(HIDE, True)
    hidden_at = json.loads(stored(page)[GAME])["data"]["elapsed"]
    page.wait_for_timeout(2500)
    assert seconds(page) <= int(hidden_at) + 1
    page.evaluate(HIDE, False)
    clock_reaches(page, int(hidden_at) + 2)  # counting again


def two_tabs(page: Page) -> tuple[Page, Page, list[int]]:
    """A game in progress in `page`, the same game resumed in a second tab; the covered cells' indexes."""
    open_game(page, "index.html?level=beginner&seed=11")
    cell(page, 4, 4).click()
    assert state(page) == "playing"
    other = open_game(page.context.new_page())
    assert picture(other) == picture(page)
    return page, other, [i for i, look in enumerate(looks(page)) if look == "covered"]


def test_a_shown_tab_takes_over_the_game_another_tab_played_on(page: Page) -> None:
    first, second, covered = two_tabs(page)
    cell(second, *divmod(covered[0], 9)).click(button="right")
    expect(cell(first, *divmod(covered[0], 9))).to_have_attribute("data-cell", "flag")
    expect(first.locator("#message")).to_contain_text("This game went on in another tab")
    cell(first, *divmod(covered[1], 9)).click(button="right")  # and back: the first tab saves it again
    expect(cell(second, *divmod(covered[1], 9))).to_have_attribute("data-cell", "flag")
    assert picture(first) == picture(second)
    count = "window.heard = 0; addEventListener('storage', () => { window.heard += 1; })"
    first.evaluate(count)
    second.evaluate(count)
    second.wait_for_timeout(1000)  # taking a game over writes nothing back: the tabs do not wake each other
    assert (first.evaluate("window.heard"), second.evaluate("window.heard")) == (0, 0)


def test_a_new_game_from_another_tab_is_told_as_a_new_game(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=11")
    cell(page, 4, 4).click()
    other = open_game(page.context.new_page(), "index.html?level=intermediate&seed=3")  # the link wins
    expect(page.locator("#board")).to_have_attribute("data-cols", "16")
    expect(page.locator("#message")).to_contain_text(
        "Another tab started a new game, which replaced this one: here it is."
    )
    assert picture(page) == picture(other)


def test_games_finished_in_two_tabs_both_count(page: Page) -> None:
    preload(page, {CONSENT: CONSENT_YES})
    open_board(page, CORNER_MINE)
    other = open_game(page.context.new_page())  # it read the statistics: none yet
    cell(page, 2, 2).click()  # a win in the first tab
    saved_moves(page, "r8")  # heard in the other tab, which takes the game over, before its own game
    open_board(other, "..*\n...\n...")
    cell(other, 0, 2).click()  # a loss in the second, whose copy of the statistics had no win
    tally = stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]  # type: ignore[index]
    # Board links: games on given boards, counted apart. Before: (1, 0), the last write won.
    assert (tally["given_played"], tally["given_won"]) == (2, 1)


def test_a_hidden_tab_never_puts_its_older_game_back(page: Page) -> None:
    first, second, covered = two_tabs(page)
    first.evaluate(HIDE, True)  # the player goes to the second tab and plays on there
    cell(second, *divmod(covered[0], 9)).click(button="right")
    played = picture(second)
    first.evaluate(HIDE, False)  # back to the first tab: it shows the game as the second left it
    expect(cell(first, *divmod(covered[0], 9))).to_have_attribute("data-cell", "flag")
    first.evaluate(HIDE, True)
    # The game's own listener came first, so this one runs once the game has heard of the other tab's move.
    first.evaluate("addEventListener('storage', () => { window.heard = true; })")
    cell(second, *divmod(covered[1], 9)).click(button="right")
    played = picture(second)
    first.wait_for_function("window.heard === true")
    first.close()  # the older tab goes: its pagehide must not save its older game over the newer one
    reload(second)
    assert picture(second) == played


def test_a_tab_closed_before_it_heard_of_the_other_tabs_move_writes_nothing(page: Page) -> None:
    # The storage event comes late: it never reaches the game in the first tab.
    page.add_init_script("addEventListener('storage', event => event.stopImmediatePropagation())")
    first, second, covered = two_tabs(page)
    first.evaluate(HIDE, True)
    older = stored(second)[GAME]
    cell(second, *divmod(covered[0], 9)).click(button="right")
    played = picture(second)
    # the flag saved (when the page is next idle after its paint), then the first tab hears of it
    second.wait_for_function("older => localStorage.getItem('minesweeper.game') !== older", arg=older)
    newer = stored(second)[GAME]
    first.wait_for_function("newer => localStorage.getItem('minesweeper.game') === newer", arg=newer)
    first.close()  # its pagehide finds the stored game is not the one it last wrote
    reload(second)
    assert picture(second) == played


def test_a_tab_keeps_its_game_and_its_clock_when_the_other_tab_left_nothing_usable(page: Page) -> None:
    first, second, covered = two_tabs(page)
    shown = picture(first)
    first.evaluate(HIDE, True)
    second.evaluate("localStorage.setItem('minesweeper.game', 'not a game')")  # a broken copy, say
    first.wait_for_function("localStorage.getItem('minesweeper.game') === 'not a game'")
    first.evaluate(HIDE, False)
    clock_reaches(first, seconds(first) + 1)  # the clock runs again
    assert picture(first) == shown
    cell(first, *divmod(covered[0], 9)).click(button="right")  # and this tab saves the game again
    first.wait_for_function("localStorage.getItem('minesweeper.game') !== 'not a game'")
    assert json.loads(stored(first)[GAME])["version"] == GAME_VERSION


def test_remember_game_off_forgets_the_game_in_progress(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=11")
    cell(page, 4, 4).click()
    assert GAME in stored(page)
    open_settings(page)
    page.locator("#settings-form [name=remember_game]").uncheck()
    page.locator("#settings-form button[type=submit]").click()
    assert GAME not in stored(page)
    cell(page, 0, 0).click(button="right")
    assert stored(page) == {}
    reload(page)
    assert state(page) == "ready"


# -- consent ---------------------------------------------------------------------------------------


def test_nothing_but_the_game_is_stored_before_the_player_agrees(page: Page) -> None:
    open_board(page, CORNER_MINE)
    open_settings(page)
    page.locator("#settings-form [name=theme]").select_option("dark")
    page.locator("#settings-form button[type=submit]").click()
    assert list(stored(page)) == [GAME]
    cell(page, 2, 2).click()
    assert state(page) == "won"
    expect(page.locator("#win-consent")).to_be_visible()  # a win asks with the result, in its panel
    expect(page.locator("#consent")).to_be_hidden()
    assert list(stored(page)) == [GAME]
    page.locator("#win-consent [data-consent=yes]").click()
    expect(page.locator("#win-consent")).to_be_hidden()
    page.locator("#win-dialog button[value=close]").click()
    assert sorted(stored(page)) == [CONSENT, GAME, RECORDS, SETTINGS]
    tally = stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]  # type: ignore[index]
    # A given board (a #board= link): counted apart, never played, won, in the streak or a best time.
    counts = ("played", "won", "streak", "given_played", "given_won", "best")
    assert [tally[count] for count in counts] == [0, 0, 0, 1, 1, []]
    assert stored_data(page, SETTINGS)["theme"] == "dark"  # type: ignore[index]
    reload(page)
    assert page.locator("html").get_attribute("data-theme") == "dark"
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()  # a loss, counted at once now
    assert stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]["given_played"] == 2  # type: ignore[index]
    expect(page.locator("#consent")).to_be_hidden()
    open_stats(page)
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Kept in this browser"))
    given = page.locator('.stats-card[data-category="custom 3x3/1"] .stats-given')
    expect(given).to_contain_text("Played2Won1")  # board links: counted apart


def test_settings_before_the_yes_last_through_a_reload_and_end_with_the_tab(phone: Page) -> None:
    page = phone  # flag mode is a phone's button
    open_game(page)
    open_settings(page)
    page.locator("#settings-form [name=theme]").select_option("dark")
    page.locator("#settings-form button[type=submit]").click()
    page.locator("#flag-mode").tap()  # a phone player's flag mode is a setting too
    reload(page)  # as a phone does to a tab it dropped in the background
    assert page.locator("html").get_attribute("data-theme") == "dark"
    expect(page.locator("#flag-mode")).to_have_attribute("aria-pressed", "true")
    assert list(stored(page)) == [GAME]  # nothing kept on the device
    other = page.context.new_page()  # another tab is another visit
    open_game(other)
    assert other.locator("html").get_attribute("data-theme") == "system"
    expect(other.locator("#flag-mode")).to_have_attribute("aria-pressed", "false")


def test_not_now_stores_nothing_and_the_question_comes_back_next_session(page: Page) -> None:
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()
    assert state(page) == "lost"
    read_note(page)
    expect(page.locator("#consent")).to_be_visible()
    page.locator("#consent [data-consent=no]").click()
    expect(page.locator("#consent")).to_be_hidden()
    page.keyboard.press("n")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    finish_a_new_game(page)
    expect(page.locator("#consent")).to_be_hidden()  # once per browser session
    open_stats(page)
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Not kept"))
    card = page.locator('.stats-card[data-category="custom 3x3/1"]')
    expect(card.locator(".stats-figures").first).to_contain_text("Played1")  # the new game
    expect(card.locator(".stats-given")).to_contain_text("Played1")  # the board link's: apart
    page.keyboard.press("Escape")
    assert list(stored(page)) == [GAME]
    lose_in_a_new_session(page)


def lose_in_a_new_session(page: Page) -> None:
    """In a new tab of the same browser (a new session, the same localStorage) the first finished game
    asks again."""
    later = page.context.new_page()
    open_board(later, CORNER_MINE)
    cell(later, 0, 0).click()
    assert state(later) == "lost"
    read_note(later)
    expect(later.locator("#consent")).to_be_visible()


@pytest.mark.parametrize("answer", ["none", "no"])
def test_the_question_never_comes_back_at_a_reload(page: Page, answer: str) -> None:
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()
    read_note(page)
    expect(page.locator("#consent")).to_be_visible()
    if answer == "no":
        page.locator("#consent [data-consent=no]").click()
    for _ in range(2):  # left alone or answered Not now, a reload in the same tab does not ask again
        reload(page)
        expect(page.locator("#consent")).to_be_hidden()
        finish_a_new_game(page)
        expect(page.locator("#consent")).to_be_hidden()
    assert list(stored(page)) == [GAME]  # the mark is in sessionStorage: nothing more in localStorage
    lose_in_a_new_session(page)


def test_the_statistics_panel_reached_from_settings_offers_to_keep_them(page: Page) -> None:
    open_board(page, CORNER_MINE)
    cell(page, 2, 2).click()
    page.locator("#win-dialog button[value=close]").click()
    open_settings(page)
    page.locator("#settings-dialog [data-command=stats]").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Not kept"))
    page.locator("#stats-keep").click()
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Kept in this browser"))
    expect(page.locator("#stats-keep")).to_be_hidden()
    expect(page.locator("#consent")).to_be_hidden()
    assert stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]["given_won"] == 1  # type: ignore[index]


def test_the_games_of_the_visit_last_through_a_reload_and_the_yes_adds_them(page: Page) -> None:
    open_board(page, CORNER_MINE)
    cell(page, 2, 2).click()  # a win, before the yes
    page.locator("#win-dialog button[value=close]").click()
    reload(page)
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()  # and a loss after the reload
    open_stats(page)
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Not kept"))
    expect(page.locator('.stats-card[data-category="custom 3x3/1"]')).to_contain_text("Played2")
    assert list(stored(page)) == [GAME]  # nothing kept on the device yet
    page.locator("#stats-keep").click()
    tally = stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]  # type: ignore[index]
    assert (tally["given_played"], tally["given_won"]) == (2, 1)  # board links: apart
    reload(page)  # added once: the visit's list went with the yes
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()
    assert stored_data(page, RECORDS)["tallies"]["custom 3x3/1"]["given_played"] == 3  # type: ignore[index]


# -- export, import, reset -------------------------------------------------------------------------


def test_export_then_import_round_trips(page: Page, tmp_path: Path) -> None:
    preload(page, {CONSENT: CONSENT_YES})
    open_board(page, CORNER_MINE)
    cell(page, 2, 2).click()
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()
    records = stored(page)[RECORDS]
    open_stats(page)
    with page.expect_download() as download:
        page.locator("[data-data=export]").click()
    assert re.fullmatch(r"minesweeper-\d{4}-\d\d-\d\d\.json", download.value.suggested_filename)
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["records"]["data"] == json.loads(records)["data"]

    page.locator("[data-data=reset]").click()
    expect(page.locator("#confirm-list")).to_contain_text(
        "Custom 3×3, 1 mine: played 0, won 0; on given boards, played 2, won 1"  # board links: apart
    )
    page.locator("#confirm-ok").click()
    expect(page.locator("#stats-body")).to_contain_text("No finished games yet")
    assert RECORDS not in stored(page)

    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(exported)
    expect(page.locator("#confirm-dialog")).to_be_visible()
    expect(page.locator("#confirm-list li")).to_have_text(
        [
            "Custom 3×3, 1 mine: played on given boards 0 → 2 and won on given boards 0 → 1",
            "game history: 2 games added",
        ]
    )
    page.locator("#confirm-ok").click()
    expect_message(page, "Imported minesweeper-")
    assert json.loads(stored(page)[RECORDS]) == json.loads(records)
    expect(page.locator('.stats-card[data-category="custom 3x3/1"] .stats-given')).to_contain_text("Played2")

    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(exported)
    expect_message(page, "Nothing to import")


def test_an_import_changes_nothing_until_confirmed_and_a_foreign_file_is_refused(
    page: Page, tmp_path: Path
) -> None:
    open_game(page)
    other = tmp_path / "other.json"
    other.write_text(
        json.dumps({"app": "minesweeper", "settings": {"version": 1, "data": {"theme": "classic"}}})
    )
    open_stats(page)
    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(other)
    expect(page.locator("#confirm-list li")).to_have_text(["theme: same as this device → classic"])
    expect(page.locator("#confirm-text")).to_contain_text("keeps your statistics and settings on this device")
    page.locator("#confirm-dialog button[value=cancel]").click()
    assert page.locator("html").get_attribute("data-theme") == "system"
    assert list(stored(page)) == [GAME]

    foreign = tmp_path / "photo.json"
    foreign.write_text('{"type": "FeatureCollection"}')
    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(foreign)
    expect_message(page, "Could not import photo.json: it is not a statistics file of this game")
    # Said in the open panel too (the notes' band lies under its backdrop), and gone with the panel.
    said = page.locator("#stats-dialog .dialog-note")
    expect(said).to_have_text(re.compile("^Could not import photo.json"))
    expect(said).to_have_attribute("data-kind", "error")
    panel, words = page.locator("#stats-dialog").bounding_box(), said.bounding_box()
    assert panel is not None and words is not None
    assert panel["y"] <= words["y"] and words["y"] + words["height"] <= panel["y"] + panel["height"]
    screenshot(page, "import-refused-desktop")
    page.keyboard.press("Escape")
    expect(page.locator("#stats-dialog")).to_be_hidden()
    expect(said).to_be_empty()


# -- damaged, foreign, newer and refused storage ---------------------------------------------------

# What each kind of stored data says when it cannot be used, read by the page as it starts: one case of each
# trouble the page tells apart (unreadable, unusable, newer, partly valid), two of them together; whether a
# given text decodes is ui/saved.py's, tested on CPython (tests/unit/ui/test_saved.py).
BAD = [
    ({GAME: "{not json"}, r"The saved game in progress could not be read: it is not used\."),
    (
        {GAME: json.dumps({"version": 1, "data": {"game": {"version": 1}, "elapsed": 3}})},
        "could not be resumed",
    ),
    ({GAME: json.dumps({"version": 7, "data": {}})}, "game in progress was written by a newer version"),
    ({CONSENT: json.dumps({"version": 1, "data": {"answer": "maybe"}})}, "you will be asked again"),
    (
        {CONSENT: CONSENT_YES, SETTINGS: json.dumps({"version": 1, "data": {"theme": "neon", "zoom": 1.5}})},
        "Some saved settings were not valid and are back to their defaults",
    ),
    (
        {CONSENT: CONSENT_YES, RECORDS: json.dumps({"version": 2, "data": {"beginner": {"played": -3}}})},
        "The saved statistics could not be read: a copy is kept",
    ),
    (
        {CONSENT: CONSENT_YES, RECORDS: json.dumps({"version": 9, "data": {}})},
        "newer version.*left as they are",
    ),
    (
        {GAME: "x", CONSENT: '{"version": 1}', SETTINGS: "y", RECORDS: "z"},
        r"Your answer about keeping statistics could not be read.* The saved game in progress could not be"
        " read",
    ),
    (
        {GAME: "x", CONSENT: CONSENT_YES, SETTINGS: "y", RECORDS: "z"},
        r"The saved settings could not be read.* The saved statistics could not be read.* The saved game in"
        " progress",
    ),
]


@pytest.mark.parametrize(("items", "says"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_stored_data_says_what_happened_and_the_game_plays_on(
    page: Page, items: dict[str, str], says: str
) -> None:
    preload(page, items)
    open_game(page)
    expect_message(page, says)
    assert state(page) == "ready"
    plays_on(page)


def test_newer_statistics_are_left_untouched(page: Page) -> None:
    newer = json.dumps({"version": 9, "data": {"from": "the future"}})
    preload(page, {CONSENT: CONSENT_YES, RECORDS: newer})
    open_board(page, CORNER_MINE)
    cell(page, 2, 2).click()
    assert state(page) == "won"
    assert stored(page)[RECORDS] == newer


@pytest.mark.parametrize(
    "damaged",
    [
        "{not json",  # stored.read's problem
        json.dumps({"version": 4, "data": {"expert no guess": {"played": 1}}}),  # the keeper's (one bad key)
    ],
)
def test_damaged_statistics_are_kept_aside_not_overwritten_by_the_next_game(page: Page, damaged: str) -> None:
    # They were "not used", then the next finished game wrote a fresh record over them: years of
    # figures lost to one bad entry.
    preload(page, {CONSENT: CONSENT_YES, RECORDS: damaged})
    open_board(page, CORNER_MINE)
    expect_message(page, r"statistics could not be read: a copy is kept as minesweeper\.records\.damaged")
    cell(page, 2, 2).click()
    assert state(page) == "won"
    items = stored(page)
    assert items[RECORDS + ".damaged"] == damaged
    assert list(stored_data(page, RECORDS)["tallies"]) == [
        "custom 3x3/1"
    ]  # the new statistics start from this game


def test_statistics_in_the_old_v1_shape_are_migrated(page: Page) -> None:
    v1 = {"version": 1, "data": {"beginner": {"played": 12, "won": 5, "times": [48.2, 31.04]}}}
    preload(page, {CONSENT: CONSENT_YES, RECORDS: json.dumps(v1)})
    open_game(page)
    expect(page.locator("#message")).to_be_hidden()
    open_stats(page)
    card = page.locator('.stats-card[data-category="beginner"]')
    expect(card).to_contain_text("Played12")
    expect(card.locator("tbody tr").first).to_have_text(re.compile(r"^131\.04 s"))


def test_storage_that_refuses_writes_leaves_a_message_and_a_working_game(page: Page) -> None:
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"
    )
    open_board(page, CORNER_MINE)
    cell(page, 0, 1).click()
    expect_message(page, r"Could not save: this browser's storage is full or blocked\. The game plays on\.")
    cell(page, 2, 2).click()
    assert state(page) == "won"
    page.locator("#win-consent [data-consent=yes]").click()
    page.locator("#win-dialog button[value=close]").click()
    plays_on(page)


def test_blocked_storage_leaves_a_message_and_a_working_game(page: Page) -> None:
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('Access is denied for this document.', 'SecurityError'); }});"
    )
    open_game(page)
    expect_message(page, r"does not let the game save anything; it plays on")
    plays_on(page)


# -- screenshots -----------------------------------------------------------------------------------

SHOWCASE = {
    "beginner": {
        "played": 41,
        "won": 23,
        "streak": 2,
        "best_streak": 6,
        "best": [
            {"seconds": 7.81, "date": "2025-02-11", "bbbv": 19},
            {"seconds": 9.4, "date": "2025-01-30", "bbbv": 24},
            {"seconds": 11.05, "date": "2025-02-02", "bbbv": 21},
        ],
    },
    "expert": {
        "played": 9,
        "won": 1,
        "streak": 0,
        "best_streak": 1,
        "best": [
            {"seconds": 212.6, "date": "2025-02-20", "bbbv": 151},
        ],
    },
    "custom 20x12/50": {"played": 3, "won": 0, "streak": 0, "best_streak": 0, "best": []},
}


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_screenshots_of_the_consent_prompt_and_the_statistics(
    device: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue("phone" if device == "phone" else "page")
    open_board(page, CORNER_MINE)
    cell(page, 0, 0).click()
    read_note(page)
    expect(page.locator("#consent")).to_be_visible()
    screenshot(page, f"{device}-consent")
    page.locator("#consent [data-consent=yes]").click()

    page.evaluate(
        f"localStorage.setItem('{RECORDS}', {json.dumps(json.dumps({'version': 2, 'data': SHOWCASE}))})"
    )
    reload(page)
    open_stats(page)
    expect(page.locator(".stats-card")).to_have_count(3)
    screenshot(page, f"{device}-statistics")


# Notes each call to navigator.storage.persist (web/persist.py asks it) in `window.persistAsked`; the storage
# is never kept yet (a lent context's origin may have been granted it in an earlier test).
PERSIST_SPY = """(() => {
  window.persistAsked = 0;
  navigator.storage.persisted = async () => false;
  navigator.storage.persist = async () => (window.persistAsked++, false);
})()"""


def test_after_a_few_games_the_browser_is_asked_to_keep_the_site_s_storage(page: Page) -> None:
    page.add_init_script(PERSIST_SPY)
    links = [board_link(art)[1] for art in (CORNER_MINE, CORNER_MINE.replace("*..", ".*."))]
    open_game(page, links[0])
    for game in range(3):
        if game:
            page.evaluate("link => location.hash = link.split('#')[1]", links[game % 2])  # a new board
            expect(page.locator("#board")).to_have_attribute("data-state", "ready")
        cell(page, 0, game % 2).click()  # the mine
        expect(page.locator("#board")).to_have_attribute("data-state", "lost")
        if game == 2:  # the ask comes once the browser has said the storage is not kept yet: a promise later
            page.wait_for_function("window.persistAsked === 1")
        else:
            assert page.evaluate("window.persistAsked") == 0, game  # a visitor's first games ask nothing
