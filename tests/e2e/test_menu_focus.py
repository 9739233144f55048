"""The Game menu from the keyboard: Tab out of it closes it, as a role=menu does."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import open_game

OPEN = "m => m.matches(':popover-open')"


def test_tab_out_of_the_game_menu_closes_it(page: Page) -> None:
    open_game(page)
    menu = page.locator("#game-menu")
    page.locator("#game-menu-button").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem").last).to_be_focused()
    page.keyboard.press("Tab")  # on to How to play
    expect(page.locator(".menubar [data-command=help]")).to_be_focused()
    assert not menu.evaluate(OPEN)  # before: it stayed open over the page
    page.locator("#game-menu-button").click()  # a mouse still opens it, and a click on an item works
    assert menu.evaluate(OPEN)
    menu.locator("[data-level=intermediate]").click()
    expect(page.locator("#board")).to_have_attribute("data-cols", "16")
    assert not menu.evaluate(OPEN)
