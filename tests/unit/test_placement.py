"""Mine placement: the first-click rules, and uniformity shown by a chi-square test that catches bias."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, Size
from minesweeper.placement import FirstClick, keep_free, place_mines, skip_free
from tests.unit.engine_strategies import ENGINE, sizes

Placer = Callable[[Size, int, FirstClick, random.Random], Board]

# (size, first click, rule, how many layouts obey the rule); each small enough to list every layout.
CASES = [
    (Size(4, 4, 3), 0, FirstClick.OPENING, math.comb(16 - 4, 3)),  # a corner keeps 4 cells free
    (Size(5, 4, 3), 6, FirstClick.OPENING, math.comb(20 - 9, 3)),  # an inner cell keeps 9 free
    (Size(4, 3, 3), 0, FirstClick.SAFE, math.comb(12 - 1, 3)),
    (Size(3, 3, 3), 4, FirstClick.NONE, math.comb(9, 3)),
    (Size(3, 3, 5), 4, FirstClick.OPENING, math.comb(9 - 1, 5)),  # too dense: falls back to SAFE
]
DRAWS_PER_LAYOUT = 60


def layouts(size: Size, first: int, rule: FirstClick) -> list[frozenset[int]]:
    """Every layout that obeys the rule, listed by brute force."""
    free = set(keep_free(size, first, rule))
    allowed = [c for c in range(size.cells) if c not in free]
    return [frozenset(mines) for mines in combinations(allowed, size.mines)]


def chi_square(placer: Placer, size: Size, first: int, rule: FirstClick) -> tuple[float, float]:
    """Pearson's statistic of the placer's layouts against uniform, and the 1-in-10000 threshold for it."""
    valid = layouts(size, first, rule)
    draws = DRAWS_PER_LAYOUT * len(valid)
    rng = random.Random(20240601)  # fixed: the test gives the same verdict every run
    counts = Counter(
        placer(size, first, rule, random.Random(rng.getrandbits(64))).mines for _ in range(draws)
    )
    assert set(counts) <= set(valid), "the placer broke the rule"
    expected = draws / len(valid)
    statistic = sum((counts[layout] - expected) ** 2 / expected for layout in valid)
    return statistic, chi_square_quantile(len(valid) - 1, z=3.719)  # z of the upper 0.01 %


def chi_square_quantile(df: int, z: float) -> float:
    """Wilson-Hilferty: the chi-square quantile with `df` degrees of freedom at normal quantile `z`."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def windows_placer(size: Size, first: int, rule: FirstClick, rng: random.Random) -> Board:
    """Biased on purpose: mines anywhere, then a mine on a kept-free cell moves to the first free cell."""
    free = keep_free(size, first, rule)
    mines = set(rng.sample(range(size.cells), size.mines))
    for mine in sorted(mines & free):
        mines.remove(mine)
        mines.add(next(c for c in range(size.cells) if c not in mines and c not in free))
    return Board(size, frozenset(mines))


def probing_placer(size: Size, first: int, rule: FirstClick, rng: random.Random) -> Board:
    """Biased on purpose: a random cell per mine, and on a clash the next cell along that is free."""
    free = keep_free(size, first, rule)
    mines: set[int] = set()
    while len(mines) < size.mines:
        cell = rng.randrange(size.cells)
        while cell in mines or cell in free:
            cell = (cell + 1) % size.cells
        mines.add(cell)
    return Board(size, frozenset(mines))


@pytest.mark.parametrize("size, first, rule, count", CASES)
def test_placement_is_uniform_over_the_layouts_the_rule_allows(
    size: Size, first: int, rule: FirstClick, count: int
) -> None:
    assert len(layouts(size, first, rule)) == count
    statistic, threshold = chi_square(place_mines, size, first, rule)
    assert statistic < threshold


@pytest.mark.parametrize(
    "placer, case",
    [
        (windows_placer, CASES[0]),
        (windows_placer, CASES[2]),
        (probing_placer, CASES[3]),
        (probing_placer, CASES[4]),
    ],
)
def test_the_uniformity_test_catches_a_biased_placer(
    placer: Placer, case: tuple[Size, int, FirstClick, int]
) -> None:
    size, first, rule, _ = case
    statistic, threshold = chi_square(placer, size, first, rule)
    assert statistic > threshold


def test_keep_free_per_rule() -> None:
    size = Size(4, 3, 3)
    assert keep_free(size, 5, FirstClick.OPENING) == {0, 1, 2, 4, 5, 6, 8, 9, 10}
    assert keep_free(size, 0, FirstClick.OPENING) == {0, 1, 4, 5}
    assert keep_free(size, 5, FirstClick.SAFE) == {5}
    assert keep_free(size, 5, FirstClick.NONE) == set()


def test_opening_falls_back_to_the_clicked_cell_when_too_dense() -> None:
    assert keep_free(Size(3, 3, 1), 4, FirstClick.OPENING) == {4}  # 9 cells, 9 kept free: no room
    assert keep_free(Size(4, 3, 3), 5, FirstClick.OPENING) == {0, 1, 2, 4, 5, 6, 8, 9, 10}  # exactly fits
    assert keep_free(Size(4, 3, 4), 5, FirstClick.OPENING) == {5}


@given(st.lists(st.integers(0, 30), max_size=9, unique=True).map(sorted), st.integers(0, 20))
@ENGINE
def test_skip_free_is_the_index_among_the_other_cells(free: list[int], index: int) -> None:
    others = [c for c in range(60) if c not in free]
    assert skip_free(index, free) == others[index]


@given(sizes(), st.integers(0, 2**64), st.sampled_from(FirstClick), st.data())
@ENGINE
def test_placement_obeys_its_rule_and_its_seed(
    size: Size, seed: int, rule: FirstClick, data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, size.cells - 1))
    board = place_mines(size, first, rule, random.Random(seed))
    assert board.size == size and len(board.mines) == size.mines
    assert not board.mines & keep_free(size, first, rule)
    assert place_mines(size, first, rule, random.Random(seed)) == board


def test_placement_of_a_huge_board_costs_only_its_mines() -> None:
    size = Size(256, 256, 6500)
    board = place_mines(size, 0, FirstClick.OPENING, random.Random(1))
    assert len(board.mines) == 6500 and not board.mines & {0, 1, 256, 257}
