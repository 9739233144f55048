"""Replay codes: every recording survives the round trip; malformed and cut-short codes say why; the length
of an expert game's link, measured."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Game, Look, Reveal, Stamp, State
from minesweeper.daily import daily
from minesweeper.replaycode import InvalidReplayCode, Recording, from_code, to_code
from minesweeper.solver import Position, solve
from tests.unit.engine_strategies import ENGINE, actions, boards

points = st.none() | st.tuples(st.integers(0, 15), st.integers(0, 15))


@st.composite
def recordings(draw: st.DrawFn) -> Recording:
    board = draw(boards(max_side=12))
    log = tuple(draw(actions(board.size.cells)))
    times = sorted(draw(st.lists(st.integers(0, 10**8), min_size=len(log), max_size=len(log))))
    timed, touch = draw(st.booleans()) and bool(log), draw(st.booleans())  # a game's pointer: one kind
    stamps = tuple(Stamp(ms, point, touch and point is not None) for ms in times for point in [draw(points)])
    stamps = stamps if timed else ()
    return Recording(board, draw(st.booleans()), log, stamps)


@ENGINE
@given(recordings())
def test_round_trip(recording: Recording) -> None:
    code = to_code(recording)
    assert from_code(code) == recording
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@ENGINE
@given(recordings(), st.data())
def test_every_cut_short_code_says_so(recording: Recording, data: st.DataObject) -> None:
    raw = base64.urlsafe_b64decode(to_code(recording) + "==")
    cut = data.draw(st.integers(1, len(raw) - 1))
    short = base64.urlsafe_b64encode(raw[:cut]).rstrip(b"=").decode()
    with pytest.raises(InvalidReplayCode, match="cut short"):
        from_code(short)


@ENGINE
@given(recordings(), st.lists(st.booleans(), min_size=1))
def test_a_game_of_mouse_and_fingers_replays_with_the_pointer_of_most_of_its_actions(
    recording: Recording, fingers: list[bool]
) -> None:
    """The code keeps one kind of pointer a game (a replay draws a fingertip or an arrow): most actions'."""
    stamps = tuple(
        Stamp(s.ms, s.point, s.point is not None and fingers[i % len(fingers)])
        for i, s in enumerate(recording.stamps)
    )
    mixed = Recording(recording.board, recording.question_marks, recording.actions, stamps)
    again = from_code(to_code(mixed))
    touched = [s.touch for s in stamps if s.point is not None]
    most = 2 * sum(touched) > len(touched)
    assert again.stamps == tuple(Stamp(s.ms, s.point, most and s.point is not None) for s in stamps)


def test_a_game_replays_to_the_same_end() -> None:
    made = daily("2026-11-25", "expert")
    game = played(made.board, made.start)
    again = from_code(to_code(Recording.of(game))).game()
    assert again.state is State.WON and again.looks == game.looks and again.stamps == game.stamps


def played(board: object, start: int, seed: int = 1) -> Game:
    """A game the solver wins, stamped as a quick human's: 300 to 2500 ms between actions."""
    rng = random.Random(seed)
    game = Game.from_board(board)  # type: ignore[arg-type]
    ms = 0
    game.apply(Reveal(start), Stamp(0, (8, 8)))
    while game.state is State.PLAYING:
        for cell in sorted(solve(Position(game.size, game.view)).safe):
            if game.look(cell) is Look.COVERED:
                ms += rng.randrange(300, 2500)
                game.apply(Reveal(cell), Stamp(ms, (rng.randrange(16), rng.randrange(16))))
    return game


def test_the_length_of_an_expert_games_link(capsys: pytest.CaptureFixture[str]) -> None:
    made = daily("2026-11-25", "expert")
    game = played(made.board, made.start)
    code = to_code(Recording.of(game))
    with capsys.disabled():
        print(f"\nexpert replay: {len(game.log)} actions, #replay= code {len(code)} characters")
    assert len(code) < 2000  # the link fits any messenger and address bar


HEAD = bytes([1, 9, 9, 0]) + bytes(11)  # version 1, 9x9, no flags, no mines


def code_of(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("", "empty"),
        ("AQkJ*", "'*' is not base64url"),
        ("A", "cut short"),
        (code_of(bytes([2])), "version 2: this game reads version 1"),
        (code_of(bytes([1, 0, 9])), "a 0x9 board"),
        (code_of(bytes([1, 9, 9])), "cut short: it ends before its flags"),
        (code_of(bytes([1, 9, 9, 8])), "flags 8: only question marks"),
        (code_of(HEAD[:10]), "cut short: it ends before its mines"),
        (code_of(HEAD), "cut short: it ends before its number of actions"),
        (code_of(HEAD + bytes([1])), "cut short: it ends before action 1 of 1"),
        (code_of(HEAD + bytes([1, 3])), "action 1 of 1 is not a reveal, flag or chord"),
        (code_of(HEAD + bytes([1, 81 << 4 & 0x7F | 0x80, 81 << 4 >> 7])), "action 1 of 1 is not a reveal"),
        (code_of(HEAD + bytes([0, 0])), "1 bytes after its last action"),
        (code_of(HEAD + bytes([1, 4])), "has a pointer but the game has no times"),
        (
            code_of(bytes([1, 9, 9, 2]) + bytes(11) + bytes([1, 4, 7])),
            "cut short: it ends before the pointer",
        ),
        (
            code_of(bytes([1, 9, 9, 2]) + bytes(11) + bytes([1, 0, 0xFF])),
            "cut short: it ends before the time",
        ),
        (code_of(bytes([1, 1, 1, 0, 0x80, 0])), "every cell is a mine"),
        (code_of(bytes([1, 1, 1, 0, 0x40, 0])), "bits set after the board's last cell"),
        (code_of(HEAD + bytes([0xFF] * 10)), "its number of actions is not a number"),
    ],
)
def test_bad_codes_say_why_quoting_them(code: str, says: str) -> None:
    with pytest.raises(InvalidReplayCode, match=says) as error:
        from_code(code)
    quoted = repr(code) if len(code) <= 40 else repr(code[:37] + "...")
    assert str(error.value).startswith(f"replay {quoted}:")


def test_a_long_bad_code_is_quoted_cut_short() -> None:
    with pytest.raises(InvalidReplayCode, match=r"replay 'AQkJAAAAAAAAAAA[A-Za-z]+\.\.\.'"):
        from_code("AQkJ" + "A" * 100)
