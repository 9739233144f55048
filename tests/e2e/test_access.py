"""What a screen reader hears and what a keyboard reaches, read from Chromium's own accessibility tree:
the live regions (the clock is not one), the Game menu's arrow keys."""

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
