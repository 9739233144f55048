"""What no player could make: the records an import leaves out. Pure (dates come in as strings): CPython
tests it, ui/saved.py's `plan_import` applies it to a file's statistics, history and daily results.

A file to import is the player's word: it may come from another device, or be written by hand. Without a
server nothing can prove a record true, but some no player could make, and those stay out.

Glossary:
    rate      3BV cleared per second after the first click (which starts the clock and clears one). No
              player clicks RATE times a second, one click a 3BV: a win of B 3BV in S seconds is possible
              only if B <= 1 + RATE * S. Chords can clear more than one 3BV a click, but the fastest
              players' best games stay far below RATE
    safe      a board's 3BV is at most its safe cells: a record with more cannot be
    later     a record dated after today, the day of the import: it cannot have been played yet
    record    one best time of a category, one game of the history, or one daily result
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from minesweeper import LEVELS, Size
from minesweeper.analysis import analyse
from minesweeper.daily import daily

from .daily import Dailies, DayResult
from .history import Entry, History
from .i18n import _, formats
from .stats import Best, Stats, parse_category
from .statsview import caption
from .texts import level_name

RATE = 25  # 3BV a second after the first click


@dataclass(frozen=True)
class Sifted:
    """An import's statistics and daily results without the records no player could make, and a name for
    each record left out."""

    stats: Stats
    dailies: Dailies
    refused: list[str] = field(default_factory=list)


def is_humanly_possible(seconds: float, bbbv: int | None) -> bool:
    """Whether `bbbv` 3BV can be cleared in `seconds` (see `rate`); True when the 3BV is not known. In whole
    milliseconds, as times are kept: no float's last bit decides."""
    return bbbv is None or (bbbv - 1) * 1000 <= RATE * round(seconds * 1000)


def sift(stats: Stats, dailies: Dailies, today: str) -> Sifted:
    """`stats` and `dailies` as a file holds them, less every record no player could make by `today`."""
    refused: list[str] = []
    tallies = {}
    for name, tally in stats.tallies.items():
        kept = tuple(best for best in tally.best if not _refuse_best(name, best, today, refused))
        tallies[name] = dataclasses.replace(tally, best=kept)
    entries = tuple(entry for entry in stats.history.entries if not _refuse_entry(entry, today, refused))
    days = {
        day: {
            level: result
            for level, result in levels.items()
            if not _refuse_daily(day, level, result, today, refused)
        }
        for day, levels in dailies.days.items()
    }
    kept_days = Dailies({day: levels for day, levels in days.items() if levels})
    return Sifted(Stats(tallies, History(entries)), kept_days, refused)


def _refuse_best(name: str, best: Best, today: str, refused: list[str]) -> bool:
    why = _why(best.seconds, best.bbbv, best.bbbv, parse_category(name), best.date, today)
    if why:
        refused.append(_("{board} best time: {why}").format(board=caption(name), why=why))
    return bool(why)


def _refuse_entry(entry: Entry, today: str, refused: list[str]) -> bool:
    day = entry.ended[:10]
    why = _why(entry.seconds, entry.solved, entry.bbbv, parse_category(entry.category), day, today)
    if why:
        refused.append(
            _("{board} game of {date}: {why}").format(
                board=caption(entry.category), date=formats().date(day), why=why
            )
        )
    return bool(why)


def _refuse_daily(day: str, level: str, result: DayResult, today: str, refused: list[str]) -> bool:
    size = LEVELS[level]
    why = _why(result.seconds, None, None, size, day, today)
    if not why and result.won and not is_humanly_possible(result.seconds, _safe(size)):
        bbbv = analyse(daily(day, level).board).bbbv  # made only for a time this short: an expert one costs
        why = _why(result.seconds, bbbv, bbbv, size, "", today)
    if why:
        refused.append(
            _("Daily board of {day}, {level}: {why}").format(
                day=formats().date(day), level=level_name(level), why=why
            )
        )
    return bool(why)


def _safe(size: Size) -> int:
    return size.cells - size.mines


def _why(seconds: float, cleared: int | None, bbbv: int | None, size: Size, date: str, today: str) -> str:
    """Why a record of `cleared` 3BV in `seconds` on a board of `size` and `bbbv`, dated `date`, cannot be;
    "" if it can. None: not known."""
    if date > today:
        return _("dated {date}, after today").format(date=formats().date(date))
    if bbbv is not None and bbbv > _safe(size):
        return _("{bbbv} 3BV, more than the board's {safe} safe cells").format(
            bbbv=formats().number(bbbv), safe=formats().number(_safe(size))
        )
    if not is_humanly_possible(seconds, cleared):
        assert cleared is not None
        rate = formats().number(cleared / seconds, 2) if seconds else "∞"
        return _("{time} at {rate} 3BV/s").format(time=formats().seconds(seconds, 2), rate=rate)
    return ""
