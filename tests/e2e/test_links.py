"""Links in the address: a board link plays that layout, a seed link repeats its board, a malformed link
says why in #message and a normal game starts; the link then leaves the address; the copy-link control
gives the current board's link once its game is over (its layout), and before that a link to a new board
like it (its level or size: a seed or a layout would give its mines away)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from minesweeper import LEVELS, Board, Game, Reveal
from minesweeper.codes import from_code
from ui.settings import Settings

from .conftest import open_game
from .play import board_link, cell, open_board, picture, state
from .test_mouse import WALL


def address(page: Page) -> str:
    return page.evaluate("location.pathname + location.search + location.hash")


def test_a_board_link_plays_that_board_and_leaves_the_address(page: Page) -> None:
    open_board(page, WALL)
    assert address(page) == "/index.html"
    expect(page.locator("#board")).to_have_attribute("data-cols", "6")
    expect(page.locator("#board")).to_have_attribute("data-rows", "3")
    cell(page, 0, 0).click()
    assert picture(page) == "...2##\n...2##\n...1##"


def test_a_seed_link_repeats_its_board(page: Page) -> None:
    pictures = []
    for _ in range(2):
        open_game(page, "index.html?level=intermediate&seed=77")
        assert address(page) == "/index.html"
        expect(page.locator("#board")).to_have_attribute("data-cols", "16")
        expect(page.locator("#mines-left")).to_have_text("040")
        cell(page, 8, 8).click()
        pictures.append(picture(page))
    assert pictures[0] == pictures[1] and "#" in pictures[0]


def test_other_query_keys_stay(page: Page) -> None:
    open_game(page, "index.html?utm_source=mail&level=expert&seed=1")
    assert address(page) == "/index.html?utm_source=mail"
    expect(page.locator("#board")).to_have_attribute("data-cols", "30")


def test_a_link_wins_over_the_game_in_progress(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=3")
    cell(page, 5, 5).click()
    open_board(page, WALL)
    expect(page.locator("#board")).to_have_attribute("data-cols", "6")
    assert state(page) == "ready"


@pytest.mark.parametrize(
    ("query", "words"),
    [
        # A fault in the fragment, and one in the query beside a part that is used: each fault's words are
        # ui/links.py's, tested on CPython (tests/unit/ui/test_links.py).
        ("#board=9.9.AAA", "This link could not be used: the board code “9.9.AAA” cannot be read."),
        ("?level=expert&seed=abc", "left out: the seed “abc” is not a whole number"),
    ],
)
def test_a_malformed_link_says_why_and_a_game_starts(page: Page, query: str, words: str) -> None:
    # (a new game: nothing was running or kept; test_a_malformed_link_keeps_the_game_going for the rest)
    open_game(page, f"index.html{query}")
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text(words)
    expect(message).to_have_attribute("role", "status")
    assert state(page) == "ready"
    assert address(page) == "/index.html"
    cell(page, 0, 0).click()
    assert state(page) in ("playing", "won")


def test_a_bad_seed_beside_a_level_plays_that_level_at_random(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=1.5")
    expect(page.locator("#message")).to_contain_text("Part of this link was left out: the seed “1.5”")
    board = page.locator("#board")
    assert (board.get_attribute("data-cols"), board.get_attribute("data-rows")) == ("30", "16")  # not 9x9
    assert address(page) == "/index.html"


def test_a_malformed_link_keeps_the_game_going(page: Page) -> None:
    open_game(page, "index.html?level=expert&seed=3")
    cell(page, 8, 15).click()
    before = picture(page)
    page.evaluate("location.hash = '#board=banana'")  # entered while the game runs
    expect(page.locator("#message")).to_contain_text("the board code “banana”")
    assert state(page) == "playing" and picture(page) == before
    open_game(page, "index.html?level=expret")  # at start: the game kept resumes
    expect(page.locator("#message")).to_contain_text("“expret” is not a level")
    assert state(page) == "playing" and picture(page) == before
    page.evaluate("location.hash = '#board=3.1.gA'")  # then a good link: its board, and no stale error
    expect(page.locator("#board")).to_have_attribute("data-cols", "3")
    expect(page.locator("#message")).to_be_hidden()


@pytest.fixture
def clipboard(context: BrowserContext) -> BrowserContext:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    return context


def copy_link(page: Page) -> str:
    page.evaluate("navigator.clipboard.writeText('')")
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=copy-link]").click()
    expect(page.locator("#message")).to_contain_text("copied")
    for _ in range(50):
        text = str(page.evaluate("navigator.clipboard.readText()"))
        if text:
            return text
        page.wait_for_timeout(100)
    raise AssertionError("nothing was copied")


def test_copy_link_gives_a_board_like_it_until_the_game_ends_then_the_board(
    clipboard: BrowserContext, page: Page, base_url: str
) -> None:
    open_game(page, "index.html?level=beginner&seed=12345")
    assert copy_link(page) == f"{base_url}index.html?level=beginner"  # its seed would give its mines away
    cell(page, 4, 4).click()
    cell(page, *first_mine(page)).click()  # lost: now the board may go
    before = picture(page)
    link = copy_link(page)
    assert link.startswith(f"{base_url}index.html#board=")
    board = from_code(link.split("#board=")[1])
    assert board.size == LEVELS["beginner"]
    open_game(page, link.removeprefix(base_url))
    cell(page, 4, 4).click()
    cell(page, *first_mine(page, board)).click()
    assert picture(page) == before


def first_mine(page: Page, board: Board | None = None) -> tuple[int, int]:
    """The first mine of the board on the page, in the engine's rows and columns (from its seed)."""
    if board is None:
        game = Game.new(LEVELS["beginner"], 12345, Settings().rules)
        game.apply(Reveal(LEVELS["beginner"].cell(4, 4)))
        board = game.board
    assert board is not None
    return board.size.row_col(min(board.mines))


def test_copy_link_of_a_link_board_once_over(clipboard: BrowserContext, page: Page, base_url: str) -> None:
    board, path = board_link(WALL)
    open_game(page, path)
    assert copy_link(page) == f"{base_url}index.html?size=6.3.3"  # a board like it, not the very one
    cell(page, *board.size.row_col(min(board.mines))).click()
    assert copy_link(page) == f"{base_url}{path}"
    assert from_code(path.split("#board=")[1]) == board


def copy_link_says(page: Page) -> str:
    """The Game menu's Copy link item as it reads once the menu is open (the menu closed again)."""
    page.locator("#game-menu-button").click()
    item = page.locator("#game-menu [data-command=copy-link]")
    expect(item).to_be_visible()
    said = item.inner_text()
    page.keyboard.press("Escape")
    expect(item).to_be_hidden()
    return said


def test_copy_link_says_a_new_board_like_this_until_the_game_ends(page: Page) -> None:
    """A player's review: "Copy link to this board" copied a new board like it during a game (by design: the
    board's own link would give its mines away), and the label read as a promise. It says what it copies."""
    open_game(page, "index.html?level=beginner&seed=12345")
    assert copy_link_says(page) == "Copy link to a new board like this"  # before the first click too
    cell(page, 4, 4).click()
    assert state(page) == "playing"
    assert copy_link_says(page) == "Copy link to a new board like this"
    cell(page, *first_mine(page)).click()
    assert state(page) == "lost"
    assert copy_link_says(page) == "Copy link to this board"
