"""The daily board: one no-guess board per day and level, the same for every player, made from the date alone.

Glossary:
    day     a date written YYYY-MM-DD (the player's own calendar day: the page passes its local date)
    number  the day's count from 0001-01-01 (its proleptic Gregorian ordinal, as date.toordinal gives;
            computed here: Pyodide's standard library leaves datetime out, and the page's trimmed one
            hashlib too)
    seed    splitmix64 of number * 4 + the level's index: fixed integer arithmetic, neither Python's hash()
            (salted per process for text) nor its random module's seeding of text, so the seed is the same
            on every platform and version, and one day's seed says nothing of the next
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

import random
import re
from dataclasses import dataclass

from .board import Board
from .grid import LEVELS, BoardError, Cell, Size
from .placement import NoGuessUnavailable

DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
MASK = (1 << 64) - 1
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
    day_number(text)
    return text


def day_number(text: str) -> int:
    """The day's ordinal (0001-01-01 is 1), as datetime.date.toordinal; InvalidDay for anything else."""
    match = DAY.fullmatch(text) if isinstance(text, str) else None
    year, month, day = map(int, match.groups()) if match else (0, 0, 0)
    if not 1 <= month <= 12 or not 1 <= day <= month_days(year, month):
        raise InvalidDay(f"daily {text!r}: must be a date written YYYY-MM-DD, like 2026-11-25")
    if not 2000 <= year <= 2999:
        raise InvalidDay(f"daily {text!r}: must be a date from 2000 to 2999")
    before = year - 1
    return (
        before * 365
        + before // 4
        - before // 100
        + before // 400
        + sum(month_days(year, m) for m in range(1, month))
        + day
    )


def is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def month_days(year: int, month: int) -> int:
    return 29 if month == 2 and is_leap(year) else MONTH_DAYS[month - 1]


def check_level(name: str) -> Size:
    if name not in LEVELS:
        raise InvalidDay(f"daily level {name!r}: must be {', '.join(LEVELS)}")
    return LEVELS[name]


def seed(day: str, level: str) -> int:
    """The daily board's seed: stable across platforms and Python versions (see the glossary)."""
    check_level(level)
    return splitmix64(day_number(day) * 4 + list(LEVELS).index(level))


def splitmix64(value: int) -> int:
    """Steele, Lea and Flood's 64-bit mixer (SplitMix64's output function after one step)."""
    z = (value + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def daily(day: str, level: str) -> Daily:
    """The board of `day` (YYYY-MM-DD) at `level` (beginner, intermediate or expert)."""
    # The solver, costly to import, loads when a daily board is asked for, not with the page (as game.py's).
    from .noguess import place_no_guess

    size = check_level(level)
    base = seed(day, level)
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
