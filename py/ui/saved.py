"""What the page keeps in localStorage and in an export file, in which shape, and how old shapes are
brought up to date. Pure: storage.py does the reading and writing, this module the meaning.

Glossary:
    kind       what one localStorage key holds (the running game, settings, statistics, consent), with
               the version of its shape today
    envelope   every stored value is the JSON text of {"version": N, "data": ...}
    migration  a registered step turning version N's data into version N+1's; `decode` runs the steps
               from the stored version up to today's
    consent    the player's yes to keeping statistics and settings; only a yes is ever stored
    export     one JSON file holding the settings and statistics envelopes (the statistics with the game
               history), for a backup or another device

Who writes what: the running game is written after every action unless the player turns that off (then
the tab's sessionStorage keeps it, only to count it if the tab goes: a game left under way counts); the
daily boards begun today (BEGUN) at the first click of each; settings, statistics and the consent only once
the player has said yes. Before that, the settings and the games finished in this visit (VISIT) are kept in
the tab's sessionStorage, gone when it closes. A "no" is not stored either: the question comes back at the
first finished game of a later visit.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeAlias

from minesweeper import Size
from minesweeper.record import to_record

from .checks import short
from .daily import Begun, Dailies, DailyError
from .history import Entry, History, HistoryError, entry_from_data, entry_to_data
from .i18n import N_, _, formats, ngettext
from .limits import sift
from .play import Help, Play
from .settings import Settings, setting_name, setting_value
from .stats import (
    Result,
    Stats,
    StatsError,
    describe_merge,
    parse_category,
    result_from_data,
    result_to_data,
)
from .statsview import caption

PREFIX = "minesweeper."


class SavedError(ValueError):
    """Stored or imported data that cannot be used; the message says which and why, in one line."""


class NewerVersion(SavedError):
    """Data written by a newer version of the game: left as it is rather than overwritten."""


@dataclass(frozen=True)
class Kind:
    """One kind of stored data: its storage key, its name in messages, its format version."""

    key: str
    name: str  # in messages: "saved statistics: not readable"
    version: int


GAME = Kind(PREFIX + "game", "game in progress", 3)
SETTINGS = Kind(PREFIX + "settings", "settings", 1)
RECORDS = Kind(PREFIX + "records", "statistics", 6)
CONSENT = Kind(PREFIX + "consent", "consent", 1)
DAILY = Kind(PREFIX + "daily", "daily results", 2)  # ui/daily.py: apart from the statistics
BEGUN = Kind(PREFIX + "begun", "daily boards begun", 1)  # ui/daily.py: kept before the yes too
KINDS = (GAME, SETTINGS, RECORDS, CONSENT, DAILY, BEGUN)
# sessionStorage only: before the yes, the games of this visit; the statistics prompt has shown (no data).
# GAME in sessionStorage is the game under way when it is not remembered: kept by this tab only to count it
# as left if the tab goes (a reload, a phone dropping it), never resumed.
VISIT = Kind(PREFIX + "visit", "games of this visit", 1)
ASKED = Kind(PREFIX + "asked", "statistics question", 1)


class Trouble(StrEnum):
    """What went wrong with stored data, as the player is told it (`trouble_words`)."""

    BLOCKED = "blocked"  # the browser refuses storage to this site (some private modes)
    REFUSED = "refused"  # a read or a removal the browser refused
    NEWER = "newer"  # written by a newer version of the game: left as it is, not used
    DAMAGED = "damaged"  # not readable: not used (the statistics: a copy is set aside)
    FULL = "full"  # a write the browser refused: storage is full or blocked


TROUBLES = {
    (GAME.key, Trouble.NEWER): N_(
        "The saved game in progress was written by a newer version of the game: it is left as it is, and"
        " not used."
    ),
    (SETTINGS.key, Trouble.NEWER): N_(
        "The saved settings were written by a newer version of the game: they are left as they are, and not"
        " used."
    ),
    (RECORDS.key, Trouble.NEWER): N_(
        "The saved statistics were written by a newer version of the game: they are left as they are, and"
        " not used."
    ),
    (DAILY.key, Trouble.NEWER): N_(
        "The saved daily results were written by a newer version of the game: they are left as they are,"
        " and not used."
    ),
    (BEGUN.key, Trouble.NEWER): N_(
        "The saved list of daily boards begun today was written by a newer version of the game: it is left as"
        " it is, and not used."
    ),
    (CONSENT.key, Trouble.NEWER): N_(
        "Your answer about keeping statistics was written by a newer version of the game: it is left as it"
        " is, and you will be asked again."
    ),
    (GAME.key, Trouble.DAMAGED): N_("The saved game in progress could not be read: it is not used."),
    (SETTINGS.key, Trouble.DAMAGED): N_("The saved settings could not be read: they are not used."),
    (RECORDS.key, Trouble.DAMAGED): N_(
        "The saved statistics could not be read: a copy is kept as minesweeper.records.damaged, and new ones"
        " start."
    ),
    (DAILY.key, Trouble.DAMAGED): N_("The saved daily results could not be read: they start afresh."),
    (BEGUN.key, Trouble.DAMAGED): N_(
        "The saved list of daily boards begun today could not be read: it starts afresh."
    ),
    (CONSENT.key, Trouble.DAMAGED): N_(
        "Your answer about keeping statistics could not be read: you will be asked again."
    ),
}


def trouble_words(kind: Kind | None, trouble: Trouble) -> str:
    """What the player is told of `trouble` with `kind`'s stored data, in their language."""
    if trouble is Trouble.BLOCKED:
        return _("This browser does not let the game save anything; it plays on.")
    if trouble is Trouble.FULL:
        return _("Could not save: this browser's storage is full or blocked. The game plays on.")
    if kind is None or trouble is Trouble.REFUSED or (kind.key, trouble) not in TROUBLES:
        return _("This browser refused to read or change the game's saved data; it plays on.")
    return _(TROUBLES[kind.key, trouble])


Migration = Callable[[Any], Any]
MIGRATIONS: dict[tuple[str, int], Migration] = {}


def migration(kind: Kind, old: int) -> Callable[[Migration], Migration]:
    """Register a step from `kind`'s version `old` to `old + 1`."""

    def register(step: Migration) -> Migration:
        MIGRATIONS[kind.key, old] = step
        return step

    return register


# -- envelopes -------------------------------------------------------------------------------------


def encode(kind: Kind, data: Any) -> str:
    return json.dumps({"version": kind.version, "data": data}, separators=(",", ":"))


def decode(kind: Kind, text: str) -> Any:
    """The data of `encode`'s text, migrated to today's version; SavedError says what is wrong."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise SavedError(f"saved {kind.name}: not readable ({short(text, 30)})") from None
    return unwrap(kind, envelope)


def unwrap(kind: Kind, envelope: Any) -> Any:
    if not isinstance(envelope, dict) or set(envelope) != {"version", "data"}:
        raise SavedError(f"saved {kind.name}: not in this game's format ({short(envelope, 30)})")
    version = envelope["version"]
    if type(version) is not int or version < 1:
        raise SavedError(f"saved {kind.name}: no valid format version ({short(version, 20)})")
    if version > kind.version:
        raise NewerVersion(f"saved {kind.name}: written by a newer version of the game (format {version})")
    data = envelope["data"]
    for step in range(version, kind.version):
        try:
            data = MIGRATIONS[kind.key, step](data)
        except (KeyError, TypeError, ValueError, AttributeError):
            # Python's own words ("'int' object has no attribute 'items'") would mean nothing to a player.
            raise SavedError(
                f"saved {kind.name}: format {step} could not be updated, not in its shape ({short(data, 30)})"
            ) from None
    return data


# -- statistics ------------------------------------------------------------------------------------


@migration(RECORDS, 1)
def records_v1_to_v2(data: Any) -> Any:
    """Version 1, the first draft, kept per level only the counts and the bare best times:
    {"beginner": {"played": 9, "won": 4, "times": [31.2, 40.5]}}. Version 2 adds streaks and, for each
    best time, its day and 3BV; a migrated time has neither, and the best streak is not known (0)."""
    return {
        name: {
            "played": old["played"],
            "won": old["won"],
            "streak": 0,
            "best_streak": 0,
            "best": [{"seconds": seconds, "date": "", "bbbv": None} for seconds in old.get("times", [])],
        }
        for name, old in data.items()
    }


@migration(RECORDS, 2)
def records_v2_to_v3(data: Any) -> Any:
    """Version 3 keeps no-guess games in categories of their own ("expert, no guess") and counts the wins
    that used hints (which never enter best times). Version 2 did neither: its games stay where they were
    counted, as plain games, with no hinted win known (an absent count reads as 0): the data is unchanged.
    The bump keeps an older copy of the game, which would refuse a no-guess category and start afresh,
    from overwriting these statistics."""
    return data


@migration(RECORDS, 3)
def records_v3_to_v4(data: Any) -> Any:
    """Version 4 counts the wins on given boards (a `#board=` link), which never enter best times. Version 3
    ranked them with the rest: its best times stay, with no given win known (an absent count reads as 0),
    so the data is unchanged. The bump keeps an older copy of the game, which would drop that count, from
    overwriting these statistics."""
    return data


@migration(RECORDS, 4)
def records_v4_to_v5(data: Any) -> Any:
    """Version 5 keeps the game history (ui/history.py) beside the tallies, in one value so that a finished
    game, an import or a reset changes both at once: {"tallies": {...version 4's data...}, "history": [...]}.
    Version 4 kept no history: it starts empty. Its tallies are unchanged (from version 5 they also count
    abandoned games as played, and wins with the odds shown as helped)."""
    if not isinstance(data, dict):
        raise TypeError("statistics are an object of categories")
    return {"tallies": data, "history": []}


@migration(RECORDS, 5)
def records_v5_to_v6(data: Any) -> Any:
    """Version 6 counts the games on given boards apart (ui/stats.py): neither played nor won, nor in the
    streaks, as `given_played` and `given_won`. Version 5 counted them with the rest, and its `given` count
    held their wins: those come out of played and won and are counted apart. Its given losses cannot be told
    from the rest, nor its streaks worked out again: they stay, none longer than the wins left, nor more wins
    with help than those left beside the best times (a win could be both helped and given). The history is
    unchanged: each of its games says whether its board was given."""
    if not isinstance(data, dict) or not isinstance(data.get("tallies"), dict):
        raise TypeError("statistics are tallies and a history")
    return {**data, "tallies": {name: tally_v5_to_v6(old) for name, old in data["tallies"].items()}}


def tally_v5_to_v6(old: Any) -> Any:
    """One category's version 5 tally in version 6's shape (`records_v5_to_v6`). Counts that are not whole
    numbers are left as they are, for ui/stats.py's reader to quote."""
    if not isinstance(old, dict):
        return old
    counts = {key: old.get(key, 0) for key in ("played", "won", "streak", "best_streak", "hinted", "given")}
    if not all(type(value) is int for value in counts.values()):
        return old
    given = counts["given"]
    won = counts["won"] - given
    best_streak = min(counts["best_streak"], max(won, 0))
    best = old.get("best", [])
    ranked = len(best) if isinstance(best, list) else 0
    new = {key: value for key, value in old.items() if key != "given"}
    return {
        **new,
        "played": counts["played"] - given,
        "won": won,
        "streak": min(counts["streak"], best_streak),
        "best_streak": best_streak,
        "hinted": min(counts["hinted"], max(won - ranked, 0)),
        "given_played": given,
        "given_won": given,
    }


def records_to_data(stats: Stats) -> dict[str, Any]:
    return {"tallies": stats.to_data(), "history": stats.history.to_data()}


def records_from_data(data: Any) -> Stats:
    if not isinstance(data, dict) or set(data) != {"tallies", "history"}:
        raise SavedError(f"saved statistics: {short(data, 30)}: expected tallies and a history")
    try:
        history = History.from_data(data["history"])
        for entry in history.entries:
            parse_category(entry.category)
        return Stats(Stats.from_data(data["tallies"]).tallies, history)
    except (StatsError, HistoryError) as error:
        raise SavedError(f"saved statistics: {error}") from None


def begun_from_data(data: Any) -> Begun:
    try:
        return Begun.from_data(data)
    except DailyError as error:
        raise SavedError(f"saved daily boards begun: {error}") from None


def dailies_from_data(data: Any) -> Dailies:
    try:
        return Dailies.from_data(data)
    except DailyError as error:
        raise SavedError(f"saved daily results: {error}") from None


Visit: TypeAlias = list[tuple[Size, Result, Entry | None]]


def visit_to_data(visit: Visit) -> list[dict[str, Any]]:
    return [
        {**result_to_data(size, result), "entry": None if entry is None else entry_to_data(entry)}
        for size, result, entry in visit
    ]


def visit_from_data(data: Any) -> Visit:
    if not isinstance(data, list):
        raise SavedError(f"saved games of this visit: {short(data)}: expected a list")
    try:
        return [(*result_from_data(item), _visit_entry(item)) for item in data]
    except (StatsError, HistoryError) as error:
        raise SavedError(f"saved games of this visit: {error}") from None


def _visit_entry(item: dict[str, Any]) -> Entry | None:
    entry = item.get("entry")
    return None if entry is None else entry_from_data(entry)


# -- settings --------------------------------------------------------------------------------------


def settings_from_data(current: Settings, data: Any) -> tuple[Settings, list[str]]:
    """`current` with each valid field of `data` applied, and the names of the fields that were not valid
    (unknown fields are ignored: they may come from a newer version)."""
    return Settings.read_record(data, current)


def describe_settings(before: Settings, after: Settings) -> list[str]:
    """One line per setting an import changes: `long press: 400 → 300`, in the player's words."""
    old, new = before.to_record(), after.to_record()
    return [
        _("{setting}: {before} → {after}").format(
            setting=setting_name(name),
            before=setting_value(name, old[name]),
            after=setting_value(name, new[name]),
        )
        for name in old
        if old[name] != new[name]
    ]


# -- the game in progress --------------------------------------------------------------------------


@dataclass(frozen=True)
class Sight:
    """How the game in progress was looked at, kept with it so that a reload shows it the same: the board
    point at the middle of its zoomed frame (fractions of the board's width and height as drawn; None: the
    board fits, or is at its start), the odds overlay on, and the hinted cell (None: no hint shown)."""

    centre: tuple[float, float] | None = None
    odds: bool = False
    hint: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"centre": list(self.centre) if self.centre else None, "odds": self.odds, "hint": self.hint}

    @classmethod
    def from_data(cls, data: Any) -> Sight:
        """Each part on its own: a damaged one is left out (the game matters, not how it was looked at)."""
        if not isinstance(data, dict):
            return cls()
        centre = data.get("centre")
        fractions = (
            tuple(float(part) for part in centre)
            if isinstance(centre, list)
            and len(centre) == 2
            and all(
                isinstance(part, int | float) and not isinstance(part, bool) and 0 <= part <= 1
                for part in centre
            )
            else None
        )
        hint = data.get("hint")
        return cls(
            (fractions[0], fractions[1]) if fractions else None,
            data.get("odds") is True,
            hint if type(hint) is int and hint >= 0 else None,
        )


@dataclass(frozen=True)
class Running:
    """The game in progress: the engine's record (minesweeper/record.py `to_record`), the seconds already
    played, the help its player had (ui/play.py: hints, absent from records written before hints: 0;
    odds shown, absent before: false; the solver, absent before and when it did not move), how it was
    looked at, whether its seed came from a link (absent before format 3, and when it did not) and, for a
    daily board, its day, level and attempt (ui/play.py; absent otherwise, and from records written before
    daily boards: an older version of the game resumes it as the given board it is; the attempt absent
    before format 3: 0), and when it was saved with its clock counting (`ticking`, ms since 1970 by the
    device's clock; absent while the clock stood: a hidden page, a game not begun or over). A copy resumed
    from a ticking save goes on from then, not from the save: another tab opened on it after a long think
    takes the think with it. An older version of the game ignores it and resumes the time saved."""

    record: dict[str, Any]
    elapsed: float
    help: Help = field(default_factory=Help)
    sight: Sight = Sight()
    daily: tuple[str, str] | None = None  # (day, level)
    seed_link: bool = False
    attempt: int = 0
    ticking: float | None = None

    @classmethod
    def of(cls, play: Play, elapsed: float, sight: Sight, ticking: float | None = None) -> Running:
        made = play.daily
        mark = None if made is None else (made.day, made.level)
        return cls(
            to_record(play.game), elapsed, play.help, sight, mark, play.seed_link, play.attempt, ticking
        )

    def elapsed_at(self, now_ms: float) -> float:
        """Its seconds at `now_ms` (ms since 1970): those saved, and, if its clock was counting then, the time
        since (never less: a clock set back takes nothing off)."""
        if self.ticking is None:
            return self.elapsed
        return self.elapsed + max(0.0, now_ms - self.ticking) / 1000

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.record,
            "elapsed": round(self.elapsed, 3),
            "hints": self.help.hints,
            "odds": self.help.odds,
            "sight": self.sight.to_data(),
        }
        if self.daily is not None:
            data["daily"] = {"day": self.daily[0], "level": self.daily[1], "attempt": self.attempt}
        if self.help.solved:
            data["solved"] = True
        if self.seed_link:
            data["seed_link"] = True
        if self.ticking is not None:
            data["ticking"] = round(self.ticking)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Running:
        if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
            raise SavedError(f"saved game in progress: not valid ({short(data, 30)})")
        elapsed = data.get("elapsed")
        if not isinstance(elapsed, int | float) or isinstance(elapsed, bool) or not 0 <= elapsed < math.inf:
            raise SavedError(f"saved game in progress: no valid time ({short(elapsed, 20)})")
        hints = data.get("hints", 0)
        if type(hints) is not int or hints < 0:
            hints = 0  # a damaged count is not worth losing the game over
        sight = Sight.from_data(data.get("sight"))
        odds, solved = data.get("odds") is True, data.get("solved") is True
        daily = data.get("daily")
        if not (
            isinstance(daily, dict)
            and isinstance(daily.get("day"), str)
            and isinstance(daily.get("level"), str)
        ):
            daily = None  # none, or a damaged mark: still the same board
        mark = None if daily is None else (daily["day"], daily["level"])
        attempt = daily.get("attempt", 0) if daily is not None else 0
        if type(attempt) is not int or attempt < 0:
            attempt = 0  # damaged: the game goes on, as practice (no attempt holds 0)
        seed_link = data.get("seed_link") is True
        ticking = data.get("ticking")
        if not isinstance(ticking, int | float) or isinstance(ticking, bool) or not 0 <= ticking < math.inf:
            ticking = None  # none, or damaged: the time saved, as before
        help = Help(hints, odds, solved)
        return cls(data["game"], float(elapsed), help, sight, mark, seed_link, attempt, ticking)


@migration(GAME, 1)
def game_v1_to_v2(data: Any) -> Any:
    """Version 2 keeps how the game was looked at (Sight: the zoomed board's place, odds, hint). Version 1
    kept none: the board at its start, no odds, no hint. A new key, so the bump keeps an older copy of the
    game from reading a format it does not know."""
    return {**data, "sight": Sight().to_data()}


@migration(DAILY, 1)
def daily_v1_to_v2(data: Any) -> Any:
    """Version 2 marks a result won with help (hints, the odds shown) `"helped": true`: the day counts, its
    time is never a best daily time. Version 1 did not know: its results stay as they were counted, with no
    help known, so the data is unchanged. The bump keeps an older copy of the game, which would rank a
    helped time with the rest, from reading them."""
    return data


@migration(GAME, 2)
def game_v2_to_v3(data: Any) -> Any:
    """Version 3 says whether the game's seed came from a link (a given board since then) and numbers a
    daily board's attempt (ui/play.py). Version 2 said neither: its game stays as it was counted then, a
    seed not from a link, and a daily board's game has attempt 0, which no day's mark holds, so it is
    practice unless nothing else was begun of that day's board at its level (ui/daily.py). New keys: the
    bump keeps an older copy of the game, which would resume a seed link's game as a random one, from
    reading them."""
    return data


# -- consent ---------------------------------------------------------------------------------------


def consent_data(date: str) -> dict[str, str]:
    return {"answer": "yes", "date": date}


def has_consent(data: Any) -> bool:
    if isinstance(data, dict) and data.get("answer") == "yes":
        return True
    raise SavedError(f"saved consent: not valid ({short(data, 30)})")


# -- export and import -----------------------------------------------------------------------------

APP = "minesweeper"


def export_text(settings: Settings, records: Stats, date: str, dailies: Dailies | None = None) -> str:
    """The export file: settings, statistics and daily results as stored, so an import reuses `unwrap` and
    its migrations."""
    return json.dumps(
        {
            "app": APP,
            "exported": date,
            "settings": {"version": SETTINGS.version, "data": settings.to_record()},
            "records": {"version": RECORDS.version, "data": records_to_data(records)},
            "daily": {"version": DAILY.version, "data": (dailies or Dailies()).to_data()},
        },
        indent=1,
        ensure_ascii=False,
    )


@dataclass(frozen=True)
class Import:
    """What importing a file would do: the settings and merged statistics after it, and a line per change
    for the player to confirm (`changes` is empty when the file holds nothing new)."""

    settings: Settings
    stats: Stats
    theirs: Stats  # the file's statistics alone: merged again if the current ones change meanwhile
    changes: list[str]
    invalid_settings: list[str]
    dailies: Dailies = field(default_factory=Dailies)  # the file's daily results, merged into ours
    refused: list[str] = field(default_factory=list)  # records no player could make, left out (ui/limits.py)


def plan_import(text: str, settings: Settings, records: Stats, today: str) -> Import:
    """Read an export file against the current data on `today`: its settings apply over `settings` field by
    field, its statistics merge into `records`, less the records no player could make (ui/limits.py).
    SavedError says in one line why a file cannot be imported."""
    try:
        file = json.loads(text)
    except ValueError:
        raise SavedError("this file is not JSON: not a Minesweeper export") from None
    if not isinstance(file, dict) or file.get("app") != APP:
        raise SavedError("this file is not a Minesweeper export")
    theirs = records_from_data(unwrap(RECORDS, file["records"])) if "records" in file else Stats()
    dailies = dailies_from_data(unwrap(DAILY, file["daily"])) if "daily" in file else Dailies()
    sifted = sift(theirs, dailies, today)
    theirs, dailies = sifted.stats, sifted.dailies
    merged = records.merge(theirs)
    new_settings, invalid = settings, list[str]()
    if "settings" in file:
        new_settings, invalid = settings_from_data(settings, unwrap(SETTINGS, file["settings"]))
    changes = describe_merge(records, merged, caption) + describe_settings(settings, new_settings)
    if dailies.days:
        changes.append(
            ngettext(
                "daily results: {count} day in the file",
                "daily results: {count} days in the file",
                dailies.played,
            ).format(count=formats().number(dailies.played))
        )
    return Import(new_settings, merged, theirs, changes, invalid, dailies, sifted.refused)
