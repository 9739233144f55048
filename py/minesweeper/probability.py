"""Exact mine odds: count every mine layout of the covered cells that agrees with the open numbers.

Glossary:
    constraint  the covered cells around one open number and how many of them are mines (its need)
    frontier    covered cells that some constraint names; interior: the other covered cells, about
                which the numbers say nothing (only the total mine count bounds them)
    box         frontier cells named by exactly the same constraints. They are interchangeable, so a
                box of s cells holding j mines is one step of the count standing for comb(s, j) layouts
    component   boxes linked through shared constraints; two components never constrain each other
    chain       a component's boxes in breadth-first order from one end (a frontier is mostly a curve),
                so that few constraints are partly decided at any point of the chain
    state       the needs still to meet of the partly decided constraints. The count keeps, per state,
                a polynomial in the number of mines placed so far (entry k: ways to place k mines)
    weight      a layout of the frontier with m mines stands for comb(interior, mines - m) layouts of
                the whole board: this is where the total mine count decides

Method: each chain is counted forward (state by state, box by box: a dynamic programme whose size
follows the frontier's width, not its length, so a 100-cell frontier costs about what a 10-cell one
does per cell); the components' polynomials are combined by convolution in the mine count, then each
chain is walked backward with the weight of "everything else" (the other components and the interior)
to give every box the number of layouts in which it holds each mine. All arithmetic is on Python ints,
so probabilities come out as exact fractions whatever the board size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from operator import add, mul
from typing import TypeAlias

from .grid import Cell

Constraint: TypeAlias = tuple[Sequence[Cell], int]
Poly: TypeAlias = list[int]  # entry k: the number of ways with k mines
State: TypeAlias = tuple[int, ...]


class TooComplex(Exception):
    """The count would take more work than the caller's budget allows."""


@dataclass(frozen=True)
class Layouts:
    """How many layouts of the covered cells agree with the numbers, in all and with each cell mined."""

    total: int
    mined: dict[Cell, int]  # frontier cell -> layouts in which it is a mine
    interior: int  # how many covered cells no constraint names
    interior_mined: int  # layouts in which one given interior cell is a mine (the same for each)
    work: int = 0  # states visited, weighted by the length of their polynomials: the count's cost

    def probability(self, cell: Cell) -> Fraction:
        """The chance that a frontier cell (or, for a cell not in `mined`, an interior cell) is a mine."""
        return Fraction(self.mined.get(cell, self.interior_mined), self.total)


@dataclass(frozen=True)
class Box:
    """Frontier cells touched by exactly the same constraints: they share every count."""

    cells: tuple[Cell, ...]
    constraints: frozenset[int]


def count_layouts(
    constraints: Sequence[Constraint], interior: int, mines: int, budget: int | None = None
) -> Layouts:
    """Count the layouts of `mines` mines over the constrained cells plus `interior` other cells.

    A total of 0 means no layout agrees: the numbers contradict each other or the mine count.
    `budget` caps the work (TooComplex beyond it); None counts whatever it takes.
    """
    if any(not cells and need for cells, need in constraints) or mines < 0:
        return Layouts(0, {}, interior, 0)
    chains = chains_of(constraints)
    spent = 0
    for chain in chains:
        spent += chain.count_forward(None if budget is None else budget - spent)
    return combine(chains, interior, mines, spent, budget)


def combine(chains: list[Chain], interior: int, mines: int, spent: int, budget: int | None) -> Layouts:
    """The whole count from counted chains: convolve them, weigh by the interior, walk each back."""
    # Each component's polynomial less the mines it holds in every layout (its `low`), so that the
    # convolutions run over the spread of mine counts, not over the whole frontier.
    lows = [next((k for k, n in enumerate(chain.poly) if n), 0) for chain in chains]
    polys = [chain.poly[low:] for chain, low in zip(chains, lows, strict=True)]
    length = sum(map(len, polys))
    spent += length * length // 2
    if budget is not None and spent > budget:
        raise TooComplex(f"more than {budget} work")
    # The product of the components before each one; after it, the weight of every way to fill
    # the components that follow and the interior.
    prefix = [[1]]
    for poly in polys:
        prefix.append(convolve(prefix[-1], poly))
    whole = prefix.pop()
    weights = fill_weights(interior, mines - sum(lows), len(whole))
    total = dot(whole, weights)
    mined: dict[Cell, int] = {}
    suffix = weights
    for chain, low, poly, before in reversed(list(zip(chains, lows, polys, prefix, strict=True))):
        if total:
            rest = [0] * low + [dot(before, suffix[k:]) for k in range(len(poly))]
            mined.update(chain.count_backward(rest))
        suffix = [dot(poly, suffix[m:]) for m in range(len(before))]
    interior_mined = 0
    if interior:
        interior_mined = dot(whole, fill_weights(interior - 1, mines - 1 - sum(lows), len(whole)))
    return Layouts(total, mined, interior, interior_mined, spent)


@dataclass(frozen=True)
class Certain:
    """Frontier cells safe, or mined, in every agreeing layout; the same for the interior cells."""

    safe: list[Cell]
    mined: list[Cell]
    interior_safe: bool
    interior_mined: bool
    consistent: bool  # some layout agrees at all
    work: int


Memo: TypeAlias = dict[frozenset[tuple[tuple[Cell, ...], int]], "Chain"]


def certain_cells(
    constraints: Sequence[Constraint],
    interior: int,
    mines: int,
    budget: int | None = None,
    memo: Memo | None = None,
) -> Certain:
    """The cells that every agreeing layout settles the same way (count_layouts gives the odds).

    When every mine count the frontier can hold leaves the interior neither full nor empty, the
    total decides nothing: each component is then settled on its own, and a component met before
    (in `memo`) costs nothing. Otherwise the whole count decides.
    """
    if any(not cells and need for cells, need in constraints) or mines < 0:
        return Certain([], [], False, False, False, 0)
    memo = {} if memo is None else memo
    spent = 0
    chains = []
    for chain in chains_of(constraints):
        known = memo.get(chain.key)
        if known is None:
            spent += chain.count_forward(None if budget is None else budget - spent)
            known = memo[chain.key] = chain
        chains.append(known)
    low = sum(next((k for k, n in enumerate(chain.poly) if n), 0) for chain in chains)
    high = sum(len(chain.poly) - 1 for chain in chains)
    if not (all(any(chain.poly) for chain in chains) and mines - high >= 1 and mines - low <= interior - 1):
        layouts = combine(chains, interior, mines, spent, budget)
        total = layouts.total
        return Certain(
            [c for c, n in layouts.mined.items() if n == 0],
            [c for c, n in layouts.mined.items() if n == total],
            interior > 0 and layouts.interior_mined == 0,
            interior > 0 and layouts.interior_mined == total,
            total > 0,
            layouts.work,
        )
    safe, mined = [], []
    for chain in chains:
        if chain.settled is None:
            chain.settled = chain.settle()
            spent += len(chain.settled[0]) + len(chain.settled[1]) + len(chain.boxes)
        safe.extend(chain.settled[0])
        mined.extend(chain.settled[1])
    return Certain(safe, mined, False, False, True, spent)


def chains_of(constraints: Sequence[Constraint]) -> list[Chain]:
    needs = [need for _, need in constraints]
    return [Chain(boxes, needs, constraints) for boxes in components(boxes_of(constraints))]


def fill_weights(interior: int, mines: int, count: int) -> list[int]:
    """For m = 0..count-1: the ways to put the other `mines - m` mines among `interior` cells."""
    weights = []
    # comb(n, k - 1) = comb(n, k) * k / (n - k + 1): one big binomial, then a product per step.
    k = mines
    weight = comb(interior, k) if k >= 0 else 0
    for _ in range(count):
        if k < 0:
            weight = 0
        weights.append(weight)
        if weight:
            weight = weight * k // (interior - k + 1)
        elif 0 <= k - 1 <= interior:
            weight = comb(interior, k - 1)
        k -= 1
    return weights


def boxes_of(constraints: Sequence[Constraint]) -> list[Box]:
    """The frontier cells grouped by the set of constraints that name them, in first-seen order."""
    named: dict[Cell, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            named.setdefault(cell, []).append(index)
    groups: dict[frozenset[int], list[Cell]] = {}
    for cell, indices in named.items():
        groups.setdefault(frozenset(indices), []).append(cell)
    return [Box(tuple(cells), key) for key, cells in groups.items()]


def components(boxes: list[Box]) -> list[list[Box]]:
    """Boxes split into independent components, each ordered as a chain (see the glossary)."""
    by_constraint: dict[int, list[int]] = {}
    for index, box in enumerate(boxes):
        for k in box.constraints:
            by_constraint.setdefault(k, []).append(index)
    links = [
        sorted({j for k in box.constraints for j in by_constraint[k]} - {i}) for i, box in enumerate(boxes)
    ]
    seen: set[int] = set()
    result = []
    for start in range(len(boxes)):
        if start in seen:
            continue
        far = breadth_first(start, links)[-1]  # one end of the component: start the chain there
        order = breadth_first(far, links)
        seen.update(order)
        result.append([boxes[i] for i in order])
    return result


def breadth_first(start: int, links: list[list[int]]) -> list[int]:
    order, seen = [start], {start}
    for node in order:
        for nxt in links[node]:
            if nxt not in seen:
                seen.add(nxt)
                order.append(nxt)
    return order


@dataclass(frozen=True)
class Step:
    """How one box moves the state: which old slots carry on, which constraints start or finish."""

    size: int
    carry: tuple[tuple[int, int, int, int], ...]  # per next slot: old index or -1, start need, in box, cap
    closing: tuple[tuple[int, int], ...]  # constraints this box finishes: old index or -1, start need

    def moves(self, state: State) -> list[tuple[int, State]]:
        """Each mine count j the box may hold in this state, with the state after it."""
        low, high = 0, self.size
        for old, need in self.closing:
            left = state[old] if old >= 0 else need
            low, high = max(low, left), min(high, left)
        for old, need, inside, cap in self.carry:
            if inside:
                left = state[old] if old >= 0 else need
                low, high = max(low, left - cap), min(high, left)
        carry = self.carry
        return [
            (j, tuple([(state[old] if old >= 0 else need) - j * inside for old, need, inside, _ in carry]))
            for j in range(low, high + 1)
        ]


class Chain:
    """One component's boxes and the counts along them (forward polynomials, then backward weights)."""

    def __init__(self, boxes: list[Box], needs: list[int], constraints: Sequence[Constraint]) -> None:
        self.boxes = boxes
        self.steps = plan(boxes, needs)
        named = {k for box in boxes for k in box.constraints}
        # What the component is, whatever order its constraints came in: the key of `memo`.
        self.key = frozenset((tuple(sorted(constraints[k][0])), needs[k]) for k in named)
        self.settled: tuple[list[Cell], list[Cell]] | None = None  # safe and mined, once known
        self.poly: Poly = []
        self.forward: list[dict[State, Poly]] = []
        self.moves: list[dict[State, list[tuple[int, int, State]]]] = []

    def count_forward(self, budget: int | None) -> int:
        """Fill `poly` (ways per mine count in this component); returns the work done."""
        level: dict[State, Poly] = {(): [1]}
        visited = 0
        limit = -1 if budget is None else max(budget, 0)  # -1: no limit
        for step in self.steps:
            self.forward.append(level)
            nxt: dict[State, Poly] = {}
            moves: dict[State, list[tuple[int, int, State]]] = {}
            width = len(next(iter(level.values()), [])) + step.size
            cost = 1 + width // 8  # a state's share of the work: its polynomial's length, roughly
            for state, poly in level.items():
                moves[state] = found = []
                for j, after in step.moves(state):
                    ways = comb(step.size, j)
                    target = nxt.get(after)
                    if target is None:
                        target = nxt[after] = [0] * width
                        visited += cost
                    for m, count in enumerate(poly, j):
                        if count:
                            target[m] += ways * count
                    found.append((j, ways, after))
                # Checked per state, not per box: one box can multiply the states ninefold.
                if visited > limit >= 0:
                    raise TooComplex(f"more than {budget} work")
            self.moves.append(moves)
            level = nxt
        self.poly = level.get((), [0])
        return visited

    def settle(self) -> tuple[list[Cell], list[Cell]]:
        """The cells safe, and those mined, in every layout of this component."""
        counts = self.count_backward([1] * len(self.poly))
        every = sum(self.poly)
        return [c for c, n in counts.items() if n == 0], [c for c, n in counts.items() if n == every]

    def count_backward(self, rest: Poly) -> dict[Cell, int]:
        """For each cell, the weighted layouts in which it is a mine; `rest[k]` weighs k mines here."""
        later: dict[State, Poly] = {(): rest}
        mined: dict[Cell, int] = {}
        for box, level, moves in zip(
            reversed(self.boxes), reversed(self.forward), reversed(self.moves), strict=True
        ):
            here: dict[State, Poly] = {}
            in_box = 0
            for state, poly in level.items():
                width = len(poly)
                weight = [0] * width
                for j, ways, after in moves[state]:
                    segment = later[after][j : j + width]
                    if j:
                        in_box += j * ways * sum(map(mul, poly, segment))
                    weight = list(map(add, weight, segment if ways == 1 else [ways * w for w in segment]))
                here[state] = weight
            # The box's cells are interchangeable: each holds an equal share of the box's mines.
            share = in_box // len(box.cells)
            mined.update(dict.fromkeys(box.cells, share))
            later = here
        return mined


def plan(boxes: list[Box], needs: list[int]) -> list[Step]:
    """The steps of a chain: for each box, how the active constraints' needs carry over."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    cells_left: dict[int, int] = {}
    for i, box in enumerate(boxes):
        for k in box.constraints:
            first.setdefault(k, i)
            last[k] = i
            cells_left[k] = cells_left.get(k, 0) + len(box.cells)
    steps = []
    active: list[int] = []
    for i, box in enumerate(boxes):
        for k in box.constraints:
            cells_left[k] -= len(box.cells)
        where = {k: index for index, k in enumerate(active)}
        after = [k for k in active if last[k] > i] + sorted(
            k for k in box.constraints if first[k] == i and last[k] > i
        )
        carry = tuple((where.get(k, -1), needs[k], int(k in box.constraints), cells_left[k]) for k in after)
        closing = tuple((where.get(k, -1), needs[k]) for k in sorted(box.constraints) if last[k] == i)
        steps.append(Step(len(box.cells), carry, closing))
        active = after
    return steps


def dot(a: Sequence[int], b: Sequence[int]) -> int:
    return sum(map(mul, a, b))


def convolve(a: Poly, b: Poly) -> Poly:
    result = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b, i):
                result[j] += x * y
    return result
