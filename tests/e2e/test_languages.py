"""The page in the player's language: chosen before the first paint (js/frame.js: the cases are in
tests/tools/test_language_choice.py), index.html's texts put in place from i18n/<tag>.json with no English
shown meanwhile, English kept when they cannot come, Arabic, Hebrew and Persian laid out right to left with
the board as it is, and Python speaking the page's language with the browser's Intl for its figures. The
start's own messages in the page's language: tests/e2e/test_boot.py.

The pseudo-locale en-XA has every text accented: an English word left in it is a text the catalogues miss."""

from __future__ import annotations

import json
import re

from babel.messages.catalog import Catalog
from playwright.sync_api import Page, Route, expect

import i18n
import pagetexts

from .conftest import Watch, open_game, screenshot
from .play import board_link, cell, state
from .test_boot import ASK_PYTHON

# Never answered, the file or its sibling: the page stays on its loading frame, Python never runs.
HOLD_RUNTIME = "**/pyodide.asm.wasm*"

# Every text node and text attribute of the page as the player could meet it (menus, dialogs, hidden notes),
# but the language list (each language's own name) and the counters' digits.
WORDS = """() => {
  const skip = 'script, style, noscript, mpy-config, select[name=language], .led';
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest(skip) && node.data.trim()) found.push(node.data.trim());
  }
  const named = ['title', 'aria-label', 'data-label', 'content'];
  const places = '[title], [aria-label], [data-label], meta[name=description]';
  for (const element of document.querySelectorAll(places)) {
    if (element.closest(skip)) continue;
    for (const name of named) {
      if (element.hasAttribute(name)) found.push(element.getAttribute(name));
    }
  }
  return [document.title, ...found];
}"""
NAMES = {"3BV", "3BV/s", "ZiNi"}  # the figures' names, the same in every language


def held(page: Page, path: str) -> Page:
    """The page at `path` with Python held back: what it shows before Python runs, its texts in place."""
    page.route(HOLD_RUNTIME, lambda route: None)
    page.goto(path)
    expect(page.locator("html:not([data-texts])")).to_be_attached()
    return page


def english_words(texts: list[str]) -> list[str]:
    words = [re.sub(r"</?\d+/?>|\{\w+\}", "", text) for text in texts if text not in NAMES]  # no placeholder
    return [text for text in words if re.search(r"[A-Za-z]{2}", text)]


def test_every_text_of_the_page_is_translated_in_the_pseudo_locale(page: Page) -> None:
    texts = held(page, "index.html?lang=en-XA").evaluate(WORDS)
    assert english_words(texts) == []
    assert page.locator("#game-menu-button").text_content() == i18n.pseudo("Game")
    assert page.locator("#board .loading-label").text_content() == i18n.pseudo("Loading the game…")
    # A sentence's inline parts stay where the translation puts them, each with its own words.
    item = page.locator('#game-menu [data-command="new"]')
    assert item.locator("kbd").text_content() == "Ƒ2"
    assert item.evaluate("e => e.innerHTML") == "[Ñéŵ ĝåɱé <kbd>Ƒ2</kbd>···]"
    field = page.locator("#settings-form label:has([name=long_press_ms])")
    assert field.evaluate("e => [...e.childNodes].map(n => n.nodeName)") == ["#text", "INPUT", "#text"]
    checkbox = page.locator("#settings-form label:has([name=vibration])")
    assert checkbox.evaluate("e => e.firstChild.nodeName") == "INPUT"
    assert checkbox.evaluate("e => e.textContent") == " " + i18n.pseudo("Vibrate when a flag is placed")
    screenshot(page, "languages-pseudo-loading")


def test_no_english_is_left_in_the_pseudo_locale_once_python_has_written_its_texts(page: Page) -> None:
    """Every note, verdict, panel and announcement Python writes, each as the player meets it."""
    seen: set[str] = set()

    def look() -> None:
        seen.update(page.evaluate(WORDS))

    def board(art: str) -> None:
        page.evaluate("hash => { location.hash = hash }", board_link(art)[1].split("#", 1)[1])
        page.wait_for_selector("#board[data-state=ready]")

    open_game(page, "index.html?lang=en-XA&level=beginner&seed=2")
    cell(page, 4, 4).click()
    page.keyboard.press("o")  # the odds, and the hint's words
    page.keyboard.press("h")
    look()
    board("*...\n....\n....")
    cell(page, 0, 0).click()  # lost: the verdict, and the statistics question
    page.wait_for_timeout(300)
    look()
    board("*...\n....\n....")
    cell(page, 2, 3).click()  # won: the win panel and its figures
    page.wait_for_selector("#win-dialog[open]")
    look()
    page.keyboard.press("Escape")
    page.keyboard.press("p")  # the replay's controls
    look()
    page.keyboard.press("Escape")
    for command in ("stats", "settings", "daily"):  # each panel as Python fills it; the daily's note
        page.locator("#game-menu-button").click()
        page.locator(f'#game-menu [data-command="{command}"]').click()
        look()
        page.keyboard.press("Escape")
    left = english_words(sorted(seen))
    assert left == [], "\n".join(left)


def test_a_link_s_language_is_the_tab_s_a_reload_keeps_it_and_one_it_lacks_is_said(page: Page) -> None:
    open_game(page, "index.html?lang=en-XA&level=expert")
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    assert "lang=" not in page.url  # a link copied from here carries no language
    expect(page.locator('[data-command="help"]')).to_have_text(i18n.pseudo("How to play"))
    assert page.locator("#board").get_attribute("data-cols") == "30"  # the link's other parts are used
    open_game(page, page.url)  # a reload
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    assert "en-XA" not in (page.evaluate("localStorage.getItem('minesweeper.settings')") or "")
    other = open_game(page.context.new_page(), "index.html?lang=tlh")  # another tab: the device's language
    assert other.evaluate("document.documentElement.lang") == "en"
    expect(other.locator('[data-command="help"]')).to_have_text("How to play")
    # A language the page lacks is said, not passed over, and goes from the address as a used link does.
    expect(other.locator("#message")).to_contain_text("the language “tlh” is not available")
    assert "lang=" not in other.url


def test_a_changed_setting_starts_the_page_again_and_the_tab_forgets_the_link_s_language(page: Page) -> None:
    open_game(page, "index.html?lang=en-XA")
    with page.expect_navigation():
        page.evaluate(
            "code => import('./js/boot.mjs').then(boot => boot.loadPyodide()).then(py => "
            "setTimeout(() => py.runPython(code)))",
            "from web import i18n; i18n.relaunch()",
        )
    page.wait_for_selector("#board:not([data-state=loading])")
    assert page.evaluate("document.documentElement.lang") == "en"  # the setting's (none): the device's
    assert page.evaluate("sessionStorage.getItem('minesweeper.language')") is None


def identity_texts() -> str:
    """i18n/<tag>.json for a language whose every text is the English one."""
    texts = pagetexts.static_texts((i18n.ROOT / pagetexts.PAGE).read_text())
    same = Catalog(locale="fr")
    for text in texts:
        same.add(text.msgid, text.msgid, context=text.context)
    return i18n.page_file(same, texts)


SEEN = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[data-i18n], [data-i18n-attr]')].map(e => [
    e.tagName, [...e.children].map(c => c.tagName).join(' '), e.textContent.replace(/\\s+/g, ' ').trim(),
    ...(e.dataset.i18nAttr ?? '').split(' ').filter(Boolean).map(name => e.getAttribute(name))])]"""


def test_texts_that_say_the_english_leave_the_page_exactly_as_written(page: Page) -> None:
    english = held(page, "index.html").evaluate(SEEN)
    same = identity_texts()
    page.route("**/i18n/fr.json*", lambda route: route.fulfill(body=same, content_type="application/json"))
    translated = held(page, "index.html?lang=fr")
    assert translated.evaluate("document.documentElement.lang") == "fr"
    assert translated.evaluate(SEEN) == english


def test_while_the_texts_come_no_english_shows_and_then_english_if_they_never_do(page: Page) -> None:
    page.route(HOLD_RUNTIME, lambda route: None)
    waiting: list[Route] = []
    page.route("**/i18n/en-XA.json*", lambda route: waiting.append(route))  # never answered
    page.goto("index.html?lang=en-XA")
    expect(page.locator("html[data-texts=pending]")).to_be_attached()
    for hidden in ("#game-menu-button", "#board .loading-label", '[data-command="help"]'):
        expect(page.locator(hidden)).to_have_css("visibility", "hidden")
    for shown in ("#mines-left", "#new-game", "#board .loading"):
        expect(page.locator(shown)).to_be_visible()
    expect(page.locator("html:not([data-texts])")).to_be_attached(timeout=5000)  # 1.5 s: English, not blank
    expect(page.locator("#game-menu-button")).to_be_visible()
    expect(page.locator("#game-menu-button")).to_have_text("Game")


def test_a_failed_fetch_of_the_texts_leaves_a_playable_english_page(page: Page, watch: Watch) -> None:
    watch.allowed_errors.append("Failed to load resource")
    page.route("**/i18n/de.json*", lambda route: route.fulfill(status=503, body="down"))
    open_game(page, "index.html?lang=de")
    expect(page.locator("#game-menu-button")).to_have_text("Game")
    cell(page, 4, 4).click()
    assert state(page) in {"playing", "won", "lost"}


def test_right_to_left_mirrors_the_page_but_not_the_board(page: Page) -> None:
    open_game(page, "index.html?lang=ar&level=beginner")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    places = ("#mines-left", "#timer", "#game-menu-button", "#odds")
    box = {name: page.locator(name).bounding_box() or {} for name in places}
    assert box["#mines-left"]["x"] > box["#timer"]["x"]  # the counters change places with the bar
    assert box["#game-menu-button"]["x"] > box["#odds"]["x"]  # the menu bar starts at the right
    first, second = cell(page, 0, 0).bounding_box(), cell(page, 0, 1).bounding_box()
    assert first is not None and second is not None and first["x"] < second["x"]  # column 1 at the left
    assert page.locator("#board").evaluate("e => getComputedStyle(e).direction") == "ltr"
    screenshot(page, "languages-arabic-desktop")


# Python's view of the language, once it has started.
PYTHON = """
import json
from ui import i18n
f = i18n.formats()
json.dumps({"tag": i18n.language().tag, "rtl": i18n.language().is_rtl,
            "catalogue": type(i18n.language().translations).__name__,
            "figures": [f.number(1234.5, 1), f.percent(0.12), f.seconds(13.31, 2), f.date("2026-11-25"),
                        f.join(["a", "b", "c"])]})
"""


def python_sees(page: Page, path: str) -> dict[str, object]:
    open_game(page, path)
    seen: dict[str, object] = json.loads(page.evaluate(ASK_PYTHON, PYTHON))
    return seen


def test_python_speaks_the_page_s_language_with_the_browser_s_figures(page: Page) -> None:
    assert python_sees(page, "index.html?lang=fr") == {
        "tag": "fr",
        "rtl": False,
        "catalogue": "GNUTranslations",
        "figures": ["1\u202f234,5", "12\u00a0%", "13,31\u202fs", "25 nov. 2026", "a, b et c"],
    }


def test_python_speaks_english_as_written_and_persian_in_persian_digits(page: Page) -> None:
    english = python_sees(page, "index.html")
    assert english["tag"] == "en" and english["catalogue"] == "NullTranslations"
    assert english["figures"] == ["1,234.5", "12%", "13.31 s", "Nov 25, 2026", "a, b, and c"]
    persian = python_sees(page.context.new_page(), "index.html?lang=fa")
    assert persian["rtl"] is True
    assert persian["figures"][0] == "\u06f1\u066c\u06f2\u06f3\u06f4\u066b\u06f5"  # 1,234.5 in Persian digits


def test_the_language_setting_starts_the_page_again_in_that_language_and_is_kept(page: Page) -> None:
    open_game(page, "index.html")
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="settings"]').click()
    with page.expect_navigation():
        page.locator("#settings-form select[name=language]").select_option("de")
    page.wait_for_selector("#board:not([data-state=loading])")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["de", "ltr"]
    expect(page.locator('.menubar [data-command="help"]')).not_to_have_text("How to play")
    open_game(page, page.url)  # a reload: the setting stays
    assert page.evaluate("document.documentElement.lang") == "de"
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="settings"]').click()
    expect(page.locator("#settings-form select[name=language]")).to_have_value("de")
