"""3BV, openings and islands of boards counted by hand; a game's summary for the end-of-game panel."""

from __future__ import annotations

import pytest
from hypothesis import given

from minesweeper import Board, Chord, Flag, Game, Reveal, Size, State
from minesweeper.analysis import analyse, summary
from minesweeper.art import from_art
from tests.unit.engine_strategies import ENGINE, boards

# (picture, 3BV, openings, islands), each counted by hand.
HAND_COUNTED = [
    # One opening reaches every number.
    ("*1...\n11...\n.....\n...11\n...1*", 1, 1, 0),
    # The top right 1 touches no empty cell: a click of its own, an island of one.
    ("..1*1\n..111\n.....", 2, 1, 1),
    # Two openings, walled apart by mines; every number touches one of them.
    ("..2*2..\n..3*3..\n..2*2..", 2, 2, 0),
    # No empty cell: four lone 3s, touching diagonally, one island.
    ("*3*\n3*3\n*3*", 4, 0, 1),
    # An opening in the middle column; the 3s of each checker touch no empty cell: two islands of 4.
    ("*3*1.1*3*\n3*32.23*3\n*3*1.1*3*", 9, 1, 2),
    # The 2 at top left is lone; everything else falls to the one opening.
    ("*2*1...\n1211.11\n.....1*", 2, 1, 1),
    # All safe: one opening is the whole board.
    (".....\n.....", 1, 1, 0),
    # One safe cell among mines.
    ("**\n*3", 1, 0, 1),
]


@pytest.mark.parametrize("art, bbbv, openings, islands", HAND_COUNTED)
def test_hand_counted_boards(art: str, bbbv: int, openings: int, islands: int) -> None:
    analysis = analyse(from_art(art))
    assert (analysis.bbbv, analysis.openings, analysis.islands) == (bbbv, openings, islands)


def test_as_dict_uses_the_usual_names() -> None:
    board = from_art("..1*1\n..111\n.....")
    assert analyse(board).as_dict() == {
        "width": 5,
        "height": 3,
        "mines": 1,
        "3bv": 2,
        "openings": 1,
        "islands": 1,
    }


def reference(board: Board) -> tuple[int, int, int]:
    """3BV, openings, islands by the textbook definitions, with sets and union-find (slow but plain)."""
    size = board.size
    safe = [c for c in range(size.cells) if c not in board.mines]
    zeros = {c for c in safe if board.numbers[c] == 0}
    lone = {c for c in safe if board.numbers[c] and not zeros & set(size.neighbours(c))}
    return len(components(zeros, size)) + len(lone), len(components(zeros, size)), len(components(lone, size))


def components(cells: set[int], size: Size) -> set[int]:
    parent = {c: c for c in cells}

    def root(c: int) -> int:
        while parent[c] != c:
            c = parent[c]
        return c

    for c in cells:
        for n in size.neighbours(c):
            if n in cells:
                parent[root(n)] = root(c)
    return {root(c) for c in cells}


@given(boards(max_side=12))
@ENGINE
def test_analysis_agrees_with_the_textbook_definitions(board: Board) -> None:
    analysis = analyse(board)
    assert (analysis.bbbv, analysis.openings, analysis.islands) == reference(board)


@given(boards(max_side=12))
@ENGINE
def test_clicking_the_3bv_cells_wins_in_exactly_3bv_clicks(board: Board) -> None:
    analysis = analyse(board)
    game = Game.from_board(board)
    for cell in analysis.bbbv_cells:
        assert game.apply(Reveal(cell))  # each click opens something new
    assert game.state is State.WON and game.clicks.left == analysis.bbbv == len(analysis.bbbv_cells)


def test_summary_of_a_won_game() -> None:
    board = from_art("..1*1\n..111\n.....")  # 3BV 2
    game = Game.from_board(board)
    for action in (Flag(3), Flag(3), Reveal(0), Reveal(0), Reveal(4)):
        game.apply(action)
    result = summary(game, 4.0)
    assert result.as_dict() == {
        "3bv": 2,
        "solved_3bv": 2,
        "seconds": 4.0,
        "3bv_per_s": 0.5,
        "clicks": {"left": 3, "right": 2, "chord": 0, "total": 5, "useful": 4},
        "efficiency": 0.5,
    }


def test_summary_of_a_lost_game_counts_the_3bv_it_solved() -> None:
    board = from_art("*3*1.1*3*\n3*32.23*3\n*3*1.1*3*")  # 3BV 9
    game = Game.from_board(board)
    game.apply(Reveal(4))  # the opening
    game.apply(Reveal(1))  # a lone 3
    game.apply(Flag(11))  # useful, though it earns no 3BV
    game.apply(Chord(1))  # 3 flags needed, 1 there: nothing
    game.apply(Reveal(0))  # boom
    result = summary(game, 10)
    assert (result.bbbv, result.solved_bbbv) == (9, 2)
    assert result.bbbv_per_s == 0.2 and result.efficiency == 2 / 4


def test_summary_before_the_first_click_and_at_zero_seconds() -> None:
    game = Game.new(Size(9, 9, 10), seed=1)
    result = summary(game, 0)
    assert (result.bbbv, result.solved_bbbv, result.bbbv_per_s, result.efficiency) == (0, 0, None, None)


def test_the_summary_keeps_its_click_counts_when_the_game_goes_on() -> None:
    game = Game.from_board(from_art("..1*1\n..111\n....."))
    result = summary(game, 1)
    game.apply(Flag(0))
    assert result.clicks.total == 0


def test_negative_time_is_refused() -> None:
    with pytest.raises(ValueError, match=r"seconds -1: must be 0 or more"):
        summary(Game.new(Size(9, 9, 10), seed=1), -1)
