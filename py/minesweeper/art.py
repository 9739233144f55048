"""Boards as ASCII art, for the command line's `show` and for tests written as pictures.

Glossary:
    art   one line per row, one character per cell: `*` a mine, `.` an empty cell (number 0),
          `1`..`8` a numbered cell. `to_art` writes exactly that. `from_art` also reads `0` for an
          empty cell and takes `.` as any safe cell, so a picture may show the mines only; every digit
          it is given must be the cell's true number.

    ..1*1
    ..111
    .....    a 5x3 board with one mine; 3BV 2: the opening, and the top right 1 that it does not reach
"""

from __future__ import annotations

import textwrap

from .board import Board
from .grid import BoardError

MINE = "*"
EMPTY = "."


class InvalidArt(BoardError):
    """A picture that is not a board: ragged rows, unknown characters, or numbers that do not add up."""


def to_art(board: Board) -> str:
    """The board as art, rows separated by newlines (no trailing newline)."""
    numbers, mines = board.numbers, board.mines
    cells = [MINE if cell in mines else str(numbers[cell] or EMPTY) for cell in range(board.size.cells)]
    width = board.width
    return "\n".join("".join(cells[start : start + width]) for start in range(0, len(cells), width))


def from_art(art: str) -> Board:
    """The board a picture shows (indentation and blank lines around it are ignored)."""
    rows = [row.rstrip() for row in textwrap.dedent(art).strip("\n").splitlines()]
    if not rows or not rows[0]:
        raise InvalidArt(f"art {art!r}: has no rows")
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            raise InvalidArt(f"art row {number} {row!r}: has {len(row)} cells, the first row has {width}")
        bad = set(row) - set(MINE + EMPTY + "012345678")
        if bad:
            raise InvalidArt(f"art row {number} {row!r}: {min(bad)!r} is not one of * . 0-8")
    text = "".join(rows)
    board = Board.from_mines(width, len(rows), {cell for cell, char in enumerate(text) if char == MINE})
    for cell, char in enumerate(text):
        if char.isdigit() and int(char) != board.numbers[cell]:
            at, truth = board.size.row_col(cell), board.numbers[cell]
            raise InvalidArt(f"art cell {at} says {char}: it has {truth} mined neighbours")
    return board
