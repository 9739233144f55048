"""Saving and resuming a game: JSON round trips, and clear errors for every kind of broken record."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from minesweeper import BoardError, Chord, Flag, Game, Reveal, Rules, Size, State
from minesweeper.art import from_art
from minesweeper.codes import to_code
from minesweeper.placement import FirstClick
from minesweeper.record import RecordError, from_record, to_record
from tests.unit.engine_strategies import ENGINE, games


def same_game(a: Game, b: Game) -> bool:
    return (a.size, a.rules, a.seed, a.board, a.looks, a.state, a.log, a.clicks, a.mines_left) == (
        b.size,
        b.rules,
        b.seed,
        b.board,
        b.looks,
        b.state,
        b.log,
        b.clicks,
        b.mines_left,
    )


@given(games())
@ENGINE
def test_records_round_trip_through_json(game: Game) -> None:
    record = json.loads(json.dumps(to_record(game)))
    assert same_game(from_record(record), game)


@given(games())
@ENGINE
def test_a_resumed_game_plays_on_like_the_original(game: Game) -> None:
    resumed = from_record(to_record(game))
    for cell in range(game.size.cells):
        assert resumed.apply(Reveal(cell)) == game.apply(Reveal(cell))
    assert same_game(resumed, game)


def test_a_record_is_small_and_readable() -> None:
    game = Game.new(Size(9, 9, 10), seed=42, rules=Rules(FirstClick.SAFE, question_marks=True))
    for action in (Flag(0), Reveal(40), Chord(40)):
        game.apply(action)
    assert game.board is not None
    assert to_record(game) == {
        "version": 1,
        "width": 9,
        "height": 9,
        "mines": 10,
        "rules": {"first_click": "safe", "question_marks": True, "no_guess": False},
        "seed": 42,
        "board": to_code(game.board),
        "log": "f0r40c40",
    }


def test_a_seeded_game_keeps_its_placed_board_not_a_fresh_placement() -> None:
    game = Game.new(Size(5, 1, 1), seed=1)
    game.apply(Reveal(0))
    record = to_record(game)
    record["board"] = "5.1.CA"  # the mine at cell 4, wherever this seed's placement put it
    resumed = from_record(record)
    assert resumed.board is not None and resumed.board.mines == {4}
    assert resumed.seed == 1 and resumed.log == [Reveal(0)]


def test_a_game_not_yet_started_records_no_board() -> None:
    record = to_record(Game.new(Size(9, 9, 10), seed=3))
    assert record["board"] is None and record["log"] == ""
    resumed = from_record(record)
    assert resumed.board is None and resumed.state is State.READY


def test_a_given_board_records_no_seed() -> None:
    board = from_art("..1*1\n..111\n.....")
    game = Game.from_board(board)
    game.apply(Reveal(0))
    game.apply(Reveal(4))
    record = to_record(game)
    assert record["seed"] is None and record["board"] == to_code(board)
    assert from_record(record).state is State.WON


def good() -> dict[str, Any]:
    game = Game.new(Size(9, 9, 10), seed=42)
    game.apply(Reveal(40))
    return to_record(game)


def test_missing_rules_keys_take_their_defaults() -> None:
    record = good()
    record["rules"] = {}
    assert from_record(record).rules == Rules()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: [], r"game record \[\]: must be a JSON object"),
        (lambda r: {**r, "version": 2}, r"game record version 2: this game reads version 1"),
        (lambda r: {**r, "width": "9"}, r"game record width '9': must be a whole number"),
        (lambda r: {**r, "height": 9.5}, r"game record height 9.5: must be a whole number"),
        (lambda r: {**r, "mines": True}, r"game record mines True: must be a whole number"),
        (
            lambda r: {k: v for k, v in r.items() if k != "mines"},
            r"game record mines None: must be a whole number",
        ),
        (lambda r: {**r, "width": 300}, r"game record: width 300: must be a whole number from 1 to 256"),
        (lambda r: {**r, "mines": 81}, r"game record: mines 81: a 9x9 board takes 0 to 80 mines"),
        (lambda r: {**r, "seed": "42"}, r"game record seed '42': must be a whole number or null"),
        (lambda r: {**r, "board": 7}, r"game record board 7: must be a string or null"),
        (
            lambda r: {**r, "board": "9.9.AA"},
            r"game record: board code '9.9.AA': 81 cells take 15 characters",
        ),
        (lambda r: {**r, "width": 10}, r"game record: board 9x9/10 does not match its size 10x9/10"),
        (lambda r: {**r, "seed": None, "board": None}, r"game record: has neither a seed nor a board"),
        (lambda r: {**r, "rules": "opening"}, r"game record rules 'opening': must be a JSON object"),
        (
            lambda r: {**r, "rules": {"first_click": "corner"}},
            r"first_click 'corner': must be one of opening, safe",
        ),
        (lambda r: {**r, "rules": {"no_guess": 1}}, r"game record no_guess 1: must be true or false"),
        (lambda r: {**r, "log": ["r40"]}, r"game record log \['r40'\]: must be a string"),
        (lambda r: {**r, "log": "r40x3"}, r"game record log at 3: action letter 'x' must be r, f or c"),
        (lambda r: {**r, "log": "r40f"}, r"game record log at 3: 'f' is not a letter and a cell number"),
        (lambda r: {**r, "log": "r40 f3"}, r"game record log at 3: ' f3' is not a letter and a cell number"),
        (lambda r: {**r, "log": "r81"}, r"game record log at 0: cell 81 is outside a 9x9/10 board"),
        (lambda r: {**r, "log": "r" + "9" * 5000}, r"game record log at 0: cell 99999999\.\.\. is outside"),
    ],
)
def test_broken_records_raise_a_board_error_that_says_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        from_record(change(good()))


def test_record_errors_are_board_errors() -> None:
    assert issubclass(RecordError, BoardError)


def test_a_timed_game_keeps_its_stamps_and_an_old_record_has_none() -> None:
    from minesweeper import Stamp

    game = Game.from_board(from_art("..1*\n..1."))
    game.apply(Flag(3), Stamp(0, None))
    game.apply(Reveal(0), Stamp(1234, (3, 15)))
    game.apply(Reveal(4), Stamp(2000, (8, 0), touch=True))
    assert game.timed
    record = json.loads(json.dumps(to_record(game)))
    assert record["times"] == [0, 1234, 2000] and record["points"] == [-1, 3 * 16 + 15, 256 + 8 * 16]
    assert from_record(record).stamps == game.stamps
    old = {key: value for key, value in record.items() if key not in ("times", "points")}
    assert not from_record(old).timed and from_record(old).looks == game.looks  # replays at a fixed pace
    damaged = record | {"times": [0, 1, 2], "points": [-1, 0, 512]}
    assert not from_record(damaged).timed and from_record(damaged).looks == game.looks


def test_stamps_stop_at_the_first_action_without_one() -> None:
    from minesweeper import Stamp

    game = Game.from_board(from_art("..1*\n..1."))
    game.apply(Flag(3))
    game.apply(Reveal(0), Stamp(5))
    assert not game.timed and game.stamps == [] and "times" not in to_record(game)
