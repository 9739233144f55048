"""Long and right-to-left languages fit: German (long words), Russian (long words, Cyrillic) and Arabic
(right to left) on a 360x640 touch phone and a 1280x800 desktop, each screen a player meets (the board with
the no-guess badge, the Game menu, Settings, How to play, the win panel, the statistics, the loss's note): no
text is cut inside its box, nothing reaches past the screen's sides, a number field's unit stays beside its
number, and the page never scrolls sideways. Screenshots for a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import device_page, open_game, screenshot
from .play import board_link, cell

# Every element that shows text, visible, whose text is cut (wider or taller than its box, where its box
# clips) or that reaches past the viewport's sides; and whether the page scrolls sideways.
CUT = """() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  const shown = (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.closest('#board, .led, select, .visually-hidden') || !e.textContent.trim()) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
    if (!own) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -1 || r.right > width + 1) {
      const text = e.textContent.trim().slice(0, 40);
      problems.push(`past the side: ${e.tagName} "${text}" ${r.left}..${r.right}`);
    }
    const style = getComputedStyle(e);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (clips && e.scrollWidth > e.clientWidth + 1) {
      problems.push(`cut: ${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 40)}"`);
    }
  }
  // A number field's unit ("400 ms") stays on the number's line, whatever the words before it do.
  for (const input of document.querySelectorAll('label > input[type=number]')) {
    const unit = input.nextSibling;
    if (!shown(input) || !unit || unit.nodeType !== 3 || !unit.data.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(unit);
    const [box, words] = [input.getBoundingClientRect(), range.getBoundingClientRect()];
    const middle = (words.top + words.bottom) / 2;
    if (middle < box.top || middle > box.bottom) {
      problems.push(`a unit apart from its number: "${unit.data.trim()}"`);
    }
  }
  return problems;
}"""

WIN = "*...\n....\n...."  # a click at the far corner opens every safe cell: a win
LOSE = "*..\n..."
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}


def check(page: Page, name: str) -> list[str]:
    screenshot(page, name)
    return [f"{name}: {problem}" for problem in page.evaluate(CUT)]


def open_menu_item(page: Page, command: str) -> None:
    page.locator("#game-menu-button").click()
    page.locator(f'#game-menu [data-command="{command}"]').click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["de", "ru", "ar"])
def test_every_screen_fits_in_a_long_or_right_to_left_language(
    request: pytest.FixtureRequest, language: str, size: str
) -> None:
    # The phone is a touch screen's, with the controls only touch shows (flag mode: German's word pushed the
    # toolbar past a 360 px screen's sides, which a mouse's page at that size never showed).
    page = device_page(request, size)
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    name = f"fit-{language}-{size}"
    _, won = board_link(WIN)
    open_game(page, won.replace("index.html", f"index.html?lang={language}"))
    # The no-guess badge, the menu bar's widest word, as a no-guess game shows it (a board link is never one).
    page.evaluate("document.getElementById('mode').dataset.mode = 'no-guess'")
    problems = check(page, f"{name}-board")
    page.locator("#game-menu-button").click()
    problems += check(page, f"{name}-menu")
    page.keyboard.press("Escape")
    open_menu_item(page, "settings")
    problems += check(page, f"{name}-settings")
    page.keyboard.press("Escape")
    page.locator('.menubar [data-command="help"]').click()
    problems += check(page, f"{name}-help")
    page.keyboard.press("Escape")
    cell(page, 2, 3).click()
    page.wait_for_selector("#win-dialog[open]")
    problems += check(page, f"{name}-win")
    if size == "phone":  # the five buttons in three rows at most: the figures keep their room (German: four)
        tops = page.locator("#win-dialog form > .buttons button").evaluate_all(
            "shown => shown.filter(b => b.offsetParent).map(b => Math.round(b.getBoundingClientRect().top))"
        )
        if len(set(tops)) > 3:
            problems.append(f"{name}-win: the buttons take {len(set(tops))} rows")
    page.keyboard.press("Escape")
    open_menu_item(page, "stats")
    problems += check(page, f"{name}-stats")
    page.keyboard.press("Escape")
    _, lost = board_link(LOSE)
    page.evaluate("hash => { location.hash = hash }", lost.split("#", 1)[1])  # a link in the tab: no reload
    page.wait_for_selector("#board[data-state=ready]")
    cell(page, 0, 0).click()
    page.wait_for_selector("#message:not([hidden])")
    problems += check(page, f"{name}-loss")
    assert problems == [], "\n".join(problems)
