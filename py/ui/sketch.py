"""What the board draws besides a game: a position with no game behind it (the analysis board), and the
editor's positions with their undo and redo. Pure (no browser import): CPython tests it.

Glossary:
    drawn     what the view builds the grid from (web/view.py): a game, or a sketch; both have these few
              members
    sketch    a diagram (minesweeper/diagram.py: open numbers, covered cells, flags) as the board draws it:
              never won or lost, its counter the mines less the flags
    header    what the header over the board shows besides a game's own: the mines counter, the face and
              the clock. A position's is its counter, the plain face and 0: no clock ever ran on it, and 0
              is how such a clock reads (an empty one reads as broken, and shrinks on a phone, whose LEDs
              are as wide as their digits). A review's action has its own (ui/review.py)
    state     what the editor puts in a cell: covered, a flag, or an open number 0-8 (a Look of those)
    edits     the position shown and the ones undo and redo go to; a change that changes nothing is not
              one, and a new change drops what redo had
    resize    a new width, height or mine count: the cells that still fit keep their state, the new ones
              are covered, flags past the new edge go; fields that make no board say why, in the player's
              words (`read_size`)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from minesweeper import Cell, Look, Size, State
from minesweeper.diagram import Diagram
from minesweeper.game import NUMBER_LOOKS, NUMBER_OF
from minesweeper.grid import MAX_SIDE, most_mines

from .i18n import _, formats, ngettext

STATES = (Look.COVERED, Look.FLAG, *NUMBER_LOOKS)  # the editor's picker, in this order
KEYS: dict[str, Look] = {
    **{str(n): NUMBER_LOOKS[n] for n in range(9)},
    **dict.fromkeys(("h", "H", "Delete", "Backspace"), Look.COVERED),
    **dict.fromkeys(("f", "F"), Look.FLAG),
}
UNDO_LIMIT = 200  # positions undo keeps


class Drawn(Protocol):
    """What the view draws a grid from (a Game has all of it)."""

    @property
    def size(self) -> Size: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def looks(self) -> Sequence[Look]: ...
    @property
    def state(self) -> State: ...
    @property
    def mines_left(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def satisfied_numbers(self) -> set[Cell]: ...


@dataclass(frozen=True)
class Header:
    """What the header over the board shows (see the glossary): the mines counter, the face (`data-face`:
    ui/texts.py FACES) and the clock: once `started`, the seconds begun (web/view.py `show_seconds`),
    else 0."""

    mines_left: int
    face: str = "smile"
    seconds: float = 0.0
    started: bool = False


@dataclass(frozen=True)
class Sketch:
    """A diagram as the board draws it (see the glossary)."""

    diagram: Diagram

    @property
    def size(self) -> Size:
        return self.diagram.size

    @property
    def width(self) -> int:
        return self.diagram.size.width

    @property
    def height(self) -> int:
        return self.diagram.size.height

    @property
    def looks(self) -> tuple[Look, ...]:
        flags = self.diagram.flags
        return tuple(
            (Look.FLAG if cell in flags else Look.COVERED) if number is None else NUMBER_LOOKS[number]
            for cell, number in enumerate(self.diagram.view)
        )

    @property
    def state(self) -> State:
        return State.PLAYING

    @property
    def mines_left(self) -> int:
        return self.diagram.size.mines - len(self.diagram.flags)

    @property
    def is_over(self) -> bool:
        return False

    @property
    def header(self) -> Header:
        return Header(self.mines_left)

    def satisfied_numbers(self) -> set[Cell]:
        return set()  # dimming is for a game in play


def blank(size: Size) -> Diagram:
    """Every cell covered: where the editor starts."""
    return Diagram(size, (None,) * size.cells)


def with_state(diagram: Diagram, cells: Iterable[Cell], state: Look) -> Diagram:
    """`diagram` with each of `cells` in `state` (covered, flag or a number)."""
    view, flags = list(diagram.view), set(diagram.flags)
    for cell in cells:
        view[cell] = NUMBER_OF.get(state)
        if state is Look.FLAG:
            flags.add(cell)
        else:
            flags.discard(cell)
    return Diagram(diagram.size, tuple(view), frozenset(flags))


def resized(diagram: Diagram, size: Size) -> Diagram:
    """`diagram` on a board of `size` (see the glossary)."""
    old = diagram.size
    view: list[int | None] = [None] * size.cells
    flags = set()
    for row in range(min(old.height, size.height)):
        for col in range(min(old.width, size.width)):
            cell = row * old.width + col
            view[row * size.width + col] = diagram.view[cell]
            if cell in diagram.flags:
                flags.add(row * size.width + col)
    return Diagram(size, tuple(view), frozenset(flags))


@dataclass(frozen=True)
class Edits:
    """The position shown, and where undo and redo go (see the glossary)."""

    now: Diagram
    before: tuple[Diagram, ...] = ()  # undo's, the latest last
    after: tuple[Diagram, ...] = ()  # redo's, the next last

    def to(self, diagram: Diagram) -> Edits:
        if diagram == self.now:
            return self
        return Edits(diagram, (*self.before, self.now)[-UNDO_LIMIT:])

    def undo(self) -> Edits:
        if not self.before:
            return self
        return Edits(self.before[-1], self.before[:-1], (*self.after, self.now))

    def redo(self) -> Edits:
        if not self.after:
            return self
        return Edits(self.after[-1], (*self.before, self.now), self.after[:-1])


def read_size(width: str, height: str, mines: str) -> Size | str:
    """The size the editor's fields give, or why they give none: a sentence in the player's language."""
    try:
        sides, count = (int(width), int(height)), int(mines)
    except ValueError:
        return _("Size not changed: the width, height and mines are whole numbers.")
    number = formats().number
    if not all(1 <= side <= MAX_SIDE for side in sides):
        return _("Size not changed: a side is 1 to {most} cells long.").format(most=number(MAX_SIDE))
    most = most_mines(*sides)
    if not 0 <= count <= most:
        text = ngettext(
            "Size not changed: a board of that size takes 0 to {most} mine.",
            "Size not changed: a board of that size takes 0 to {most} mines.",
            most,
        )
        return text.format(most=number(most))
    return Size(sides[0], sides[1], count)
