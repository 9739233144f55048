"""Play this board again (R, or Game → Play this board again): the board just played, from the start."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from minesweeper import LEVELS, Game, Reveal, Rules

from .conftest import open_game
from .play import cell, dismiss_prompts, picture, state
from .test_panels import open_menu_item

SEED = 11
FIRST = (4, 4)


def test_r_after_a_loss_replays_the_same_board_from_the_start(page: Page) -> None:
    # The board this seed and first click make, worked out by the engine, as the page makes it.
    size = LEVELS["beginner"]
    game = Game.new(size, SEED, Rules())
    game.apply(Reveal(size.cell(*FIRST)))
    assert game.board is not None
    mine = divmod(min(game.board.mines), size.width)

    open_game(page, f"index.html?level=beginner&seed={SEED}")
    cell(page, *FIRST).click()
    opened = picture(page)
    cell(page, *mine).click()
    assert state(page) == "lost"
    dismiss_prompts(page)
    expect(page.locator("#announce")).to_contain_text("R to play this board again")

    page.keyboard.press("r")
    assert state(page) == "ready"
    assert set(picture(page)) <= {"#", "\n"}
    expect(page.locator("#timer")).to_have_text("000")
    expect(page.locator("#mines-left")).to_have_text("010")
    cell(page, *FIRST).click()
    assert picture(page) == opened  # the same mines: the same numbers
    cell(page, *mine).click()
    assert cell(page, *mine).get_attribute("data-cell") == "boom"

    open_menu_item(page, "[data-command=again]")  # the menu does the same
    assert state(page) == "ready"
    cell(page, *FIRST).click()
    assert picture(page) == opened


def test_before_the_first_click_there_is_no_board_to_play_again(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=3")
    cell(page, 0, 0).click(button="right")
    page.keyboard.press("r")
    expect(page.locator("#message")).to_have_text(
        "No board to play again yet: the first click places the mines."
    )
    assert cell(page, 0, 0).get_attribute("data-cell") == "flag"  # the game goes on as it was
