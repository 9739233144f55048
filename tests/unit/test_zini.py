"""Greedy ZiNi of boards counted by hand, and the invariants every board keeps."""

from __future__ import annotations

import pytest
from hypothesis import given

from minesweeper import Board, Chord, Flag, Game, Reveal, State
from minesweeper.analysis import analyse
from minesweeper.art import from_art
from minesweeper.zini import zini
from tests.unit.engine_strategies import ENGINE, boards

# (picture, 3BV, greedy ZiNi), each played by hand with the greedy rule (zini.py's glossary).
HAND_COUNTED = [
    # All safe: one click opens it all, chords have nothing to add.
    (".....", 1, 1),
    # Four lone 3s, three mines each: a chord never pays, four clicks.
    ("*3*\n3*3\n*3*", 4, 4),
    # Lone numbers in a row: a chord costs more than the clicks it saves.
    ("1*2*1", 3, 3),
    # The bottom middle 1 sees all five numbers: open it, flag, chord (3 clicks for 5).
    ("1*1\n111", 5, 3),
    # Eight 1s round a mine: open the top 1, flag, chord (3 for 5), then two chords of 1 each.
    ("111\n1*1\n111", 8, 5),
    # An opening and a lone 1: no chord pays, a click each.
    ("..1*1\n..111\n.....", 2, 2),
    # Three lone 1s below a mine: open (2,3), flag, chord (3 for 3); then a chord at (1,2) (premium 0)
    # clears the opening for its one click.
    ("....\n.111\n.1*1\n.111", 4, 4),
]


@pytest.mark.parametrize("art, bbbv, clicks", HAND_COUNTED)
def test_hand_counted_boards(art: str, bbbv: int, clicks: int) -> None:
    board = from_art(art)
    assert (analyse(board).bbbv, zini(board).clicks) == (bbbv, clicks)


def test_the_clicks_it_counts_for_a_small_board() -> None:
    # Cells 0..5 row by row: the mine is cell 1, the bottom middle 1 is cell 4.
    assert zini(from_art("1*1\n111")).actions == (Reveal(4), Flag(1), Chord(4))


def test_the_greedy_takes_the_top_left_most_of_equal_premiums() -> None:
    # (2,3), (3,2) and (3,3) all have premium 0 at the start: (2,3), cell 11, goes first.
    assert zini(from_art("....\n.111\n.1*1\n.111")).actions[:3] == (Reveal(11), Flag(10), Chord(11))


@given(boards(max_side=12))
@ENGINE
def test_its_clicks_win_the_game_in_exactly_zini_clicks_none_wasted(board: Board) -> None:
    found = zini(board)
    game = Game.from_board(board)
    for action in found.actions:
        assert game.apply(action)  # every click changes something
    assert game.state is State.WON or board.size.mines == board.size.cells
    assert game.clicks.total == game.clicks.useful == found.clicks == len(found.actions)


@given(boards(max_side=12))
@ENGINE
def test_never_more_than_3bv_and_at_least_one_click_when_a_cell_is_safe(board: Board) -> None:
    clicks, bbbv = zini(board).clicks, analyse(board).bbbv
    assert clicks <= bbbv
    assert (clicks >= 1) == (board.size.mines < board.size.cells)


@given(boards(max_side=12))
@ENGINE
def test_a_board_without_mines_takes_one_click(board: Board) -> None:
    empty = Board.from_mines(board.width, board.height, set())
    assert zini(empty).clicks == analyse(empty).bbbv == 1
