"""Statistics: how many games the player played and won, their streaks and best times, per board and mode.

Pure: no browser, no clock (dates come in as strings), so it is tested on CPython.

Glossary:
    category  what a finished game counts for: a level name ("beginner") or a custom size
              ("custom 20x12/50"); a board given by a link counts for its size. No-guess games are a
              category of their own, the name plus ", no guess" ("expert, no guess"): their boards
              never ask for luck, so their times and streaks are not comparable with plain ones
    result    one finished game: won or lost, seconds, the day it ended, its 3BV, no-guess or not, hints,
              given or not, the day's daily attempt or not
    hinted    a win that used help: the Hint button, or the Odds overlay shown at any moment after the
              first click (`odds`); it counts as played and won (and for the streak) but never enters
              best times; the tally counts these wins
    given     a game on a board the player may have seen before on this device, or whose mines could be
              known before it started (ui/play.py: a `#board=` link, the same board again, a replay's board,
              a `?seed=` link, whose seed and first click decide the mines, a daily board but the day's
              attempt): practice. It counts apart, as played (and won) on given boards, and neither as
              played nor as won: it neither extends nor ends the streak (a loss there costs nothing), and
              is never a best time. So minesweeper.online and Arbiter-style clients keep custom and
              replayed boards out of ranked statistics
    attempt   the day's first game of a daily board (ui/daily.py): its mines could be worked out from the
              date, but every player has the same board that day, and it is played once; it counts as
              played and won, for the streak too, but never as a best time (its time is a daily one)
    ranked    a win that may enter best times: neither hinted, given nor the day's attempt
    abandoned a game left for another after its first reveal (the face, N, a level, a link): played and
              not won, so the streak ends, as Windows 7 counts it; restarting cannot polish the win rate.
              On a given board, a game played apart and not won
    under way a game worth asking about before it is abandoned: 10 seconds played or 20% of its safe
              cells open (Antimine asks too)
    best      a won game's time with its day and 3BV; a tally keeps the 5 fastest
    tally     one category's figures: played, won, won with help, current and best streak, best times,
              and apart from them the games played and won on given boards
    stats     every category's tally and the game history (history.py), stored together under
              `minesweeper.records` (saved.py); immutable, `add` and `recorded` return new stats
    merge     combining these stats with imported ones: counts and best streaks take the larger of
              the two and best times are pooled, so importing the same file twice changes nothing
    migrated  before statistics format 6 a game on a given board counted as played, and its win as won
              and as a given win (the day's daily attempt's too): saved.py takes those wins out of both and
              counts them apart; the given losses cannot be told from the rest and stay played, and the
              streaks cannot be worked out again: they are kept, none longer than the wins left
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from minesweeper import LEVELS, BoardError, Game, Size, State
from minesweeper.analysis import analyse

from .checks import short, whole
from .history import Entry, History
from .i18n import N_, _, formats, ngettext
from .play import Play

KEPT_TIMES = 5
CUSTOM = re.compile(r"custom (\d+)x(\d+)/(\d+)")
NO_GUESS = ", no guess"


class StatsError(ValueError):
    """Statistics data that cannot be read; the message quotes the bad part."""


def category(size: Size, no_guess: bool = False) -> str:
    """The statistics key of a board size: its level's name, or `custom WxH/M`; `, no guess` after it
    for a no-guess game."""
    mode = NO_GUESS if no_guess else ""
    for name, preset in LEVELS.items():
        if preset == size:
            return name + mode
    return f"custom {size}{mode}"


def is_no_guess(name: str) -> bool:
    return name.endswith(NO_GUESS)


def category_order(name: str) -> tuple[int, int, int, bool, str]:
    """Sort key: the levels in their usual order, then custom sizes from the smallest; a size's no-guess
    category right after its plain one."""
    size = parse_category(name)
    plain = name.removesuffix(NO_GUESS)
    if plain in LEVELS:
        return (0, list(LEVELS).index(plain), 0, is_no_guess(name), name)
    return (1, size.cells, size.mines, is_no_guess(name), name)


def parse_category(name: str) -> Size:
    name = name.removesuffix(NO_GUESS)
    if name in LEVELS:
        return LEVELS[name]
    match = CUSTOM.fullmatch(name)
    if not match:
        raise StatsError(f"statistics category {name!r}: expected a level or 'custom WxH/M'")
    try:
        return Size(*(int(group) for group in match.groups()))
    except BoardError as error:
        raise StatsError(f"statistics category {name!r}: {error}") from None


@dataclass(frozen=True)
class Result:
    """A finished game as the statistics see it. `date` is the day it ended, `YYYY-MM-DD`."""

    won: bool
    seconds: float
    date: str
    bbbv: int | None = None
    no_guess: bool = False
    hints: int = 0
    given: bool = False  # see the glossary: counted apart
    odds: bool = False  # the Odds overlay was shown during the game: help, like a hint
    abandoned: bool = False  # left for another game before its end: counted as not won
    attempt: bool = False  # the day's daily attempt (see the glossary): counted, never a best time

    @classmethod
    def of(
        cls, play: Play, seconds: float, date: str, abandoned: bool = False, attempt: bool = False
    ) -> Result:
        """The result of `play`, over (or abandoned) after `seconds`, on `date`; `attempt` when it is the
        day's attempt at its daily board (web/daily.py judges that), the one given board that counts."""
        game, help = play.game, play.help
        won = game.state is State.WON
        bbbv = analyse(game.board).bbbv if won and game.board is not None else None
        no_guess, attempt = game.rules.no_guess, attempt and play.daily is not None
        given = play.is_given and not attempt
        return cls(won, seconds, date, bbbv, no_guess, help.hints, given, help.odds, abandoned, attempt)

    @property
    def is_helped(self) -> bool:
        return bool(self.hints) or self.odds

    @property
    def is_ranked(self) -> bool:
        return self.won and not self.is_helped and not self.given and not self.attempt


@dataclass(frozen=True)
class Best:
    """One of the fastest wins. `date` is "" and `bbbv` None when older data did not keep them."""

    seconds: float
    date: str
    bbbv: int | None

    @property
    def bbbv_per_second(self) -> float | None:
        if self.bbbv is None or self.seconds <= 0:
            return None
        return self.bbbv / self.seconds

    @property
    def sort_key(self) -> tuple[float, str, int]:
        # Equal times: the earlier day ranks first (it was set first).
        return (self.seconds, self.date or "~", -(self.bbbv or 0))


def fastest(times: Iterable[Best]) -> tuple[Best, ...]:
    return tuple(sorted(set(times), key=lambda best: best.sort_key)[:KEPT_TIMES])


@dataclass(frozen=True)
class Tally:
    """One category's statistics: games, wins, streaks and best times; games on given boards apart."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best: tuple[Best, ...] = ()
    hinted: int = 0  # wins that used help (hints or odds): counted in `won`, never in `best`
    given_played: int = 0  # games on given boards: apart, in none of the counts above
    given_won: int = 0  # their wins

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def is_empty(self) -> bool:
        """No game at all, given boards' included."""
        return not (self.played or self.given_played)

    def add(self, result: Result) -> Tally:
        if result.given:
            return replace(self, given_played=self.given_played + 1, given_won=self.given_won + result.won)
        if not result.won:
            return replace(self, played=self.played + 1, streak=0)
        streak = self.streak + 1
        best = Best(round(result.seconds, 3), result.date, result.bbbv)
        return Tally(
            self.played + 1,
            self.won + 1,
            streak,
            max(streak, self.best_streak),
            fastest((*self.best, best)) if result.is_ranked else self.best,
            self.hinted + result.is_helped,
            self.given_played,
            self.given_won,
        )

    def merge(self, other: Tally) -> Tally:
        """Larger counts and best streak, pooled best times; this tally's current streak goes on."""
        best = fastest((*self.best, *other.best))
        hinted = max(self.hinted, other.hinted)
        # Each pooled time is a distinct ranked win, so the wins are at least as many as the times kept and
        # the helped wins together.
        won = max(self.won, other.won, len(best) + hinted)
        given_won = max(self.given_won, other.given_won)
        return Tally(
            max(self.played, other.played, won),
            won,
            self.streak,
            max(self.best_streak, other.best_streak),
            best,
            hinted,
            max(self.given_played, other.given_played, given_won),
            given_won,
        )


@dataclass(frozen=True)
class Added:
    """What `Stats.add` did: the new statistics and the new time's rank (1 = fastest), if it made the list."""

    stats: Stats
    rank: int | None


@dataclass(frozen=True)
class Stats:
    """Every category's tally, by category name."""

    tallies: Mapping[str, Tally] = field(default_factory=dict)
    history: History = field(default_factory=History)

    def tally(self, name: str) -> Tally:
        return self.tallies.get(name, Tally())

    def categories(self) -> list[str]:
        return sorted(self.tallies, key=category_order)

    @property
    def played(self) -> int:
        """Games played, in every category, on given boards too (web/persist.py: the player uses the game)."""
        return sum(tally.played + tally.given_played for tally in self.tallies.values())

    def add(self, size: Size, result: Result) -> Added:
        name = category(size, result.no_guess)
        before = self.tally(name)
        after = before.add(result)
        rank = None
        if result.won and after.best != before.best:
            rank = 1 + next(i for i, b in enumerate(after.best) if b not in before.best)
        return Added(Stats({**self.tallies, name: after}, self.history), rank)

    def recorded(self, entry: Entry) -> Stats:
        """These statistics with `entry` added to the history."""
        return replace(self, history=self.history.add(entry))

    def merge(self, other: Stats) -> Stats:
        merged = dict(self.tallies)
        for name, theirs in other.tallies.items():
            merged[name] = merged[name].merge(theirs) if name in merged else theirs
        return Stats(merged, self.history.merge(other.history))

    # -- JSON-able data ------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return {name: tally_to_data(self.tallies[name]) for name in self.categories()}

    @classmethod
    def from_data(cls, data: Any) -> Stats:
        """Stats from `to_data`'s shape; StatsError quotes the first thing that is wrong."""
        if not isinstance(data, dict):
            raise StatsError(f"statistics {short(data)}: expected an object of categories")
        tallies = {}
        for name, value in data.items():
            parse_category(name)
            tallies[name] = tally_from_data(name, value)
        return cls(tallies)


def tally_to_data(tally: Tally) -> dict[str, Any]:
    return {
        "played": tally.played,
        "won": tally.won,
        "streak": tally.streak,
        "best_streak": tally.best_streak,
        "best": [{"seconds": b.seconds, "date": b.date, "bbbv": b.bbbv} for b in tally.best],
        "hinted": tally.hinted,
        "given_played": tally.given_played,
        "given_won": tally.given_won,
    }


def tally_from_data(name: str, data: Any) -> Tally:
    where = f"statistics for {name}"
    if not isinstance(data, dict):
        raise StatsError(f"{where} {short(data)}: expected an object")
    counts = {key: count(where, key, data.get(key)) for key in ("played", "won", "streak", "best_streak")}
    counts["hinted"] = count(where, "hinted", data.get("hinted", 0))  # absent before version 3: none
    for key in ("given_played", "given_won"):  # absent before version 6 (saved.py migrates): none
        counts[key] = count(where, key, data.get(key, 0))
    best = data.get("best", [])
    if not isinstance(best, list) or len(best) > KEPT_TIMES:
        raise StatsError(f"{where}: best {short(best)}: expected a list of at most {KEPT_TIMES} times")
    tally = Tally(**counts, best=fastest(best_from_data(where, b) for b in best))
    if not (
        tally.streak <= tally.best_streak <= tally.won <= tally.played
        and len(tally.best) + tally.hinted <= tally.won
        and tally.given_won <= tally.given_played
    ):
        raise StatsError(f"{where}: {short(data)}: counts do not add up")
    return tally


def best_from_data(where: str, data: Any) -> Best:
    if not isinstance(data, dict):
        raise StatsError(f"{where}: best time {short(data)}: expected an object")
    seconds, date, bbbv = data.get("seconds"), data.get("date", ""), data.get("bbbv")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not 0 <= seconds < math.inf:
        raise StatsError(f"{where}: best time {short(data)}: seconds must be a number from 0")
    if not isinstance(date, str) or not (date == "" or re.fullmatch(r"\d{4}-\d\d-\d\d", date)):
        raise StatsError(f"{where}: best time {short(data)}: date must be YYYY-MM-DD")
    if bbbv is not None and (type(bbbv) is not int or bbbv < 1):
        raise StatsError(f"{where}: best time {short(data)}: 3BV must be a whole number from 1")
    return Best(float(seconds), date, bbbv)


def result_to_data(size: Size, result: Result) -> dict[str, Any]:
    """A finished game and its board's size as plain JSON values."""
    return {
        "size": [size.width, size.height, size.mines],
        "won": result.won,
        "seconds": result.seconds,
        "date": result.date,
        "bbbv": result.bbbv,
        "no_guess": result.no_guess,
        "hints": result.hints,
        "given": result.given,
        "odds": result.odds,
        "abandoned": result.abandoned,
        "attempt": result.attempt,
    }


def result_from_data(data: Any) -> tuple[Size, Result]:
    """`result_to_data`'s shape back; StatsError quotes what is wrong."""
    where = f"finished game {short(data)}"
    if not isinstance(data, dict) or not isinstance(data.get("size"), list):
        raise StatsError(f"{where}: expected an object with a size")
    try:
        size = Size(*data["size"])
    except (TypeError, BoardError) as error:
        raise StatsError(f"{where}: {error}") from None
    time = best_from_data(where, data)  # seconds, date and 3BV, as a best time has them
    keys = ("won", "no_guess", "given", "odds", "abandoned", "attempt")
    flags = [data.get(key, False) for key in keys]  # attempt: absent before the given boards counted apart
    if not all(isinstance(flag, bool) for flag in flags):
        raise StatsError(f"{where}: won, no_guess, given, odds, abandoned and attempt must be true or false")
    won, no_guess, given, odds, abandoned, attempt = flags
    if won and abandoned:
        raise StatsError(f"{where}: a game cannot be both won and abandoned")
    if given and attempt:
        raise StatsError(f"{where}: the day's attempt is not a given board")
    hints = count(where, "hints", data.get("hints", 0))
    return size, Result(
        won, time.seconds, time.date, time.bbbv, no_guess, hints, given, odds, abandoned, attempt
    )


UNDER_WAY_SECONDS = 10
UNDER_WAY_SHARE = 0.2


def opened_share(game: Game) -> float:
    """How much of the board's safe cells are open, 0 to 1."""
    safe = game.size.cells - game.size.mines
    return (safe - game.safe_left) / safe if safe else 1.0


def is_well_under_way(game: Game, seconds: float) -> bool:
    """Worth a question before it is abandoned: 10 seconds played, or 20% of the safe cells open."""
    return seconds >= UNDER_WAY_SECONDS or opened_share(game) >= UNDER_WAY_SHARE


def leave_question(game: Game, seconds: float, given: bool = False) -> str:
    """#leave-dialog's sentence: how far the game is, and what leaving it does to the statistics (`given`:
    its board is given, so it counts apart)."""
    # The seconds as the clock shows them: begun ones, 1 from the first click.
    written = formats()
    text = (
        _(
            "You have opened {share} of this board's safe cells in {time}. A new game now counts this one"
            " apart, as played on a given board: your streak goes on."
        )
        if given
        else _(
            "You have opened {share} of this board's safe cells in {time}. A new game now counts this one as"
            " played and not won: your streak ends."
        )
    )
    return text.format(share=written.percent(opened_share(game)), time=written.seconds(int(seconds) + 1))


def count(where: str, key: str, value: Any) -> int:
    return whole(where, key, value, StatsError)


# -- what an import would change -------------------------------------------------------------------


CHANGED = {
    "played": N_("played {before} → {after}"),
    "won": N_("won {before} → {after}"),
    "hinted": N_("won with help {before} → {after}"),
    "best_streak": N_("best streak {before} → {after}"),
    "given_played": N_("played on given boards {before} → {after}"),
    "given_won": N_("won on given boards {before} → {after}"),
}


def describe_merge(before: Stats, after: Stats, title: Callable[[str], str] = str) -> list[str]:
    """One line per category that `after` changes, e.g. `Beginner: played 3 → 10, 2 new best times`, the
    category named by `title`."""
    number, lines = formats().number, []
    for name in after.categories():
        old, new = before.tally(name), after.tally(name)
        if old == new:
            continue
        if old == Tally() and not new.given_played:
            text = _("{board}: new, played {played}, won {won}")
            lines.append(text.format(board=title(name), played=number(new.played), won=number(new.won)))
            continue
        parts = [
            _(CHANGED[attr]).format(before=number(getattr(old, attr)), after=number(getattr(new, attr)))
            for attr in CHANGED
            if getattr(old, attr) != getattr(new, attr)
        ]
        entered = len(set(new.best) - set(old.best))
        if entered:
            parts.append(
                ngettext("{count} new best time", "{count} new best times", entered).format(
                    count=number(entered)
                )
            )
        lines.append(_("{board}: {changes}").format(board=title(name), changes=formats().join(parts)))
    added = before.history.new_in(after.history)
    if added:
        lines.append(
            ngettext("game history: {count} game added", "game history: {count} games added", added).format(
                count=number(added)
            )
        )
    return lines
