"""A yes to keeping statistics when localStorage is full: the page says they could not be kept, and the games
of the visit stay in the tab (sessionStorage has its own room) instead of being dropped as kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import open_game
from .play import cell, open_board
from .test_storage import CORNER_MINE, GAME, open_stats, reload, stored

# Fill localStorage to the last byte, as years of another app on the same origin could: big items first,
# then smaller ones into what is left.
FILL = """() => {
    for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {
        try { for (let i = 0; ; i++) localStorage.setItem(`other.${size}.${i}`, 'x'.repeat(size)); }
        catch (error) { if (error.name !== 'QuotaExceededError') throw error; }
    }
}"""


def test_a_yes_that_storage_refuses_says_so_and_keeps_the_visit(page: Page) -> None:
    open_board(page, CORNER_MINE)
    page.evaluate(FILL)
    cell(page, 2, 2).click()  # a win
    page.locator("#win-consent [data-consent=yes]").click()
    page.locator("#win-dialog button[value=close]").click()
    expect(page.locator("#message")).to_have_text(
        "Could not keep your statistics: this browser's storage is full or blocked."
        " They last until you close the page."
    )
    assert not [key for key in stored(page) if key != "minesweeper.game"]
    open_stats(page)
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Not kept"))
    expect(page.locator("#stats-keep")).to_be_visible()
    card = page.locator('.stats-card[data-category="custom 3x3/1"]')
    expect(card).to_contain_text("Played1")
    reload(page)  # the visit's win is still in the tab
    open_stats(page)
    expect(card).to_contain_text("Won1")


def test_an_import_that_storage_refuses_says_so_and_changes_nothing(page: Page, tmp_path: Path) -> None:
    export = tmp_path / "backup.json"
    export.write_text(
        json.dumps({"app": "minesweeper", "settings": {"version": 1, "data": {"theme": "classic"}}})
    )
    open_game(page)
    page.evaluate(FILL)
    open_stats(page)
    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(export)
    page.locator("#confirm-ok").click()
    expect(page.locator("#message")).to_have_text(
        "Could not import backup.json: this browser's storage is full or blocked, nothing can be kept."
    )
    assert page.locator("html").get_attribute("data-theme") == "system"
    expect(page.locator("#stats-saving")).to_have_text(re.compile("Not kept"))
    assert [key for key in stored(page) if key != GAME] == []
