"""The game in Chromium, WebKit and Firefox, the same steps in each: a clean start, a board from a link
won with the mouse (open, flood, flag, both chords) and one lost, a game by keyboard alone, Settings and
the Game menu, and a reload that resumes the game exactly. Every test fails on a console error, an
uncaught error or a CSP violation in the page (the `tab` fixture)."""

from __future__ import annotations

import re

from minesweeper.analysis import analyse

from ..play import board_link
from ..test_mouse import WALL
from .game import Tab


def open_board(tab: Tab, art: str) -> None:
    tab.open(board_link(art)[1])


def test_starts_clean(tab: Tab) -> None:
    tab.open()
    assert tab.state() == "ready"
    assert tab.attribute("#board", "aria-busy") != "true"
    assert len(tab.looks()) == 81 and set(tab.looks()) == {"covered"}
    assert (tab.text("#mines-left"), tab.text("#timer")) == ("010", "000")
    assert tab.attribute("#new-game", "data-face") == "smile"
    assert not tab.shown("#message"), tab.text("#message")
    tab.gather()
    assert tab.problems == []
    # The capture sees what it is there for in this engine: an inline script the policy refuses, an error.
    tab.run(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = true';"
        " document.head.append(s); console.error('probe') }"
    )
    noted = tab.wait("() => window.__problems.length >= 2 && window.__problems.splice(0)")
    assert "console.error: probe" in noted
    assert any(n.startswith("CSP violation: script-src") for n in noted), noted
    assert tab.run("() => window.ran ?? false") is False


def test_a_link_board_won_with_flags_and_chords(tab: Tab) -> None:
    board, path = board_link(WALL)
    tab.open(path)
    assert tab.text("#mines-left") == "003"
    tab.click_cell(0, 0)  # a 0: the flood opens the area
    tab.wait_until(tab.state, "playing")
    tab.wait_until(tab.picture, "...2##\n...2##\n...1##")
    tab.flag(1, 4)
    tab.wait_until(lambda: tab.text("#mines-left"), "002")
    tab.chord(2, 3)  # 1 with its flag: the chord opens (2,4)
    tab.wait_until(tab.picture, "...2##\n...2F#\n...12#")
    tab.flag(1, 5)
    tab.flag(0, 4)
    tab.click_cell(2, 4)  # a left click on a satisfied 2 chords: opens (2,5)
    tab.wait_until(tab.picture, "...2F#\n...2FF\n...122")
    tab.click_cell(0, 5)
    tab.wait_until(tab.state, "won")
    tab.wait_until(tab.picture, "...2F3\n...2FF\n...122")
    assert tab.attribute("#new-game", "data-face") == "won"
    assert "You won" in tab.text("#announce")
    tab.wait("() => document.querySelector('#win-dialog').open")
    assert re.fullmatch(r"\d+\.\d\d s", tab.text("#win-dialog [data-stat=time]"))
    assert tab.text("#win-dialog [data-stat=bv]") == str(analyse(board).bbbv)
    assert tab.text("#win-dialog [data-stat=board]") == "6 by 3, 3 mines"
    tab.screenshot("win")
    # A click: Firefox's driver presses no button with Enter or Space (its key actions run no activation).
    tab.click("#win-dialog button[value=new]")
    tab.wait("() => document.querySelector('#board').dataset.state === 'ready'")
    assert set(tab.picture()) <= {"#", "\n"}


# Every text the screen reader's live region takes from now on.
HEARD = """() => {
  const announcer = document.getElementById('announce');
  window.heard = [];
  new MutationObserver(() => window.heard.push(announcer.textContent))
    .observe(announcer, {childList: true, characterData: true, subtree: true});
}"""


def test_a_link_board_lost_shows_the_mine_hit_all_mines_and_wrong_flags(tab: Tab) -> None:
    open_board(tab, WALL)
    tab.click_cell(0, 0)
    tab.flag(1, 4)  # right
    tab.flag(2, 5)  # wrong
    tab.run(HEARD)
    tab.click_cell(0, 4)
    tab.wait_until(tab.state, "lost")
    tab.wait_until(tab.picture, "...2X#\n...2F*\n...1#W")
    assert tab.attribute("#new-game", "data-face") == "lost"
    # Said at once; the statistics question follows it a moment later, by which time a loaded machine
    # may not have read the first.
    assert any("hit a mine" in said for said in tab.run("() => window.heard")), tab.run("() => window.heard")
    tab.screenshot("loss")
    assert (
        tab.attribute('#board [data-row="0"][data-col="4"]', "aria-label") == "row 1, column 5: exploded mine"
    )
    tab.click_cell(0, 5)
    assert tab.state() == "lost"  # the game is over: clicks do nothing
    tab.press("F2")
    tab.wait("() => document.querySelector('#board').dataset.state === 'ready'")


def test_a_game_by_keyboard_alone(tab: Tab) -> None:
    open_board(tab, WALL)
    for _ in range(12):
        tab.press("Tab")
        if tab.focused_cell() is not None:
            break
    assert tab.focused_cell() == (0, 0), f"{tab.engine}: Tab never reached the board"
    tab.press("Enter")
    tab.wait_until(tab.state, "playing")
    tab.go(1, 4)
    tab.press("f")
    assert tab.attribute('#board [data-row="1"][data-col="4"]', "aria-label") == "row 2, column 5: flag"
    tab.go(2, 3)
    tab.press("c")
    tab.wait_until(tab.picture, "...2##\n...2F#\n...12#")
    for row, col, key in ((1, 5, "F"), (0, 4, "f"), (2, 4, "C"), (0, 5, " ")):
        tab.go(row, col)
        tab.press(key)
    tab.wait_until(tab.state, "won")
    assert "You won in" in tab.text("#announce")
    tab.wait("() => document.querySelector('#win-dialog').open")
    tab.press("Escape")
    tab.wait("() => !document.querySelector('#win-dialog').open")


def open_menu_item(tab: Tab, selector: str) -> None:
    tab.click("#game-menu-button")
    tab.wait("() => document.querySelector('#game-menu').matches(':popover-open')")
    tab.click(f"#game-menu {selector}")
    tab.wait("() => !document.querySelector('#game-menu').matches(':popover-open')")


def test_settings_and_the_game_menu(tab: Tab) -> None:
    tab.open()
    open_menu_item(tab, "[data-level=expert]")
    assert (tab.attribute("#board", "data-cols"), tab.attribute("#board", "data-rows")) == ("30", "16")
    tab.wait_until(lambda: tab.text("#mines-left"), "099")
    assert tab.attribute("#game-menu [data-level=expert]", "aria-checked") == "true"

    open_menu_item(tab, "[data-command=settings]")
    tab.wait("() => document.querySelector('#settings-dialog').open")
    tab.screenshot("settings")
    # Offered only where the browser can buzz: WebKit (as on an iPhone) and Firefox cannot.
    can_vibrate = tab.run("() => 'vibrate' in navigator")
    assert can_vibrate is (tab.engine == "chromium")
    assert tab.shown("#settings-form [name=vibration]") is can_vibrate
    tab.click("#settings-form [name=question_marks]")
    assert tab.run("() => document.querySelector('#settings-form [name=question_marks]').checked") is True
    # A bad value is named beside its field; a good one clears the message and applies.
    for typed, message in (("50", "From 150 to 1,000 milliseconds."), ("650", "")):
        tab.run(
            "(v) => { const f = document.querySelector('#settings-form [name=long_press_ms]');"
            " f.value = v; f.dispatchEvent(new Event('change', {bubbles: true})) }",
            typed,
        )
        tab.wait_until(lambda: tab.text("#settings-long_press_ms-error"), message)
    tab.click("#settings-form button[type=submit]")
    tab.wait("() => !document.querySelector('#settings-dialog').open")

    open_menu_item(tab, "[data-command=new]")
    tab.click_cell(7, 7)
    tab.wait_until(tab.state, "playing")
    covered = tab.looks().index("covered")
    row, col = divmod(covered, 30)
    for expected in ("flag", "question", "covered"):  # question marks are on: the cycle has three steps
        tab.flag(row, col)
        tab.wait_until(lambda: tab.looks()[covered], expected)


def test_a_reload_resumes_the_game_exactly(tab: Tab) -> None:
    tab.open("index.html?level=intermediate&seed=2024")
    tab.click_cell(8, 8)
    covered = [i for i, look in enumerate(tab.looks()) if look == "covered"]
    for i in covered[:2]:
        tab.flag(*divmod(i, 16))
    before = (tab.looks(), tab.text("#mines-left"))
    assert before[0].count("flag") == 2 and before[1] == "038"
    tab.wait("() => document.querySelector('#timer').textContent !== '001'")
    seconds = int(tab.text("#timer"))
    tab.reload()
    assert tab.state() == "playing"
    assert (tab.looks(), tab.text("#mines-left")) == before
    assert int(tab.text("#timer")) >= seconds
    assert "seed" not in tab.run("() => location.href")
