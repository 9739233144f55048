"""Boards: layouts and their numbers, checked against boards worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given

from minesweeper import Board, BoardError, Size
from minesweeper.art import from_art, to_art
from tests.unit.engine_strategies import ENGINE, boards

# Each picture's numbers were counted by hand: `*` a mine, `.` zero, a digit that many mined neighbours.
HAND_COUNTED = [
    """
    *21
    2*1
    """,
    """
    *3*
    3*3
    *3*
    """,
    """
    *2*1...
    1211.11
    .....1*
    """,
    """
    *3*1.1*3*
    3*32.23*3
    *3*1.1*3*
    """,
    """
    ***
    *8*
    ***
    """,
    """
    .
    """,
]


def mines_of(art: str) -> set[int]:
    """The mined cells of a picture, read independently of the engine (`*` positions, row-major)."""
    text = "".join(line.strip() for line in art.strip().splitlines())
    return {cell for cell, char in enumerate(text) if char == "*"}


@pytest.mark.parametrize("art", HAND_COUNTED)
def test_numbers_match_the_hand_count(art: str) -> None:
    rows = [line.strip() for line in art.strip().splitlines()]
    board = Board.from_mines(len(rows[0]), len(rows), mines_of(art))
    assert to_art(board) == "\n".join(rows)


def test_a_mine_counts_its_mined_neighbours_too() -> None:
    board = Board.from_mines(3, 1, {0, 1})
    assert board.numbers == (1, 1, 1)
    assert 0 in board.mines and 2 not in board.mines


def test_board_refuses_a_count_that_disagrees_with_its_size() -> None:
    with pytest.raises(BoardError, match=r"board 3x3/2: 1 mines, its size says 2"):
        Board(Size(3, 3, 2), frozenset({4}))


def test_board_refuses_mines_off_the_board() -> None:
    with pytest.raises(BoardError, match=r"board 3x3/1: a mine lies outside the board"):
        Board(Size(3, 3, 1), frozenset({9}))


def test_equal_layouts_are_equal_boards() -> None:
    assert Board.from_mines(3, 3, {1, 2}) == Board(Size(3, 3, 2), frozenset({2, 1}))
    assert Board.from_mines(3, 3, {1, 2}) != Board.from_mines(3, 3, {1, 3})


@given(boards())
@ENGINE
def test_every_number_is_its_count_of_mined_neighbours(board: Board) -> None:
    width, height = board.width, board.height
    for cell in range(board.size.cells):
        row, col = divmod(cell, width)
        around = [
            (r, c)
            for r in range(row - 1, row + 2)
            for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < height and 0 <= c < width
        ]
        assert board.numbers[cell] == sum(r * width + c in board.mines for r, c in around)


@given(boards())
@ENGINE
def test_art_round_trips(board: Board) -> None:
    assert from_art(to_art(board)) == board
