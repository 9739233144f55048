"""The themes: "system" (the default) draws light or dark as the device prefers, from the first paint
and at each switch of the device; dark, classic and light are chosen in Settings; all are drawn by
css/theme.css alone, kept across a reload once the player agreed to keep settings. Screenshots of a
lost board in each theme show every look."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import LOAD_TIMEOUT_MS, screenshot
from .play import cell, open_board, read_note, state

# Every number from 1 to 8 around the mines, with room to open, flag and lose.
ALL_NUMBERS = """
    ***...
    *.*...
    ***.*.
    ......
    .*..**
    ......
"""
CONSENT_YES = json.dumps({"version": 1, "data": {"answer": "yes", "date": "2025-03-01"}})


def choose_theme(page: Page, theme: str) -> None:
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    page.locator("#settings-form [name=theme]").select_option(theme)
    page.locator("#settings-form button[type=submit]").click()


def style(page: Page, selector: str, prop: str) -> str:
    return page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")


def lose_with_every_look(page: Page) -> None:
    """Open the safe cells but two, flag a mine and a safe cell, mark a ?, then hit a mine."""
    board = open_board(page, ALL_NUMBERS)
    safe = [c for c in range(board.size.cells) if c not in board.mines]
    for c in safe[:-2]:
        if (
            page.locator(f'#board [data-row="{c // 6}"][data-col="{c % 6}"]').get_attribute("data-cell")
            == "covered"
        ):
            cell(page, *divmod(c, 6)).click()
    cell(page, 0, 0).click(button="right")
    cell(page, *divmod(safe[-1], 6)).click(button="right")  # a wrong flag
    cell(page, 4, 4).click()
    assert state(page) == "lost"


# Each theme on one device, the two devices between them: a theme's colours are the same on both.
@pytest.mark.parametrize(
    ("theme", "covered", "page_bg", "device"),
    [
        ("dark", "rgb(59, 69, 82)", "rgb(17, 21, 25)", "phone"),
        ("classic", "rgb(192, 192, 192)", "rgb(0, 128, 128)", "desktop"),
    ],
)
def test_themes_draw_the_board(
    theme: str, covered: str, page_bg: str, device: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue("phone" if device == "phone" else "page")
    open_board(page, ALL_NUMBERS)
    choose_theme(page, theme)
    assert page.locator("html").get_attribute("data-theme") == theme
    assert style(page, '#board [data-row="5"][data-col="5"]', "backgroundColor") == covered
    assert style(page, "body", "backgroundColor") in (page_bg, "rgba(0, 0, 0, 0)")
    assert style(page, "html", "backgroundColor") == page_bg
    lose_with_every_look(page)
    read_note(page)
    page.locator("#consent [data-consent=no]").click()
    screenshot(page, f"{device}-theme-{theme}")


# The colour <meta name="theme-color"> asks of the browser (the first one whose media matches the
# device), and the colour of the page's top bar (the menu bar is see-through: the first opaque
# background behind it), both as computed rgb().
BAR_COLOURS = """() => {
  const probe = document.createElement('i');
  probe.style.color = [...document.querySelectorAll('meta[name=theme-color]')]
    .find(meta => !meta.media || matchMedia(meta.media).matches).content;
  document.body.append(probe);
  const meta = getComputedStyle(probe).color;
  probe.remove();
  let element = document.querySelector('.menubar'), bar = 'rgba(0, 0, 0, 0)';
  while (element && (bar = getComputedStyle(element).backgroundColor) === 'rgba(0, 0, 0, 0)') {
    element = element.parentElement;
  }
  return [meta, bar];
}"""


def test_the_browser_bar_follows_the_theme(phone: Page) -> None:
    page = phone  # a browser's bar shows on a phone
    open_board(page, ALL_NUMBERS)
    meta, bar = page.evaluate(BAR_COLOURS)
    assert meta == bar == "rgb(232, 236, 241)"  # light
    for theme, colour in (("dark", "rgb(17, 21, 25)"), ("classic", "rgb(0, 128, 128)"), ("light", bar)):
        choose_theme(page, theme)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        assert page.evaluate(BAR_COLOURS) == [colour, colour]
        if theme == "dark":
            screenshot(page, "phone-browser-bar-dark")


def test_the_theme_is_kept_across_a_reload_once_settings_are_kept(page: Page) -> None:
    page.add_init_script(f"localStorage.setItem('minesweeper.consent', {json.dumps(CONSENT_YES)})")
    open_board(page, ALL_NUMBERS)
    choose_theme(page, "classic")
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    assert page.locator("html").get_attribute("data-theme") == "classic"
    assert page.evaluate(BAR_COLOURS) == ["rgb(0, 128, 128)"] * 2


LIGHT_BG, DARK_BG = "rgb(232, 236, 241)", "rgb(17, 21, 25)"
STORED_LIGHT = json.dumps(  # settings as the game stored them before "system": light was the default
    {
        "version": 1,
        "data": {
            "level": "beginner",
            "width": 30,
            "height": 16,
            "mines": 99,
            "question_marks": False,
            "first_click": "opening",
            "long_press_ms": 400,
            "vibration": True,
            "chord_on_click": True,
            "theme": "light",
            "zoom": 1.0,
            "remember_game": True,
        },
    }
)


# The declarations of the dark block and of the system theme's dark copy, as the browser parsed them.
DARK_RULES = """() => {
  const rules = [...document.styleSheets].flatMap(sheet => [...sheet.cssRules]);
  const dark = rules.find(rule => rule.selectorText === '[data-theme="dark"]');
  const media = rules.find(rule => rule.media && rule.media.mediaText === '(prefers-color-scheme: dark)');
  const system = [...media.cssRules].find(rule => rule.selectorText === '[data-theme="system"]');
  return [dark.style.cssText, system.style.cssText];
}"""


def test_the_system_theme_on_a_dark_device_is_the_dark_theme(page: Page) -> None:
    """css/theme.css repeats the dark block under the dark-device query: the two must never drift."""
    page.goto("index.html", wait_until="domcontentloaded")
    dark, system = page.evaluate(DARK_RULES)
    assert dark == system
    assert "--page-bg: #111519" in dark and "--icon-mine" in dark


def theme_colours(page: Page) -> list[str]:
    """The page's background, the browser bar's colour and the top bar's."""
    return [style(page, "html", "backgroundColor"), *page.evaluate(BAR_COLOURS)]


def follows(page: Page, colour: str) -> None:
    """Wait until the page, the browser bar and the top bar all show `colour`: the CSS follows the device
    at once, the browser bar when Python's change listener has run."""
    page.wait_for_function(
        f"c => [getComputedStyle(document.documentElement).backgroundColor, ...({BAR_COLOURS})()]"
        ".every(x => x === c)",
        arg=colour,
    )


def test_a_new_player_on_a_dark_device_plays_dark_from_the_loading_screen_on(phone: Page) -> None:
    page = phone  # the device's dark setting is read the same way on a desktop
    page.emulate_media(color_scheme="dark")
    held: list[Route] = []  # the runtime's WebAssembly, held back: the loading screen stays until it comes
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route) if not held else route.continue_())
    page.goto("index.html", wait_until="domcontentloaded")
    html = page.locator("html")
    assert html.get_attribute("data-theme") == "system"
    assert theme_colours(page)[:2] == [DARK_BG] * 2  # the browser bar: index.html's dark-device meta
    assert style(page, "body", "color") == "rgb(227, 232, 238)"
    screenshot(page, "phone-theme-system-dark-loading")
    assert page.locator("#board").get_attribute("data-state") == "loading"  # all read before Python
    held[0].continue_()
    page.wait_for_selector("#board:not([data-state=loading])", timeout=LOAD_TIMEOUT_MS)
    assert html.get_attribute("data-theme") == "system"
    assert theme_colours(page) == [DARK_BG] * 3
    assert style(page, "#board [data-row='0'][data-col='0']", "backgroundColor") == "rgb(59, 69, 82)"
    screenshot(page, "phone-theme-system-dark")


def test_the_system_theme_follows_a_switch_of_the_device_while_playing(page: Page) -> None:
    page.emulate_media(color_scheme="dark")
    open_board(page, ALL_NUMBERS)
    cell(page, 5, 0).click()
    assert theme_colours(page) == [DARK_BG] * 3
    page.emulate_media(color_scheme="light")
    follows(page, LIGHT_BG)  # the browser bar too
    page.emulate_media(color_scheme="dark")
    follows(page, DARK_BG)
    assert state(page) == "playing"


def test_an_explicit_light_theme_stays_light_on_a_dark_device(page: Page) -> None:
    page.emulate_media(color_scheme="dark")
    open_board(page, ALL_NUMBERS)
    choose_theme(page, "light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert theme_colours(page) == [LIGHT_BG] * 3
    page.emulate_media(color_scheme="light")
    page.emulate_media(color_scheme="dark")
    page.wait_for_timeout(100)  # time for a (wrong) change listener to run
    assert theme_colours(page) == [LIGHT_BG] * 3
    choose_theme(page, "system")
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    assert theme_colours(page) == [DARK_BG] * 3


def test_settings_stored_before_the_system_theme_still_load_light(page: Page) -> None:
    page.add_init_script(
        f"localStorage.setItem('minesweeper.consent', {json.dumps(CONSENT_YES)});"
        f"localStorage.setItem('minesweeper.settings', {json.dumps(STORED_LIGHT)});"
    )
    page.emulate_media(color_scheme="dark")
    open_board(page, ALL_NUMBERS)
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert theme_colours(page) == [LIGHT_BG] * 3
    expect(page.locator("#message")).not_to_contain_text("not valid")
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=settings]").click()
    expect(page.locator("#settings-form [name=theme]")).to_have_value("light")
    expect(page.locator("#settings-form [name=theme] option[value=system]")).to_have_text(
        "Same as this device"
    )
