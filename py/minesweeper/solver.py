"""What logic proves from what a player sees: safe cells, mines, exact odds, and a hint.

Glossary:
    position    what a player sees: the size (with the total mine count), each open cell's number and
                which cells are covered. Flags are the player's opinion, not facts: a flagged cell is
                simply covered here.
    need        an open number minus the mines already known around it
    single rule a number whose need is 0 clears its unknown neighbours; one whose need equals its
                count of unknown neighbours mines them all
    pair rule   two numbers whose unknown neighbours overlap: the overlap holds at least and at most so
                many mines, which can settle the cells only one of them sees (the subset rule and the
                1-2 rule are its special cases)
    exact step  count every layout that agrees with the numbers and the total (probability.py): a cell
                mined in none of them is safe, a cell mined in all of them is a mine. Nothing further is
                provable, so `solve` is complete.
    reasoner    the working state the rules share with no-guess generation: per cell unknown, safe or
                mine; per open number its need and its count of unknown neighbours
    hint        a cell logic proves safe; failing that, the best guess (guess.py: exact odds, a look
                ahead at the next move, fifty-fifties at once, every line searched near the end)
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .board import Board
from .grid import BoardError, Cell, Size, neighbour_table
from .guess import Frame, Why, choose
from .probability import Layouts, Memo, TooComplex, certain_cells, count_layouts

UNKNOWN, SAFE, MINE = 0, 1, 2
COVERED = "#"


class InconsistentPosition(BoardError):
    """No mine layout agrees with the numbers shown (and the mine count): not a position from a game."""


class InvalidPosition(BoardError):
    """A position that cannot be read: wrong length, a number outside 0..8, a bad picture."""


@dataclass(frozen=True)
class Position:
    """What a player sees. `view[cell]` is the open cell's number, or None for a covered cell. A game's
    is `Position(game.size, game.view)` (game.Game.view: flags count as covered)."""

    size: Size
    view: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if len(self.view) != self.size.cells:
            raise InvalidPosition(
                f"position {self.size}: has {len(self.view)} cells, expected {self.size.cells}"
            )
        bad = [n for n in self.view if n is not None and not (isinstance(n, int) and 0 <= n <= 8)]
        if bad:
            raise InvalidPosition(f"position {self.size}: number {bad[0]!r} is not 0..8")

    @classmethod
    def from_board(cls, board: Board, opened: Iterable[Cell]) -> Position:
        """The position of `board` with the `opened` cells open (they must be safe)."""
        view: list[int | None] = [None] * board.size.cells
        for cell in opened:
            if cell in board.mines:
                raise InvalidPosition(f"cell {cell!r}: is a mine, it cannot be open")
            view[cell] = board.numbers[cell]
        return cls(board.size, tuple(view))

    @classmethod
    def from_text(cls, text: str, mines: int) -> Position:
        """A position drawn one row per line: `#` covered, `.` or `0` an open 0, `1`..`8` open numbers."""
        rows = [row.strip() for row in textwrap.dedent(text).strip("\n").splitlines()]
        width = len(rows[0]) if rows else 0
        if not width or any(len(row) != width for row in rows):
            raise InvalidPosition(f"position {text!r}: rows must be non-empty and equally long")
        chars = "".join(rows)
        if set(chars) - set(COVERED + ".012345678"):
            raise InvalidPosition(f"position {text!r}: cells are {COVERED}, . or 0..8")
        view = tuple(None if c == COVERED else 0 if c == "." else int(c) for c in chars)
        return cls(Size(width, len(rows), mines), view)

    @property
    def covered(self) -> frozenset[Cell]:
        return frozenset(cell for cell, n in enumerate(self.view) if n is None)

    def to_text(self) -> str:
        chars = [COVERED if n is None else str(n or ".") for n in self.view]
        width = self.size.width
        return "\n".join("".join(chars[start : start + width]) for start in range(0, len(chars), width))


@dataclass(frozen=True)
class Deductions:
    """Covered cells that are safe, or mines, in every layout that agrees with a position."""

    safe: frozenset[Cell]
    mined: frozenset[Cell]


@dataclass(frozen=True)
class Hint:
    """A cell to open next and its chance of being a mine. `exact` is False only when the position
    was too complex to count within the work allowed: `probability` is then a local estimate.
    `why` says how it was chosen; `least` is the lowest risk of any covered cell (below `probability`
    when the look-ahead chose a riskier-looking cell); `survival` the chance of surviving this move and
    the next (look-ahead) or of winning (endgame), when computed."""

    cell: Cell
    probability: Fraction
    exact: bool = True
    why: Why = Why.SAFEST
    least: Fraction | None = None
    survival: Fraction | None = None

    @property
    def certain(self) -> bool:
        """Logic proves the cell safe."""
        return self.exact and self.probability == 0


@dataclass(frozen=True)
class Chances:
    """Each covered cell's chance of being a mine. `exact` is False when the position was too complex
    to count within the work allowed: the figures are then local estimates (`Reasoner.estimates`)."""

    cells: dict[Cell, Fraction]
    exact: bool


HINT_WORK = 300_000  # about 0.3 s on CPython, under 1 s in the page, on the hardest positions


def solve(position: Position, *, work: int | None = None) -> Deductions:
    """Every covered cell the position proves safe or mined (InconsistentPosition if no layout
    agrees; TooComplex if counting would take more than `work`)."""
    reasoner = Reasoner.of(position)
    reasoner.settle_locally()
    reasoner.exact_step(work)
    covered = position.covered
    status = reasoner.status
    return Deductions(
        frozenset(c for c in covered if status[c] == SAFE), frozenset(c for c in covered if status[c] == MINE)
    )


def probabilities(position: Position, *, work: int | None = None) -> dict[Cell, Fraction]:
    """The exact chance that each covered cell is a mine, over all layouts that agree with the view
    (InconsistentPosition if none does; TooComplex if counting would take more than `work`)."""
    reasoner = Reasoner.of(position)
    reasoner.settle_locally()
    return reasoner.odds(reasoner.layouts(work), position.covered)


def chances(position: Position, *, work: int = HINT_WORK) -> Chances:
    """`probabilities` when counting fits in `work`, else estimates: never slower than `work` allows
    (InconsistentPosition if no layout agrees)."""
    reasoner = Reasoner.of(position)
    reasoner.settle_locally()
    return reasoner.chances(position.covered, work)


def hint(position: Position, *, flagged: Collection[Cell] = (), work: int = HINT_WORK) -> Hint | None:
    """A cell logic proves safe (the first in reading order), else the best guess (guess.py); None
    when every covered cell is a mine. Among cells equally good, one not `flagged` (the player's flags,
    which the position ignores): a flagged one only when it is the best alone. Counting past `work`
    falls back to the least risky cell by estimate."""
    reasoner = Reasoner.of(position)
    reasoner.settle_locally()
    return reasoner.hint(position.covered, frozenset(flagged), work)


def least_risky(odds: dict[Cell, Fraction], flags: frozenset[Cell], *, exact: bool) -> Hint | None:
    """The covered cell least likely to be a mine, one not flagged among equals; None if all are mines."""
    choices = [(p, cell in flags, cell) for cell, p in odds.items() if p < 1]
    if not choices:
        return None
    p, _, cell = min(choices)
    exact = exact or p == 0  # an estimate of 0 is a cell the rules settled: certain
    why = Why.PROVEN if p == 0 else Why.SAFEST if exact else Why.ESTIMATE
    return Hint(cell, p, exact, why, p)


@cache
def reach_table(width: int, height: int) -> tuple[tuple[Cell, ...], ...]:
    """For each cell, the other cells within two steps (a 5x5 square): those that can share a neighbour."""
    table = []
    for row in range(height):
        rows = range(max(row - 2, 0), min(row + 3, height))
        for col in range(width):
            cols = range(max(col - 2, 0), min(col + 3, width))
            table.append(tuple(r * width + c for r in rows for c in cols if (r, c) != (row, col)))
    return tuple(table)


class Reasoner:
    """A player's knowledge and the rules that grow it. Subclasses decide what a safe cell yields:
    here it is only marked; no-guess generation opens it and reads its number from the board."""

    def __init__(self, size: Size) -> None:
        self.size = size
        self.table = neighbour_table(size.width, size.height)
        self.reach = reach_table(size.width, size.height)
        self.status = bytearray(size.cells)
        self.number = [-1] * size.cells  # -1 until the cell is open
        self.need = [0] * size.cells
        self.around = [0] * size.cells  # unknown neighbours of an open cell
        self.frontier: set[Cell] = set()  # open cells with unknown neighbours
        self.queue: list[Cell] = []  # open cells to try the single rule on
        self.touched: set[Cell] = set()  # open cells changed since the pair rule last looked
        self.unknown = size.cells
        self.mines_known = 0
        self.memo: Memo = {}  # components already counted, for repeated exact steps
        self.work = 0  # cells settled, pairs tried, states counted: effort measured the same everywhere

    @classmethod
    def of(cls, position: Position) -> Reasoner:
        reasoner = cls(position.size)
        for cell, number in enumerate(position.view):
            if number is not None:
                reasoner.open(cell, number)
        return reasoner

    # -- knowledge ---------------------------------------------------------------------------------

    def open(self, cell: Cell, number: int) -> None:
        """`cell` is open and shows `number`."""
        if self.status[cell] == UNKNOWN:
            self.settle(cell, SAFE)
        status = self.status
        mines = unknown = 0
        for n in self.table[cell]:
            if status[n] == MINE:
                mines += 1
            elif status[n] == UNKNOWN:
                unknown += 1
        self.number[cell] = number
        self.need[cell] = number - mines
        self.around[cell] = unknown
        if unknown:
            self.frontier.add(cell)
        self.queue.append(cell)
        self.touched.add(cell)

    def settle(self, cell: Cell, status: int) -> None:
        """An unknown cell is now known to be safe or a mine."""
        self.status[cell] = status
        self.unknown -= 1
        self.work += 1
        mine = status == MINE
        self.mines_known += mine
        number, around, need = self.number, self.around, self.need
        for n in self.table[cell]:
            if number[n] >= 0:
                around[n] -= 1
                need[n] -= mine
                if not around[n]:
                    self.frontier.discard(n)
                self.queue.append(n)
                self.touched.add(n)

    def found_safe(self, cell: Cell) -> None:
        self.settle(cell, SAFE)

    def found_mine(self, cell: Cell) -> None:
        self.settle(cell, MINE)

    def unknown_around(self, cell: Cell) -> list[Cell]:
        status = self.status
        return [n for n in self.table[cell] if status[n] == UNKNOWN]

    # -- rules -------------------------------------------------------------------------------------

    def settle_locally(self) -> None:
        """Apply the single and pair rules until neither finds anything."""
        while self.single_rule() | self.pair_rule():
            pass

    def single_rule(self) -> bool:
        found = False
        queue, around, need = self.queue, self.around, self.need
        while queue:
            cell = queue.pop()
            unknown = around[cell]
            if not unknown:
                if need[cell]:
                    raise InconsistentPosition(f"cell {self.size.row_col(cell)}: its number cannot be met")
                continue
            if need[cell] == 0:
                for n in self.unknown_around(cell):
                    self.found_safe(n)
            elif need[cell] == unknown:
                for n in self.unknown_around(cell):
                    self.found_mine(n)
            elif not 0 < need[cell] < unknown:
                raise InconsistentPosition(f"cell {self.size.row_col(cell)}: its number cannot be met")
            else:
                continue
            found = True
        return found

    def pair_rule(self) -> bool:
        """Try every pair of frontier numbers of which one changed since the last call."""
        touched, self.touched = self.touched, set()
        found = False
        frontier, reach, need = self.frontier, self.reach, self.need
        for a in sorted(touched & frontier):
            for b in reach[a]:
                if b in frontier and a in frontier:
                    found |= self.pair(a, b, need[a], need[b])
        return found

    def pair(self, a: Cell, b: Cell, need_a: int, need_b: int) -> bool:
        """The rule on one pair, both ways round: bound the mines in the shared cells, settle the rest."""
        self.work += 1
        cells_a, cells_b = self.unknown_around(a), self.unknown_around(b)
        shared = len(set(cells_a).intersection(cells_b))
        if not shared:
            return False
        only_a = [c for c in cells_a if c not in cells_b]
        only_b = [c for c in cells_b if c not in cells_a]
        most = min(shared, need_a, need_b)
        least = max(0, need_a - len(only_a), need_b - len(only_b))
        found = False
        for only, need in ((only_a, need_a), (only_b, need_b)):
            if not only:
                continue
            if need - most == len(only):
                for c in only:
                    self.found_mine(c)
                found = True
            elif need - least == 0:
                for c in only:
                    self.found_safe(c)
                found = True
        return found

    def odds(self, layouts: Layouts, covered: Iterable[Cell]) -> dict[Cell, Fraction]:
        """Each covered cell's chance of being a mine: 0 or 1 where settled, else from `layouts`."""
        settled = {SAFE: Fraction(0), MINE: Fraction(1)}
        status, mined, interior = self.status, layouts.mined, layouts.interior_mined
        # One Fraction per distinct count: reducing a count of a huge board's layouts costs a gcd of
        # thousand-digit numbers, and every interior cell (and every cell of a box) shares its count.
        # The interior's is made once, outside the dict: hashing a thousand-digit count per cell of a
        # 256x256 board cost more than the counting (0.35 s).
        shared: dict[int, Fraction] = {}
        inside: Fraction | None = None
        odds = {}
        for cell in sorted(covered):
            if status[cell] != UNKNOWN:
                odds[cell] = settled[status[cell]]
                continue
            count = mined.get(cell)
            if count is None:
                if inside is None:
                    inside = Fraction(interior, layouts.total)
                odds[cell] = inside
                continue
            if count not in shared:
                shared[count] = Fraction(count, layouts.total)
            odds[cell] = shared[count]
        return odds

    def hint(self, covered: Collection[Cell], flags: frozenset[Cell], work: int) -> Hint | None:
        """`hint` from what this reasoner knows (its rules applied): a safe cell, else the best guess."""
        proven = self.proven(covered, flags)
        if proven is not None:
            return proven
        try:
            layouts = self.layouts(work)
        except TooComplex:
            return least_risky(self.estimates(covered), flags, exact=False)
        return self.best(layouts, self.odds(layouts, covered), flags, work)

    def proven(self, covered: Collection[Cell], flags: frozenset[Cell]) -> Hint | None:
        """The first covered cell in reading order known to be safe and not flagged, as a hint."""
        safe = [cell for cell in covered if self.status[cell] == SAFE and cell not in flags]
        return Hint(min(safe), Fraction(0), why=Why.PROVEN) if safe else None

    def best(
        self, layouts: Layouts, odds: dict[Cell, Fraction], flags: frozenset[Cell], work: int | None
    ) -> Hint | None:
        """The hint from a count and its odds: a cell the count proves safe, else the guess policy's."""
        # Counting may prove safe a cell the rules did not, which a flagged safe cell would hide.
        found = least_risky(odds, flags, exact=True)
        if found is None or found.certain:
            return found
        guess = choose(self.frame(), layouts, flags, work)
        return Hint(guess.cell, odds[guess.cell], True, guess.why, found.probability, guess.survival)

    def chances(self, covered: Iterable[Cell], work: int | None) -> Chances:
        try:
            return Chances(self.odds(self.layouts(work), covered), True)
        except TooComplex:
            return Chances(self.estimates(covered), False)

    def estimates(self, covered: Iterable[Cell]) -> dict[Cell, Fraction]:
        """Rough chances, for positions too complex to count: for a frontier cell, the highest share
        of mines any number around it asks of its unknown neighbours; elsewhere, the mines left
        spread over the unknown cells."""
        status, need, around = self.status, self.need, self.around
        mines_left = Fraction(self.size.mines - self.mines_known, max(self.unknown, 1))
        odds = {SAFE: Fraction(0), MINE: Fraction(1)}
        estimates = {}
        for cell in sorted(covered):
            if status[cell] != UNKNOWN:
                estimates[cell] = odds[status[cell]]
                continue
            shares = [Fraction(need[n], around[n]) for n in self.table[cell] if self.number[n] >= 0]
            estimates[cell] = max(shares) if shares else mines_left
        return estimates

    def frame(self) -> Frame:
        """What the guess policy counts over: constraints, the unknown cells, the mines among them."""
        unknown = [c for c in range(self.size.cells) if self.status[c] == UNKNOWN]
        mines = self.size.mines - self.mines_known
        return Frame(self.size, self.table, self.status, self.constraints(), unknown, mines)

    def constraints(self) -> list[tuple[list[Cell], int]]:
        return [(self.unknown_around(a), self.need[a]) for a in sorted(self.frontier)]

    def layouts(self, budget: int | None = None) -> Layouts:
        """All layouts of the unknown cells that agree with the open numbers and the mine count."""
        constraints = self.constraints()
        named = {c for cells, _ in constraints for c in cells}
        mines = self.size.mines - self.mines_known
        layouts = count_layouts(constraints, self.unknown - len(named), mines, budget)
        self.work += layouts.work
        if not layouts.total:
            raise InconsistentPosition(f"position {self.size}: no mine layout agrees with the numbers shown")
        return layouts

    def exact_step(self, budget: int | None = None) -> bool:
        """Settle every unknown cell that is safe or mined in all agreeing layouts; True if any."""
        constraints = self.constraints()
        named = {c for cells, _ in constraints for c in cells}
        interior = self.unknown - len(named)
        mines = self.size.mines - self.mines_known
        certain = certain_cells(constraints, interior, mines, budget, self.memo)
        self.work += certain.work
        if not certain.consistent:
            raise InconsistentPosition(f"position {self.size}: no mine layout agrees with the numbers shown")
        safe, mined = certain.safe, certain.mined
        if certain.interior_safe or certain.interior_mined:
            inner = [c for c in range(self.size.cells) if self.status[c] == UNKNOWN and c not in named]
            (safe if certain.interior_safe else mined).extend(inner)
        for cell in sorted(safe):
            if self.status[cell] == UNKNOWN:
                self.found_safe(cell)
        for cell in sorted(mined):
            if self.status[cell] == UNKNOWN:
                self.found_mine(cell)
        return bool(safe or mined)
