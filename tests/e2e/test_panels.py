"""The Game menu, the custom-size form (each bad field explained next to it, the game goes on), the
settings panel (validation, theme, long-press delay) and How to play."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_game, screenshot
from .play import BEGINNER, cell, leave_if_asked, looks, state


def open_menu_item(page: Page, selector: str) -> None:
    page.locator("#game-menu-button").click()
    expect(page.locator("#game-menu")).to_be_visible()
    page.locator(f"#game-menu {selector}").click()


def test_levels_from_the_menu(page: Page) -> None:
    open_game(page)
    for level, cols, rows, mines in (("expert", 30, 16, "099"), ("intermediate", 16, 16, "040")):
        open_menu_item(page, f"[data-level={level}]")
        expect(page.locator("#game-menu")).to_be_hidden()
        board = page.locator("#board")
        expect(board).to_have_attribute("data-cols", str(cols))
        expect(board).to_have_attribute("data-rows", str(rows))
        expect(page.locator("#mines-left")).to_have_text(mines)
        assert len(looks(page)) == cols * rows
        expect(page.locator(f"#game-menu [data-level={level}]")).to_have_attribute("aria-checked", "true")


def test_custom_size_explains_each_bad_field(page: Page) -> None:
    open_game(page, BEGINNER)
    cell(page, 4, 4).click()
    open_menu_item(page, "[data-level=custom]")
    form = page.locator("#custom-form")
    form.locator("[name=width]").fill("0")
    form.locator("[name=height]").fill("")
    form.locator("[name=mines]").fill("10")
    form.locator("button[type=submit]").click()
    expect(page.locator("#custom-dialog")).to_be_visible()
    expect(page.locator("#custom-width-error")).to_have_text("From 1 to 256 cells.")
    expect(page.locator("#custom-height-error")).to_have_text("Enter a whole number.")
    expect(form.locator("[name=width]")).to_have_attribute("aria-invalid", "true")
    form.locator("[name=width]").fill("10")
    form.locator("[name=height]").fill("5")
    form.locator("[name=mines]").fill("50")
    form.locator("button[type=submit]").click()
    expect(page.locator("#custom-mines-error")).to_have_text("A 10×5 board takes 0 to 49 mines.")
    expect(page.locator("#custom-width-error")).to_have_text("")
    assert state(page) == "playing"  # the running game is untouched meanwhile
    form.locator("[name=mines]").fill("12")
    form.locator("button[type=submit]").click()
    expect(page.locator("#custom-dialog")).to_be_hidden()
    leave_if_asked(page)  # the first click opened a fifth of the board, or the machine is slow (10 s)
    expect(page.locator("#board")).to_have_attribute("data-cols", "10")
    expect(page.locator("#board")).to_have_attribute("data-rows", "5")
    expect(page.locator("#mines-left")).to_have_text("012")
    expect(page.locator("#game-menu [data-level=custom]")).to_have_attribute("aria-checked", "true")


def test_a_first_click_too_crowded_to_open_an_area_says_so(page: Page) -> None:
    open_game(page, "index.html?size=9.9.79&seed=3")  # 2 safe cells: no room for an opening anywhere
    cell(page, 4, 4).click()
    assert state(page) == "playing"
    expect(page.locator("#message")).to_contain_text("Too many mines for a first click to open an area")
    open_game(page, "index.html?size=9.9.10&seed=3")  # room for one: no word about it
    cell(page, 4, 4).click()
    expect(page.locator("#board [data-cell='0']").first).to_be_visible()
    expect(page.locator("#message")).to_be_hidden()


def test_custom_cancel_keeps_the_game(page: Page) -> None:
    open_game(page, BEGINNER)
    cell(page, 4, 4).click()
    open_menu_item(page, "[data-level=custom]")
    page.locator("#custom-form [data-close]").click()
    expect(page.locator("#custom-dialog")).to_be_hidden()
    assert state(page) == "playing"


def test_settings_validate_and_apply(page: Page) -> None:
    open_game(page)
    open_menu_item(page, "[data-command=settings]")
    form = page.locator("#settings-form")
    expect(form.locator("[name=long_press_ms]")).to_have_value("400")
    expect(form.locator("[name=chord_on_click]")).to_be_checked()
    form.locator("[name=long_press_ms]").fill("50")
    form.locator("[name=long_press_ms]").dispatch_event("change")
    expect(page.locator("#settings-long_press_ms-error")).to_have_text(
        "From 150 to 1,000 milliseconds."
    )
    form.locator("[name=long_press_ms]").fill("650")
    form.locator("[name=long_press_ms]").dispatch_event("change")
    expect(page.locator("#settings-long_press_ms-error")).to_have_text("")
    assert long_press(page) == "650ms"
    form.locator("[name=theme]").select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    form.locator("button[type=submit]").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()


def long_press(page: Page) -> str:
    return str(page.eval_on_selector("#board", "b => b.style.getPropertyValue('--long-press')"))


def test_settings_done_keeps_bad_values_with_their_message(page: Page) -> None:
    open_game(page)
    open_menu_item(page, "[data-command=settings]")
    form = page.locator("#settings-form")
    long_press_field, zoom_field = form.locator("[name=long_press_ms]"), form.locator("[name=zoom]")
    for text, message in (
        ("5000", "From 150 to 1,000 milliseconds."),
        ("", "Enter a whole number."),
    ):
        long_press_field.fill(text)
        zoom_field.fill("99")
        form.locator("[name=vibration]").uncheck()
        form.locator("button[type=submit]").click()
        expect(page.locator("#settings-dialog")).to_be_visible()
        expect(page.locator("#settings-long_press_ms-error")).to_have_text(message)
        expect(page.locator("#settings-zoom-error")).to_have_text("From 0.5 to 4.0.")
        expect(long_press_field).to_have_attribute("aria-invalid", "true")
        expect(zoom_field).to_have_attribute("aria-invalid", "true")
        assert long_press(page) == "400ms"  # nothing applied meanwhile, not even the valid checkbox
    screenshot(page, "desktop-settings-errors")
    long_press_field.fill("650")
    form.locator("button[type=submit]").click()
    expect(page.locator("#settings-dialog")).to_be_visible()
    expect(page.locator("#settings-long_press_ms-error")).to_have_text("")
    expect(long_press_field).not_to_have_attribute("aria-invalid", "true")
    zoom_field.fill("2")
    form.locator("button[type=submit]").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert long_press(page) == "650ms"
    open_menu_item(page, "[data-command=settings]")
    expect(long_press_field).to_have_value("650")
    expect(zoom_field).to_have_value("2.0")
    expect(form.locator("[name=vibration]")).not_to_be_checked()


def test_settings_error_on_a_phone_shows_beside_its_field(phone: Page) -> None:
    open_game(phone)
    open_menu_item(phone, "[data-command=settings]")
    phone.locator("#settings-form [name=zoom]").fill("99")
    phone.locator("#settings-form button[type=submit]").tap()
    expect(phone.locator("#settings-dialog")).to_be_visible()
    expect(phone.locator("#settings-zoom-error")).to_have_text("From 0.5 to 4.0.")
    expect(phone.locator("#settings-zoom-error")).to_be_in_viewport()
    screenshot(phone, "phone-settings-errors")


def test_settings_escape_applies_nothing_typed(page: Page) -> None:
    open_game(page)
    for text in ("700", "5"):
        open_menu_item(page, "[data-command=settings]")
        page.locator("#settings-form [name=long_press_ms]").fill(text)
        page.keyboard.press("Escape")
        expect(page.locator("#settings-dialog")).to_be_hidden()
        assert long_press(page) == "400ms"
    open_menu_item(page, "[data-command=settings]")
    expect(page.locator("#settings-form [name=long_press_ms]")).to_have_value("400")
    expect(page.locator("#settings-long_press_ms-error")).to_have_text("")


def test_chord_on_click_can_be_turned_off(page: Page) -> None:
    from .play import open_board, picture
    from .test_mouse import WALL

    open_board(page, WALL)
    open_menu_item(page, "[data-command=settings]")
    page.locator("#settings-form [name=chord_on_click]").uncheck()
    page.locator("#settings-form button[type=submit]").click()
    cell(page, 0, 0).click()
    cell(page, 1, 4).click(button="right")
    cell(page, 2, 3).click()  # a satisfied 1, but chording on click is off
    assert picture(page) == "...2##\n...2F#\n...1##"
    cell(page, 2, 3).click(button="middle")
    assert picture(page) == "...2##\n...2F#\n...12#"


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_how_to_play(page: Page, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_game(page)
    page.locator(".menubar [data-command=help]").click()
    help_panel = page.locator("#help-dialog")
    expect(help_panel).to_be_visible()
    for words in ("Mouse", "Touch", "Keyboard", "long press", "Space"):
        expect(help_panel).to_contain_text(words)
    # It opens at its start, with the focus on its title: not scrolled down to a focused Close button.
    expect(page.locator("#help-title")).to_be_focused()
    assert page.evaluate("document.getElementById('help-dialog').scrollTop") == 0
    assert help_panel.evaluate("(dialog) => dialog.scrollHeight > dialog.clientHeight")  # it does scroll
    page.keyboard.press("Escape")
    expect(help_panel).to_be_hidden()


def test_menu_items_the_game_cannot_take_yet_are_greyed_and_still_say_why(page: Page) -> None:
    from .play import cell, open_board, state
    from .test_mouse import WALL

    def greyed() -> set[str]:
        page.locator("#game-menu-button").click()
        expect(page.locator("#game-menu")).to_be_visible()
        found = page.locator('#game-menu [aria-disabled="true"]').evaluate_all(
            "items => items.map(item => item.dataset.command)"
        )
        return set(found)

    open_board(page, WALL)
    assert greyed() == {"replay", "share", "copy-replay", "review"}  # a given board is placed: R can play it
    color = page.locator('#game-menu [data-command="replay"]').evaluate("e => getComputedStyle(e).color")
    assert color != page.locator('#game-menu [data-command="new"]').evaluate("e => getComputedStyle(e).color")
    # greyed, not dead: a click says why (Playwright waits for an aria-disabled item to be enabled: force)
    page.locator('#game-menu [data-command="replay"]').click(force=True)
    expect(page.locator("#message")).to_have_text("A game can be replayed once it is over.")
    cell(page, 0, 0).click()
    cell(page, 1, 5).click()
    assert state(page) == "lost"
    page.keyboard.press("Escape")
    assert greyed() == {"solve"}
    page.keyboard.press("Escape")
    open_game(page, "index.html?level=beginner&seed=3")  # no first click yet: no board to play again
    assert greyed() == {"replay", "share", "copy-replay", "review", "again"}
