"""After a loss the message line says what the click that lost was (ui/hints.py `verdict`): a forced guess,
or a risk taken while a cell was safe (that cell marked, as a hint marks it); it follows the board the player
sees, and a new game started at once does not get the old game's verdict; the statistics prompt that the
first result brings does not hide it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .play import WORDS, cell, open_board, state
from .test_consent_room import CUT, HIT
from .test_keyboard import go, tab_into_board
from .test_mouse import WALL  # opened at the corner: ...2## / ...2## / ...1##, cell (2, 4) safe

FIFTY_FIFTY = """
    ..1*
    ..1.
"""  # opened at the corner: ..1# / ..1#, one mine in two cells


def test_a_risk_taken_beside_a_safe_cell_is_named(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 1, 5).click()  # a mine, one chance in three, while (2, 4) was safe
    assert state(page) == "lost"
    message = page.locator("#message")
    # The note ends with its Review button (test_review.py): the loss's panel.
    expect(message).to_have_text("That cell's risk was 33%, but row 3, column 5 was safe. Review")
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")  # marked as a hint marks it
    expect(page.locator("#board [data-hint]")).to_have_count(1)
    expect(message).to_have_attribute("role", "status")  # read out too
    # The first result also brings the statistics prompt, once the note is read: one thing at a time.
    expect(page.locator("#consent")).to_be_hidden()
    assert message.evaluate(HIT) and message.evaluate(CUT) is False
    message.click(position=WORDS)
    expect(page.locator("#consent")).to_be_visible()


def test_a_forced_guess_is_called_bad_luck(page: Page) -> None:
    open_board(page, FIFTY_FIFTY)
    cell(page, 0, 0).click()
    cell(page, 0, 3).click()
    assert state(page) == "lost"
    expect(page.locator("#message")).to_have_text(
        "No cell was safe, and none less risky: a forced guess (50% risk). Bad luck! Review"
    )


def test_a_new_game_at_once_gets_no_verdict(page: Page) -> None:
    open_board(page, FIFTY_FIFTY)
    cell(page, 0, 0).click()
    tab_into_board(page)
    go(page, 0, 3)  # the mine
    states = page.evaluate(
        """() => ['Enter', 'n'].map(key => {  // in one task: the new game starts before the verdict is due
          document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
          return document.getElementById('board').dataset.state;
        })"""
    )
    assert states == ["lost", "ready"]
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    page.wait_for_timeout(500)  # well past the verdict's wait
    expect(page.locator("#message")).not_to_contain_text("guess")


def test_a_phone_turned_says_the_verdict_again_in_the_rows_and_columns_now_shown(phone: Page) -> None:
    open_board(phone, WALL)  # 6 wide: turned on an upright phone, so (2, 4) shows as row 5, column 3
    cell(phone, 0, 0).click()
    cell(phone, 1, 5).click()
    message = phone.locator("#message")
    expect(message).to_have_text("That cell's risk was 33%, but row 5, column 3 was safe. Review")
    expect(cell(phone, 2, 4)).to_have_attribute("data-hint", "safe")
    phone.set_viewport_size({"width": 844, "height": 390})
    expect(phone.locator("#board")).not_to_have_attribute("data-transposed", "")
    expect(message).to_have_text("That cell's risk was 33%, but row 3, column 5 was safe. Review")
    expect(cell(phone, 2, 4)).to_have_attribute("data-hint", "safe")  # marked again on the new grid
    expect(phone.locator("#board [data-hint]")).to_have_count(1)


def test_an_answer_about_the_game_gives_way_to_its_end_and_goes_with_it(page: Page) -> None:
    open_board(page, WALL)
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="share"]').click(force=True)  # greyed: it answers why
    message = page.locator("#message")
    expect(message).to_have_text("A result can be shared once the game is over.")
    cell(page, 0, 0).click()
    cell(page, 1, 5).click()
    # The loss's verdict replaces it at once (it waited 6 s behind it); a new game drops an answer left.
    verdict = "That cell's risk was 33%, but row 3, column 5 was safe. Review"
    expect(message).to_have_text(verdict, timeout=2000)
    page.keyboard.press("p")
    page.keyboard.press("Escape")
    page.keyboard.press("s")
    expect(message).to_contain_text("The game is over")
    page.keyboard.press("n")
    expect(message).to_be_hidden(timeout=2000)
