"""Replaying a game move by move (minesweeper/replay.py): the frames, stepped or jumped either way, are
the boards the game showed, and each move is an action that changed something."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Chord, Flag, Game, Look, Reveal, Size, State
from minesweeper.art import from_art
from minesweeper.replay import between, clock_between, first_opening, moves
from tests.unit.engine_strategies import ENGINE, games


def frames(game: Game) -> list[list[Look]]:
    """The boards the game showed, move by move, by replaying its log one action at a time."""
    fresh = Game.rerun(game, ())
    shown = [list(fresh.looks)]
    for action in game.log:
        if fresh.apply(action):
            shown.append(list(fresh.looks))
    return shown


def played(looks: list[Look], changes: dict[int, Look]) -> list[Look]:
    return [changes.get(cell, look) for cell, look in enumerate(looks)]


@ENGINE
@given(games(), st.data())
def test_a_jump_between_any_two_frames_writes_the_cells_that_differ(game: Game, data: st.DataObject) -> None:
    found, shown = moves(game), frames(game)
    assert len(found) + 1 == len(shown)
    assert shown[-1] == game.looks
    start = data.draw(st.integers(0, len(found)))
    end = data.draw(st.integers(0, len(found)))
    changes = between(found, start, end)
    assert played(shown[start], changes) == shown[end]
    assert all(shown[start][cell] is not look for cell, look in changes.items())


@ENGINE
@given(games())
def test_each_move_changed_something_and_counts_the_mines_left(game: Game) -> None:
    fresh = Game.rerun(game, ())
    for move in moves(game):
        assert move.after and move.after.keys() == move.before.keys()
        assert all(fresh.looks[cell] is look for cell, look in move.before.items())
        fresh.apply(move.action)
        assert move.mines_left == fresh.mines_left
    assert fresh.looks == game.looks


CLOSED = (Look.COVERED, Look.FLAG, Look.QUESTION)


@ENGINE
@given(games())
def test_the_clock_runs_from_the_frame_that_first_shows_an_opened_cell(game: Game) -> None:
    """As in play: a frame of flags and question marks alone shows the clock at 0."""
    opened = first_opening(moves(game))
    for frame, looks in enumerate(frames(game)):
        assert (frame > opened) == any(look not in CLOSED for look in looks), frame


def test_flags_before_the_first_opening_leave_the_clock_at_rest() -> None:
    game = Game.from_board(from_art("*.*\n...\n..."))
    for action in (Flag(0), Flag(0), Flag(2), Reveal(8), Flag(6)):
        game.apply(action)
    assert first_opening(moves(game)) == 3


def test_the_clock_goes_on_between_two_moves_and_stops_at_the_next_one() -> None:
    times = [0, 2500, 2600]  # a think of 2.5 s after the first move, then a quick one
    assert clock_between(times, 0, 5000) == 0.0  # the covered board: no move, no time
    assert clock_between(times, 1, 0) == 0.0
    assert clock_between(times, 1, 1200) == 1.2
    assert clock_between(times, 1, 9000) == 2.5  # the next move's time, never past it
    assert clock_between(times, 2, 50) == 2.55
    assert clock_between(times, 3, 4000) == 2.6  # the last frame: the game's end
    assert clock_between(times, 1, -30) == 0.0


@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=8), st.data())
def test_the_clock_between_two_frames_never_leaves_their_times(gaps: list[int], data: st.DataObject) -> None:
    times = [sum(gaps[: i + 1]) for i in range(len(gaps))]
    frame = data.draw(st.integers(1, len(times)))
    since = data.draw(st.floats(0, 20_000))
    seconds = clock_between(times, frame, since)
    later = times[frame] if frame < len(times) else times[-1]
    assert times[frame - 1] / 1000 <= seconds <= later / 1000


def test_a_lost_game_move_by_move() -> None:
    game = Game.from_board(from_art("*.*\n...\n..."))  # numbers: *2* / 121 / ...
    for action in (Reveal(8), Flag(1), Flag(1), Reveal(8), Chord(4), Reveal(0)):
        game.apply(action)
    assert game.state is State.LOST
    found = moves(game)
    # The second reveal of an open cell, and a chord of a 2 with no flag around it, changed nothing.
    assert [m.action for m in found] == [Reveal(8), Flag(1), Flag(1), Reveal(0)]
    assert [m.mines_left for m in found] == [2, 1, 2, 2]
    assert between(found, 0, 1) == {cell: game.looks[cell] for cell in range(3, 9)}
    assert between(found, 1, 3) == {}  # a flag placed and taken back
    assert between(found, 4, 3) == {0: Look.COVERED, 2: Look.COVERED}  # the mine hit, and the other


def best_seconds(run: Callable[[], object], times: int = 3) -> float:
    seconds = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - start)
    return min(seconds)


def test_the_moves_of_a_long_game_on_a_big_board_cost_about_its_replay() -> None:
    # Each action's looks before are the cells it changed, not a copy of the board: with a copy, 2 000
    # actions on 256x256 took 20 times the replay (20 000 actions: 4 s here, 6 s in the page).
    size = Size(256, 256, 13_000)
    game = Game.new(size, seed=3)
    game.apply(Reveal(size.cell(128, 128)))
    assert game.board is not None
    cells = list(range(size.cells))
    random.Random(1).shuffle(cells)
    for cell in cells[:2_000]:
        game.apply(Flag(cell) if cell in game.board.mines else Reveal(cell))
    assert game.state is State.PLAYING and len(moves(game)) > 1_000
    assert best_seconds(lambda: moves(game)) < 8 * best_seconds(lambda: Game.rerun(game, game.log))
