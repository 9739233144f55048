"""The daily board: the same board for a date and level on every run and platform, no-guess from its start."""

from __future__ import annotations

import pytest

from minesweeper import LEVELS, to_code
from minesweeper.daily import InvalidDay, check_day, daily, seed
from tests.unit.test_noguess import solver_clears

# Pinned: made by CPython 3.11 and by Pyodide 314 under Node (bench/daily.py), the same. A change here
# changes every player's daily board: only ever on purpose.
PINNED = {
    ("2026-11-25", "beginner"): (23, "9.9.ECAAACAAFCygAAA"),
    ("2026-11-25", "intermediate"): (133, "16.16.DAApAQQCQAAQQEgBQDAQgAAkcQJIIACAkKAAwAIGBAA"),
    ("2026-11-25", "expert"): (
        277,
        "30.16.GFAKKEEYERAQARCAWAUATBrCIABGCEhAcBAQhISgkBWBoICQgIsECgIBAATCBCAQRAogwBogAAALECgB",
    ),
    ("2026-01-01", "expert"): (
        279,
        "30.16.BEGCAAAFoAoyuBCkgAAywAwSChAEADAEKzgiEAShgQCQBowLAIEQDgRiBIBJUuECABAggIBAiSAAAAIQ",
    ),
    ("2030-06-15", "beginner"): (38, "9.9.AEAggAAQHIAgEAA"),
}


@pytest.mark.parametrize(("day", "level"), PINNED)
def test_pinned_boards(day: str, level: str) -> None:
    made = daily(day, level)
    assert (made.start, to_code(made.board)) == PINNED[day, level]


def test_the_seed_is_sha256_of_the_day_and_level() -> None:
    # The first 8 bytes of sha256(b"2026-11-25:expert"), big-endian: nothing of Python's own hashing.
    assert seed("2026-11-25", "expert") == 0x6C5483F816D3B309
    assert seed("2026-11-25", "expert") != seed("2026-11-26", "expert") != seed("2026-11-25", "beginner")


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("day", ["2026-11-25", "2026-11-26", "2027-02-28", "2028-02-29"])
def test_each_daily_is_no_guess_from_its_start(day: str, level: str) -> None:
    made = daily(day, level)
    assert made.board.size == LEVELS[level]
    assert made.board.numbers[made.start] == 0 and made.start not in made.board.mines
    assert solver_clears(made.board, made.start)
    assert daily(day, level) == made  # again, the same


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2026-13-01", "YYYY-MM-DD"),
        ("2026-02-30", "YYYY-MM-DD"),
        ("26-11-25", "YYYY-MM-DD"),
        ("2026-11-25 ", "YYYY-MM-DD"),
        ("1999-12-31", "from 2000 to 2999"),
        ("", "YYYY-MM-DD"),
    ],
)
def test_bad_days_are_refused_quoting_them(text: str, says: str) -> None:
    with pytest.raises(InvalidDay, match=says) as error:
        check_day(text)
    assert repr(text) in str(error.value)


def test_a_bad_level_is_refused() -> None:
    with pytest.raises(InvalidDay, match="'hard'"):
        daily("2026-11-25", "hard")
