"""What a board asks of a player and how well a game answered: the end-of-game panel's figures.

Glossary:
    opening     a connected region (8-connected) of empty cells, number 0; one click opens all of it
                and the numbered cells around it
    lone number a numbered safe cell that touches no opening: it takes a click of its own
    3BV         Bechtel's Board Benchmark Value, the fewest left clicks that clear a board:
                openings + lone numbers
    island      a connected group (8-connected) of lone numbers
    solved 3BV  how much of the 3BV a game has done: opened openings and opened lone numbers
                (all of it for a won game)
    efficiency  solved 3BV / useful clicks, as a ratio (1.0 is 100 %; chords can take it above 1)
    3BV/s       solved 3BV / seconds; the time comes from the caller, since the engine has no clock
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TypeAlias

from .board import Board
from .game import Clicks, Game
from .grid import Cell, neighbour_table

Table: TypeAlias = tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Analysis:
    """A board's difficulty figures; `bbbv_cells` are its 3BV clicks: a cell per opening, each lone number."""

    width: int
    height: int
    mines: int
    bbbv: int
    openings: int
    islands: int
    bbbv_cells: tuple[Cell, ...] = field(repr=False, compare=False)

    def as_dict(self) -> dict[str, int]:
        return {
            "width": self.width,
            "height": self.height,
            "mines": self.mines,
            "3bv": self.bbbv,
            "openings": self.openings,
            "islands": self.islands,
        }


@dataclass(frozen=True)
class Summary:
    """A game's figures for the end-of-game panel; the ratios are None when they would divide by zero."""

    bbbv: int
    solved_bbbv: int
    seconds: float
    bbbv_per_s: float | None
    clicks: Clicks
    efficiency: float | None

    def as_dict(self) -> dict[str, object]:
        clicks = self.clicks
        return {
            "3bv": self.bbbv,
            "solved_3bv": self.solved_bbbv,
            "seconds": self.seconds,
            "3bv_per_s": self.bbbv_per_s,
            "clicks": {
                "left": clicks.left,
                "right": clicks.right,
                "chord": clicks.chord,
                "total": clicks.total,
                "useful": clicks.useful,
            },
            "efficiency": self.efficiency,
        }


def analyse(board: Board) -> Analysis:
    """3BV, openings and islands of `board`, in O(cells)."""
    size, numbers = board.size, board.numbers
    table = neighbour_table(size.width, size.height)
    safe = bytearray(b"\x01") * size.cells
    for mine in board.mines:
        safe[mine] = 0
    reached = bytearray(size.cells)  # 1 once an opening reaches the cell: its zeros and their border
    cells = range(size.cells)
    openings = [c for c in cells if safe[c] and not numbers[c] and _flood(c, table, numbers, reached)]
    lone = [c for c in cells if safe[c] and not reached[c]]
    return Analysis(
        width=size.width,
        height=size.height,
        mines=size.mines,
        bbbv=len(openings) + len(lone),
        openings=len(openings),
        islands=_count_groups(lone, table, size.cells),
        bbbv_cells=(*openings, *lone),
    )


def summary(game: Game, seconds: float) -> Summary:
    """The figures of `game` after `seconds` of play (0 before the first click: no board yet)."""
    if seconds < 0:
        raise ValueError(f"seconds {seconds!r}: must be 0 or more")
    bbbv = solved = 0
    if game.board is not None:
        cells = analyse(game.board).bbbv_cells
        bbbv = len(cells)
        solved = sum(game.looks[cell].is_open for cell in cells)
    clicks = replace(game.clicks)  # a copy: the game's counts go on changing
    return Summary(
        bbbv=bbbv,
        solved_bbbv=solved,
        seconds=seconds,
        bbbv_per_s=solved / seconds if seconds > 0 else None,
        clicks=clicks,
        efficiency=solved / clicks.useful if clicks.useful else None,
    )


def _flood(start: Cell, table: Table, numbers: tuple[int, ...], reached: bytearray) -> bool:
    """Mark the opening around the empty cell `start` as reached; False if an earlier opening had it."""
    if reached[start]:
        return False
    reached[start] = 1
    stack = [start]
    while stack:
        for n in table[stack.pop()]:
            if not reached[n]:
                reached[n] = 1
                if not numbers[n]:
                    stack.append(n)
    return True


def _count_groups(cells: list[Cell], table: Table, size: int) -> int:
    """How many 8-connected groups `cells` form among themselves."""
    left = bytearray(size)  # 1 for a cell of `cells` not yet in a counted group
    for cell in cells:
        left[cell] = 1
    groups = 0
    for cell in cells:
        if left[cell]:
            groups += 1
            left[cell] = 0
            stack = [cell]
            while stack:
                for n in table[stack.pop()]:
                    if left[n]:
                        left[n] = 0
                        stack.append(n)
    return groups
