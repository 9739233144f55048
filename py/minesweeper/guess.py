"""How to guess when logic proves no cell safe: the policy behind the hint, after the best solvers.

Glossary:
    safety      a cell's chance of not being a mine; as a count, the layouts in which it is safe
    value       the number a safe cell shows. Its chance is the share of layouts in which the cell is
                safe and shows it; opening the cell keeps only those layouts
    secondary safety  the chance of surviving a guess and the best guess after it: over the values the
                cell may show, that value's chance times the best safety of the position it leaves
                (D. Hill's JSMinesweeper solver ranks guesses by it: "plays the major part")
    blended safety  how guesses are ranked: secondary safety with the next move's safety blended as
                JSMinesweeper does, 4/5 the safest cell's and 1/5 the second safest's. A position that
                leaves two good cells beats one that leaves a single good cell (+0.9 points on
                intermediate, classic, 10 000 paired games; no change measured on beginner or expert)
    progress    the chance that the guess, survived, proves another cell safe: a small bonus (x 1.001 at
                most, as in JSMinesweeper) that settles near-equal cells in favour of moving on
    dead cell   a cell whose value is the same in every layout where it is safe: opening it teaches
                nothing. One is guessed only when every candidate is dead
    candidates  the cells worth looking ahead from: frontier cells within 10% of the best safety, and
                when the interior is within 5% of it, a few interior cells (two steps from a number, or
                with few covered neighbours: likelier to show a zero). The safest are looked at first,
                and no new one once the counts have done LOOK_AHEAD_WORK
    fifty-fifty two cells holding one mine between them that no opening can ever tell apart (every cell
                next to one but not the other is a known mine): a forced guess, taken at once
    endgame     few layouts left: list them all and search every line of play for the surest win
    frame       what counting needs from the reasoner: its constraints, the unknown cells, mines left
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from .grid import Cell, Size
from .placement import FirstClick
from .probability import Constraint, Layouts, TooComplex, chains_of, combine, count_layouts

UNKNOWN, MINE = 0, 2  # the reasoner's cell statuses (solver.py)
CUT_OFF = Fraction(9, 10)  # frontier candidates: at least 90% of the best safety (JSMinesweeper's)
OFF_EDGE = Fraction(19, 20)  # interior candidates when the interior has 95% of the best safety
MOST_CANDIDATES = 10
MOST_INTERIOR = 4
PROGRESS = Fraction(1, 1000)  # progress's weight in the score (JSMinesweeper's tiny tie-break)
# The work (boxes walked back, states counted forward) after which the look-ahead takes no new
# candidate (the safest come first). Measured over 135 expert hints: median 1057, 90% under 6261,
# the largest 20597; this cuts only the largest frontiers, which took up to 1.5 s on CPython.
LOOK_AHEAD_WORK = 8000
ENDGAME_LAYOUTS = 120  # search every line of play when at most this many layouts remain
ENDGAME_CELLS = 48
ENDGAME_WORK = 300_000  # layouts x cells the endgame search may look at before it gives up


class Why(StrEnum):
    """Why the hint names its cell."""

    PROVEN = "proven"  # logic proves it safe
    SAFEST = "safest"  # no cell is safer (and none ranks higher on blended safety)
    LOOK_AHEAD = "look-ahead"  # riskier than the safest, but it leaves safer next moves (blended safety)
    ENDGAME = "endgame"  # the best chance to win, every line of play searched
    FIFTY_FIFTY = "fifty-fifty"  # a 50/50 no opening can ever settle: guessed now, as it must be
    ESTIMATE = "estimate"  # too complex to count: the least risky by estimate


@dataclass(frozen=True)
class Guess:
    """A cell to open, why, and what it offers: `survival` is the chance of surviving it and the next
    guess (look-ahead) or of winning (endgame); None when that was not computed."""

    cell: Cell
    why: Why
    survival: Fraction | None = None


@dataclass(frozen=True)
class Frame:
    """The unknown cells as counting sees them (see the glossary)."""

    size: Size
    table: tuple[tuple[Cell, ...], ...]
    status: bytearray
    constraints: list[tuple[list[Cell], int]]
    unknown: list[Cell]
    mines: int

    def unknown_around(self, cell: Cell) -> list[Cell]:
        return [n for n in self.table[cell] if self.status[n] == UNKNOWN]


@dataclass(frozen=True)
class Outlook:
    """A candidate's look-ahead, as counts of layouts: safe, survived twice, blended (see the glossary),
    with progress; dead or not."""

    cell: Cell
    safe: int
    alive: int
    blended: Fraction
    progress: int
    dead: bool

    def score(self, total: int) -> Fraction:
        return self.blended / total * (1 + PROGRESS * Fraction(self.progress, total))


def first_click(size: Size, rule: FirstClick) -> Cell:
    """The cell to open first: a corner when only the clicked cell is kept safe (likeliest to be a 0),
    (3, 3) with an opening (its 3x3 is kept free, and away from the walls it opens most)."""
    if rule is FirstClick.OPENING:
        return size.cell(min(3, (size.height - 1) // 2), min(3, (size.width - 1) // 2))
    return 0


def choose(frame: Frame, layouts: Layouts, flagged: Collection[Cell], work: int | None) -> Guess:
    """The guess for a position in which no cell is safe (see the glossary); `layouts` its count."""
    try:
        # A fifty-fifty first: it must be guessed, and nothing else depends on how it falls.
        pair = fifty_fifty(frame, layouts, flagged, work)
        if pair is not None:
            return Guess(pair, Why.FIFTY_FIFTY, Fraction(1, 2))
        ending = endgame(frame, layouts, flagged)
        if ending is not None:
            return ending
        return look_ahead(frame, layouts, flagged, work)
    except TooComplex:
        return Guess(safest(frame, layouts, flagged), Why.SAFEST)


def mined_count(layouts: Layouts, cell: Cell) -> int:
    return layouts.mined.get(cell, layouts.interior_mined)


def safest(frame: Frame, layouts: Layouts, flagged: Collection[Cell]) -> Cell:
    return min(frame.unknown, key=lambda c: (mined_count(layouts, c), c in flagged, c))


# -- look-ahead ------------------------------------------------------------------------------------


def look_ahead(frame: Frame, layouts: Layouts, flagged: Collection[Cell], work: int | None) -> Guess:
    """The candidate with the best secondary safety (living cells first, then progress, safety)."""
    total = layouts.total
    best: Outlook | None = None
    counter = Counter(frame, total, work)
    for cell in candidates(frame, layouts):
        if best is not None and counter.spent > LOOK_AHEAD_WORK:
            break
        safe = total - mined_count(layouts, cell)
        # Surviving twice is never likelier than surviving once: a cell below the best score is out.
        bar = best.score(total) if best is not None and not best.dead else Fraction(0)
        if safe * (1 + PROGRESS) < bar * total:
            continue
        outlook = outlook_of(frame, cell, safe, counter, bar)
        if outlook is None:
            continue
        if best is None or rank(outlook, total, flagged) > rank(best, total, flagged):
            best = outlook
    assert best is not None  # a position with no safe cell has unknown cells, so candidates
    riskier = best.safe < total - min(mined_count(layouts, c) for c in frame.unknown)
    return Guess(best.cell, Why.LOOK_AHEAD if riskier else Why.SAFEST, Fraction(best.alive, total))


def rank(outlook: Outlook, total: int, flagged: Collection[Cell]) -> tuple[bool, Fraction, int, bool, int]:
    return (not outlook.dead, outlook.score(total), outlook.safe, outlook.cell not in flagged, -outlook.cell)


def candidates(frame: Frame, layouts: Layouts) -> list[Cell]:
    """The cells worth a look-ahead, safest first (see the glossary)."""
    total = layouts.total
    frontier = sorted(layouts.mined, key=lambda c: (layouts.mined[c], c))
    interior = [c for c in frame.unknown if c not in layouts.mined]
    best = total - min(
        [layouts.mined[c] for c in frontier[:1]] + ([layouts.interior_mined] if interior else [])
    )
    chosen = [c for c in frontier if total - layouts.mined[c] >= CUT_OFF * best][:MOST_CANDIDATES]
    if interior and total - layouts.interior_mined >= OFF_EDGE * best:
        chosen += off_edge(frame, interior)
    # Dead candidates are passed over when another exists: the next frontier cells stand by for that.
    chosen += [c for c in frontier if c not in chosen][:4]
    return sorted(chosen, key=lambda c: (mined_count(layouts, c), c))


def off_edge(frame: Frame, interior: list[Cell]) -> list[Cell]:
    """A few interior cells, fewest covered neighbours first (likelier zeros): those next to the
    frontier (two steps from a number) and those with at most 3 covered neighbours (corners, walls)."""
    inside = set(interior)
    near = {n for cells, _ in frame.constraints for cell in cells for n in frame.table[cell] if n in inside}
    covered = {c: len(frame.unknown_around(c)) for c in interior}
    pool = near | {c for c in interior if covered[c] <= 3}
    return sorted(pool or interior, key=lambda c: (covered[c], c))[:MOST_INTERIOR]


def outlook_of(frame: Frame, cell: Cell, safe: int, counter: Counter, bar: Fraction) -> Outlook | None:
    """Open `cell` with each value it may show; count what each leaves (see `Outlook`). None as soon
    as the layouts left cannot lift its score to `bar` (a share of all layouts)."""
    alive = progress = values = 0
    blended = Fraction(0)
    left = safe  # layouts in which the cell is safe, not yet counted
    for layouts in counter.opened(cell):
        values += 1
        least, second = two_safest(layouts)
        alive += layouts.total - least
        blended += layouts.total - Fraction(4 * least + second, 5)
        progress += layouts.total if least == 0 else 0
        left -= layouts.total
        if (blended + left) * (1 + PROGRESS) < bar * counter.total:
            return None
    return Outlook(cell, safe, alive, blended, progress, values <= 1)


def two_safest(layouts: Layouts) -> tuple[int, int]:
    """The mined counts of the safest unknown cell and of the next one (the same if it is alone)."""
    counts = sorted([*layouts.mined.values(), *[layouts.interior_mined] * min(layouts.interior, 2)])
    if not counts:
        return 0, 0
    return counts[0], counts[min(1, len(counts) - 1)]


class Counter:
    """Counts of the position with one more cell open. Opening a cell changes only the components
    (probability.py) around it: the others keep their forward counts, and only the whole is recombined."""

    def __init__(self, frame: Frame, total: int, work: int | None) -> None:
        self.frame = frame
        self.total = total
        self.work = work
        self.chains = chains_of(frame.constraints)
        for chain in self.chains:
            chain.count_forward(work)
        self.chain_of = {
            cell: i for i, chain in enumerate(self.chains) for box in chain.boxes for cell in box.cells
        }
        self.named = len(self.chain_of)
        self.boxes = sum(len(chain.boxes) for chain in self.chains)
        # The counts' work so far: each walks every chain back (a step per box) and the new ones forward.
        self.spent = 0

    def opened(self, cell: Cell) -> list[Layouts]:
        """The count after `cell` opens, for each value it may show (those that can be)."""
        frame = self.frame
        around = frame.unknown_around(cell)
        touched = {self.chain_of[c] for c in (cell, *around) if c in self.chain_of}
        kept = [chain for i, chain in enumerate(self.chains) if i not in touched]
        indices = {k for i in touched for box in self.chains[i].boxes for k in box.constraints}
        rest = [
            ([c for c in frame.constraints[k][0] if c != cell], frame.constraints[k][1])
            for k in sorted(indices)
        ]
        newly = sum(c not in self.chain_of for c in around)  # interior cells it makes frontier
        interior = len(frame.unknown) - self.named - newly - (cell not in self.chain_of)
        found = []
        for value in range(len(around) + 1):
            constraints: list[Constraint] = [*rest, (around, value)]
            if any(not cells and need for cells, need in constraints):
                continue
            fresh = chains_of(constraints)
            spent = sum(chain.count_forward(self.work) for chain in fresh)
            layouts = combine(kept + fresh, interior, frame.mines, spent, self.work)
            self.spent += self.boxes + spent
            if layouts.total:
                found.append(layouts)
        return found


# -- fifty-fifties ---------------------------------------------------------------------------------


def fifty_fifty(frame: Frame, layouts: Layouts, flagged: Collection[Cell], work: int | None) -> Cell | None:
    """A cell of a fifty-fifty no opening can settle (see the glossary), or None."""
    total, table, status = layouts.total, frame.table, frame.status
    halves = sorted(c for c, n in layouts.mined.items() if 2 * n == total)
    for a in halves:
        for b in halves:
            if b <= a or b not in table[a]:
                continue
            apart = (set(table[a]) ^ set(table[b])) - {a, b}
            if all(status[c] == MINE for c in apart) and one_mine(frame, (a, b), total, work):
                return b if a in flagged and b not in flagged else a
    return None


def one_mine(frame: Frame, pair: Sequence[Cell], total: int, work: int | None) -> bool:
    """Every layout puts exactly one mine in `pair`."""
    constraints: list[Constraint] = [*frame.constraints, (list(pair), 1)]
    named = {c for cells, _ in constraints for c in cells}
    return count_layouts(constraints, len(frame.unknown) - len(named), frame.mines, work).total == total


# -- endgame ---------------------------------------------------------------------------------------


def endgame(frame: Frame, layouts: Layouts, flagged: Collection[Cell]) -> Guess | None:
    """The cell with the best chance to win, every line of play searched, when few layouts remain."""
    if layouts.total > ENDGAME_LAYOUTS or len(frame.unknown) > ENDGAME_CELLS:
        return None
    listed = list_layouts(frame)
    search = Search(frame)
    try:
        wins = {i: search.wins_after(tuple(listed), i) for i in range(len(frame.unknown))}
    except TooComplex:
        return None
    cells = frame.unknown
    best = max(
        wins, key=lambda i: (wins[i], -mined_count(layouts, cells[i]), cells[i] not in flagged, -cells[i])
    )
    return Guess(cells[best], Why.ENDGAME, Fraction(wins[best], len(listed)))


def list_layouts(frame: Frame) -> list[int]:
    """Every layout of the unknown cells, as a bit mask over `frame.unknown` (bit i: cell i is mined)."""
    index = {cell: i for i, cell in enumerate(frame.unknown)}
    need = [n for _, n in frame.constraints]
    left = [len(cells) for cells, _ in frame.constraints]
    named_by: list[list[int]] = [[] for _ in frame.unknown]
    for k, (cells, _) in enumerate(frame.constraints):
        for cell in cells:
            named_by[index[cell]].append(k)
    # Named cells first, in the order the constraints name them: the constraints prune early.
    order = sorted(range(len(frame.unknown)), key=lambda i: (not named_by[i], min(named_by[i], default=0), i))
    found: list[int] = []

    def place(step: int, mines: int, mask: int) -> None:
        if mines > len(order) - step or mines < 0:
            return
        if step == len(order):
            found.append(mask)
            return
        i = order[step]
        for mine in (0, 1):
            if any(not 0 <= need[k] - mine <= left[k] - 1 for k in named_by[i]):
                continue
            for k in named_by[i]:
                need[k] -= mine
                left[k] -= 1
            place(step + 1, mines - mine, mask | (mine << i))
            for k in named_by[i]:
                need[k] += mine
                left[k] += 1

    place(0, frame.mines, 0)
    return found


class Search:
    """The most layouts that play can win from a set of layouts (each equally likely): open a cell
    that is not a mine in all of them, keep those that agree with the value it shows, go on."""

    def __init__(self, frame: Frame) -> None:
        index = {cell: i for i, cell in enumerate(frame.unknown)}
        self.around = [sum(1 << index[n] for n in frame.unknown_around(cell)) for cell in frame.unknown]
        self.memo: dict[tuple[int, ...], int] = {}
        self.work = 0

    def wins(self, layouts: tuple[int, ...]) -> int:
        if len(layouts) == 1:
            return 1
        known = self.memo.get(layouts)
        if known is not None:
            return known
        self.work += len(layouts) * len(self.around)
        if self.work > ENDGAME_WORK:
            raise TooComplex(f"endgame: more than {ENDGAME_WORK} work")
        safe_counts = [(sum(1 for m in layouts if not m >> i & 1), i) for i in range(len(self.around))]
        best = 0
        for safe, i in sorted(safe_counts, reverse=True):
            if safe <= best or best == len(layouts):
                break
            best = max(best, self.wins_after(layouts, i))
        self.memo[layouts] = best
        return best

    def wins_after(self, layouts: tuple[int, ...], i: int) -> int:
        """The layouts won by opening cell i now and playing on as well as can be."""
        groups: dict[int, list[int]] = {}
        around = self.around[i]
        for m in layouts:
            if not m >> i & 1:
                groups.setdefault((m & around).bit_count(), []).append(m)
        if len(groups) == 1 and len(next(iter(groups.values()))) == len(layouts):
            return 0  # safe everywhere and the same value everywhere: it teaches nothing
        return sum(self.wins(tuple(group)) for group in groups.values())
