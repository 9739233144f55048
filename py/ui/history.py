"""The game history: every finished or abandoned game, newest last, with its figures and (for the latest
ones) the game's record for its replay. Pure: the keeper (web/saved.py) adds entries, saved.py stores
them with the statistics, statsview.py draws them.

Glossary:
    entry      one game: when it ended (local time, `YYYY-MM-DDTHH:MM:SS`), its statistics category (board
               and mode), result (won, lost, abandoned), seconds, 3BV and the 3BV it solved, clicks (all and
               useful), ZiNi, the help used (hints, odds shown), whether the board was given and whether
               the game was the day's daily attempt
    rate       3BV/s: solved 3BV / seconds, as the win panel works it out
    efficiency solved 3BV / useful clicks, as the win panel shows it (1.0 = 100 %)
    record     the engine's record of the game (minesweeper/record.py `to_record`): board or seed, rules and
               every action, which replays it. Kept for the newest REPLAYS entries only, within
               REPLAY_CHARS: localStorage holds about 5 MB for the whole site
    bound      the history keeps the newest LIMIT entries; older ones go (their games stay counted in the
               statistics' tallies)
    key        what makes two entries the same game: when it ended, its category, result and time. An
               import adds the entries it does not have, so importing a file twice changes nothing
    order      the history table's sort: latest first, or the best wins by time, 3BV/s or efficiency
    averages   per category: games, wins, and the mean time, 3BV/s and efficiency of its wins; games on
               given boards are left out, as the statistics count them apart
    attempt    the day's first game of a daily board (ui/stats.py): its board is the day's, but the game
               counts as the statistics' cards count it, played and won, never a given board's; and, as
               there, its time is a daily one, so the orders by time and speed leave it out
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from minesweeper import Game, State, summary
from minesweeper.record import to_record

from .checks import short, whole

LIMIT = 1000
REPLAYS = 100
REPLAY_CHARS = 1_000_000  # the newest replays' records together, as JSON text
ENDED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


class HistoryError(ValueError):
    """History data that cannot be read; the message quotes the bad part."""


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Entry:
    """One game of the history."""

    ended: str
    category: str
    outcome: Outcome
    seconds: float
    bbbv: int
    solved: int
    clicks: int
    useful: int
    zini: int | None = None
    hints: int = 0
    odds: bool = False
    given: bool = False
    record: dict[str, Any] | None = None
    attempt: bool = False

    @property
    def key(self) -> tuple[str, str, str, float]:
        return (self.ended, self.category, self.outcome.value, self.seconds)

    @property
    def rate(self) -> float | None:
        return self.solved / self.seconds if self.seconds > 0 else None

    @property
    def efficiency(self) -> float | None:
        return self.solved / self.useful if self.useful else None

    @property
    def is_helped(self) -> bool:
        return bool(self.hints) or self.odds

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    @property
    def has_replay(self) -> bool:
        """A finished game whose record is kept (an abandoned one is not over: no end to watch)."""
        return self.record is not None and self.outcome is not Outcome.ABANDONED


def entry_of(
    game: Game,
    seconds: float,
    category: str,
    ended: str,
    zini: int | None,
    hints: int = 0,
    odds: bool = False,
    given: bool | None = None,
    attempt: bool = False,
) -> Entry:
    """The history entry of `game`, over or abandoned after `seconds`, with its record for a replay; `given`
    when its mines could be known before it started (ui/play.py `is_given`, as the statistics judged it), by
    default whether the engine was given the board; `attempt` for the day's daily attempt."""
    figures = summary(game, round(seconds, 3))
    outcome = {State.WON: Outcome.WON, State.LOST: Outcome.LOST}.get(game.state, Outcome.ABANDONED)
    return Entry(
        ended=ended,
        category=category,
        outcome=outcome,
        seconds=round(seconds, 3),
        bbbv=figures.bbbv,
        solved=figures.solved_bbbv,
        clicks=figures.clicks.total,
        useful=figures.clicks.useful,
        zini=zini,
        hints=hints,
        odds=odds,
        given=game.given_board if given is None else given,
        record=to_record(game),
        attempt=attempt,
    )


@dataclass(frozen=True)
class History:
    """The kept games, oldest first, within the bounds (`bounded` applies them)."""

    entries: tuple[Entry, ...] = ()

    def add(self, entry: Entry) -> History:
        return bounded((*self.entries, entry))

    def merge(self, other: History) -> History:
        """Every game of both, each once (by its key; ours where both have it, with their replay if we
        lost ours), within the bounds."""
        ours = {entry.key: entry for entry in self.entries}
        for entry in other.entries:
            mine = ours.get(entry.key)
            if mine is None:
                ours[entry.key] = entry
            elif mine.record is None and entry.record is not None:
                ours[entry.key] = replace(mine, record=entry.record)
        return bounded(ours.values())

    def new_in(self, other: History) -> int:
        """How many of `other`'s games this history does not have."""
        keys = {entry.key for entry in self.entries}
        return sum(entry.key not in keys for entry in other.entries)

    def to_data(self) -> list[dict[str, Any]]:
        return [entry_to_data(entry) for entry in self.entries]

    @classmethod
    def from_data(cls, data: Any) -> History:
        if not isinstance(data, list):
            raise HistoryError(f"game history {short(data)}: expected a list of games")
        return bounded(entry_from_data(item) for item in data)


def bounded(entries: Iterable[Entry]) -> History:
    """The newest LIMIT entries, oldest first; records kept for the newest REPLAYS within REPLAY_CHARS."""
    kept = sorted(entries, key=lambda entry: entry.ended)[
        -LIMIT:
    ]  # stable: games of one second keep their order
    budget, replays = REPLAY_CHARS, 0
    for index in range(len(kept) - 1, -1, -1):
        entry = kept[index]
        if entry.record is None:
            continue
        size = len(json.dumps(entry.record, separators=(",", ":")))
        if replays < REPLAYS and size <= budget:
            replays, budget = replays + 1, budget - size
        else:
            kept[index] = replace(entry, record=None)
    return History(tuple(kept))


# -- views of it -----------------------------------------------------------------------------------


class Order(StrEnum):
    LATEST = "latest"
    TIME = "time"
    RATE = "rate"
    EFFICIENCY = "efficiency"


def ordered(history: History, order: Order, category: str | None = None) -> list[Entry]:
    """The entries to list: every game latest first, or the wins without help on a board not given, best
    first (ties: the earlier game first), the daily attempts' wins left out as from best times.
    `category` keeps one board and mode."""
    entries = [e for e in history.entries if category is None or e.category == category]
    if order is Order.LATEST:
        return entries[::-1]
    wins = [e for e in entries if e.won and not e.is_helped and not e.given and not e.attempt]
    keys: dict[Order, Callable[[Entry], float]] = {
        Order.TIME: lambda e: e.seconds,
        Order.RATE: lambda e: -(e.rate or 0.0),
        Order.EFFICIENCY: lambda e: -(e.efficiency or 0.0),
    }
    return sorted(wins, key=lambda e: (keys[order](e), e.ended))


@dataclass(frozen=True)
class Averages:
    """One category's history in a line: games, wins, and the means of its wins (None without a win)."""

    category: str
    games: int
    wins: int
    seconds: float | None
    rate: float | None
    efficiency: float | None


def averages(history: History) -> list[Averages]:
    """Per category, in the order the categories first appear (the caller sorts), of the games on boards
    not given: a given board's game counts apart, as in the statistics' cards (ui/stats.py)."""
    groups: dict[str, list[Entry]] = {}
    for entry in history.entries:
        if not entry.given:
            groups.setdefault(entry.category, []).append(entry)
    return [_averages(name, entries) for name, entries in groups.items()]


def _averages(name: str, entries: list[Entry]) -> Averages:
    wins = [e for e in entries if e.won]
    return Averages(
        name,
        len(entries),
        len(wins),
        _mean([e.seconds for e in wins]),
        _mean([e.rate for e in wins if e.rate is not None]),
        _mean([e.efficiency for e in wins if e.efficiency is not None]),
    )


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


# -- JSON-able data --------------------------------------------------------------------------------


def entry_to_data(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ended": entry.ended,
        "category": entry.category,
        "outcome": entry.outcome.value,
        "seconds": entry.seconds,
        "bbbv": entry.bbbv,
        "solved": entry.solved,
        "clicks": entry.clicks,
        "useful": entry.useful,
        "zini": entry.zini,
        "hints": entry.hints,
        "odds": entry.odds,
        "given": entry.given,
    }
    if entry.record is not None:
        data["record"] = entry.record
    if entry.attempt:  # absent before 2026-11-27, and false for nearly every game
        data["attempt"] = True
    return data


def entry_from_data(data: Any) -> Entry:
    where = f"game history entry {short(data)}"
    if not isinstance(data, dict):
        raise HistoryError(f"{where}: expected an object")
    ended, category, outcome = data.get("ended"), data.get("category"), data.get("outcome")
    if not isinstance(ended, str) or not ENDED.fullmatch(ended):
        raise HistoryError(f"{where}: ended must be YYYY-MM-DDTHH:MM:SS")
    if not isinstance(category, str) or not category:
        raise HistoryError(f"{where}: expected a category")
    if outcome not in {o.value for o in Outcome}:
        raise HistoryError(f"{where}: outcome must be won, lost or abandoned")
    seconds = data.get("seconds")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not 0 <= seconds < math.inf:
        raise HistoryError(f"{where}: seconds must be a number from 0")
    counts = {key: _count(where, key, data.get(key)) for key in ("bbbv", "solved", "clicks", "useful")}
    counts["hints"] = _count(where, "hints", data.get("hints", 0))
    zini = data.get("zini")
    if zini is not None:
        zini = _count(where, "zini", zini)
    odds, given, attempt = data.get("odds", False), data.get("given", False), data.get("attempt", False)
    if not all(isinstance(flag, bool) for flag in (odds, given, attempt)):
        raise HistoryError(f"{where}: odds, given and attempt must be true or false")
    record = data.get("record")
    if record is not None and not isinstance(record, dict):
        raise HistoryError(f"{where}: record must be an object")
    if counts["solved"] > counts["bbbv"] or counts["useful"] > counts["clicks"]:
        raise HistoryError(f"{where}: counts do not add up")
    return Entry(
        ended,
        category,
        Outcome(outcome),
        float(seconds),
        zini=zini,
        odds=odds,
        given=given,
        record=record,
        attempt=attempt,
        **counts,
    )


def _count(where: str, key: str, value: Any) -> int:
    return whole(where, key, value, HistoryError)
