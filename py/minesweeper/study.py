"""The analysis board: what logic says about any position, and why.

Glossary:
    study      what `study(diagram)` returns: each covered cell's chance of a mine, the cells proved safe
               and proved mined with a proof each, the hint (a proved-safe cell, else the best guess, with
               guess.Why), and the problem that makes the diagram impossible, if one does
    number     an open cell with covered neighbours: the constraint "so many of these cells are mines".
               Every covered cell around it is a free unknown here, flags included: flags are opinions
    proof      why a cell is proved: the numbers whose constraints alone force it (nothing else assumed:
               not the cells other numbers prove, nor the mine count), and its rule:
                 single  one number: a 0's covered neighbours are safe; a number with as many covered
                         neighbours as it shows has them all mined
                 pair    two numbers together (the 1-1 and 1-2 patterns, a number inside another...)
                 group   three or more together (the middle cell of a 1-2-1 needs all three)
                 count   the numbers alone do not force it, the total mine count does: its numbers are
                         those of the cell's front (every number, for a cell no number touches)
               Single and pair proofs are the smallest there are (all singles are tried, then all pairs
               around the cell). A group starts from the cell's derivation (below), or for a cell a
               count settles, from the numbers around it and then their neighbours one at a time until
               they force it; it then drops every number it can do without, the farthest first: no
               number of a proof is redundant (though a smaller group may exist)
    derivation the single and pair rules run on the numbers alone (`Tracer`), keeping for each cell they
               settle the numbers used: the rule's, and those that settled the cells it built on
    front      the numbers linked through the covered cells they share; a proof never leaves the cell's
    problem    why a diagram cannot come from a game, naming one cell (`Flaw`): a number with fewer
               covered neighbours than it shows; numbers that contradict each other (an irredundant set
               of them, the cell named the first in reading order); numbers that no layout meets with the
               board's mine count (`mines`: the fewest and the most mines the covered cells can hold; the
               cell named is the first number of the front when there are too few mines, none when too
               many); a number with more flags around it than it shows; more flags than mines (the last
               flag named). The first two kinds and the mine count leave no chances to show; the flag
               kinds do not stop the study (flags are opinions), they only say the flags cannot be right

Speed (bench/review.py, docs/review.md): chances and the hint cost what the hint costs (solver.py,
guess.py); proofs cost arithmetic for singles and pairs, and for a group a small count per number pruned.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .diagram import Diagram
from .grid import Cell, Size
from .probability import TooComplex, chains_of
from .solver import HINT_WORK, Hint, InconsistentPosition, Position, Reasoner, least_risky

Settled = tuple[frozenset[Cell], frozenset[Cell]]  # safe, mined


class Rule(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    GROUP = "group"
    COUNT = "count"


class Flaw(StrEnum):
    NUMBER = "number"  # a number with fewer covered neighbours than it shows
    NUMBERS = "numbers"  # numbers no layout meets together
    MINE_COUNT = "mine-count"  # the numbers and the board's mine count disagree
    FLAGS_AROUND = "flags-around"  # a number with more flags around it than it shows
    FLAGS = "flags"  # more flags than mines


FLAG_FLAWS = frozenset({Flaw.FLAGS_AROUND, Flaw.FLAGS})
RULES_BY_SIZE = {1: Rule.SINGLE, 2: Rule.PAIR}


@dataclass(frozen=True)
class Proof:
    """Why a cell is proved: the rule and the open numbers (cells) it takes."""

    rule: Rule
    numbers: frozenset[Cell]


@dataclass(frozen=True)
class Problem:
    """What makes a diagram impossible (see the glossary); `cell` the one named, `numbers` those involved."""

    flaw: Flaw
    cell: Cell | None
    numbers: frozenset[Cell] = frozenset()
    mines: tuple[int, int] | None = None  # for MINE_COUNT: the fewest and most mines the covered cells hold


@dataclass(frozen=True)
class Study:
    """Everything the analysis board shows about a diagram (see the glossary). `chances` covers every
    covered cell unless the numbers are impossible; `exact` is False when counting was too complex, and the
    chances are then estimates (proofs and proved cells are exact all the same)."""

    diagram: Diagram
    chances: dict[Cell, Fraction]
    exact: bool
    safe: frozenset[Cell]
    mined: frozenset[Cell]
    proofs: dict[Cell, Proof]
    hint: Hint | None
    problem: Problem | None

    @property
    def possible(self) -> bool:
        """The numbers agree with one another and with the mine count (flags aside)."""
        return self.problem is None or self.problem.flaw in FLAG_FLAWS


def study(diagram: Diagram, *, work: int = HINT_WORK) -> Study:
    """The study of `diagram`; counting past `work` gives estimated chances (solver.chances)."""
    front = Front.of(diagram)
    flag_problem = flags_problem(diagram, front)
    reasoner = Reasoner.of(Position(diagram.size, diagram.view))
    try:
        reasoner.settle_locally()
        chances, exact, hint = weigh(reasoner, diagram, work)
    except InconsistentPosition:
        impossible = numbers_problem(diagram, front)
        return Study(diagram, {}, True, frozenset(), frozenset(), {}, None, impossible)
    safe = frozenset(cell for cell, p in chances.items() if p == 0)
    mined = frozenset(cell for cell, p in chances.items() if p == 1)
    prover = Prover(front)
    proofs = {cell: prover.prove(cell, cell in mined) for cell in sorted(safe | mined)}
    return Study(diagram, chances, exact, safe, mined, proofs, hint, flag_problem)


def weigh(reasoner: Reasoner, diagram: Diagram, work: int) -> tuple[dict[Cell, Fraction], bool, Hint | None]:
    """Each covered cell's chance, exact or not, and the hint as solver.hint gives it
    (InconsistentPosition if no layout fits)."""
    covered, flags = diagram.covered, diagram.flags
    proven = reasoner.proven(covered, flags)
    try:
        layouts = reasoner.layouts(work)
    except TooComplex:
        with suppress(TooComplex):  # often within reach when the whole count is not
            reasoner.exact_step(work)
        estimates = reasoner.estimates(covered)
        return estimates, False, proven or least_risky(estimates, flags, exact=False)
    odds = reasoner.odds(layouts, covered)
    return odds, True, proven or reasoner.best(layouts, odds, flags, work)


# -- the front and its proofs ------------------------------------------------------------------------


@dataclass(frozen=True)
class Front:
    """The numbers with covered neighbours and how they touch (see the glossary)."""

    size: Size
    around: dict[Cell, tuple[Cell, ...]]  # number -> its covered neighbours
    shows: dict[Cell, int]  # number -> its value
    touching: dict[Cell, tuple[Cell, ...]]  # covered cell -> the numbers around it
    links: dict[Cell, tuple[Cell, ...]]  # number -> the other numbers sharing a covered cell with it

    @classmethod
    def of(cls, diagram: Diagram) -> Front:
        view, size = diagram.view, diagram.size
        around = {}
        for cell, number in enumerate(view):
            covered = tuple(n for n in size.neighbours(cell) if view[n] is None)
            if number is not None and covered:
                around[cell] = covered
        touching: dict[Cell, list[Cell]] = {}
        for number, cells in around.items():
            for cell in cells:
                touching.setdefault(cell, []).append(number)
        links = {
            number: tuple(sorted({m for cell in cells for m in touching[cell]} - {number}))
            for number, cells in around.items()
        }
        shows = {number: view[number] or 0 for number in around}
        return cls(size, around, shows, {c: tuple(ns) for c, ns in touching.items()}, links)

    def component(self, start: Iterable[Cell]) -> frozenset[Cell]:
        """The numbers linked to `start`, `start` included."""
        return frozenset(self.breadth_first(start))

    def breadth_first(self, start: Iterable[Cell]) -> list[Cell]:
        """`start`, then the numbers linked to them, nearest first."""
        order = list(start)
        seen = set(order)
        for number in order:
            fresh = [m for m in self.links[number] if m not in seen]
            seen.update(fresh)
            order += fresh
        return order


class Prover:
    """Finds each proved cell's proof (see the glossary), remembering what sets of numbers settle."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.memo: dict[frozenset[Cell], Settled | None] = {}
        self.pairs: dict[tuple[Cell, Cell], Settled] = {}
        self.traced: Tracer | None = None

    def prove(self, cell: Cell, mine: bool) -> Proof:
        """The proof of a proved cell (a mine when `mine`, else safe)."""
        front = self.front
        start = front.touching.get(cell, ())
        if not start:
            return Proof(Rule.COUNT, frozenset(front.around))
        for number in start:
            if front.shows[number] == (len(front.around[number]) if mine else 0):
                return Proof(Rule.SINGLE, frozenset((number,)))
        for a in start:
            for b in front.links[a]:
                if cell in self.pair(a, b)[mine]:
                    return Proof(Rule.PAIR, frozenset((a, b)))
        traced = self.tracer().used.get(cell)
        if traced is None or not self.forces(traced, cell, mine):
            component = front.component(start)
            if not self.forces(component, cell, mine):
                return Proof(Rule.COUNT, component)
            traced = frozenset(self.grow(start, cell, mine))  # a count settles it, not the rules
        numbers = self.prune(traced, cell, mine)
        return Proof(RULES_BY_SIZE.get(len(numbers), Rule.GROUP), numbers)

    def tracer(self) -> Tracer:
        """The derivations of the cells the rules settle, traced the first time a proof needs one."""
        if self.traced is None:
            self.traced = Tracer(self.front)
        return self.traced

    def grow(self, start: tuple[Cell, ...], cell: Cell, mine: bool) -> list[Cell]:
        """The numbers around `cell`, then the others one at a time in breadth-first order through the
        cells they share, until together they force it (the fewer, the cheaper their count and pruning)."""
        order = self.front.breadth_first(start)
        size = len(start)
        while not self.forces(frozenset(order[:size]), cell, mine):
            size += 1
        return order[:size]

    def prune(self, chosen: frozenset[Cell], cell: Cell, mine: bool) -> frozenset[Cell]:
        """`chosen` less every number it can do without, the farthest from `cell` tried first."""
        kept = set(chosen)
        size = self.front.size
        for number in sorted(chosen, key=lambda n: (-size.distance(n, cell), n)):
            trial = frozenset(kept - {number})
            if trial and self.forces(trial, cell, mine):
                kept.discard(number)
        return frozenset(kept)

    def forces(self, numbers: frozenset[Cell], cell: Cell, mine: bool) -> bool:
        settled = self.settled(numbers)
        return settled is not None and cell in settled[mine]

    def settled(self, numbers: frozenset[Cell]) -> Settled | None:
        """The cells the numbers' constraints alone settle (safe, mined); None if no layout meets them."""
        if numbers not in self.memo:
            self.memo[numbers] = self.count(numbers)
        return self.memo[numbers]

    def count(self, numbers: frozenset[Cell]) -> Settled | None:
        front = self.front
        constraints = [(front.around[n], front.shows[n]) for n in sorted(numbers)]
        safe: list[Cell] = []
        mined: list[Cell] = []
        for chain in chains_of(constraints):
            chain.count_forward(None)
            if not any(chain.poly):
                return None
            chain_safe, chain_mined = chain.settle()
            safe += chain_safe
            mined += chain_mined
        return frozenset(safe), frozenset(mined)

    def pair(self, a: Cell, b: Cell) -> Settled:
        """What two numbers settle together: the mines their shared cells hold lie in a range, which
        can settle the shared cells or those only one of them sees."""
        key = (a, b) if a < b else (b, a)
        if key not in self.pairs:
            self.pairs[key] = self.pair_rule(*key)
        return self.pairs[key]

    def pair_rule(self, a: Cell, b: Cell) -> Settled:
        front = self.front
        return pair_settles(front.around[a], front.shows[a], front.around[b], front.shows[b])


def pair_settles(cells_a: Sequence[Cell], need_a: int, cells_b: Sequence[Cell], need_b: int) -> Settled:
    """What two constraints settle together (all they settle: the mines their shared cells hold lie in a
    range, which can settle the shared cells or those only one of them names)."""
    shared = [c for c in cells_a if c in cells_b]
    only_a = [c for c in cells_a if c not in cells_b]
    only_b = [c for c in cells_b if c not in cells_a]
    most = min(len(shared), need_a, need_b)
    least = max(0, need_a - len(only_a), need_b - len(only_b))
    safe: list[Cell] = []
    mined: list[Cell] = []
    for only, need in ((only_a, need_a), (only_b, need_b)):
        if need - least == 0:
            safe += only
        elif need - most == len(only):
            mined += only
    if most == 0:
        safe += shared
    elif least == len(shared):
        mined += shared
    return frozenset(safe), frozenset(mined)


class Tracer:
    """The single and pair rules run on the numbers alone, keeping for each cell they settle the numbers
    its derivation used (the rule's, and those of the settled cells it built on): a candidate proof,
    small because it follows the derivation, which pruning then makes irredundant."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.mine: dict[Cell, bool] = {}  # the cells settled: a mine or not
        self.used: dict[Cell, frozenset[Cell]] = {}  # and the numbers that settled them
        queue = sorted(front.around, reverse=True)
        waiting = set(queue)
        while queue:
            number = queue.pop()
            waiting.discard(number)
            for cell in self.apply(number):
                fresh = [n for n in front.touching[cell] if n not in waiting]
                waiting.update(fresh)
                queue += fresh

    def apply(self, number: Cell) -> list[Cell]:
        """The single rule on `number`, then the pair rule on it and each number linked to it; the
        cells settled."""
        unknown, need, used = self.knowledge(number)
        found = self.settle(*pair_settles(unknown, need, (), 0), used | {number}) if unknown else []
        for other in self.front.links[number]:
            unknown, need, used = self.knowledge(number)
            other_unknown, other_need, other_used = self.knowledge(other)
            if unknown and other_unknown:
                settled = pair_settles(unknown, need, other_unknown, other_need)
                found += self.settle(*settled, used | other_used | {number, other})
        return found

    def knowledge(self, number: Cell) -> tuple[list[Cell], int, frozenset[Cell]]:
        """The number's unsettled cells, the mines it still needs, the numbers its settled cells used."""
        cells, mine, used = self.front.around[number], self.mine, self.used
        unknown = [c for c in cells if c not in mine]
        need = self.front.shows[number] - sum(mine.get(c, False) for c in cells)
        return unknown, need, frozenset().union(*(used[c] for c in cells if c in mine))

    def settle(self, safe: frozenset[Cell], mined: frozenset[Cell], used: frozenset[Cell]) -> list[Cell]:
        for cells, mine in ((safe, False), (mined, True)):
            for cell in cells:
                self.mine[cell], self.used[cell] = mine, used
        return [*safe, *mined]


# -- problems ----------------------------------------------------------------------------------------


def flags_problem(diagram: Diagram, front: Front) -> Problem | None:
    """A number with more flags around it than it shows, else more flags than mines, else None."""
    flags = diagram.flags
    for number, cells in sorted(front.around.items()):
        if sum(c in flags for c in cells) > front.shows[number]:
            return Problem(Flaw.FLAGS_AROUND, number, frozenset((number,)))
    if len(flags) > diagram.size.mines:
        return Problem(Flaw.FLAGS, max(flags))
    return None


def numbers_problem(diagram: Diagram, front: Front) -> Problem:
    """Why no layout agrees with the numbers of `diagram` (which the solver found: one of these is so)."""
    size, view = diagram.size, diagram.view
    for cell, number in enumerate(view):
        covered = sum(view[n] is None for n in size.neighbours(cell))
        if number is not None and number > covered:
            return Problem(Flaw.NUMBER, cell, frozenset((cell,)))
    prover = Prover(front)
    seen: set[Cell] = set()
    for number in sorted(front.around):
        if number in seen:
            continue
        component = front.component((number,))
        seen |= component
        if prover.settled(component) is None:
            culprits = contradiction(prover, sorted(component))
            return Problem(Flaw.NUMBERS, min(culprits), culprits)
    return count_problem(diagram, front)


def contradiction(prover: Prover, numbers: list[Cell]) -> frozenset[Cell]:
    """An irredundant set of `numbers` that no layout meets (they contradict each other)."""
    kept = set(numbers)
    for number in reversed(numbers):
        trial = frozenset(kept - {number})
        if trial and prover.settled(trial) is None:
            kept.discard(number)
    return frozenset(kept)


def count_problem(diagram: Diagram, front: Front) -> Problem:
    """The numbers agree, but not with the mine count: the fewest and most mines the cells can hold."""
    constraints = [(front.around[n], front.shows[n]) for n in sorted(front.around)]
    low = high = 0
    for chain in chains_of(constraints):
        chain.count_forward(None)
        counts = [k for k, ways in enumerate(chain.poly) if ways]
        low, high = low + counts[0], high + counts[-1]
    interior = len(diagram.covered) - len(front.touching)
    numbers = frozenset(front.around)
    cell = min(numbers) if diagram.size.mines < low and numbers else None
    return Problem(Flaw.MINE_COUNT, cell, numbers, (low, high + interior))
