"""Boards drawn as text."""

from __future__ import annotations

import pytest

from minesweeper import Board, BoardError
from minesweeper.art import InvalidArt, from_art, to_art


def test_art_shows_mines_numbers_and_dots_for_empty_cells() -> None:
    board = Board.from_mines(5, 3, {3})
    assert to_art(board) == "..1*1\n..111\n....."


def test_art_may_show_mines_only_and_is_indented_freely() -> None:
    board = from_art(
        """
        ...*.
        .....
        """
    )
    assert board == Board.from_mines(5, 2, {3})


def test_zero_may_be_written_as_a_digit() -> None:
    assert from_art("001*1") == Board.from_mines(5, 1, {3})


@pytest.mark.parametrize(
    "art, message",
    [
        ("", r"art '': has no rows"),
        ("..\n...", r"art row 1 '...': has 3 cells, the first row has 2"),
        ("..x", r"art row 0 '..x': 'x' is not one of \* \. 0-8"),
        ("*2.", r"art cell \(0, 1\) says 2: it has 1 mined neighbours"),
        ("**", r"mines 2: a 2x1 board takes 0 to 1 mines"),
    ],
)
def test_bad_pictures_say_what_is_wrong(art: str, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        from_art(art)


def test_art_errors_are_board_errors() -> None:
    assert issubclass(InvalidArt, BoardError)
