"""Daily results: the days a daily board was played, the daily streak and the best daily time per level.

Kept apart from the statistics (ui/stats.py, `minesweeper.records`): a daily board is a given board there
(played and won, never a best time), and its own results live under `minesweeper.daily` (ui/saved.py).

Glossary:
    day       YYYY-MM-DD, the player's calendar day
    result    the day's attempt's end at one level: won or lost (a game left under way is lost), and the
              seconds. Only it counts
    helped    a result won with help (hints, the odds shown: ui/play.py): the day is played and won, as in
              the statistics, but its time is never a best daily time
    attempt   the first game of a day's board at one level, from its first click, on that day: it alone
              gives the day's result, wherever it ends (after midnight, after a reload). Each daily game
              carries a number (ui/play.py), and the first click writes it down in `begun`
    begun     the daily boards begun on this device today: the day and, per level, the attempt's number.
              Kept in localStorage even before the player agrees to keep statistics (ui/saved.py BEGUN), so
              that closing the tab cannot buy another try: the day and the levels, and nothing else
    practice  any other daily game: the same board again, a new game of it, another day's board (from a
              link), or today's board when a later day's was begun or kept on this device (the device's
              clock was turned back); it counts nowhere, and the page says so
    streak    the days in a row, up to the last day played, with at least one daily result (any level);
              `current` is that streak if its last day is today or yesterday (a day not over yet does not
              break it), else 0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from minesweeper import LEVELS
from minesweeper.daily import InvalidDay, day_number

from .i18n import _, formats, ngettext, sentences
from .texts import level_name


class DailyError(ValueError):
    """Stored daily results that cannot be read; the message quotes the part that is wrong."""


@dataclass(frozen=True)
class DayResult:
    won: bool
    seconds: float
    helped: bool = False  # see the glossary


@dataclass(frozen=True)
class Dailies:
    """Every daily result: {day: {level: DayResult}}."""

    days: dict[str, dict[str, DayResult]] = field(default_factory=dict)

    def result(self, day: str, level: str) -> DayResult | None:
        return self.days.get(day, {}).get(level)

    def add(self, day: str, level: str, result: DayResult) -> Dailies:
        if self.result(day, level) is not None:
            return self
        days = {d: dict(levels) for d, levels in self.days.items()}
        days.setdefault(day, {})[level] = result
        return Dailies(days)

    def merge(self, other: Dailies) -> Dailies:
        """Both sets of results; where both have a day and level, ours stays (the first result counts)."""
        merged = self
        for day, levels in other.days.items():
            for level, result in levels.items():
                merged = merged.add(day, level, result)
        return merged

    @property
    def played(self) -> int:
        return len(self.days)

    def best(self, level: str) -> float | None:
        """The fastest win at `level` without help (see the glossary), in seconds; None if there is none."""
        times = [
            r.seconds for levels in self.days.values() if (r := levels.get(level)) and r.won and not r.helped
        ]
        return min(times, default=None)

    def streaks(self, today: str) -> tuple[int, int]:
        """(current, best) streaks of days in a row with a daily result."""
        dates = sorted(day_number(day) for day in self.days)
        best = run = 0
        for i, date in enumerate(dates):
            run = run + 1 if i and date - dates[i - 1] == 1 else 1
            best = max(best, run)
        if not dates or day_number(today) - dates[-1] > 1:
            return 0, best
        return run, best

    def to_data(self) -> dict[str, Any]:
        return {
            day: {level: _result_data(r) for level, r in levels.items()}
            for day, levels in sorted(self.days.items())
        }

    @classmethod
    def from_data(cls, data: Any) -> Dailies:
        if not isinstance(data, dict):
            raise DailyError(f"{_short(data)}: expected an object of days")
        days: dict[str, dict[str, DayResult]] = {}
        for day, levels in data.items():
            if not isinstance(levels, dict) or not _is_day(day):
                raise DailyError(f"day {_short(day)}: expected YYYY-MM-DD and its levels")
            days[day] = {level: _result(day, level, entry) for level, entry in levels.items()}
        return cls(days)


@dataclass(frozen=True)
class Begun:
    """The daily boards begun today on this device: each level's attempt (see the glossary)."""

    day: str = ""
    levels: Mapping[str, int] = field(default_factory=dict)

    def holder(self, day: str, level: str) -> int | None:
        """The attempt that began `day`'s board at `level`, or None if none is known to have."""
        return self.levels.get(level) if day == self.day else None

    def begin(self, day: str, level: str, attempt: int) -> Begun:
        """With `attempt` holding `day`'s board at `level`, unless one holds it already. Only one day is
        kept: a later day's replaces it (a day before it is no longer today)."""
        if day == self.day:
            return self if level in self.levels else Begun(day, {**self.levels, level: attempt})
        if self.day and day_number(day) < day_number(self.day):
            return self
        return Begun(day, {level: attempt})

    def to_data(self) -> dict[str, Any]:
        return {"day": self.day, "levels": dict(self.levels)}

    @classmethod
    def from_data(cls, data: Any) -> Begun:
        day = data.get("day") if isinstance(data, dict) else None
        levels = data.get("levels") if isinstance(data, dict) else None
        if not (
            _is_day(day)
            and isinstance(levels, dict)
            and all(level in LEVELS and type(n) is int and n > 0 for level, n in levels.items())
        ):
            raise DailyError(f"{_short(data)}: expected a day and its levels' attempts")
        assert isinstance(day, str)
        return cls(day, dict(levels))


def may_count(dailies: Dailies, begun: Begun, day: str, level: str, attempt: int, today: str) -> bool:
    """Whether a game of `day`'s board at `level` numbered `attempt` can be (or is) the day's attempt: no
    result yet, and the attempt that began that board is this one; none known to, only on its day, and never
    before a day already begun or kept (see `is_turned_back`)."""
    if dailies.result(day, level) is not None:
        return False
    holder = begun.holder(day, level)
    if holder is not None:
        return holder == attempt
    return day == today and not is_turned_back(dailies, begun, day)


def is_turned_back(dailies: Dailies, begun: Begun, day: str) -> bool:
    """Whether this device has begun or kept a daily board of a day after `day`: its calendar went back
    since (a clock turned back to fill a missed day of the streak), so `day`'s board cannot count any more."""
    return any(later > day for later in (begun.day, *dailies.days))


def _result_data(result: DayResult) -> dict[str, Any]:
    data: dict[str, Any] = {"won": result.won, "seconds": round(result.seconds, 3)}
    if result.helped:
        data["helped"] = True
    return data


def _result(day: str, level: object, entry: Any) -> DayResult:
    seconds = entry.get("seconds") if isinstance(entry, dict) else None
    won = entry.get("won") if isinstance(entry, dict) else None
    helped = entry.get("helped", False) if isinstance(entry, dict) else None
    if (
        level not in LEVELS
        or not isinstance(won, bool)
        or not isinstance(helped, bool)
        or not isinstance(seconds, int | float)
        or isinstance(seconds, bool)
        or not 0 <= seconds < 1e9
    ):
        raise DailyError(f"{day} {_short(level)}: {_short(entry)} is not a daily result")
    return DayResult(won, float(seconds), helped)


def _is_day(text: object) -> bool:
    try:
        return isinstance(text, str) and day_number(text) > 0
    except InvalidDay:
        return False


def _short(value: object, most: int = 30) -> str:
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def summary(dailies: Dailies, today: str) -> str:
    """One line for the statistics panel and the end of a daily: days played, streaks, best times;
    nothing before a first daily board (the panel then has no line to show)."""
    if not dailies.played:
        return ""
    current, best = dailies.streaks(today)
    written = formats()
    line = ngettext(
        "Daily boards: {days} day played, streak {streak} (best {best}).",
        "Daily boards: {days} days played, streak {streak} (best {best}).",
        dailies.played,
    ).format(days=written.number(dailies.played), streak=written.number(current), best=written.number(best))
    times = [
        _("{level} {time}").format(level=level_name(level), time=written.seconds(time, 2))
        for level in LEVELS
        if (time := dailies.best(level)) is not None
    ]
    if not times:
        return line
    return sentences(line, _("Best daily times: {times}.").format(times=written.join(times)))
