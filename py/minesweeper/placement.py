"""Where the mines go when the first cell is opened.

Glossary:
    rule       FirstClick: which cells the first click keeps free of mines
    keep-free  the cells a rule keeps free: the clicked cell and its neighbours (opening), the cell
               alone (safe), or none
    sparse Fisher-Yates  a partial shuffle of the allowed cells that touches only `mines` positions,
               so placement costs O(mines), and every layout that obeys the rule is equally likely
"""

from __future__ import annotations

import bisect
import random
from enum import StrEnum

from .board import Board
from .grid import BoardError, Cell, Size


class NoGuessUnavailable(BoardError):
    """The no-guess placement (noguess.py) placed no board: none was found within the work budget, or
    the size is past the ones offered (`noguess.check_size`). A placement's failure, so it is defined
    with placement: a game's first reveal raises it, and the page catches it from its start, which
    imports this module but not noguess.py (that loads the solver, and is loaded by the first no-guess
    game). `reason` says which (the page words it in the player's language): `too big` past `limit`
    cells, `too dense` past `limit` mines, or `not found`."""

    def __init__(self, message: str, reason: str = "not found", limit: int = 0) -> None:
        super().__init__(message)
        self.reason, self.limit = reason, limit


class FirstClick(StrEnum):
    OPENING = "opening"  # the first click opens an area (falls back to SAFE when too dense)
    SAFE = "safe"  # only the clicked cell is safe, as in Windows
    NONE = "none"  # the first click may lose


def keep_free(size: Size, first: Cell, rule: FirstClick) -> frozenset[Cell]:
    """The cells the rule keeps free, falling back from OPENING to SAFE when the mines leave no room."""
    if rule is FirstClick.NONE:
        return frozenset()
    area = frozenset((first, *size.neighbours(first)))
    if rule is FirstClick.OPENING and size.cells - len(area) >= size.mines:
        return area
    return frozenset((first,))


def place_mines(size: Size, first: Cell, rule: FirstClick, rng: random.Random) -> Board:
    """A layout drawn uniformly from all layouts that keep `keep_free(...)` clear."""
    free = sorted(keep_free(size, first, rule))
    allowed = size.cells - len(free)
    swaps: dict[int, int] = {}
    mines = set()
    for i in range(size.mines):
        j = rng.randrange(i, allowed)
        mines.add(swaps.get(j, j))
        swaps[j] = swaps.get(i, i)
    return Board(size, frozenset(skip_free(index, free) for index in mines))


def skip_free(index: int, free: list[Cell]) -> Cell:
    """The index-th cell (0-based) of the board once the sorted `free` cells are taken out."""
    cell = index
    # Each free cell at or below the running answer pushes it one further; `free` has at most 9 cells.
    for _ in range(len(free) + 1):
        shifted = index + bisect.bisect_right(free, cell)
        if shifted == cell:
            break
        cell = shifted
    return cell
