"""Formats other Minesweeper programs read and write: positions as JSMinesweeper's `.mine` text, boards
as MBF (Arbiter, JSMinesweeper, LlamaSweeper).

Glossary:
    mine text  JSMinesweeper's position file (its analysis board saves and opens it): a header line
               `WxHxM` (width, height, mines; spaces around the numbers are read too), then H rows of W
               characters: `0`-`8` open, `H` covered, `F` flagged. JSMinesweeper also writes `?` for a
               covered cell it knows is a mine, and `M` is read as a known mine by some of its versions:
               both are read as covered (flags are opinions here; the solver finds the mines). Written
               with `\\n` line ends and a final one, as JSMinesweeper writes it; `\\r\\n` is read too
    MBF        the Minesweeper Board Format, a board as bytes: width, height (one byte each, 1-255), the
               mine count (two bytes, big-endian), then each mine as its x (column) and y (row) bytes.
               Written in reading order; read in any order, but each mine once

Checked against JSMinesweeper's own reader and writer (main.js newBoardFromString, Board.js
getPositionData and getFormatMBF, MinesweeperGame.js resetMines).
"""

from __future__ import annotations

import re

from .board import Board
from .diagram import Diagram
from .grid import BoardError, Cell, Size

HEADER = re.compile(r"\s*([0-9]{1,3})\s*x\s*([0-9]{1,3})\s*x\s*([0-9]{1,6})\s*")
MBF_SIDE = 255
COVERED_CHARS = "H?M"


class InvalidMineText(BoardError):
    """JSMinesweeper position text that cannot be read; the message quotes the part that is wrong."""


class InvalidMbf(BoardError):
    """MBF bytes that cannot be read, or a board MBF cannot hold; the message quotes the bytes."""


# -- JSMinesweeper's .mine text ----------------------------------------------------------------------


def to_mine_text(diagram: Diagram) -> str:
    """The diagram as JSMinesweeper's position text."""
    size = diagram.size
    width = size.width
    chars = "".join(diagram.char(cell) for cell in range(size.cells))
    rows = [chars[start : start + width] for start in range(0, len(chars), width)]
    return f"{size.width}x{size.height}x{size.mines}\n" + "".join(row + "\n" for row in rows)


def from_mine_text(text: str) -> Diagram:
    """The diagram of JSMinesweeper position text (see the glossary)."""
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    header = HEADER.fullmatch(lines[0]) if lines else None
    if header is None:
        first = lines[0] if lines else ""
        raise InvalidMineText(f"mine text header {_quote(first)}: must be WIDTHxHEIGHTxMINES, like 30x16x99")
    width, height, mines = map(int, header.groups())
    try:
        size = Size(width, height, mines)
    except BoardError as error:
        raise InvalidMineText(f"mine text header {_quote(lines[0])}: {error}") from None
    rows = lines[1:]
    if len(rows) != height:
        raise InvalidMineText(
            f"mine text {_quote(text)}: {height} rows expected after the header, not {len(rows)}"
        )
    view: list[int | None] = []
    flags: set[Cell] = set()
    for y, row in enumerate(rows):
        _check_row(y, row, width)
        for x, char in enumerate(row):
            view.append(int(char) if char.isdigit() else None)
            if char == "F":
                flags.add(y * width + x)
    return Diagram(size, tuple(view), frozenset(flags))


def _check_row(y: int, row: str, width: int) -> None:
    if len(row) != width:
        raise InvalidMineText(
            f"mine text row {y} {_quote(row)}: has {len(row)} cells, the header says {width}"
        )
    bad = next((char for char in row if char not in "012345678F" + COVERED_CHARS), None)
    if bad is not None:
        raise InvalidMineText(
            f"mine text row {y} {_quote(row)}: {bad!r} must be 0-8 (open), H (covered), F (flag), or ? or M"
        )


# -- MBF ---------------------------------------------------------------------------------------------


def to_mbf(board: Board) -> bytes:
    """The board as MBF bytes; InvalidMbf for a side over 255 or more than 65535 mines."""
    size = board.size
    if size.width > MBF_SIDE or size.height > MBF_SIDE:
        raise InvalidMbf(f"board {size}: MBF holds sides up to {MBF_SIDE}")
    if size.mines > 0xFFFF:
        raise InvalidMbf(f"board {size}: MBF holds up to 65535 mines")
    data = bytearray((size.width, size.height, size.mines >> 8, size.mines & 0xFF))
    for mine in sorted(board.mines):
        y, x = divmod(mine, size.width)
        data += bytes((x, y))
    return bytes(data)


def from_mbf(data: bytes) -> Board:
    """The board of MBF bytes (see the glossary)."""
    if len(data) < 4:
        raise InvalidMbf(f"MBF {_hex(data)}: {len(data)} bytes, at least 4 expected (width, height, mines)")
    width, height, mines = data[0], data[1], data[2] << 8 | data[3]
    if not (width and height):
        raise InvalidMbf(f"MBF {_hex(data)}: width {width} and height {height} must be 1 to {MBF_SIDE}")
    if len(data) != 4 + 2 * mines:
        raise InvalidMbf(f"MBF {_hex(data)}: {mines} mines take {4 + 2 * mines} bytes, not {len(data)}")
    cells: set[Cell] = set()
    for index in range(4, len(data), 2):
        x, y = data[index], data[index + 1]
        if x >= width or y >= height:
            raise InvalidMbf(f"MBF {_hex(data)}: mine ({x}, {y}) lies outside a {width}x{height} board")
        if y * width + x in cells:
            raise InvalidMbf(f"MBF {_hex(data)}: mine ({x}, {y}) is listed twice")
        cells.add(y * width + x)
    try:
        return Board.from_mines(width, height, cells)
    except BoardError as error:  # every cell a mine: not a board
        raise InvalidMbf(f"MBF {_hex(data)}: {error}") from None


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def _hex(data: bytes) -> str:
    """The bytes in hex, cut short: an expert board's MBF is 202 bytes."""
    shown = bytes(data[:12]).hex(" ")
    return shown + (" ..." if len(data) > 12 else "")
