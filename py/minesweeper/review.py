"""The review of a finished game: every action of its log judged from what the player could see then.

Glossary:
    position   what the player saw before an action: the open numbers (and the flags, kept with it as a
               diagram for the analysis board, but never trusted: flags are opinions, as in the solver)
    proved     a covered cell the position proves safe or mined (solver.py: the single and pair rules,
               then the exact count, which is complete). Cheap rules first: one reasoner walks the whole
               game, learning each opened number once, and keeps what counts proved; a count runs only
               when it leaves the action's cell unproved, from the position alone, as the hint counts
    chance     the chance of a mine the action took: the opened cell's; a chord's, that any cell it opens
               is a mine (all its cells at once, counted exactly); a flag's, that the cell is a mine.
               Exact (a Fraction) unless the position was too complex to count (`exact` False: an estimate,
               solver.Reasoner.estimates)
    least      the least chance of a mine of any covered cell (0 when one is proved safe)
    best       the best opening at that moment, with its chance `best_chance`: the proved-safe cell nearest
               to the action's cell; with none, for an opening among the least risky, the nearest least
               risky cell (the opened cell itself, for a reveal); for a riskier one, the hint's guess
               (guess.py: it may look riskier than `least`, as it looks ahead; it is worked out only then,
               the one costly step of a review)
    verdict    one per action of the log:
                 first     the first reveal: under the game's first-click rule every cell is as risky as
                           any other (chance 0 when the rule keeps it safe, else mines / cells)
                 safe      an opening of cells all proved safe (a reveal, or a chord)
                 forced    no cell was proved safe, and the opening was among the least risky
                           (chance == least) or was the hint's own best guess
                 risky     no cell was proved safe, and the opening was riskier than the least risky and
                           not the hint's guess
                 mistake   an opening of an unproved cell while a proved-safe cell existed; an opening
                           of a proved mine (for a chord: a flag around it is provably wrong); a flag on a
                           cell proved safe
                 flag      a flag on a proved mine
                 unproved  a flag on a cell proved neither safe nor mined
                 neutral   an action that changed nothing, or took a mark off (a flag, a question mark).
               A chord whose cells are unproved (its flags are guesses) is judged as any opening: a
               guess, forced, risky or a mistake by the rules above. Every action gets exactly one verdict
    guess      an opening whose chance was above 0 (the first click too, when its rule does not keep it
               safe), forced or not
    luck       the chance of surviving the guesses taken: the product of (1 - chance) over the guesses
    best luck  the same product with (1 - least) at the same moments: the survival the least risky cell
               offered each time. Never below luck (each factor is at least the one taken), never above 1
    score      per scored action (safe, forced, risky, mistake): safe and forced 100; risky
               100 * (1 - chance) / (1 - least), the share of the best survival kept; mistake 0
    decision   a scored action but a safe opening: a guess (forced, risky, or a mistake) or a flag on a
               proved-safe cell. Safe openings are left out of accuracy: an expert game has some 200 of
               them, which held the mean of every game within a few points of 100 (docs/review.md)
    accuracy   the mean score over the decisions (None when there are none: nothing was left to judge).
               Flags score only when they are mistakes; first clicks and neutral actions never score

Speed (bench/review.py, expert games of ~300 actions): see docs/review.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from .diagram import Diagram
from .game import NUMBER_OF, Action, Chord, Flag, Game, Look, Reveal, State
from .grid import Cell, Size
from .placement import FirstClick
from .probability import Layouts, TooComplex, count_layouts
from .solver import HINT_WORK, MINE, SAFE, UNKNOWN, Hint, Position, Reasoner, least_risky

CLOSED = (Look.COVERED, Look.QUESTION)  # what a reveal or a chord opens
SAFE_FIRST = (FirstClick.OPENING, FirstClick.SAFE)
HUNDRED = Fraction(100)


class Verdict(StrEnum):
    FIRST = "first"
    SAFE = "safe"
    FORCED = "forced"
    RISKY = "risky"
    MISTAKE = "mistake"
    FLAG = "flag"
    UNPROVED = "unproved"
    NEUTRAL = "neutral"


SCORED = frozenset({Verdict.SAFE, Verdict.FORCED, Verdict.RISKY, Verdict.MISTAKE})
DECISIONS = SCORED - {Verdict.SAFE}  # what accuracy averages (see the glossary)


@dataclass(frozen=True)
class Judgement:
    """One action of the log judged (see the glossary); `move` its index in game.log."""

    move: int
    action: Action
    verdict: Verdict
    before: Diagram
    chance: Fraction | None = None
    exact: bool = True
    least: Fraction | None = None
    best: Cell | None = None
    best_chance: Fraction | None = None
    lost: bool = False  # this action lost the game

    @property
    def cell(self) -> Cell:
        return self.action.cell

    @property
    def survival(self) -> Fraction | None:
        """The chance of not hitting a mine: 1 - chance."""
        return None if self.chance is None else 1 - self.chance

    @property
    def best_survival(self) -> Fraction | None:
        return None if self.best_chance is None else 1 - self.best_chance

    @property
    def guess(self) -> bool:
        """An opening that risked a mine."""
        return isinstance(self.action, Reveal | Chord) and bool(self.chance)

    @property
    def score(self) -> Fraction | None:
        """The action's score out of 100 (see the glossary); None for an action not scored."""
        if self.verdict not in SCORED:
            return None
        if self.verdict is Verdict.RISKY:
            assert self.chance is not None and self.least is not None
            return HUNDRED * (1 - self.chance) / (1 - self.least)
        return HUNDRED * (self.verdict is not Verdict.MISTAKE)


@dataclass(frozen=True)
class Summary:
    """A review's figures (see the glossary)."""

    counts: dict[Verdict, int]
    guesses: int
    luck: Fraction
    best_luck: Fraction
    accuracy: Fraction | None
    exact: bool  # every chance counted exactly


@dataclass(frozen=True)
class Review:
    judgements: tuple[Judgement, ...]
    summary: Summary


def review(game: Game, *, work: int = HINT_WORK, safe_start: Cell | None = None) -> Review:
    """Every action of `game`'s log judged in order; counting past `work` gives estimates. `safe_start`: a
    cell the player knew safe before the first click (see Referee)."""
    referee = Referee(game, work, safe_start)
    judgements = tuple(referee.next(action) for action in game.log)
    return Review(judgements, summarise(judgements))


def summarise(judgements: Sequence[Judgement]) -> Summary:
    counts = {verdict: 0 for verdict in Verdict}
    for judgement in judgements:
        counts[judgement.verdict] += 1
    guesses = [j for j in judgements if j.guess]
    luck = product(1 - (j.chance or Fraction(0)) for j in guesses)
    best_luck = product(1 - (j.least or Fraction(0)) for j in guesses)
    scores = [score for j in judgements if j.verdict in DECISIONS and (score := j.score) is not None]
    accuracy = sum(scores, Fraction(0)) / len(scores) if scores else None
    exact = all(j.exact for j in judgements)
    return Summary(counts, len(guesses), luck, best_luck, accuracy, exact)


def product(factors: Iterable[Fraction]) -> Fraction:
    result = Fraction(1)
    for factor in factors:
        result *= factor
    return result


def first_chance(game: Game) -> Fraction:
    """The first reveal's chance of a mine: 0 where the rules keep it safe, else mines / cells."""
    kept = not game.given_board and (game.rules.no_guess or game.rules.first_click in SAFE_FIRST)
    return Fraction(0) if kept else Fraction(game.size.mines, game.size.cells)


class Referee:
    """Replays a game action by action, judging each from the position before it (see the glossary)."""

    def __init__(self, game: Game, work: int, safe_start: Cell | None = None) -> None:
        """`safe_start`: a cell the player knew safe before the first click, whatever the board: a daily
        board's marked start, which its rules make the first click (the board is given, so any other first
        click risks mines / cells)."""
        self.size: Size = game.size
        self.work = work
        self.first = first_chance(game)
        self.safe_start = safe_start
        self.replay = Game.from_board(game.board, game.rules) if game.board else Game.rerun(game, [])
        self.reasoner = Reasoner(game.size)
        self.view: list[int | None] = [None] * game.size.cells
        self.flags: set[Cell] = set()
        self.move = 0
        self.counted = self.reasoner  # the reasoner of the last count, and the count (see `odds`)
        self.layouts: Layouts | None = None

    def next(self, action: Action) -> Judgement:
        """Judge `action`, then play it."""
        before = Diagram(self.size, tuple(self.view), frozenset(self.flags))
        judged = self.judge(action, before)
        self.learn(self.replay.apply(action))
        self.move += 1
        return replace(judged, lost=True) if self.replay.state is State.LOST else judged

    def learn(self, changes: dict[Cell, Look]) -> None:
        """Take in what an action changed: the numbers it opened, the flags it put or took off."""
        for cell, look in changes.items():
            number = NUMBER_OF.get(look)
            if number is not None:
                self.view[cell] = number
                self.reasoner.open(cell, number)
            if look is Look.FLAG:
                self.flags.add(cell)
            else:
                self.flags.discard(cell)

    def judge(self, action: Action, before: Diagram) -> Judgement:
        looks = self.replay.looks
        if isinstance(action, Flag):
            if looks[action.cell] is Look.COVERED:
                return self.judge_flag(action, before)
            return Judgement(self.move, action, Verdict.NEUTRAL, before)
        if isinstance(action, Reveal):
            opened = [action.cell] if looks[action.cell] in CLOSED else []
        elif self.replay.is_satisfied(action.cell):
            opened = [n for n in self.size.neighbours(action.cell) if looks[n] in CLOSED]
        else:
            opened = []
        if not opened:
            return Judgement(self.move, action, Verdict.NEUTRAL, before)
        if self.replay.state is State.READY:
            chance = Fraction(0) if opened == [self.safe_start] else self.first
            return Judgement(self.move, action, Verdict.FIRST, before, chance=chance, least=chance)
        return self.judge_opening(action, opened, before)

    def judge_opening(self, action: Action, opened: list[Cell], before: Diagram) -> Judgement:
        status, zero = self.reasoner.status, Fraction(0)
        self.reasoner.settle_locally()
        if all(status[c] == SAFE for c in opened):  # most openings: no count at all
            return Judgement(self.move, action, Verdict.SAFE, before, zero, True, zero, min(opened), zero)
        odds, exact = self.odds(before)
        judged = self.weigh(action, opened, before, odds, exact)
        self.settle(odds, exact)
        return judged

    def weigh(
        self, action: Action, opened: list[Cell], before: Diagram, odds: dict[Cell, Fraction], exact: bool
    ) -> Judgement:
        """An opening the rules did not prove safe, judged by the count (or by estimates)."""
        chance, exact = self.chance(opened, odds, exact)
        zero = Fraction(0)
        if chance == 0:
            return Judgement(self.move, action, Verdict.SAFE, before, zero, exact, zero, min(opened), zero)
        safe = [c for c, p in odds.items() if p == 0]
        if safe:
            nearest = self.nearest(action.cell, safe, before.flags)
            return Judgement(self.move, action, Verdict.MISTAKE, before, chance, exact, zero, nearest, zero)
        least = min(odds.values())
        if chance <= least:  # among the least risky: forced, whatever the hint would say
            nearest = self.nearest(action.cell, [c for c, p in odds.items() if p == least], before.flags)
            return Judgement(self.move, action, Verdict.FORCED, before, chance, exact, least, nearest, least)
        hint = self.hint(odds, before.flags, exact)
        best = None if hint is None else hint.cell
        verdict = Verdict.MISTAKE if chance == 1 else Verdict.RISKY
        if [c for c in opened if odds[c] > 0] == [best]:
            verdict = Verdict.FORCED
        best_chance = None if hint is None else hint.probability
        return Judgement(self.move, action, verdict, before, chance, exact, least, best, best_chance)

    def nearest(self, cell: Cell, cells: list[Cell], flags: frozenset[Cell]) -> Cell:
        """Of `cells`, one not flagged if there is one, the nearest to `cell`, the first in reading order."""
        return min(cells, key=lambda c: (c in flags, self.size.distance(cell, c), c))

    def judge_flag(self, action: Flag, before: Diagram) -> Judgement:
        cell, status = action.cell, self.reasoner.status
        self.reasoner.settle_locally()
        exact = True
        if status[cell] == SAFE or status[cell] == MINE:
            chance = Fraction(1 if status[cell] == MINE else 0)
        else:
            odds, exact = self.odds(before)
            chance = odds[cell]
            self.settle(odds, exact)
        verdict = Verdict.FLAG if chance == 1 else Verdict.MISTAKE if chance == 0 else Verdict.UNPROVED
        return Judgement(self.move, action, verdict, before, chance, exact)

    # -- counting --------------------------------------------------------------------------------

    def odds(self, before: Diagram) -> tuple[dict[Cell, Fraction], bool]:
        """Each covered cell's chance of a mine, and whether exact (else estimates). Counted by a reasoner
        that knows only this position, as the hint's does: its guess is then the hint's own."""
        self.counted = Reasoner.of(Position(self.size, before.view))
        self.counted.settle_locally()
        try:
            self.layouts = self.counted.layouts(self.work)
        except TooComplex:
            self.layouts = None
            return self.counted.estimates(before.covered), False
        return self.counted.odds(self.layouts, before.covered), True

    def settle(self, odds: dict[Cell, Fraction], exact: bool) -> None:
        """Keep what the count proved, so that the rules build on it and later openings need no count."""
        if not exact:
            return
        status = self.reasoner.status
        for cell, p in odds.items():
            if status[cell] == UNKNOWN and p == 0:
                self.reasoner.found_safe(cell)
            elif status[cell] == UNKNOWN and p == 1:
                self.reasoner.found_mine(cell)

    def hint(self, odds: dict[Cell, Fraction], flags: frozenset[Cell], exact: bool) -> Hint | None:
        if exact and self.layouts is not None:
            return self.counted.best(self.layouts, odds, flags, self.work)
        return least_risky(odds, flags, exact=False)

    def chance(self, opened: list[Cell], odds: dict[Cell, Fraction], exact: bool) -> tuple[Fraction, bool]:
        """The chance that the opening hits a mine, all its cells at once (see the glossary), and
        whether exact."""
        if len(opened) == 1 or any(odds[c] == 1 for c in opened):
            return max(odds[c] for c in opened), exact
        if exact:
            try:
                return 1 - self.all_safe(opened), True
            except TooComplex:
                pass
        return 1 - product(1 - odds[c] for c in opened), False

    def all_safe(self, cells: list[Cell]) -> Fraction:
        """The chance that every one of `cells` is safe: the layouts with them all safe, over all."""
        reasoner, layouts = self.counted, self.layouts
        assert layouts is not None
        unknown = [c for c in cells if reasoner.status[c] == UNKNOWN]
        constraints = [*reasoner.constraints(), (unknown, 0)]
        named = {c for group, _ in constraints for c in group}
        mines = self.size.mines - reasoner.mines_known
        kept = count_layouts(constraints, reasoner.unknown - len(named), mines, self.work)
        return Fraction(kept.total, layouts.total)
