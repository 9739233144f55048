"""The guess policy against exhaustive search on small positions: the surest win when few layouts
remain, the best chance of surviving two moves otherwise, fifty-fifties at once, the first click."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from unittest import mock

from hypothesis import HealthCheck, assume, given, settings

from minesweeper import Size, guess, level
from minesweeper.guess import Why, first_click
from minesweeper.placement import FirstClick
from minesweeper.solver import Position, hint
from tests.unit.engine_strategies import ENGINE
from tests.unit.test_solver import brute_force, positions

Layout = frozenset[int]
# Most small positions drawn have a safe cell: the tests keep those where a guess must be made.
GUESSES = settings(ENGINE, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def layouts_of(position: Position) -> list[Layout]:
    """Every mine layout of the covered cells that agrees with the numbers and the mine count."""
    size, view = position.size, position.view
    shown = [(cell, n) for cell, n in enumerate(view) if n is not None]
    found = []
    for layout in itertools.combinations(sorted(position.covered), size.mines):
        mined = frozenset(layout)
        if all(sum(n in mined for n in size.neighbours(cell)) == number for cell, number in shown):
            found.append(mined)
    return found


def shows(size: Size, cell: int, layout: Layout) -> int:
    return sum(n in layout for n in size.neighbours(cell))


def best_wins(position: Position) -> dict[int, int]:
    """For each covered cell, how many of the layouts playing it first and then perfectly wins: the
    exhaustive search the policy's endgame must agree with (written apart from it, on purpose)."""
    size, covered = position.size, sorted(position.covered)

    @cache
    def wins(layouts: frozenset[Layout], opened: frozenset[int]) -> int:
        if len(layouts) == 1:
            return 1
        return max((wins_after(layouts, opened, c) for c in covered if c not in opened), default=0)

    def wins_after(layouts: frozenset[Layout], opened: frozenset[int], cell: int) -> int:
        by_value: dict[int, set[Layout]] = {}
        for layout in layouts:
            if cell not in layout:
                by_value.setdefault(shows(size, cell, layout), set()).add(layout)
        return sum(wins(frozenset(group), opened | {cell}) for group in by_value.values())

    every = frozenset(layouts_of(position))
    return {cell: wins_after(every, frozenset(), cell) for cell in covered}


def two_move_survival(position: Position, *, blended: bool = False) -> dict[int, Fraction]:
    """For each covered cell, the chance of surviving it and then the safest cell of what it shows;
    `blended`: the safest cell's safety counts 4/5 and the second safest's 1/5 (the policy's ranking)."""
    size, covered = position.size, sorted(position.covered)
    every = layouts_of(position)
    result = {}
    for cell in covered:
        by_value: dict[int, list[Layout]] = {}
        for layout in every:
            if cell not in layout:
                by_value.setdefault(shows(size, cell, layout), []).append(layout)
        alive = Fraction(0)
        for group in by_value.values():
            others = [c for c in covered if c != cell]
            safest = sorted((sum(c not in layout for layout in group) for c in others), reverse=True)
            safest = (safest or [len(group)]) * 2  # a cell alone is its own second
            alive += Fraction(4 * safest[0] + safest[1], 5) if blended else safest[0]
        result[cell] = alive / len(every)
    return result


def guessing(position: Position) -> bool:
    """No covered cell is safe, and some is not a mine: the policy has a guess to make."""
    odds = brute_force(position)
    return all(p > 0 for p in odds.values()) and any(p < 1 for p in odds.values())


@GUESSES
@given(positions())
def test_with_few_layouts_the_hint_is_a_cell_with_the_best_chance_to_win(position: Position) -> None:
    assume(len(position.covered) <= 12 and guessing(position))
    assume(len(layouts_of(position)) <= guess.ENDGAME_LAYOUTS)
    wins = best_wins(position)
    found = hint(position)
    assert found is not None and found.why in (Why.ENDGAME, Why.FIFTY_FIFTY)
    assert wins[found.cell] == max(wins.values())
    if found.why is Why.ENDGAME:  # a fifty-fifty's survival is its own half, not the game's
        assert found.survival == Fraction(max(wins.values()), len(layouts_of(position)))


@GUESSES
@given(positions())
def test_the_look_ahead_picks_the_best_chance_to_survive_two_moves(position: Position) -> None:
    assume(guessing(position))
    with mock.patch.object(guess, "ENDGAME_LAYOUTS", 0):  # small positions would all go to the endgame
        found = hint(position)
    assert found is not None
    if found.why is Why.FIFTY_FIFTY:
        return
    survival = two_move_survival(position)
    blended = two_move_survival(position, blended=True)
    odds = brute_force(position)
    assert found.survival == survival[found.cell]
    assert found.least == min(odds.values()) and found.probability == odds[found.cell]
    assert (found.why is Why.LOOK_AHEAD) == (found.probability > found.least)
    # Every frontier cell within the cut-off is a candidate; none ranks higher on blended safety (the
    # progress bonus may prefer a cell at most 0.1% behind), unless the hint's alone is alive.
    best_safety = 1 - min(odds.values())
    for cell, p in odds.items():
        if 1 - p >= guess.CUT_OFF * best_safety and is_frontier(position, cell):
            assert blended[found.cell] * (1 + guess.PROGRESS) >= blended[cell] or is_dead(position, cell)


def is_frontier(position: Position, cell: int) -> bool:
    return any(position.view[n] is not None for n in position.size.neighbours(cell))


def is_dead(position: Position, cell: int) -> bool:
    values = {shows(position.size, cell, layout) for layout in layouts_of(position) if cell not in layout}
    return len(values) <= 1


def test_a_fifty_fifty_no_opening_can_settle_is_guessed_at_once() -> None:
    # The top-left pair holds one mine; every other cell next to one of them is a known mine.
    position = Position.from_text(
        """
        ###2.1#211
        13#31212#1
        .112#21122
        ...12#1.1#
        """,
        8,
    )
    found = hint(position)
    assert found is not None and found.why is Why.FIFTY_FIFTY and found.cell == 0
    assert found.probability == found.survival == Fraction(1, 2)


def test_a_riskier_cell_that_always_proves_the_next_move_beats_the_safest() -> None:
    position = Position.from_text("1#2#####\n1#######\n24######" + "\n########" * 5, 12)
    found = hint(position)
    assert found is not None and found.why is Why.LOOK_AHEAD
    assert (found.cell, found.probability, found.least) == (1, Fraction(1, 12), Fraction(95, 1224))
    # Whatever it shows, another cell is then proven safe: surviving it is surviving both moves.
    assert found.survival == 1 - found.probability


def test_a_guess_that_leaves_two_good_cells_beats_one_that_leaves_a_single_one() -> None:
    # A 1 in the corner, 4 mines in 5x4: (0, 2) survives two moves a little more often, but the other
    # corners leave a second good cell more often; blended safety, as JSMinesweeper's, prefers them.
    position = Position.from_text("1####\n#####\n#####\n#####", 4)
    survival = two_move_survival(position)
    blended = two_move_survival(position, blended=True)
    assert survival[2] == Fraction(631, 840) > survival[4] == Fraction(419, 560)
    assert blended[4] == blended[15] == blended[19] == max(blended.values()) > blended[2]
    with mock.patch.object(guess, "ENDGAME_LAYOUTS", 0):
        found = hint(position)
    assert found is not None and found.cell == 4 and found.survival == survival[4]


def test_the_first_click_is_a_corner_or_three_three_with_an_opening() -> None:
    expert = level("expert")
    assert first_click(expert, FirstClick.SAFE) == 0
    assert first_click(expert, FirstClick.OPENING) == expert.cell(3, 3)
    assert first_click(Size(3, 3, 1), FirstClick.OPENING) == 4  # the middle of a board too small for (3, 3)
