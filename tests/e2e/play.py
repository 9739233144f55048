"""Helpers for the browser tests of the game: links to ASCII-art boards, cells by row and column,
and every cell's look read in one round trip."""

from __future__ import annotations

import textwrap

from playwright.sync_api import Locator, Page

from minesweeper import Board
from minesweeper.art import from_art
from minesweeper.codes import to_code

from .conftest import open_game


def board_link(art: str) -> tuple[Board, str]:
    """The board an ASCII picture shows, and the page address that plays it."""
    board = from_art(textwrap.dedent(art).strip())
    return board, f"index.html#board={to_code(board)}"


def open_board(page: Page, art: str) -> Board:
    board, path = board_link(art)
    open_game(page, path)
    return board


def cell(page: Page, row: int, col: int) -> Locator:
    return page.locator(f'#board [data-row="{row}"][data-col="{col}"]')


def looks(page: Page) -> list[str]:
    """Every cell's data-cell, row-major, in one evaluate (reading cell by cell would take seconds)."""
    return page.eval_on_selector_all("#board [data-cell]", "cells => cells.map(c => c.dataset.cell)")


def picture(page: Page) -> str:
    """The board as the player sees it, one character per cell: # covered, F flag, ? question, . open 0,
    1-8, * mine, X boom, W wrong flag."""
    width = int(page.locator("#board").get_attribute("data-cols") or 0)
    chars = {
        "covered": "#",
        "flag": "F",
        "question": "?",
        "0": ".",
        "mine": "*",
        "boom": "X",
        "wrong-flag": "W",
    }
    row = [chars.get(look, look) for look in looks(page)]
    return "\n".join("".join(row[i : i + width]) for i in range(0, len(row), width))


def state(page: Page) -> str | None:
    return page.locator("#board").get_attribute("data-state")


def middle_click(page: Page, target: Locator) -> None:
    target.click(button="middle")
