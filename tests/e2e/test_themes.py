"""The dark and classic themes: chosen in Settings, drawn by css/theme.css alone, kept across a reload
once the player agreed to keep settings. Screenshots of a lost board in each theme show every look."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import screenshot
from .play import cell, open_board, state

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


@pytest.mark.parametrize(
    ("theme", "covered", "page_bg"),
    [
        ("dark", "rgb(59, 69, 82)", "rgb(17, 21, 25)"),
        ("classic", "rgb(192, 192, 192)", "rgb(0, 128, 128)"),
    ],
)
@pytest.mark.parametrize("device", ["phone", "desktop"])
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
    page.locator("#consent [data-consent=no]").click()
    screenshot(page, f"{device}-theme-{theme}")


# The colour <meta name="theme-color"> asks of the browser, and the colour of the page's top bar (the
# menu bar is see-through: the first opaque background behind it), both as computed rgb().
BAR_COLOURS = """() => {
  const probe = document.createElement('i');
  probe.style.color = document.querySelector('meta[name=theme-color]').content;
  document.body.append(probe);
  const meta = getComputedStyle(probe).color;
  probe.remove();
  let element = document.querySelector('.menubar'), bar = 'rgba(0, 0, 0, 0)';
  while (element && (bar = getComputedStyle(element).backgroundColor) === 'rgba(0, 0, 0, 0)') {
    element = element.parentElement;
  }
  return [meta, bar];
}"""


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_browser_bar_follows_the_theme(device: str, request: pytest.FixtureRequest) -> None:
    page: Page = request.getfixturevalue("phone" if device == "phone" else "page")
    open_board(page, ALL_NUMBERS)
    meta, bar = page.evaluate(BAR_COLOURS)
    assert meta == bar == "rgb(232, 236, 241)"  # light
    for theme, colour in (("dark", "rgb(17, 21, 25)"), ("classic", "rgb(0, 128, 128)"), ("light", bar)):
        choose_theme(page, theme)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        assert page.evaluate(BAR_COLOURS) == [colour, colour]
        if theme == "dark":
            screenshot(page, f"{device}-browser-bar-dark")


def test_the_theme_is_kept_across_a_reload_once_settings_are_kept(page: Page) -> None:
    page.add_init_script(f"localStorage.setItem('minesweeper.consent', {json.dumps(CONSENT_YES)})")
    open_board(page, ALL_NUMBERS)
    choose_theme(page, "classic")
    page.reload()
    page.wait_for_selector("#board:not([data-state=loading])")
    assert page.locator("html").get_attribute("data-theme") == "classic"
    assert page.evaluate(BAR_COLOURS) == ["rgb(0, 128, 128)"] * 2
