"""The daily board: the same board for a date and level on every run and platform, no-guess from its start."""

from __future__ import annotations

import datetime

import pytest

from minesweeper import LEVELS, to_code
from minesweeper.daily import InvalidDay, check_day, daily, day_number, seed, splitmix64
from tests.unit.test_noguess import solver_clears

# Pinned: made by CPython 3.11 and by Pyodide 314 under Node (bench/daily.py --pyodide), the same. A change
# here changes every player's daily board: only ever on purpose.
PINNED = {
    ("2026-11-25", "beginner"): (39, "9.9.EqACAIAAAgAAMQA"),
    ("2026-11-25", "intermediate"): (70, "16.16.AAEAAAFgSKIgIAiAALoAgEBAwQAESAAIgGgQIAAghA0"),
    ("2026-11-25", "expert"): (
        219,
        "30.16.BgCBAgYARCEhAAa4MWoQAQABgAbNIEgABQShAAGAwAAkAMlgwCSBBABWUAiAAADCQAArGgZgQgACBGUH",
    ),
    ("2026-01-01", "expert"): (
        277,
        "30.16.gEhoHIMgEYCQABQmBEAAQRAiFFA6BAhgVAkRwAQDABATRACBAIgAIABgJAiE4AKwFBYBBBCABASgRBLC",
    ),
    ("2030-06-15", "beginner"): (41, "9.9.BCAgCAACAKAIEIA"),
}


@pytest.mark.parametrize(("day", "level"), PINNED)
def test_pinned_boards(day: str, level: str) -> None:
    made = daily(day, level)
    assert (made.start, to_code(made.board)) == PINNED[day, level]


def test_the_day_number_is_the_ordinal() -> None:
    for text in ("2000-01-01", "2000-02-29", "2026-11-25", "2100-03-01", "2999-12-31"):
        assert day_number(text) == datetime.date.fromisoformat(text).toordinal()


def test_the_seed_is_splitmix64_of_the_day_and_level() -> None:
    assert splitmix64(0) == 0xE220A8397B1DCDAF  # the reference output for seed 0
    assert seed("2026-11-25", "expert") == splitmix64(datetime.date(2026, 11, 25).toordinal() * 4 + 2)
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
