"""Where notes sit and what small cells print, by geometry: a hint's note on a desktop covers no control and
moves nothing; the odds' figures show on cells big enough to read them and give way to the tint alone on
small ones (the figure stays in the cell's title), in figures dark or light enough on their tint in both
themes. Screenshots for a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_game, screenshot
from .play import cell
from .test_consent_room import box, overlap

CONTROLS = "#board, .frame .face, .toolbar button:visible, .toolbar input, .menubar button"


@pytest.mark.parametrize(
    ("size", "level"), [((1280, 800), "expert"), ((1280, 800), "beginner"), ((900, 700), "expert")]
)
def test_a_note_on_a_desktop_covers_no_control_and_moves_nothing(
    page: Page, size: tuple[int, int], level: str
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, f"index.html?level={level}&seed=9")
    cell(page, 4, 4).click()
    board = box(page, "#board")
    page.keyboard.press("h")
    message = page.locator("#message")
    expect(message).to_contain_text("Hint")
    screenshot(page, f"desktop-{size[0]}-{level}-hint-note")
    note = box(page, "#message")
    assert box(page, "#board") == board
    for control in page.locator(CONTROLS).all():
        found = control.bounding_box()
        if found is None:  # not shown (a closed menu's items)
            continue
        where = (found["x"], found["y"], found["x"] + found["width"], found["y"] + found["height"])
        assert not overlap(note, where), control.evaluate("e => e.outerHTML.slice(0, 80)")
    assert note[3] <= size[1] and note[0] >= 0


# Each labelled covered cell: its width, the label CSS prints (none or the text), its title, and the
# contrast of the label's colour on the cell's tint (both read back through a canvas, as drawn).
LABELS = """() => {
  const ctx = document.createElement('canvas').getContext('2d', {willReadFrequently: true});
  const rgb = (css) => { ctx.fillStyle = '#000'; ctx.fillStyle = css; ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3); };
  const lum = (c) => { const [r, g, b] = c.map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  return [...document.querySelectorAll('#board [data-cell=covered][data-odds]')].map(c => {
    const after = getComputedStyle(c, '::after');
    const [a, b] = [lum(rgb(after.color)), lum(rgb(getComputedStyle(c).backgroundColor))];
    return [c.getBoundingClientRect().width, after.content, c.title, c.dataset.odds,
            (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
}"""


# Each theme on one device, the two devices between them: what is legible is the cells' size, and the
# theme's colours.
@pytest.mark.parametrize(("device", "theme"), [("phone", "dark"), ("desktop", "light")])
def test_odds_print_only_where_legible_and_stay_in_the_title(
    device: str, theme: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue("phone" if device == "phone" else "page")
    open_game(page, "index.html?level=expert&seed=9")
    page.evaluate(f"document.documentElement.dataset.theme = {theme!r}")
    cell(page, 8, 8).click()
    page.keyboard.press("o")
    expect(page.locator("#board [data-odds]").first).to_be_attached()
    screenshot(page, f"{device}-{theme}-expert-odds")
    labels = page.evaluate(LABELS)
    assert labels
    for width, content, title, odds, contrast in labels:
        assert title == f"{odds} chance of a mine"
        if width < 34:  # a label would be under 10px: the tint alone
            assert content == "none", (width, content)
        else:
            assert content == f'"{odds}"', (width, content)
            assert contrast >= 4.5, (odds, contrast)
    assert (device == "phone") == all(width < 34 for width, *_ in labels)


def test_the_counters_are_drawn_in_seven_segment_digits(page: Page) -> None:
    open_game(page)
    family = page.eval_on_selector("#mines-left", "e => getComputedStyle(e).fontFamily")
    assert family.startswith('"Minesweeper LED"'), family
    page.wait_for_function("document.fonts.check('1rem \"Minesweeper LED\"', '0123456789-')")
    loaded = page.evaluate("[...document.fonts].filter(f => f.family.includes('LED')).map(f => f.status)")
    assert loaded == ["loaded"]
    expect(page.locator("#mines-left")).to_have_text("010")  # still plain digits for tests and readers
    mask = page.eval_on_selector("#timer", "e => getComputedStyle(e, '::before').maskImage")
    assert "fonts/led-ghost.svg" in mask, mask  # the unlit segments under the digits
    assert page.evaluate("fetch('fonts/led-ghost.svg').then(r => r.ok)")
