"""Sharing a result (web/share.py): the win panel's Share, where the browser has no Web Share API (headless
Chromium here), copies the result and a link to the same board; that link plays the same board."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import open_game, screenshot
from .test_daily import today, win


def test_share_a_daily_win_to_the_clipboard(context: BrowserContext, page: Page) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_game(page, "index.html?daily&level=beginner")
    day = today(page)
    assert page.evaluate("'share' in navigator") is False  # else the share sheet would open
    win(page, day, "beginner")
    share = page.locator("#win-dialog [data-command=share]")
    expect(share).to_be_visible()
    screenshot(page, "share-win-desktop")
    share.click()
    copied = "Result and link copied: paste them to a friend."
    expect(page.locator("#message")).to_have_text(copied)
    # The notes' band lies under the panel's backdrop: the panel says it too, where the player looks.
    expect(page.locator("#win-dialog .dialog-note")).to_have_text(copied)
    expect(page.locator("#win-dialog .dialog-note")).to_be_visible()
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.splitlines()
    assert lines[0] == f"Minesweeper daily {day}: Beginner 9x9, 10 mines"
    assert lines[1].startswith("🚩 won in ") and lines[2].startswith("3BV/s ")
    assert lines[-1].endswith(f"/index.html?daily={day}&level=beginner")
    page.locator("#win-dialog button[value=close]").click()
    link = lines[-1]
    open_game(page, link)  # the friend's page: the same board, today's daily again
    expect(page.locator("#board [data-start]")).to_have_count(1)
    expect(page.locator("#message")).to_contain_text("Practice: you played it today already")


def test_share_before_the_end_says_when(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=1")
    page.locator("#game-menu-button").click()
    item = page.locator('#game-menu [data-command="share"]')
    expect(item).to_have_attribute("aria-disabled", "true")  # greyed, and a click still says why
    item.click(force=True)
    expect(page.locator("#message")).to_have_text("A result can be shared once the game is over.")
