"""Saving a running game and resuming it: a JSON-able record, and a strict reader for it.

Glossary:
    record  {"version": 1, "width": W, "height": H, "mines": M,
             "rules": {"first_click": "opening", "question_marks": false, "no_guess": false},
             "seed": int or null, "board": board code or null, "log": "r40f41c40"}
            seed null: the board was given as-is. seed and board: the board the seed placed, kept so
            that a resumed game keeps its mines even if placement changes between versions.
    log     the actions as one string, a letter and a cell number each: r reveal, f flag, c chord
    times   optional, a timed game's (game.Stamp): each action's ms, and "points" each action's pointer
            place as x * 16 + y (-1 for a key), plus 256 for a finger's. Absent from records written before
            them, and ignored by the versions before them: the record's version stays 1, and such a game
            replays at a fixed pace (a version before the fingers reads a finger's place as damaged times)

Reading a record replays its log; anything malformed raises RecordError quoting the bad part.
"""

from __future__ import annotations

import re
from typing import TypeAlias, TypeVar

from .codes import from_code, to_code
from .game import POINT_STEPS, Action, Chord, Flag, Game, Reveal, Rules, Stamp
from .grid import BoardError, Size
from .placement import FirstClick

Record: TypeAlias = dict[str, object]
T = TypeVar("T", int, str)

VERSION = 1
LETTERS: dict[type[Action], str] = {Reveal: "r", Flag: "f", Chord: "c"}
ACTIONS: dict[str, type[Action]] = {letter: kind for kind, letter in LETTERS.items()}
TOKEN = re.compile(r"([A-Za-z])([0-9]+)")


class RecordError(BoardError):
    """A saved game that cannot be resumed; the message quotes the part that is wrong."""


def to_record(game: Game) -> Record:
    rules = game.rules
    return {
        "version": VERSION,
        "width": game.size.width,
        "height": game.size.height,
        "mines": game.size.mines,
        "rules": {
            "first_click": rules.first_click.value,
            "question_marks": rules.question_marks,
            "no_guess": rules.no_guess,
        },
        "seed": game.seed,
        "board": None if game.board is None else to_code(game.board),
        "log": "".join(f"{LETTERS[type(action)]}{action.cell}" for action in game.log),
    } | (_stamps_to_record(game.stamps) if game.timed else {})


def _stamps_to_record(stamps: list[Stamp]) -> Record:
    return {
        "times": [s.ms for s in stamps],
        "points": [-1 if s.point is None else _point_number(s.point, s.touch) for s in stamps],
    }


def _point_number(point: tuple[int, int], touch: bool) -> int:
    return touch * POINT_STEPS**2 + point[0] * POINT_STEPS + point[1]


def _stamp(ms: int, number: int) -> Stamp:
    if number < 0:
        return Stamp(ms)
    touch, place = divmod(number, POINT_STEPS**2)
    return Stamp(ms, divmod(place, POINT_STEPS), bool(touch))


def _stamps(record: dict[object, object], actions: int) -> list[Stamp | None]:
    """The record's stamps, one per action; none (a game saved before them, or damaged ones: the game is
    worth more than its timing) when they are missing or do not fit."""
    times, points = record.get("times"), record.get("points")
    fits = (
        isinstance(times, list)
        and isinstance(points, list)
        and len(times) == len(points) == actions
        and all(type(t) is int and t >= 0 for t in times)
        and all(type(p) is int and -1 <= p < 2 * POINT_STEPS**2 for p in points)
    )
    if not fits:
        return [None] * actions
    assert isinstance(times, list) and isinstance(points, list)
    return [_stamp(t, p) for t, p in zip(times, points, strict=True)]


def from_record(record: object) -> Game:
    if not isinstance(record, dict):
        raise RecordError(f"game record {_quote(record)}: must be a JSON object")
    if record.get("version") != VERSION:
        version = _quote(record.get("version"))
        raise RecordError(f"game record version {version}: this game reads version {VERSION}")
    try:
        size = Size(*(_required(record, name, int) for name in ("width", "height", "mines")))
        board = None if (code := _optional(record, "board", str)) is None else from_code(code)
    except RecordError:
        raise
    except BoardError as error:  # a bad size or board code: say it comes from the record
        raise RecordError(f"game record: {error}") from None
    seed = _optional(record, "seed", int)
    if board is not None and board.size != size:
        raise RecordError(f"game record: board {board.size} does not match its size {size}")
    if seed is None and board is None:
        raise RecordError("game record: has neither a seed nor a board")
    game = Game(size, _rules(record.get("rules")), seed, board if seed is None else None)
    game.board = board  # with a seed, the board it placed (None before the first reveal)
    actions = _log(_required(record, "log", str), size)
    for action, stamp in zip(actions, _stamps(record, len(actions)), strict=True):
        game.apply(action, stamp)
    return game


def _required(record: dict[object, object], name: str, kind: type[T], alternative: str = "") -> T:
    value = record.get(name)
    if isinstance(value, kind) and not isinstance(value, bool):  # True is an int to Python, not to us
        return value
    expected = "a whole number" if kind is int else "a string"
    raise RecordError(f"game record {name} {_quote(value)}: must be {expected}{alternative}")


def _optional(record: dict[object, object], name: str, kind: type[T]) -> T | None:
    return None if record.get(name) is None else _required(record, name, kind, " or null")


def _rules(rules: object) -> Rules:
    """Rules from their dict; a missing key takes its default, so records outlive new rules."""
    if not isinstance(rules, dict):
        raise RecordError(f"game record rules {_quote(rules)}: must be a JSON object")
    first = rules.get("first_click", Rules.first_click.value)
    if first not in {rule.value for rule in FirstClick}:
        raise RecordError(f"game record first_click {_quote(first)}: must be one of {', '.join(FirstClick)}")
    return Rules(FirstClick(first), _flag(rules, "question_marks"), _flag(rules, "no_guess"))


def _flag(rules: dict[object, object], name: str) -> bool:
    value = rules.get(name, False)
    if not isinstance(value, bool):
        raise RecordError(f"game record {name} {_quote(value)}: must be true or false")
    return value


def _log(text: str, size: Size) -> list[Action]:
    actions: list[Action] = []
    pos = 0
    while pos < len(text):
        token = TOKEN.match(text, pos)
        if token is None:
            found = text[pos : pos + 12]
            raise RecordError(f"game record log at {pos}: {found!r} is not a letter and a cell number")
        letter, digits = token.groups()
        if letter not in ACTIONS:
            raise RecordError(f"game record log at {pos}: action letter {letter!r} must be r, f or c")
        if len(digits) > 6 or int(digits) >= size.cells:
            shown = digits if len(digits) <= 8 else digits[:8] + "..."
            raise RecordError(f"game record log at {pos}: cell {shown} is outside a {size} board")
        actions.append(ACTIONS[letter](int(digits)))
        pos = token.end()
    return actions


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
