"""What a screen reader hears and what a keyboard reaches, read from Chromium's own accessibility tree:
the live regions (the clock is not one); the Game menu opened from the keyboard takes the focus to its
items, and its arrow keys go round them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import open_game
from .play import cell


def ax_properties(page: Page, selector: str) -> dict[str, Any]:
    """The accessibility properties (live, atomic, ...) Chromium gives the element `selector` names."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"][0]
    finally:
        cdp.detach()
    return {p["name"]: p["value"].get("value") for p in ax.get("properties", [])}


def test_the_clock_is_not_read_out_every_second(page: Page) -> None:
    open_game(page)
    cell(page, 4, 4).click()
    expect(page.locator("#timer")).not_to_have_text("000")
    assert ax_properties(page, "#timer").get("live", "off") == "off"  # a live clock interrupts every second
    assert ax_properties(page, "#mines-left").get("live") == "polite"  # a flag placed is worth hearing


def test_the_game_menu_works_with_arrows(page: Page) -> None:
    open_game(page)
    menu, button = page.locator("#game-menu"), page.locator("#game-menu-button")
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="New game")).to_be_focused()  # a menu opens at its first item
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitemradio", name="Beginner")).to_be_focused()
    for key, name in [("ArrowUp", "New game"), ("ArrowUp", "Statistics…"), ("ArrowDown", "New game")]:
        page.keyboard.press(key)  # round and round
        expect(menu.get_by_role("menuitem", name=name)).to_be_focused()
    page.keyboard.press("End")
    expect(menu.get_by_role("menuitem", name="Statistics…")).to_be_focused()
    page.keyboard.press("Home")
    expect(menu.get_by_role("menuitem", name="New game")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    page.keyboard.press("ArrowUp")  # on the closed menu's button: opens it at its last item
    expect(menu.get_by_role("menuitem", name="Statistics…")).to_be_focused()
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    expect(menu.get_by_role("menuitemradio", name="Expert")).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-cols", "30")
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="New game")).to_be_focused()


def test_a_mouse_opens_the_game_menu_without_moving_the_focus(page: Page) -> None:
    open_game(page)
    page.locator("#game-menu-button").click()
    expect(page.locator("#game-menu")).to_be_visible()
    expect(page.locator("#game-menu-button")).to_be_focused()  # no ring on an item the mouse did not pick
