"""Exact counts of mine layouts, checked against brute force: every layout of small systems, listed."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Game, Reveal, level
from minesweeper.placement import FirstClick, place_mines
from minesweeper.probability import Memo, TooComplex, certain_cells, count_layouts, fill_weights
from minesweeper.solver import Position, probabilities
from tests.unit.engine_strategies import ENGINE

Constraints = list[tuple[list[int], int]]


@st.composite
def systems(draw: st.DrawFn) -> tuple[Constraints, int, int]:
    """Random constraints over up to 10 cells (often contradictory), an interior and a mine count."""
    cells = draw(st.integers(1, 10))
    constraints = []
    for _ in range(draw(st.integers(0, 6))):
        named = draw(st.lists(st.integers(0, cells - 1), min_size=1, max_size=8, unique=True))
        constraints.append((named, draw(st.integers(0, len(named)))))
    return constraints, draw(st.integers(0, 6)), draw(st.integers(0, 12))


def brute_force(constraints: Constraints, interior: int, mines: int) -> tuple[int, dict[int, int], int]:
    """Every assignment of the named cells, each weighed by the ways to fill the interior."""
    cells = sorted({c for named, _ in constraints for c in named})
    total, interior_mined = 0, 0
    mined = dict.fromkeys(cells, 0)
    for bits in itertools.product((0, 1), repeat=len(cells)):
        layout = dict(zip(cells, bits, strict=True))
        if any(sum(layout[c] for c in named) != need for named, need in constraints):
            continue
        rest = mines - sum(bits)
        if not 0 <= rest <= interior:
            continue
        ways = comb(interior, rest)
        total += ways
        for cell, bit in layout.items():
            mined[cell] += bit * ways
        if interior:
            interior_mined += comb(interior - 1, rest - 1) if rest else 0
    return total, mined, interior_mined


@ENGINE
@given(systems())
def test_counts_equal_brute_force(system: tuple[Constraints, int, int]) -> None:
    constraints, interior, mines = system
    layouts = count_layouts(constraints, interior, mines)
    total, mined, interior_mined = brute_force(constraints, interior, mines)
    assert layouts.total == total
    if total:
        assert layouts.mined == mined
        assert layouts.interior_mined == interior_mined


@ENGINE
@given(systems())
def test_certain_cells_are_those_mined_in_no_layout_or_in_all(system: tuple[Constraints, int, int]) -> None:
    constraints, interior, mines = system
    total, mined, interior_mined = brute_force(constraints, interior, mines)
    certain = certain_cells(constraints, interior, mines)
    assert certain.consistent == (total > 0)
    if total:
        assert sorted(certain.safe) == sorted(c for c, n in mined.items() if n == 0)
        assert sorted(certain.mined) == sorted(c for c, n in mined.items() if n == total)
        assert certain.interior_safe == (interior > 0 and interior_mined == 0)
        assert certain.interior_mined == (interior > 0 and interior_mined == total)


def test_a_memo_serves_a_component_seen_before() -> None:
    memo: Memo = {}
    first = certain_cells([([0, 1], 1), ([1, 2], 1), ([5, 6], 2)], 20, 5, memo=memo)
    assert first.work > 0 and sorted(first.mined) == [5, 6]
    # The same components, listed in another order and with other cells' numbering untouched.
    again = certain_cells([([6, 5], 2), ([2, 1], 1), ([1, 0], 1)], 20, 5, memo=memo)
    assert again.work < first.work and sorted(again.mined) == [5, 6]


def test_a_fifty_fifty_is_one_half() -> None:
    layouts = count_layouts([([0, 1], 1)], 0, 1)
    assert layouts.total == 2
    assert layouts.probability(0) == layouts.probability(1) == Fraction(1, 2)


def test_the_mine_count_decides_when_the_interior_cannot_take_the_rest() -> None:
    # One mine somewhere in {0, 1}, one in {1, 2}; three mines in all and no interior: 0 and 2 are mines.
    layouts = count_layouts([([0, 1], 1), ([1, 2], 1)], 0, 2)
    assert (layouts.total, layouts.mined) == (1, {0: 1, 1: 0, 2: 1})


@pytest.mark.parametrize("interior", range(8))
@pytest.mark.parametrize("mines", range(-2, 12))
def test_fill_weights_are_binomials(interior: int, mines: int) -> None:
    expected = [comb(interior, mines - m) if mines >= m else 0 for m in range(15)]
    assert fill_weights(interior, mines, 15) == expected


def mid_game_expert() -> Position:
    board = place_mines(level("expert"), 0, FirstClick.OPENING, random.Random(7))
    game = Game.from_board(board)
    game.apply(Reveal(0))
    for cell in range(0, board.size.cells, 7):
        if cell not in board.mines:
            game.apply(Reveal(cell))
    return Position(game.size, game.view)


def test_expected_mines_equal_the_mines_left() -> None:
    """Over an expert position with a big frontier, the chances add up to the mine count exactly."""
    position = mid_game_expert()
    assert sum(probabilities(position).values()) == position.size.mines


def test_a_budget_stops_a_long_count() -> None:
    constraints = [([c, c + 1, c + 2], 1) for c in range(0, 60, 2)]
    assert count_layouts(constraints, 0, 30).total  # it can be counted...
    with pytest.raises(TooComplex):
        count_layouts(constraints, 0, 30, budget=20)  # ...but not within 20 units of work
