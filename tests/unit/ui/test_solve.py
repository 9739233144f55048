"""Solve, step by step: the solver plays every game to its end, never flags a safe cell nor opens a cell
logic proves mined, wins every no-guess game, and takes a player's wrong flag off before it opens there."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper import Action, FirstClick, Flag, Game, Look, Reveal, Rules, State, level
from minesweeper.art import from_art
from minesweeper.solver import Position, solve
from ui.solve import step

RULES = [Rules(first_click=rule) for rule in FirstClick] + [Rules(no_guess=True)]


def solved(game: Game) -> list[Action]:
    """Let the solver play `game` to its end, checking each step against what logic proves then."""
    taken: list[Action] = []
    for _ in range(3 * game.size.cells):  # each cell at most: a question mark off, a flag on, or opened
        action = step(game)
        if action is None:
            return taken
        if game.state is State.PLAYING:
            mined = solve(Position(game.size, game.view)).mined
            if isinstance(action, Reveal):
                assert action.cell not in mined, f"opened a proven mine: {action}"
        before = game.looks[action.cell]
        game.apply(action)
        if isinstance(action, Flag) and game.looks[action.cell] is Look.FLAG:
            assert game.board is not None and action.cell in game.board.mines, f"flagged a {before} safe cell"
        taken.append(action)
    raise AssertionError(f"no end after {len(taken)} steps")


@settings(max_examples=40)
@given(st.sampled_from(["beginner", "intermediate"]), st.sampled_from(RULES), st.integers(0, 2**32 - 1))
def test_the_solver_plays_every_game_to_its_end_and_its_flags_are_right(
    name: str, rules: Rules, seed: int
) -> None:
    game = Game.new(level(name), seed, rules)
    solved(game)
    assert game.is_over
    if game.state is State.WON:
        assert game.board is not None
        flagged = {cell for cell, look in enumerate(game.looks) if look is Look.FLAG}
        assert flagged == set(game.board.mines)  # a win flags the rest, and the solver's flags were right


@pytest.mark.parametrize("name", ["beginner", "intermediate", "expert"])
@pytest.mark.parametrize("seed", range(2))
def test_a_no_guess_game_is_always_won(name: str, seed: int) -> None:
    game = Game.new(level(name), seed, Rules(no_guess=True))
    solved(game)
    assert game.state is State.WON


def test_the_first_click_is_the_solvers_cell_for_the_rule() -> None:
    size = level("expert")
    assert step(Game.new(size, 1, Rules(first_click=FirstClick.OPENING))) == Reveal(size.cell(3, 3))
    assert step(Game.new(size, 1, Rules(first_click=FirstClick.SAFE))) == Reveal(0)
    # A given board keeps no first click safe: the corner, likeliest a 0.
    given_board = Game.from_board(from_art("..*\n...\n*.."), Rules(first_click=FirstClick.OPENING))
    assert step(given_board) == Reveal(0)


CORNER = "....\n....\n....\n...*"  # a first click at (0, 0) opens every cell it can reach


def test_a_players_wrong_flag_comes_off_before_the_cell_opens() -> None:
    game = Game.from_board(from_art(CORNER))
    game.apply(Flag(5))  # the player flags (1, 1), a safe cell, before the first click
    actions = solved(game)
    assert actions[0] == Reveal(0)  # the flood stops at the flag: (1, 1) and the mine stay covered
    assert actions.index(Flag(15)) < actions.index(Flag(5)) < actions.index(Reveal(5))
    assert game.state is State.WON


def test_question_marks_on_a_proven_mine_and_a_safe_cell() -> None:
    game = Game.from_board(from_art(CORNER), Rules(question_marks=True))
    for cell in (15, 15, 5):  # a question mark on the mine, a flag on a safe cell
        game.apply(Flag(cell))
    assert (game.looks[15], game.looks[5]) == (Look.QUESTION, Look.FLAG)
    actions = solved(game)
    # The mine's question mark goes, then its flag comes; the safe cell's flag becomes a question mark,
    # which opens as a covered cell does.
    assert actions == [Reveal(0), Flag(15), Flag(15), Flag(5), Reveal(5)]
    assert game.state is State.WON and game.looks[15] is Look.FLAG


def test_a_game_over_has_no_step() -> None:
    game = Game.from_board(from_art("*.\n.."))
    game.apply(Reveal(0))
    assert game.state is State.LOST and step(game) is None


def test_a_board_given_with_its_first_cell_opens_there() -> None:
    game = Game.from_board(from_art(CORNER))
    assert step(game, start=10) == Reveal(10)  # a daily board's marked cell
    game.apply(Reveal(10))
    assert step(game, start=10) != Reveal(10)
