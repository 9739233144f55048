"""The daily board: one no-guess board per day and level, the same for every player, made from the date alone.

Glossary:
    day     a date written YYYY-MM-DD (the player's own calendar day: the page passes its local date)
    seed    the first 8 bytes of sha256("YYYY-MM-DD:level"), big-endian: neither Python's hash() (salted per
            process for text) nor its random module's seeding of text, so the seed is the same on every
            platform and version
    start   the first cell, drawn from the seed before the mines, away from the edges; logic alone clears the
            board from there (noguess.place_no_guess), and the page marks it
    tries   a seed whose search gives up (NoGuessUnavailable, rare at the presets) is followed by the next
            one, seed + 1, and so on: still a function of the date alone

Determinism: random.Random(int) seeds the Mersenne Twister from the int's bytes (init_by_array), and
randrange/sample draw through getrandbits: both unchanged since Python 3.2 and the same in Pyodide (a
32-bit WebAssembly build; nothing here depends on the word size). The no-guess search spends a budget
counted in work units, not seconds. tests/unit/test_daily.py pins boards to catch any change.
"""

from __future__ import annotations

import datetime
import hashlib
import random
import re
from dataclasses import dataclass

from .board import Board
from .grid import LEVELS, BoardError, Cell, Size
from .noguess import place_no_guess
from .placement import NoGuessUnavailable

DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
TRIES = 8
MARGIN = 2  # the start stays this many cells from an edge, where an opening has room to spread


class InvalidDay(BoardError):
    """A daily board's date or level that cannot be used; the message quotes it."""


@dataclass(frozen=True)
class Daily:
    """A day's board for one level, and the cell to open first."""

    day: str
    level: str
    board: Board
    start: Cell


def check_day(text: str) -> str:
    """`text` if it is a real calendar date written YYYY-MM-DD, from 2000 to 2999; else InvalidDay."""
    match = DAY.fullmatch(text)
    try:
        if match is None:
            raise ValueError
        date = datetime.date(*map(int, match.groups()))
    except ValueError:
        raise InvalidDay(f"daily {text!r}: must be a date written YYYY-MM-DD, like 2026-11-25") from None
    if not 2000 <= date.year <= 2999:
        raise InvalidDay(f"daily {text!r}: must be a date from 2000 to 2999")
    return text


def check_level(name: str) -> Size:
    if name not in LEVELS:
        raise InvalidDay(f"daily level {name!r}: must be {', '.join(LEVELS)}")
    return LEVELS[name]


def seed(day: str, level: str) -> int:
    """The daily board's seed: stable across platforms and Python versions (see the glossary)."""
    digest = hashlib.sha256(f"{day}:{level}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def daily(day: str, level: str) -> Daily:
    """The board of `day` (YYYY-MM-DD) at `level` (beginner, intermediate or expert)."""
    size = check_level(level)
    base = seed(check_day(day), level)
    for attempt in range(TRIES):
        rng = random.Random(base + attempt)
        start = start_cell(size, rng)
        try:
            return Daily(day, level, place_no_guess(size, start, rng), start)
        except NoGuessUnavailable:
            continue
    # pragma: no cover -- never seen at the presets
    raise InvalidDay(f"daily {day!r} {level}: no board found")


def start_cell(size: Size, rng: random.Random) -> Cell:
    """A cell drawn away from the edges (MARGIN cells), where the board has room for it."""
    rows = range(MARGIN, size.height - MARGIN) if size.height > 2 * MARGIN else range(size.height)
    cols = range(MARGIN, size.width - MARGIN) if size.width > 2 * MARGIN else range(size.width)
    return size.cell(rows[rng.randrange(len(rows))], cols[rng.randrange(len(cols))])
