"""No-guess boards: checked by a brute-force player on small boards and by the solver on the presets."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, Game, Reveal, Rules, Size, State, level
from minesweeper.art import from_art
from minesweeper.grid import BoardError
from minesweeper.noguess import MAX_CELLS, NoGuessUnavailable, check_size, most_mines, place_no_guess
from minesweeper.solver import Position, solve
from tests.unit.engine_strategies import ENGINE


def logic_clears(board: Board, first: int) -> bool:
    """A player who knows only the rules, written apart from the solver: after the first click, open
    every covered cell that is safe in all mine layouts agreeing with the numbers and the count;
    repeat. True when that opens every safe cell. (No flood needed: a 0's neighbours are safe in
    every layout, so they open on the next round.)"""
    size = board.size
    opened = {first}
    while len(opened) < size.cells - size.mines:
        covered = [c for c in range(size.cells) if c not in opened]
        safe_in_all = set(covered)
        for layout in itertools.combinations(covered, size.mines):
            mines = set(layout)
            if all(sum(n in mines for n in size.neighbours(c)) == board.numbers[c] for c in opened):
                safe_in_all -= mines
        if not safe_in_all:
            return False
        opened |= safe_in_all
    return True


def solver_clears(board: Board, first: int) -> bool:
    """The same question put to the public solver, through a real game."""
    game = Game.from_board(board)
    game.apply(Reveal(first))
    while game.state is State.PLAYING:
        safe = solve(Position(game.size, game.view)).safe
        if not safe:
            return False
        for cell in sorted(safe):
            game.apply(Reveal(cell))
    return game.state is State.WON


def test_the_brute_force_player_can_say_no() -> None:
    # After the opening, two covered cells share one mine: a 50/50 that nothing settles.
    assert not logic_clears(from_art("..1*\n..1."), 0)
    assert not solver_clears(from_art("..1*\n..1."), 0)
    # Three 1s over three covered cells agree on the middle one only.
    assert logic_clears(from_art("...\n111\n1*1"), 0)
    assert solver_clears(from_art("...\n111\n1*1"), 0)


def opens_an_opening(board: Board, first: int) -> bool:
    return board.numbers[first] == 0 and first not in board.mines


@ENGINE
@given(
    st.sampled_from([(4, 4), (5, 4), (4, 5), (5, 5), (6, 3), (3, 6), (8, 2)]),
    st.integers(1, 5),
    st.integers(0, 2**32),
    st.data(),
)
def test_small_boards_pass_the_brute_force_player(
    shape: tuple[int, int], mines: int, seed: int, data: st.DataObject
) -> None:
    size = Size(*shape, mines)
    first = data.draw(st.integers(0, size.cells - 1))
    try:
        board = place_no_guess(size, first, random.Random(seed))
    except NoGuessUnavailable:
        return  # a small board may have none (see the tests below for the ones that must exist)
    assert board.size == size and len(board.mines) == mines
    assert first not in board.mines
    assert logic_clears(board, first)


@pytest.mark.parametrize("seed", range(10))
def test_a_centre_click_on_5x5_with_5_mines_always_gets_a_board(seed: int) -> None:
    size = Size(5, 5, 5)
    board = place_no_guess(size, 12, random.Random(seed))
    assert opens_an_opening(board, 12)
    assert logic_clears(board, 12)


def test_too_dense_for_an_opening_the_first_click_is_still_safe() -> None:
    # As FirstClick.OPENING falls back to SAFE: 8 mines leave 3x3 no room for an opening.
    board = place_no_guess(Size(3, 3, 8), 4, random.Random(0))
    assert 4 not in board.mines and board.numbers[4] == 8
    # Short of that, a lone number with the rest unseen proves nothing: no such board exists.
    with pytest.raises(NoGuessUnavailable):
        place_no_guess(Size(5, 5, 17), 12, random.Random(0))


PRESETS = [(name, seed) for name in ("beginner", "intermediate", "expert") for seed in range(3)]


@pytest.mark.parametrize("name, seed", PRESETS)
def test_presets_are_solved_by_logic_from_the_first_click(name: str, seed: int) -> None:
    size = level(name)
    first = random.Random(seed).randrange(size.cells)  # corners and edges too, not just the centre
    board = place_no_guess(size, first, random.Random(seed))
    assert board.size == size and len(board.mines) == size.mines
    assert opens_an_opening(board, first)
    assert solver_clears(board, first)


def test_the_dense_board_is_solved_by_logic() -> None:
    size = Size(30, 16, 130)
    board = place_no_guess(size, 0, random.Random(1))
    assert opens_an_opening(board, 0) and len(board.mines) == 130
    assert solver_clears(board, 0)


def test_the_same_seed_gives_the_same_board() -> None:
    size = level("expert")
    boards = [place_no_guess(size, 200, random.Random(seed)) for seed in (5, 5, 6)]
    assert boards[0] == boards[1] != boards[2]


def test_a_no_guess_game_places_its_board_at_the_first_reveal() -> None:
    game = Game.new(level("intermediate"), seed=3, rules=Rules(no_guess=True))
    game.apply(Reveal(100))
    assert game.board is not None and game.board == place_no_guess(game.size, 100, random.Random(3))
    assert solver_clears(game.board, 100)


@pytest.mark.parametrize(
    "size, first",
    [
        (Size(3, 3, 1), 4),  # the centre of 3x3 sees every cell: it shows 1 and says no more
        (Size(30, 16, 470), 0),  # ten safe cells among 470 mines
        (Size(30, 16, 330), 0),  # 69% mines: dense beyond what logic untangles
    ],
)
def test_a_size_without_no_guess_boards_says_so(size: Size, first: int) -> None:
    with pytest.raises(NoGuessUnavailable, match=rf"no-guess board {size}: none found") as error:
        place_no_guess(size, first, random.Random(0))
    assert isinstance(error.value, BoardError)


def test_a_tiny_work_budget_gives_up_rather_than_runs_on() -> None:
    with pytest.raises(NoGuessUnavailable):
        place_no_guess(level("expert"), 0, random.Random(0), draws=0, work=10)


@pytest.mark.parametrize(
    "size",
    [level("beginner"), level("expert"), Size(30, 16, 144), Size(40, 25, 300), Size(100, 100, 1600)],
)
def test_sizes_within_the_limits_are_offered(size: Size) -> None:
    check_size(size)


@pytest.mark.parametrize(
    "size, words",
    [
        (Size(101, 100, 10), "more than 10000 cells is too big to make in time"),
        (Size(30, 16, 145), "more than 144 mines (30% of 480 cells) is too dense for logic alone"),
        (Size(40, 25, 301), "more than 300 mines (30% of 1000 cells)"),
        (Size(77, 13, 201), "more than 200 mines (20% of 1001 cells)"),
        (Size(70, 70, 981), "more than 980 mines (20% of 4900 cells)"),
        (Size(71, 71, 807), "more than 806 mines (16% of 5041 cells)"),
        (Size(100, 100, 1601), "more than 1600 mines (16% of 10000 cells)"),
    ],
)
def test_sizes_past_the_limits_are_refused_with_the_reason(size: Size, words: str) -> None:
    with pytest.raises(NoGuessUnavailable, match=rf"no-guess board {size}: ") as error:
        check_size(size)
    assert words in str(error.value)


def test_the_limits_step_down_as_boards_grow() -> None:
    assert most_mines(480) == 144 and most_mines(1000) == 300 and most_mines(1001) == 200
    assert most_mines(5000) == 1000 and most_mines(5001) == 800 and most_mines(MAX_CELLS) == 1600
    assert most_mines(MAX_CELLS + 1) == 0


@pytest.mark.parametrize("size", [Size(30, 16, 144), Size(16, 16, 76), Size(9, 9, 24)])
def test_the_densest_small_boards_offered_get_their_board(size: Size) -> None:
    centre = size.cell(size.height // 2, size.width // 2)
    for seed in range(2):
        board = place_no_guess(size, centre, random.Random(seed))
        assert solver_clears(board, centre)
