"""Replay codes: a finished game, its board and its timed actions, in one short string for a link
(`index.html#replay=CODE`) that opens the replay on any device, offline included.

Glossary:
    varint  an unsigned number in 7-bit groups, least significant first, the high bit set on all but the
            last byte (as protobuf's)
    zigzag  a signed number as an unsigned one, 0, -1, 1, -2 ... as 0, 1, 2, 3 ..., so small steps either
            way take one byte
    bytes   version (1); width, height (varints); flags (bit 0 question marks, bit 1 timed, bit 2 touch: the
            pointer was a finger, for all the game's pointed actions if for most of them); the mine
            bitset as in a board code (codes.py: row-major, MSB first); the number of actions (varint);
            then each action: varint(zigzag(cell - previous cell) << 3 | pointed << 2 | kind), kind 0 reveal,
            1 flag, 2 chord; if timed, varint(ms since the previous action); if pointed, one byte x << 4 | y
            (game.Stamp: sixteenths of the cell)
    code    those bytes in base64url without padding

An expert game won in 214 actions, 0.3 to 2.5 s apart, takes 1416 characters (about 5 bytes an action:
the cell's step, the ms, the pointer; tests/unit/test_replaycode.py measures it).
Anything malformed or cut short raises InvalidReplayCode, quoting the code and saying what is wrong.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from .board import Board
from .game import Action, Chord, Flag, Game, Reveal, Rules, Stamp
from .grid import MAX_SIDE, BoardError, Size

VERSION = 1
KINDS: tuple[type[Action], ...] = (Reveal, Flag, Chord)
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
MAX_ACTIONS = 1 << 20


class InvalidReplayCode(BoardError):
    """A replay code that cannot be read; the message quotes it and says what is wrong."""


@dataclass(frozen=True)
class Recording:
    """What a replay code holds: the board, the rules that matter to a replay, the actions and their stamps
    (empty when the game was not timed)."""

    board: Board
    question_marks: bool
    actions: tuple[Action, ...]
    stamps: tuple[Stamp, ...]

    @classmethod
    def of(cls, game: Game) -> Recording:
        assert game.board is not None, "a game with actions has its board"
        stamps = tuple(game.stamps) if game.timed else ()
        return cls(game.board, game.rules.question_marks, tuple(game.log), stamps)

    def game(self) -> Game:
        """The game played again from the start to its end, stamps and all."""
        game = Game.from_board(self.board, Rules(question_marks=self.question_marks))
        stamps = self.stamps or (None,) * len(self.actions)
        for action, stamp in zip(self.actions, stamps, strict=True):
            game.apply(action, stamp)
        return game


def to_code(recording: Recording) -> str:
    board, timed = recording.board, bool(recording.stamps)
    fingers = [stamp.touch for stamp in recording.stamps if stamp.point is not None]
    touch = 2 * sum(fingers) > len(fingers)  # most pointed actions were a finger's
    out = bytearray([VERSION])
    _varint(out, board.width)
    _varint(out, board.height)
    out.append(recording.question_marks | timed << 1 | touch << 2)
    bits = bytearray((board.size.cells + 7) // 8)
    for mine in board.mines:
        bits[mine >> 3] |= 0x80 >> (mine & 7)
    out += bits
    _varint(out, len(recording.actions))
    previous_cell = previous_ms = 0
    for i, action in enumerate(recording.actions):
        stamp = recording.stamps[i] if timed else None
        pointed = stamp is not None and stamp.point is not None
        step = action.cell - previous_cell
        _varint(out, ((step << 1) ^ (step >> 63)) << 3 | pointed << 2 | KINDS.index(type(action)))
        if stamp is not None:
            _varint(out, max(stamp.ms - previous_ms, 0))
            previous_ms = max(stamp.ms, previous_ms)
            if stamp.point is not None:
                out.append(stamp.point[0] << 4 | stamp.point[1])
        previous_cell = action.cell
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def from_code(code: str) -> Recording:
    """The recording a code holds; InvalidReplayCode quotes the code and says what is wrong with it."""
    reader = Reader(code, _bytes(code))
    version = reader.byte("its version")
    if version != VERSION:
        raise reader.error(f"version {version}: this game reads version {VERSION}")
    width, height = reader.varint("its width"), reader.varint("its height")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise reader.error(f"a {width}x{height} board: each side must be 1 to {MAX_SIDE}")
    flags = reader.byte("its flags")
    if flags > 7:
        raise reader.error(f"flags {flags}: only question marks (1), timed (2) and touch (4) are known")
    cells = width * height
    bits = reader.take((cells + 7) // 8, "its mines")
    mines = frozenset(i for i in range(cells) if bits[i >> 3] & (0x80 >> (i & 7)))
    if any(bits[i >> 3] & (0x80 >> (i & 7)) for i in range(cells, len(bits) * 8)):
        raise reader.error("bits set after the board's last cell")
    if len(mines) == cells:
        raise reader.error("every cell is a mine")
    board = Board(Size(width, height, len(mines)), mines)
    count = reader.varint("its number of actions")
    if count > MAX_ACTIONS:
        raise reader.error(f"{count} actions: more than a game has")
    actions: list[Action] = []
    stamps: list[Stamp] = []
    cell = ms = 0
    for i in range(count):
        what = f"action {i + 1} of {count}"
        word = reader.varint(what)
        kind, pointed, zigzag = word & 3, word >> 2 & 1, word >> 3
        cell += (zigzag >> 1) ^ -(zigzag & 1)
        if kind > 2 or not 0 <= cell < cells:
            raise reader.error(f"{what} is not a reveal, flag or chord of one of the {cells} cells")
        actions.append(KINDS[kind](cell))
        if flags & 2:
            ms += reader.varint(f"the time of {what}")
            point = divmod(reader.byte(f"the pointer of {what}"), 16) if pointed else None
            stamps.append(Stamp(ms, point, point is not None and bool(flags & 4)))
        elif pointed:
            raise reader.error(f"{what} has a pointer but the game has no times")
    if reader.at != len(reader.data):
        raise reader.error(f"{len(reader.data) - reader.at} bytes after its last action")
    return Recording(board, bool(flags & 1), tuple(actions), tuple(stamps))


class Reader:
    """The code's bytes, read from the front; each read names what it reads for the error it may raise."""

    def __init__(self, code: str, data: bytes) -> None:
        self.code, self.data, self.at = code, data, 0

    def error(self, what: str) -> InvalidReplayCode:
        return InvalidReplayCode(f"replay {_quote(self.code)}: {what}")

    def take(self, count: int, what: str) -> bytes:
        if self.at + count > len(self.data):
            raise self.error(f"cut short: it ends before {what}")
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self, what: str) -> int:
        return self.take(1, what)[0]

    def varint(self, what: str) -> int:
        value = shift = 0
        while True:
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise self.error(f"{what} is not a number")


def _varint(out: bytearray, value: int) -> None:
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _bytes(code: str) -> bytes:
    if not isinstance(code, str) or not code:
        raise InvalidReplayCode(f"replay {code!r}: empty, expected base64url text")
    if BASE64URL.fullmatch(code) is None:
        bad = next(c for c in code if BASE64URL.fullmatch(c) is None)
        raise InvalidReplayCode(f"replay {_quote(code)}: {bad!r} is not base64url (A-Z a-z 0-9 - _)")
    if len(code) % 4 == 1:
        raise InvalidReplayCode(
            f"replay {_quote(code)}: cut short (a base64url text cannot be {len(code)} long)"
        )
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except binascii.Error as error:  # pragma: no cover -- characters and length are checked above
        raise InvalidReplayCode(f"replay {_quote(code)}: {error}") from None


def _quote(code: str) -> str:
    """The code in quotes, cut short: an expert game's is a thousand characters."""
    return repr(code) if len(code) <= 40 else repr(code[:37] + "...")
