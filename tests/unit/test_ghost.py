"""The ghost: the solver's game on a player's board, as the Solve button plays it."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, Game, Reveal, Size, State, level
from minesweeper.art import from_art
from minesweeper.ghost import Ghost, ghost
from minesweeper.placement import FirstClick, place_mines
from minesweeper.solver import Position, hint, solve
from tests.unit.engine_strategies import ENGINE, boards


def referee(board: Board, first: int) -> bool:
    """bench/winrate.py's referee: the first click, then what `solve` proves safe, else the hint."""
    game = Game.from_board(board)
    game.apply(Reveal(first))
    while game.state is State.PLAYING:
        position = Position(game.size, game.view)
        safe = sorted(solve(position).safe)
        found = hint(position)
        assert found is not None
        for cell in safe or [found.cell]:
            game.apply(Reveal(cell))
    return game.state is State.WON


# *..*     after the first click the four 1s of row 1 prove both corners mines, the middle safe
# ....
# ....
# ....
CORNERS = from_art("*..*\n....\n....\n....")


def test_a_board_logic_clears_is_won_without_a_guess() -> None:
    assert ghost(CORNERS, 12) == Ghost(True, (12, 1, 2), 0, Fraction(1))


def test_a_fifty_fifty_is_guessed_once_and_its_luck_is_a_half() -> None:
    # *1     after the first click on the bottom row, both 1s see the same two covered cells, one of
    # 11     them a mine: nothing can ever tell them apart, the ghost guesses
    # ..
    board = from_art("*1\n11\n..")
    played = ghost(board, 4)
    assert played.guesses == 1 and played.luck == Fraction(1, 2) and played.moves[0] == 4


def test_a_first_click_on_a_mine_loses_at_once() -> None:
    assert ghost(CORNERS, 0) == Ghost(False, (0,), 0, Fraction(1))


@ENGINE
@given(boards(max_side=7), st.data())
def test_the_ghost_wins_exactly_when_the_referee_does(board: Board, data: st.DataObject) -> None:
    safe = [c for c in range(board.size.cells) if c not in board.mines]
    first = data.draw(st.sampled_from(safe))
    played = ghost(board, first)
    assert played.won == referee(board, first)
    assert played.moves[0] == first and len(set(played.moves)) == len(played.moves)
    assert 0 < played.luck <= 1 and (played.guesses == 0) == (played.luck == 1)


def test_expert_boards_as_the_referee_plays_them_and_the_same_every_time() -> None:
    size = level("expert")
    first = size.cell(3, 3)
    for seed in range(3):
        board = place_mines(size, first, FirstClick.OPENING, random.Random(seed))
        played = ghost(board, first)
        assert played.won == referee(board, first) and ghost(board, first) == played


def test_a_small_board_is_any_size() -> None:
    board = Board(Size(1, 2, 1), frozenset({1}))
    assert ghost(board, 0).won
