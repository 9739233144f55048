"""Hypothesis strategies and a settings profile shared by the engine's unit tests."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from minesweeper import Board, Chord, Flag, Game, Reveal, Rules, Size
from minesweeper.placement import FirstClick

# Other engineers run tests on the same two cores: a deadline would make timings fail tests.
ENGINE = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])

rules = st.builds(
    Rules,
    first_click=st.sampled_from(FirstClick),
    question_marks=st.booleans(),
)


@st.composite
def sizes(draw: st.DrawFn, max_side: int = 9) -> Size:
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    return Size(width, height, draw(st.integers(0, width * height - 1)))


@st.composite
def boards(draw: st.DrawFn, max_side: int = 9) -> Board:
    size = draw(sizes(max_side))
    mines = draw(st.sets(st.integers(0, size.cells - 1), min_size=size.mines, max_size=size.mines))
    return Board(size, frozenset(mines))


@st.composite
def actions(draw: st.DrawFn, cells: int, max_size: int = 40) -> list[Reveal | Flag | Chord]:
    kinds = st.sampled_from([Reveal, Reveal, Flag, Chord])  # reveals twice as often: games get somewhere
    pairs = draw(st.lists(st.tuples(kinds, st.integers(0, cells - 1)), max_size=max_size))
    return [kind(cell) for kind, cell in pairs]


@st.composite
def games(draw: st.DrawFn, max_side: int = 9) -> Game:
    """A seeded game or a game on a given board, with a random list of actions applied."""
    game_rules = draw(rules)
    if draw(st.booleans()):
        game = Game.from_board(draw(boards(max_side)), game_rules)
    else:
        game = Game.new(draw(sizes(max_side)), draw(st.integers(0, 2**32)), game_rules)
    for action in draw(actions(game.size.cells)):
        game.apply(action)
    return game
