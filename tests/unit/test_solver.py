"""The solver: deductions and odds against brute force, known patterns drawn as pictures, hints."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, Flag, Game, Reveal, Size
from minesweeper.art import from_art
from minesweeper.solver import (
    Deductions,
    InconsistentPosition,
    InvalidPosition,
    Position,
    TooComplex,
    Why,
    chances,
    hint,
    probabilities,
    solve,
)
from tests.unit.engine_strategies import ENGINE

# Every shape of at most 16 cells: few enough covered cells to list every layout.
SHAPES = [(w, h) for w in range(1, 17) for h in range(1, 17) if w * h <= 16]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A small board after some safe reveals (floods included), as a Game shows it, flags and all."""
    width, height = draw(st.sampled_from(SHAPES))
    cells = width * height
    mines = draw(st.sets(st.integers(0, cells - 1), max_size=cells - 1))
    game = Game.from_board(Board.from_mines(width, height, mines))
    safe = [c for c in range(cells) if c not in mines]
    for cell in draw(st.lists(st.sampled_from(safe), max_size=6)) if safe else []:
        game.apply(Reveal(cell))
    for cell in draw(st.lists(st.integers(0, cells - 1), max_size=3)):
        game.apply(Flag(cell))  # flags, right or wrong, must change nothing
    return Position(game.size, game.view)


def brute_force(position: Position) -> dict[int, Fraction]:
    """Each covered cell's share of the layouts that agree with every number and the mine count."""
    size, view = position.size, position.view
    covered = sorted(position.covered)
    shown = [(cell, n) for cell, n in enumerate(view) if n is not None]
    counts = dict.fromkeys(covered, 0)
    total = 0
    for layout in itertools.combinations(covered, size.mines):
        mined = set(layout)
        if all(sum(n in mined for n in size.neighbours(cell)) == number for cell, number in shown):
            total += 1
            for cell in layout:
                counts[cell] += 1
    return {cell: Fraction(count, total) for cell, count in counts.items()}


@ENGINE
@given(positions())
def test_probabilities_equal_brute_force(position: Position) -> None:
    assert probabilities(position) == brute_force(position)


@ENGINE
@given(positions())
def test_solve_finds_exactly_the_cells_brute_force_settles(position: Position) -> None:
    odds = brute_force(position)
    deductions = solve(position)
    assert deductions.safe == {cell for cell, p in odds.items() if p == 0}
    assert deductions.mined == {cell for cell, p in odds.items() if p == 1}


@ENGINE
@given(positions())
def test_a_hint_is_a_safe_cell_or_a_guess_that_knows_the_least_risk(position: Position) -> None:
    odds = brute_force(position)
    given_hint = hint(position)
    if all(p == 1 for p in odds.values()):
        assert given_hint is None
        return
    assert given_hint is not None and given_hint.exact
    assert given_hint.probability == odds[given_hint.cell] < 1
    assert given_hint.certain == (min(odds.values()) == 0) == (given_hint.why is Why.PROVEN)
    if not given_hint.certain:  # which guess is best: test_guess.py
        assert given_hint.least == min(odds.values())


# Patterns every player learns, with all they prove. `#` is covered, `.` an open 0.
PATTERNS = [
    # 1-2-1 against a wall: the cells over the 1s are mines, the one over the 2 is safe.
    ("###\n121\n...", 2, {1}, {0, 2}),
    # 1-1 from a wall: the 1s share the mine of {0, 1}, so the second 1's other cells (2, 6) are safe.
    ("####\n11##", 2, {2, 6}, set()),
    # The mine count decides: with one mine, only cell 0 meets all three 1s at once...
    ("#1#\n11#\n###", 1, {2, 5, 6, 7, 8}, {0}),
]


@pytest.mark.parametrize("text, mines, safe, mined", PATTERNS)
def test_known_patterns(text: str, mines: int, safe: set[int], mined: set[int]) -> None:
    position = Position.from_text(text, mines)
    assert solve(position) == Deductions(frozenset(safe), frozenset(mined))
    assert probabilities(position) == brute_force(position)


@ENGINE
@given(positions(), st.data())
def test_a_hint_avoids_flags_only_among_cells_equally_good(position: Position, data: st.DataObject) -> None:
    covered = sorted(position.covered)
    flagged = data.draw(st.frozensets(st.sampled_from(covered))) if covered else frozenset()
    plain, avoiding = hint(position), hint(position, flagged=flagged)
    if plain is None:
        assert avoiding is None
        return
    assert avoiding is not None
    assert (avoiding.probability, avoiding.why, avoiding.survival) == (
        plain.probability,
        plain.why,
        plain.survival,
    )
    if plain.cell not in flagged:
        assert avoiding == plain
    if plain.certain:  # every safe cell is equally good
        safe = {cell for cell, p in brute_force(position).items() if p == 0}
        assert (avoiding.cell in flagged) == (safe <= flagged)


def test_flags_are_not_facts() -> None:
    game = Game.from_board(from_art("*1...\n11...\n.....\n.....\n...*1"))
    game.apply(Reveal(12))
    before = Position(game.size, game.view)
    game.apply(Flag(0))
    game.apply(Flag(24))  # a wrong flag: 24 is safe
    assert Position(game.size, game.view) == before


def test_a_fresh_game_gives_even_odds_everywhere() -> None:
    game = Game.new(Size(9, 9, 10), seed=1)
    odds = probabilities(Position(game.size, game.view))
    assert set(odds.values()) == {Fraction(10, 81)}
    given_hint = hint(Position(game.size, game.view))
    assert given_hint is not None and given_hint.probability == Fraction(10, 81) and not given_hint.certain


# Rows of numbers between covered rows (a random 20x5/35 board with its odd rows open): no single
# or pair rule applies, and the count has thousands of states to visit.
HARD = """
####################
#3223##235#44#54334#
####################
3#6#22##3321124#4#42
####################
"""


def test_a_position_too_complex_to_count_gets_an_estimated_hint() -> None:
    position = Position.from_text(HARD, 35)
    with pytest.raises(TooComplex):
        probabilities(position, work=500)
    estimated = hint(position, work=500)
    assert estimated is not None and not estimated.exact and not estimated.certain
    assert 0 < estimated.probability < 1 and estimated.cell in position.covered
    exact = hint(position)
    assert exact is not None and exact.exact
    assert exact.probability == min(probabilities(position).values())


def test_chances_are_the_exact_odds_or_else_estimates() -> None:
    position = Position.from_text(HARD, 35)
    exact = chances(position)
    assert exact.exact and exact.cells == probabilities(position)
    estimated = chances(position, work=500)
    assert not estimated.exact and estimated.cells.keys() == position.covered
    assert all(0 <= p <= 1 for p in estimated.cells.values())


@pytest.mark.parametrize(
    "text, mines",
    [
        ("1.\n..", 0),  # a 1 with no covered neighbour
        ("#3\n##", 1),  # a 3 that needs more mines than the board has
        ("#1#\n11#\n###", 2),  # the middle 1 sees every covered cell: one mine, not two
    ],
)
def test_impossible_positions_are_refused(text: str, mines: int) -> None:
    with pytest.raises(InconsistentPosition):
        solve(Position.from_text(text, mines))


@pytest.mark.parametrize(
    "text",
    ["", "#1\n#", "#x", "##\n#9"],
)
def test_unreadable_positions_are_refused_with_the_input_quoted(text: str) -> None:
    with pytest.raises(InvalidPosition) as error:
        Position.from_text(text, 1)
    assert repr(text) in str(error.value)


def test_a_view_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(InvalidPosition, match="has 3 cells, expected 4"):
        Position(Size(2, 2, 1), (None, None, 1))


@ENGINE
@given(positions())
def test_text_round_trips(position: Position) -> None:
    assert Position.from_text(position.to_text(), position.size.mines) == position
