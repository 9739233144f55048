"""What a screen reader hears and what a keyboard reaches, read from Chromium's own accessibility tree:
the live regions (the clock is not one); the Game menu opened from the keyboard takes the focus to its
items, and its arrow keys go round them; every text shown has 4.5:1 contrast on its ground in each theme,
and "system" on a dark device has every dark colour."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import open_game
from .play import BEGINNER, cell, leave_if_asked, open_board
from .test_mouse import WALL
from .test_storage import BURST
from .test_themes import choose_theme


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
    open_game(page, BEGINNER)
    cell(page, 4, 4).click()
    expect(page.locator("#timer")).not_to_have_text("000")
    assert ax_properties(page, "#timer").get("live", "off") == "off"  # a live clock interrupts every second
    assert ax_properties(page, "#mines-left").get("live") == "polite"  # a flag placed is worth hearing


def test_a_new_game_is_announced(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=5")
    cell(page, 8, 15).click()
    page.keyboard.press("n")
    leave_if_asked(page)  # the first click may open a fifth of the board
    expect(page.locator("#announce")).to_have_text("New game: 30 by 16, 99 mines.")
    cell(page, 8, 15).click()
    page.keyboard.press("r")
    leave_if_asked(page)
    expect(page.locator("#announce")).to_have_text("The same board again: 30 by 16, 99 mines.")


def test_the_game_menu_works_with_arrows(page: Page) -> None:
    open_game(page)
    menu, button = page.locator("#game-menu"), page.locator("#game-menu-button")
    items = menu.locator("[role^=menuitem]")
    first, last = items.first, items.last
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(first).to_be_focused()  # a menu opens at its first item
    page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    keys = [("ArrowUp", first), ("ArrowUp", last), ("ArrowDown", first), ("End", last), ("Home", first)]
    for key, item in keys:
        page.keyboard.press(key)  # round and round, and to the ends
        expect(item).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    page.keyboard.press("ArrowUp")  # on the closed menu's button: opens it at its last item
    expect(last).to_be_focused()
    walk_to(page, menu.get_by_role("menuitemradio", name="Expert"), "ArrowUp", items.count())
    page.keyboard.press("Enter")
    expect(menu).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-cols", "30")
    # A new board chosen with a key takes the focus, as after N or F2: the keys play on.
    expect(page.locator("#board [tabindex='0']")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator('#board [data-row="1"][data-col="0"]')).to_be_focused()
    button.focus()
    page.keyboard.press("ArrowDown")  # on the closed menu's button: opens it at its first item
    expect(first).to_be_focused()
    walk_to(page, menu.get_by_role("menuitemradio", name="Custom…"), "ArrowDown", items.count())
    page.keyboard.press("Enter")
    expect(page.locator("#custom-dialog")).to_be_visible()
    page.keyboard.press("Control+a")
    page.keyboard.type("40")  # the width field has the focus
    page.keyboard.press("Enter")
    expect(page.locator("#custom-dialog")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-cols", "40")
    expect(page.locator("#board [tabindex='0']")).to_be_focused()  # before: the Game button


def walk_to(page: Page, item: Locator, key: str, most: int) -> None:
    """Press `key` until `item` has the focus (at most `most` times)."""
    for _ in range(most):
        if item.evaluate("e => e === document.activeElement"):
            return
        page.keyboard.press(key)


def test_a_mouse_opens_the_game_menu_without_moving_the_focus(page: Page) -> None:
    open_game(page)
    page.locator("#game-menu-button").click()
    expect(page.locator("#game-menu")).to_be_visible()
    expect(page.locator("#game-menu-button")).to_be_focused()  # no ring on an item the mouse did not pick


# Every visible text's contrast ratio with the first opaque background behind it (WCAG 2's formula), the
# ones under 4.5:1: [ratio, text, element, colour, background]. Text only a screen reader gets (the live
# region, .visually-hidden) is not drawn.
LOW_CONTRAST = """() => {
  const rgba = c => { const v = c.match(/[\\d.]+/g).map(Number); return v.length > 3 ? v : [...v, 1]; };
  const lum = c => c.slice(0, 3).map(x => x / 255)
    .map(x => x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4)
    .reduce((sum, x, i) => sum + x * [0.2126, 0.7152, 0.0722][i], 0);
  const ground = e => {
    for (; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3]) return c;
    }
    return [255, 255, 255, 1];
  };
  const low = [];
  for (const e of document.querySelectorAll('body *')) {
    const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
    if (!text || !e.checkVisibility({opacityProperty: true}) || e.closest('.visually-hidden')) continue;
    const fg = rgba(getComputedStyle(e).color), bg = ground(e);
    const mixed = fg.slice(0, 3).map((x, i) => x * fg[3] + bg[i] * (1 - fg[3]));
    const [a, b] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) low.push([ratio.toFixed(2), text.slice(0, 30), e.tagName, fg, bg]);
  }
  return low;
}"""


@pytest.mark.parametrize("theme", ["light", "dark", "classic"])
def test_every_text_has_contrast(page: Page, theme: str) -> None:
    open_game(page, BEGINNER)
    choose_theme(page, theme)
    cell(page, 4, 4).click()
    assert page.evaluate(LOW_CONTRAST) == []
    notes = "hide => ['consent', 'message', 'update'].forEach(n => document.getElementById(n).hidden = hide)"
    page.evaluate(notes, False)
    assert page.evaluate(LOW_CONTRAST) == []  # the notes and prompts, with their buttons
    page.evaluate(notes, True)
    for mode in ("no-guess", "unavailable"):  # the menu bar's badge, as py/web/mode.py writes it
        page.evaluate("mode => document.getElementById('mode').dataset.mode = mode", mode)
        assert page.evaluate(LOW_CONTRAST) == [], mode
    page.locator("#game-menu-button").focus()
    page.keyboard.press("Enter")  # the first item takes the focus: white on the accent
    expect(page.locator("#game-menu [data-command=new]")).to_be_focused()
    assert page.evaluate(LOW_CONTRAST) == []
    page.keyboard.press("Escape")
    for dialog in ["settings-dialog", "help-dialog", "stats-dialog", "win-dialog", "custom-dialog"]:
        page.evaluate(f"document.getElementById('{dialog}').showModal()")
        assert page.evaluate(LOW_CONTRAST) == [], dialog
        page.evaluate(f"document.getElementById('{dialog}').close()")


# Every custom property a `[data-theme="dark"]` block sets, in any style sheet, as <html> computes it.
DARK_VALUES = """() => {
  const rules = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules]);
  const names = rules.filter(rule => rule.selectorText === '[data-theme="dark"]')
    .flatMap(rule => [...rule.style]).filter(name => name.startsWith('--'));
  const style = getComputedStyle(document.documentElement);
  return Object.fromEntries(names.map(name => [name, style.getPropertyValue(name)]));
}"""


def test_the_system_theme_on_a_dark_device_has_every_dark_colour(page: Page) -> None:
    """Each style sheet with a dark block repeats it for "system" on a dark device (css/theme.css says
    why): hints.css did not, so the default theme drew the odds' dark figures on the dark board."""
    page.emulate_media(color_scheme="dark")
    open_game(page)
    assert page.locator("html").get_attribute("data-theme") == "system"
    system = page.evaluate(DARK_VALUES)
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    dark = page.evaluate(DARK_VALUES)
    assert "--odds-text" in dark and "--page-bg" in dark
    assert system == dark


@pytest.mark.parametrize("theme", ["light", "dark", "classic"])
def test_the_phone_toolbar_with_flag_mode_and_odds_on_has_contrast(phone: Page, theme: str) -> None:
    open_game(phone, BEGINNER)
    choose_theme(phone, theme)
    cell(phone, 4, 4).tap()
    phone.locator("#flag-mode").tap()  # pressed: white on the accent
    phone.locator("#odds").tap()
    expect(phone.locator("#odds")).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate(LOW_CONTRAST) == []


def test_an_opening_s_count_is_said_though_a_flag_follows_before_it_is(page: Page) -> None:
    """The count of the cells opened is said when the page is next idle after the paint: a flag placed in
    the same task as the opening (or before that moment) neither hides the count nor adds to it."""
    open_board(page, WALL)
    page.evaluate(BURST, {"keys": ["Enter", "ArrowDown", *["ArrowRight"] * 4, "f"], "reload": False})
    expect(page.locator("#announce")).to_have_text("12 cells opened.")
    assert cell(page, 1, 4).get_attribute("data-cell") == "flag"
