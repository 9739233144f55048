"""No-guess boards: mines placed so that logic alone clears the board from the first click.

Glossary:
    trial     a simulated player on a candidate board: opens the first click, then applies the
              solver's rules (solver.Reasoner), opening each cell they prove safe, until the board
              is clear or nothing more is provable (stuck)
    log       the cells the trial opened or proved mined, in order; a prefix of it stays valid as long
              as the numbers of the cells it opened are unchanged
    repair    on a stuck board, pick a frontier number at random and move the mines of its unknown
              neighbours to safe unknown cells that touch no open number (else to any unknown cell);
              its need is then 0, so it clears them. Only unknown cells change, and the trial rewinds
              to just before it opened the first cell whose number changed: every deduction it keeps
              holds on the new board, so the final board is solved from its first click by logic
    draw      a layout taken only if logic solves it as drawn; attempt: a layout and its repairs
    work      cells settled, pairs compared, states counted, cells scanned: a deterministic budget,
              so one seed gives the same board (or the same NoGuessUnavailable) on every machine

Method, chosen by measurement (CPython 3.11, first click at the centre; bench/solver.py):
- Filtering alone, drawing layouts until logic solves one, works for small boards but not dense ones:
  logic solves 92% of drawn beginner layouts, 71% at intermediate, 16% at expert (about 6 draws,
  10 ms) and none of 100 at 30x16/130.
- Repairing solves dense boards too: no failure over 200 seeds with random first clicks, at expert
  or at 30x16/130.
- So both: up to 10 layouts are drawn and taken only if solved as drawn (uniform among no-guess
  boards, where a repaired board has its moved mines away from the open area), then layouts are
  repaired. Median per board: 0.2, 0.7, 8 and 48 ms for beginner, intermediate, expert and
  30x16/130 (Pyodide in Node: 0.5, 2.2, 20, 74 ms), against targets of 500 and 2000 ms in the page.
  Filling a number's unknown neighbours with mines instead of emptying them was tried: done first,
  it fails 24 of 30 boards at 30x16/160; as a fallback it changed nothing measurable.
- Sizes with no such board give up when the budget (50 units a cell, plus 150 000) is spent: 0.1 s
  for 30x16/300, 1.2 s for 100x100/2500, about 9 s for 256x256/20000.
- So a game refuses at once (`check_size`) the sizes generation does not reliably serve in about half
  a second in the page (Pyodide takes ~2.4x CPython's time here). Failures per seed (CPython, centre
  click): 9x9/30 1 of 20, 16x16/77 0, 16x16/90 2, 30x16/144 0, 30x16/160 1, 30x16/192 5; 50x50/500 0,
  50x50/625 3, 70x70/980 0 of 10 (median 0.17 s), 70x70/1100 1, 85x85/1445 0 (0.3 s), 100x100/1600
  0 (0.08 s), 100x100/1800 0 (0.26 s), 100x100/2000 0 (0.4 s; 1 s, at worst 3 s, in the page),
  100x100/2200 1, 100x100/2500 10 of 10. The share of mines offered falls as boards grow: 30% up to
  1000 cells, 20% up to 5000, 16% up to 10 000, and no larger boards.
"""

from __future__ import annotations

import random

from .board import Board
from .grid import Cell, Size
from .placement import FirstClick, NoGuessUnavailable, place_mines
from .probability import TooComplex
from .solver import MINE, UNKNOWN, Reasoner

WORK_PER_CELL = 50
WORK_BASE = 150_000
MAX_CELLS = 10_000
SHARES = ((1_000, 30), (5_000, 20), (MAX_CELLS, 16))  # up to so many cells, so many % of mines at most


def share(cells: int) -> int:
    """The most mines, in % of the cells, a no-guess board of `cells` cells is offered with (0: none)."""
    return next((percent for most, percent in SHARES if cells <= most), 0)


def most_mines(cells: int) -> int:
    """The most mines a no-guess board of `cells` cells is offered with."""
    return cells * share(cells) // 100


def check_size(size: Size) -> None:
    """NoGuessUnavailable, at once, for a size past those generation reliably serves (see above)."""
    if size.cells > MAX_CELLS:
        raise NoGuessUnavailable(
            f"no-guess board {size}: more than {MAX_CELLS} cells is too big to make in time",
            "too big",
            MAX_CELLS,
        )
    if size.mines > most_mines(size.cells):
        raise NoGuessUnavailable(
            f"no-guess board {size}: more than {most_mines(size.cells)} mines ({share(size.cells)}% of"
            f" {size.cells} cells) is too dense for logic alone",
            "too dense",
            most_mines(size.cells),
        )


def place_no_guess(
    size: Size,
    first: Cell,
    rng: random.Random,
    *,
    draws: int = 10,
    attempts: int = 8,
    work: int | None = None,
) -> Board:
    """A board whose first click at `first` opens an area (as FirstClick.OPENING) and that logic
    alone solves from there. The first `draws` layouts are taken only as drawn; the `attempts`
    after them are repaired. NoGuessUnavailable when `work` (by default in proportion to the
    board) runs out first."""
    budget = Budget(WORK_PER_CELL * size.cells + WORK_BASE if work is None else work)
    for attempt in range(draws + attempts):
        board = place_mines(size, first, FirstClick.OPENING, rng)
        repairs = 0 if attempt < draws else max(20, size.cells // 8)
        try:
            solved = Trial.run(board, first, rng, budget, repairs)
        except TooComplex:
            break
        if solved is not None:
            return solved
        if budget.spent():
            break
    raise NoGuessUnavailable(
        f"no-guess board {size}: none found within the work budget; try fewer mines or a bigger board"
    )


class Budget:
    """Work left for the whole search, across attempts."""

    def __init__(self, work: int) -> None:
        self.left = work

    def charge(self, work: int) -> None:
        self.left -= work

    def spent(self) -> bool:
        return self.left <= 0


class Trial(Reasoner):
    """A simulated player who opens every cell the rules prove safe, on a board it may repair."""

    def __init__(self, size: Size, mines: set[Cell], numbers: list[int]) -> None:
        super().__init__(size)
        self.mines = mines
        self.numbers = numbers
        self.log: list[Cell] = []  # an opened cell, or ~cell for a cell proved mined
        self.opened = 0

    @classmethod
    def run(cls, board: Board, first: Cell, rng: random.Random, budget: Budget, repairs: int) -> Board | None:
        """Solve, repairing up to `repairs` times; the solved board, or None when this attempt gives up."""
        mines, numbers = set(board.mines), list(board.numbers)
        trial = cls(board.size, mines, numbers)
        trial.found_safe(first)
        while True:
            solved = trial.solve(budget)
            if solved or budget.spent() or not repairs:
                break
            repairs -= 1
            work = trial.work
            changed = trial.repair(rng)
            if changed is None:
                return None
            trial = trial.rewind(changed)
            budget.charge(trial.work - work)
        if not solved:
            return None
        return Board(board.size, frozenset(mines))

    def found_safe(self, cell: Cell) -> None:
        self.log.append(cell)
        self.opened += 1
        self.open(cell, self.numbers[cell])

    def found_mine(self, cell: Cell) -> None:
        self.log.append(~cell)
        self.settle(cell, MINE)

    @property
    def cleared(self) -> bool:
        return self.opened == self.size.cells - self.size.mines

    def solve(self, budget: Budget) -> bool:
        """Apply the rules until the board is clear (True) or nothing more is provable (False)."""
        while not self.cleared:
            before = self.work
            self.settle_locally()
            if not self.cleared and not self.exact_step(max(budget.left, 0)):
                budget.charge(self.work - before)
                return False
            budget.charge(self.work - before)
            if budget.spent():
                return False
        return True

    def repair(self, rng: random.Random) -> set[Cell] | None:
        """Empty the unknown neighbours of one frontier number (chosen at random), moving their mines
        to safe unknown cells that touch no open number if there is room, else to any; the cells
        changed, or None if no number can be emptied."""
        status, mines = self.status, self.mines
        room = [c for c in range(self.size.cells) if status[c] == UNKNOWN and c not in mines]
        self.work += self.size.cells // 8
        near = {c for a in self.frontier for c in self.table[a] if status[c] == UNKNOWN}
        far = [c for c in room if c not in near]
        for a in rng.sample(sorted(self.frontier), len(self.frontier)):
            around = self.unknown_around(a)
            movers = [c for c in around if c in mines]
            # `far` holds no cell of `around`; `room` holds its safe cells, which cannot take a mine.
            if len(far) >= len(movers):
                return self.move_all(movers, rng.sample(far, len(movers)))
            if len(room) - (len(around) - len(movers)) >= len(movers):
                return self.move_all(movers, rng.sample([c for c in room if c not in around], len(movers)))
        return None

    def move_all(self, mined: list[Cell], targets: list[Cell]) -> set[Cell]:
        for old, new in zip(mined, targets, strict=True):
            self.move(old, new)
        return set(mined) | set(targets)

    def move(self, old: Cell, new: Cell) -> None:
        self.mines.remove(old)
        self.mines.add(new)
        for n in self.table[old]:
            self.numbers[n] -= 1
        for n in self.table[new]:
            self.numbers[n] += 1

    def rewind(self, changed: set[Cell]) -> Trial:
        """A fresh trial that knows what this one knew before it opened a cell whose number changed."""
        hit = {n for c in changed for n in self.table[c]}
        # The first click is a click, not a deduction: it stays even when its own number changed.
        keep = next((i for i, c in enumerate(self.log) if i and c >= 0 and c in hit), len(self.log))
        trial = Trial(self.size, self.mines, self.numbers)
        trial.work, trial.memo = self.work, self.memo
        for entry in self.log[:keep]:
            if entry >= 0:
                trial.found_safe(entry)
            else:
                trial.found_mine(~entry)
        return trial
