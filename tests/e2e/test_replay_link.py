"""Replays in real time, by link (web/replay.py, web/share.py): a game's actions keep their times and the
pointer's place; Game → Copy replay link gives a #replay= link that opens the replay in a fresh browser,
with the cursor, at real speed, ending as the game ended; a bad replay link says why and the game in
progress goes on."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import Watch, new_context, open_game, screenshot
from .play import cell, dismiss_prompts, open_board, picture, state, stored_game
from .test_mouse import WALL  # numbers: ...2*3 / ...2** / ...122

PAUSE_MS = 700
END = "...2F3\n...2FF\n...122"


def play_wall_slowly(page: Page) -> float:
    """Win WALL in five actions, PAUSE_MS apart, one of them a flag; the seconds it took."""
    open_board(page, WALL)
    moves = [(0, 0, "left"), (1, 4, "right"), (0, 5, "left"), (2, 4, "left"), (2, 5, "left")]
    began = time.monotonic()
    for i, (row, col, button) in enumerate(moves):
        if i:
            page.wait_for_timeout(PAUSE_MS)
        cell(page, row, col).click(button=button, position={"x": 5, "y": 25})  # low left in the cell
    assert state(page) == "won"
    return time.monotonic() - began


def copy_replay_link(page: Page) -> str:
    page.locator("#win-dialog button[value=close]").click()
    dismiss_prompts(page)
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="copy-replay"]').click()
    expect(page.locator("#message")).to_contain_text("Replay link copied")
    return str(page.evaluate("navigator.clipboard.readText()"))


def test_a_replay_link_plays_the_game_in_real_time_in_a_fresh_browser(
    context: BrowserContext, page: Page, browser: Browser, base_url: str, watch: Watch
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    played = play_wall_slowly(page)
    assert picture(page) == END
    link = copy_replay_link(page)
    assert "/index.html#replay=" in link and len(link) < 120

    fresh = new_context(browser, base_url, watch)  # another device: nothing stored, offline-able
    try:
        viewer = fresh.new_page()
        began = time.monotonic()
        open_game(viewer, link)
        expect(viewer.locator("#replay")).to_be_visible()
        expect(viewer.locator("#replay-speed")).to_be_enabled()
        expect(viewer.locator("#replay-speed")).to_have_value("1")
        cursor = viewer.locator("#board > .replay-cursor")
        expect(cursor).to_be_visible(timeout=5000)
        expect(cursor).not_to_have_attribute("data-finger", "")  # played with a mouse: its arrow
        screenshot(viewer, "replay-link-desktop")
        expect(viewer.locator("#replay-at")).to_have_text("5/5", timeout=30_000)
        watched = time.monotonic() - began
        assert picture(viewer) == END and state(viewer) == "won"
        # Real time: the replay cannot be quicker than the game (slower only under load).
        assert watched >= played * 0.9, (watched, played)
        expect(viewer.locator("#timer")).not_to_have_text("000")
        assert viewer.evaluate("location.hash") == ""
        viewer.keyboard.press("Escape")  # back to the viewer's own game: a new one here
        expect(viewer.locator("#replay")).to_be_hidden()
        assert state(viewer) == "ready"
    finally:
        fresh.close()


def test_speeds_and_skipping_the_thinking(context: BrowserContext, page: Page) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    play_wall_slowly(page)
    page.locator("#win-dialog button[value=replay]").click()  # the replay puts the statistics prompt away
    expect(page.locator("#consent")).to_be_hidden()
    page.locator('#replay [data-replay="back"]').click()  # pauses, wherever it was
    page.locator("#replay-move").fill("0")
    expect(page.locator("#replay-at")).to_have_text("0/5")
    page.locator("#replay-speed").select_option("skip")
    page.locator('#replay [data-replay="play"]').click()  # from the start, the thinking skipped
    expect(page.locator("#replay-at")).to_have_text("5/5", timeout=10_000)
    page.locator("#new-game").click()  # a new game from the replay: its own clock, not the replay's
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#timer")).to_have_text("000")
    values = page.locator("#replay-speed option").evaluate_all("options => options.map(o => o.value)")
    assert values == ["0.5", "1", "2", "4", "skip"]


def test_a_bad_replay_link_says_why_and_the_game_goes_on(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=1")
    cell(page, 4, 4).click()
    before = picture(page)
    page.evaluate("location.hash = '#replay=AQkJ'")  # pasted in this tab: no reload
    expect(page.locator("#message")).to_contain_text(
        "This link could not be used: the replay code cannot be read. The board here is not the link's."
    )
    assert picture(page) == before and state(page) == "playing"
    page.reload()  # the game in progress was kept
    page.wait_for_selector("#board:not([data-state=loading])")
    assert picture(page) == before


def test_a_game_saved_without_times_replays_at_a_fixed_pace(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    saved = stored_game(page)
    assert saved["data"]["game"]["times"] == [0]
    for key in ("times", "points"):
        del saved["data"]["game"][key]  # as written before times were kept
    page.evaluate("s => localStorage.setItem('minesweeper.game', JSON.stringify(s))", saved)
    page.goto("index.html")
    page.wait_for_selector("#board:not([data-state=loading])")
    cell(page, 0, 5).click()
    cell(page, 2, 4).click()
    cell(page, 2, 5).click()
    page.locator("#win-dialog button[value=replay]").click()
    expect(page.locator("#replay-speed")).to_be_disabled()
    expect(page.locator("#replay-at")).to_have_text("4/4", timeout=20_000)
    expect(page.locator("#board > .replay-cursor")).to_have_count(0)


def test_the_clock_goes_on_through_a_think_as_it_did_in_the_game(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.wait_for_timeout(2300)  # a think of over two seconds after the first opening
    for row, col, button in [(1, 4, "right"), (0, 5, "left"), (2, 4, "left"), (2, 5, "left")]:
        cell(page, row, col).click(button=button)
    assert state(page) == "won"
    page.locator("#win-dialog button[value=replay]").click()
    # Through the think the first move's frame stays, and its clock goes on, as the game's did (it held 001).
    page.wait_for_function(
        "document.getElementById('replay-at').textContent.startsWith('1/')"
        " && document.getElementById('timer').textContent === '002'",
        timeout=10_000,
    )
    expect(page.locator("#replay-at")).to_have_text("5/5", timeout=10_000)
