"""A board: a size and where its mines are.

Glossary:
    board    an immutable layout: Size plus a frozenset of mined cells
    number   for a safe cell, how many of its neighbours are mined (0..8)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .grid import BoardError, Cell, Size, neighbour_table


@dataclass(frozen=True)
class Board:
    """A mine layout. `numbers[cell]` is the count of mined neighbours (mines have theirs too)."""

    size: Size
    mines: frozenset[Cell]
    numbers: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.mines) != self.size.mines:
            raise BoardError(f"board {self.size}: {len(self.mines)} mines, its size says {self.size.mines}")
        if self.mines and not (min(self.mines) >= 0 and max(self.mines) < self.size.cells):
            raise BoardError(f"board {self.size}: a mine lies outside the board")
        object.__setattr__(self, "numbers", count_numbers(self.size, self.mines))

    @classmethod
    def from_mines(cls, width: int, height: int, mines: set[Cell] | frozenset[Cell]) -> Board:
        return cls(Size(width, height, len(mines)), frozenset(mines))

    @property
    def width(self) -> int:
        return self.size.width

    @property
    def height(self) -> int:
        return self.size.height


def count_numbers(size: Size, mines: frozenset[Cell]) -> tuple[int, ...]:
    """Each cell's count of mined neighbours, in O(mines) neighbour visits."""
    numbers = [0] * size.cells
    table = neighbour_table(size.width, size.height)
    for mine in mines:
        for n in table[mine]:
            numbers[n] += 1
    return tuple(numbers)
