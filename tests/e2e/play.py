"""Helpers for the browser tests of the game: links to ASCII-art boards, cells by row and column,
and every cell's look read in one round trip."""

from __future__ import annotations

import json
import textwrap
from typing import Any

from playwright.sync_api import Locator, Page, expect

from minesweeper import Board, Game, Rules, Size
from minesweeper.art import from_art
from minesweeper.codes import to_code
from ui import saved
from ui.play import Play

from .conftest import open_game

# A beginner board from a seed: the first click at (4, 4) opens an area and plays on. On the default page's
# random beginner board that click wins about once in 70 000 games (a win dialog then takes the next input).
BEGINNER = "index.html?level=beginner&seed=1"


def board_link(art: str) -> tuple[Board, str]:
    """The board an ASCII picture shows, and the page address that plays it."""
    board = from_art(textwrap.dedent(art).strip())
    return board, f"index.html#board={to_code(board)}"


def open_board(page: Page, art: str) -> Board:
    board, path = board_link(art)
    open_game(page, path)
    return board


def deal(page: Page, size: Size, seed: int, no_guess: bool = False) -> None:
    """Open the page on the random board `seed` deals, as a game the page dealt itself and kept from an
    earlier visit: it counts like any (a seed link's board is given, never a best time)."""
    game = Game.new(size, seed, Rules(no_guess=no_guess))
    text = saved.encode(saved.GAME, saved.Running.of(Play(game), 0.0, saved.Sight()).to_data())
    page.goto("manifest.webmanifest")  # off the game first: its page saves its own game as it goes
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [saved.GAME.key, text])
    open_game(page)


# The game as stored once the work after the last input's paint is done: the page saves a move when it is
# next idle after the frame (web/dom.py AfterPaint), asked for in the task after that frame; an idle callback
# asked for a frame later runs after it.
STORED_GAME = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>
  requestIdleCallback(() => done(localStorage.getItem('minesweeper.game')), {timeout: 2000}))))"""


def stored_game(page: Page) -> Any:
    """The game in progress as the page keeps it, once the last input's save is made (None: none kept)."""
    state(page)  # every tap played
    text = page.evaluate(STORED_GAME)
    return None if text is None else json.loads(text)


def transposed(page: Page) -> bool:
    """The page shows the board turned (view row = engine column) to follow the screen's long side."""
    return page.locator("#board").get_attribute("data-transposed") is not None


def cell(page: Page, row: int, col: int) -> Locator:
    """The gridcell of the engine's (row, col), wherever a turned board draws it."""
    if transposed(page):
        row, col = col, row
    return page.locator(f'#board [data-row="{row}"][data-col="{col}"]')


LOOKS = """board => {
  const looks = [...board.querySelectorAll('[data-cell]')].map(c => c.dataset.cell);
  if (!board.hasAttribute('data-transposed')) return [Number(board.dataset.cols), looks];
  const cols = Number(board.dataset.cols), rows = Number(board.dataset.rows);  // engine: rows wide
  return [rows, looks.map((_, i) => looks[(i % rows) * cols + Math.floor(i / rows)])];
}"""


def engine_looks(page: Page) -> tuple[int, list[str]]:
    """The engine board's width and every cell's data-cell in its row-major order, a turned board turned
    back, in one evaluate (reading cell by cell would take seconds)."""
    width, cells = page.eval_on_selector("#board", LOOKS)
    return int(width), cells


def looks(page: Page) -> list[str]:
    """Every cell's data-cell, in the engine's row-major order."""
    return engine_looks(page)[1]


def picture(page: Page) -> str:
    """The board as the player sees it (in the engine's orientation, were it turned), one character per
    cell: # covered, F flag, ? question, . open 0, 1-8, * mine, X boom, W wrong flag."""
    return drawn(*engine_looks(page))


def drawn(width: int, cells: list[str]) -> str:
    """Cells' data-cell values, row-major, as the text `picture` shows."""
    chars = {
        "covered": "#",
        "flag": "F",
        "question": "?",
        "0": ".",
        "mine": "*",
        "boom": "X",
        "wrong-flag": "W",
    }
    row = [chars.get(look, look) for look in cells]
    return "\n".join("".join(row[i : i + width]) for i in range(0, len(row), width))


PLAYED_MS = 30_000  # as long as a click may take: a 256x256 board's opening is played in seconds


def state(page: Page) -> str | None:
    """The board's data-state once the page has played every tap it painted: js/press.js paints a tap's
    opening at its release and plays the tap just after that paint, the board `aria-busy` until then."""
    busy = page.locator("#board[aria-busy=true]:not([data-state=loading])")  # (a loading board is busy too)
    expect(busy).to_have_count(0, timeout=PLAYED_MS)
    return page.locator("#board").get_attribute("data-state")


def middle_click(page: Page, target: Locator) -> None:
    target.click(button="middle")


# Where a click reads a note: on its words, at their start (a loss's verdict ends with its Review button).
WORDS = {"x": 14, "y": 14}


def read_note(page: Page) -> None:
    """Click away the note in front (a loss's verdict comes a moment after the loss): the statistics question
    waits until the notes before it are read (py/ui/notes.py)."""
    note = page.locator("#message")
    expect(note).to_be_visible()
    expect(page.locator("#consent")).to_be_hidden()  # one thing at a time in the one place
    note.click(position=WORDS)


def dismiss_prompts(page: Page) -> None:
    """Answer 'Not now' to the statistics prompt the first finished game opens, if it is showing."""
    not_now = page.locator("#consent [data-consent=no]")
    if not_now.is_visible():
        not_now.click()


def leave_if_asked(page: Page) -> bool:
    """Answer New game, with the keys, if a new game over one well under way (10 s, or a fifth of the board
    open) asks first; whether it asked. A small board's first click is often a fifth of it, and a loaded
    machine makes any game last 10 s."""
    dialog = page.locator("#leave-dialog")
    if not dialog.is_visible():
        return False
    page.keyboard.press("Shift+Tab")  # from Keep playing, the default, to New game
    page.keyboard.press("Enter")
    return True
