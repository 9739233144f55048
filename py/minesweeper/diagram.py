"""A diagram: a position as the analysis board shows it, flags included, and its link.

Glossary:
    diagram    the size (with the total mine count), each open cell's number (None: covered) and the
               player's flags, on covered cells. The solver reads only the numbers (flags are opinions,
               not facts): solver.Position(diagram.size, diagram.view)
    code       the analysis link's `W.H.M.CELLS` (`index.html#analysis=CODE`): width, height and mines in
               decimal, then one character a cell, row-major: `0`-`8` open, `H` covered, `F` flagged
    canonical  the one spelling `to_code` writes (no leading zeros, capitals); `from_code` reads nothing
               else, so a diagram has one code
    picture    a diagram drawn for tests and the command line, one row a line: `#` covered, `F` flagged,
               `.` or `0` an open 0, `1`-`8` open numbers

Example: the 3x2 board with one mine shown as

    1F#
    11#      has the code 3.2.1.1FH11H
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from .grid import MAX_SIDE, BoardError, Cell, Size, is_whole, most_mines

COVERED, FLAG = "H", "F"
DRAWN_COVERED = "#"
SIDE = re.compile(r"[1-9][0-9]{0,2}")
COUNT = re.compile(r"0|[1-9][0-9]{0,5}")


class InvalidDiagram(BoardError):
    """A diagram that cannot be: a view of the wrong length, a number outside 0..8, a flag on an open
    cell or off the board, a picture that is not one."""


class InvalidAnalysisCode(BoardError):
    """An analysis link's code that cannot be read; the message quotes it and says what was expected."""


@dataclass(frozen=True)
class Diagram:
    """What the analysis board shows: `view[cell]` an open cell's number or None, `flags` covered cells."""

    size: Size
    view: tuple[int | None, ...]
    flags: frozenset[Cell] = frozenset()

    def __post_init__(self) -> None:
        if len(self.view) != self.size.cells:
            raise InvalidDiagram(
                f"diagram {self.size}: has {len(self.view)} cells, expected {self.size.cells}"
            )
        # Over the distinct values only: a review makes a diagram per action of an expert game.
        bad = [n for n in set(self.view) if n is not None and not (is_whole(n) and 0 <= n <= 8)]
        if bad:
            raise InvalidDiagram(f"diagram {self.size}: number {bad[0]!r} is not 0..8")
        for flag in sorted(self.flags):
            if not (is_whole(flag) and 0 <= flag < self.size.cells):
                raise InvalidDiagram(f"diagram {self.size}: flag {flag!r} is off the board")
            if self.view[flag] is not None:
                raise InvalidDiagram(f"diagram {self.size}: flag on cell {flag}, which is open")

    @property
    def covered(self) -> frozenset[Cell]:
        return frozenset(cell for cell, n in enumerate(self.view) if n is None)

    @classmethod
    def from_text(cls, text: str, mines: int) -> Diagram:
        """The diagram a picture draws (see the glossary), indentation and blank lines around it ignored."""
        rows = [row.strip() for row in textwrap.dedent(text).strip("\n").splitlines()]
        width = len(rows[0]) if rows else 0
        if not width or any(len(row) != width for row in rows):
            raise InvalidDiagram(f"picture {text!r}: rows must be non-empty and equally long")
        chars = "".join(rows)
        if set(chars) - set(DRAWN_COVERED + FLAG + ".012345678"):
            raise InvalidDiagram(f"picture {text!r}: cells are {DRAWN_COVERED}, {FLAG}, . or 0-8")
        view = tuple(None if c in DRAWN_COVERED + FLAG else 0 if c == "." else int(c) for c in chars)
        flags = frozenset(cell for cell, c in enumerate(chars) if c == FLAG)
        return cls(Size(width, len(rows), mines), view, flags)

    def to_text(self) -> str:
        drawn = {COVERED: DRAWN_COVERED, "0": "."}
        chars = [drawn.get(char, char) for char in map(self.char, range(len(self.view)))]
        width = self.size.width
        return "\n".join("".join(chars[start : start + width]) for start in range(0, len(chars), width))

    def char(self, cell: Cell) -> str:
        """The cell as the code writes it: its number, F or H."""
        number = self.view[cell]
        return str(number) if number is not None else FLAG if cell in self.flags else COVERED


def to_code(diagram: Diagram) -> str:
    """The canonical analysis code of `diagram`."""
    size = diagram.size
    cells = "".join(diagram.char(cell) for cell in range(size.cells))
    return f"{size.width}.{size.height}.{size.mines}.{cells}"


def from_code(code: str) -> Diagram:
    """The diagram an analysis code names; InvalidAnalysisCode quotes the code and says what is wrong."""
    if not isinstance(code, str):
        raise InvalidAnalysisCode(f"analysis code {code!r}: must be text like 3.2.1.1FH11H")
    parts = code.split(".")
    if len(parts) != 4:
        raise InvalidAnalysisCode(
            f"analysis code {_quote(code)}: must be WIDTH.HEIGHT.MINES.CELLS, four parts"
        )
    width, height = (_side(code, name, text) for name, text in (("width", parts[0]), ("height", parts[1])))
    cells = _cells(code, parts[3], width * height)
    size = _size(code, width, height, parts[2])
    view = tuple(None if c in (COVERED, FLAG) else int(c) for c in cells)
    return Diagram(size, view, frozenset(cell for cell, c in enumerate(cells) if c == FLAG))


parse = from_code
format = to_code  # shadows the builtin inside this module only: callers write diagram.format


def _side(code: str, name: str, text: str) -> int:
    if SIDE.fullmatch(text) is None or not 1 <= int(text) <= MAX_SIDE:
        raise InvalidAnalysisCode(
            f"analysis code {_quote(code)}: {name} {text!r} must be a number 1 to {MAX_SIDE},"
            " no leading zeros"
        )
    return int(text)


def _size(code: str, width: int, height: int, mines: str) -> Size:
    most = most_mines(width, height)
    if COUNT.fullmatch(mines) is None or int(mines) > most:
        raise InvalidAnalysisCode(
            f"analysis code {_quote(code)}: mines {mines!r} must be a number 0 to {most}, no leading zeros"
        )
    return Size(width, height, int(mines))


def _cells(code: str, cells: str, count: int) -> str:
    bad = next((c for c in cells if c not in "012345678" + COVERED + FLAG), None)
    if bad is not None:
        raise InvalidAnalysisCode(
            f"analysis code {_quote(code)}: cell {bad!r} must be 0-8 (open), {COVERED} (covered)"
            f" or {FLAG} (flag)"
        )
    if len(cells) != count:
        raise InvalidAnalysisCode(f"analysis code {_quote(code)}: {count} cells expected, not {len(cells)}")
    return cells


def _quote(code: str) -> str:
    """The code in quotes, cut short: an expert diagram's code is 490 characters."""
    return repr(code) if len(code) <= 40 else repr(code[:37] + "...")
