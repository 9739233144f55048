"""Links in the address: a board link plays that layout, a seed link repeats its board, a malformed link
says why in #message and a normal game starts; the link then leaves the address; the copy-link control
gives the current board's link (level and seed before the first click, the layout after)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from minesweeper import LEVELS
from minesweeper.codes import from_code

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
        ("#board=9.9.AAA", "This link could not be used: the board code “9.9.AAA” cannot be read."),
        ("#board=banana", "the board code “banana” cannot be read"),
        ("?level=impossible", "“impossible” is not a level: beginner, intermediate or expert"),
        ("?level=expert&seed=abc", "left out: the seed “abc” is not a whole number"),
        ("?size=300.2.1", "“300.2.1” is not a board size"),
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


def test_copy_link_before_and_after_the_first_click(
    clipboard: BrowserContext, page: Page, base_url: str
) -> None:
    open_game(page, "index.html?level=beginner&seed=12345")
    assert copy_link(page) == f"{base_url}index.html?level=beginner&seed=12345"
    cell(page, 4, 4).click()
    before = picture(page)
    link = copy_link(page)
    assert link.startswith(f"{base_url}index.html#board=")
    board = from_code(link.split("#board=")[1])
    assert board.size == LEVELS["beginner"]
    open_game(page, link.removeprefix(base_url))
    cell(page, 4, 4).click()
    assert picture(page) == before


def test_copy_link_of_a_link_board(clipboard: BrowserContext, page: Page, base_url: str) -> None:
    board, path = board_link(WALL)
    open_game(page, path)
    assert copy_link(page) == f"{base_url}{path}"
    assert from_code(path.split("#board=")[1]) == board
