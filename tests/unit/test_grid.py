"""Sizes, presets and neighbour tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import LEVELS, BoardError, Size, level, neighbour_table
from minesweeper.grid import around
from tests.unit.engine_strategies import ENGINE


def test_presets_are_the_classic_three() -> None:
    assert {
        "beginner": Size(9, 9, 10),
        "intermediate": Size(16, 16, 40),
        "expert": Size(30, 16, 99),
    } == LEVELS
    assert level("expert") is LEVELS["expert"]


def test_unknown_level_names_the_presets() -> None:
    with pytest.raises(BoardError, match=r"level 'hard': must be one of beginner, intermediate, expert"):
        level("hard")


@pytest.mark.parametrize("width, height, mines", [(1, 1, 0), (256, 256, 65535), (256, 1, 255), (1, 256, 0)])
def test_extreme_sizes_are_allowed(width: int, height: int, mines: int) -> None:
    size = Size(width, height, mines)
    assert size.cells == width * height


@pytest.mark.parametrize(
    "width, height, mines, message",
    [
        (0, 9, 1, r"width 0: must be a whole number from 1 to 256"),
        (257, 9, 1, r"width 257: must be a whole number from 1 to 256"),
        (9, -1, 1, r"height -1: must be a whole number from 1 to 256"),
        (9, 9.0, 1, r"height 9.0: must be a whole number"),
        (True, 9, 1, r"width True: must be a whole number"),
        (9, "9", 1, r"height '9': must be a whole number"),
        (9, 9, 81, r"mines 81: a 9x9 board takes 0 to 80 mines"),
        (9, 9, -1, r"mines -1: a 9x9 board takes 0 to 80 mines"),
        (1, 1, 1, r"mines 1: a 1x1 board takes 0 to 0 mines"),
    ],
)
def test_bad_sizes_quote_the_input_and_say_what_is_allowed(
    width: object, height: object, mines: object, message: str
) -> None:
    with pytest.raises(BoardError, match=message):
        Size(width, height, mines)  # type: ignore[arg-type]


def test_cells_are_row_major() -> None:
    size = Size(30, 16, 99)
    assert size.cell(0, 0) == 0
    assert size.cell(1, 0) == 30
    assert size.cell(15, 29) == 479
    assert size.row_col(479) == (15, 29)
    with pytest.raises(BoardError, match=r"cell \(16, 0\): outside a 30x16 board"):
        size.cell(16, 0)


def test_neighbours_of_a_corner_an_edge_and_an_inner_cell() -> None:
    table = neighbour_table(4, 3)
    # 0  1  2  3
    # 4  5  6  7
    # 8  9 10 11
    assert table[0] == (1, 4, 5)
    assert table[2] == (1, 3, 5, 6, 7)
    assert table[5] == (0, 1, 2, 4, 6, 8, 9, 10)
    assert table[11] == (6, 7, 10)
    assert neighbour_table(1, 1) == ((),)
    assert neighbour_table(1, 3) == ((1,), (0, 2), (1,))


@given(st.integers(1, 12), st.integers(1, 12))
@ENGINE
def test_the_fast_table_matches_the_definition(width: int, height: int) -> None:
    table = neighbour_table(width, height)
    for row in range(height):
        for col in range(width):
            expected = tuple(
                r * width + c
                for r in range(height)
                for c in range(width)
                if max(abs(r - row), abs(c - col)) == 1
            )
            assert table[row * width + col] == expected == around(row, col, width, height)


def test_big_table_has_the_right_counts() -> None:
    table = neighbour_table(256, 256)
    counts = [len(n) for n in table]
    assert counts.count(3) == 4 and counts.count(5) == 4 * 254 and counts.count(8) == 254 * 254


def test_distance_counts_king_steps() -> None:
    size = Size(5, 4, 1)
    assert size.distance(0, 0) == 0 and size.distance(0, 6) == 1 and size.distance(0, 19) == 4
    assert size.distance(size.cell(3, 0), size.cell(1, 1)) == 2
