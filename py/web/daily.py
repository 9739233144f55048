"""The daily board in the page: its start cell marked, its message, and its result kept (ui/daily.py).

Glossary:
    start     `data-start` on the cell to open first (css/board.css draws it while the cell is covered)
    kept      once statistics are kept (the keeper's consent), results go to localStorage under
              `minesweeper.daily`; before that, to this tab's sessionStorage, moved over at the yes
              (`settle`, when the statistics change), as the statistics of a visit are
    begun     the daily boards begun today (ui/daily.py `Begun`), in localStorage whatever the consent:
              written at the first click of the day's attempt, read again (another tab may have begun one)
              before a game of the day's board is judged: at that click, at its end, when it is left
    left      the day's attempt left under way (a new game, R, a link, a reload) is its loss: the day is
              played, and its one attempt spent
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol, TypeVar

from minesweeper import Action, Game, State
from ui import saved
from ui.daily import Begun, Dailies, DayResult, is_turned_back, may_count, summary
from ui.i18n import _, formats
from ui.notes import Kind, Messages
from ui.play import Play
from ui.saved import BEGUN, DAILY, SavedError
from ui.texts import level_name

from .clock import today
from .dom import Element
from .saved import Keeper
from .storage import Storage
from .view import View

T = TypeVar("T")


class App(Protocol):
    @property
    def play(self) -> Play: ...


class DailyBoards:
    def __init__(self, app: App, view: View, notes: Messages, keeper: Keeper) -> None:
        self.app, self.view, self.notes, self.keeper = app, view, notes, keeper
        self.marked: Element = None
        self.results = self.read()
        self.begun = self.read_begun()
        self.judged = 0  # the play (its serial) whose first click was judged: begun, or practice

    def solve_refused(self) -> str:
        """Why Solve may not play the game on the board now, or "": a daily board whose result would count
        today is the player's to play first (the solver would show its mines, then a replay would count)."""
        play = self.app.play
        if play.daily is None or play.game.is_over or not self.may_count(play):
            return ""
        return _("Solve waits until you have played today's daily board: its result counts once a day.")

    def may_count(self, play: Play) -> bool:
        """Whether `play` is, or can still be, the day's attempt at its daily board (ui/daily.py)."""
        made = play.daily
        if made is None:
            return False
        return may_count(self.results, self.begun, made.day, made.level, play.attempt, today())

    def is_attempt(self, play: Play) -> bool:
        """Whether `play`, a daily game begun, is the day's attempt at its board, read before its end or its
        leaving is kept: the statistics count it with the rest, every other daily game apart (ui/stats.py)."""
        if play.daily is None:
            return False
        self.refresh()
        return self.may_count(play)

    def is_result(self, play: Play) -> bool:
        """Whether `play`, a finished daily game, gave its day's result (else it was practice)."""
        made = play.daily
        return made is not None and self.begun.holder(made.day, made.level) == play.attempt

    def refresh(self) -> None:
        """Read the results and the boards begun again: another tab may have played since."""
        self.results, self.begun = self.read(), self.read_begun()

    def read_begun(self) -> Begun:
        return self._read(self.keeper.storage, BEGUN, saved.begun_from_data, Begun())

    def begin(self, play: Play) -> None:
        """`play` is the day's attempt at its board: written down, so that no other game of it counts."""
        made = play.daily
        assert made is not None
        begun = self.begun.begin(made.day, made.level, play.attempt)
        if begun != self.begun:
            self.begun = begun
            self.keeper.storage.write(BEGUN, begun.to_data())  # full or blocked: it said so

    def read(self) -> Dailies:
        areas = (self.keeper.storage, self.keeper.session) if self.keeper.consent else (self.keeper.session,)
        results = Dailies()
        for area in areas:  # localStorage's first: where both have a day, it stands
            results = results.merge(self._read(area, DAILY, saved.dailies_from_data, Dailies()))
        return results

    def _read(self, storage: Storage, kind: saved.Kind, reader: Callable[[Any], T], empty: T) -> T:
        """`kind`'s data in `storage`, read; `empty` if there is none, or it is damaged (said at start-up)."""
        data = storage.read(kind)
        if data is None:
            return empty
        try:
            return reader(data)
        except SavedError as error:
            self.keeper.storage.damaged(kind, error)  # said once, wherever it was kept
            return empty

    def write(self) -> None:
        if self.keeper.consent and self.keeper.storage.write(DAILY, self.results.to_data()):
            self.keeper.session.remove(DAILY)  # moved over, once
        elif not self.keeper.consent:
            self.keeper.session.write(DAILY, self.results.to_data())

    def settle(self) -> None:
        """The statistics changed, maybe because the player said yes: results kept in this tab until then
        move to localStorage now."""
        if self.keeper.consent and self.keeper.session.read(DAILY) is not None:
            self.results = self.read()
            self.write()

    def replace(self, results: Dailies) -> None:
        """An import merged results in (statsview.py)."""
        self.results = self.results.merge(results)
        self.write()

    # -- the game's signals ------------------------------------------------------------------------

    def on_started(self, play: Play) -> None:
        self.mark()
        made = play.daily
        if made is None or play.game.state is not State.READY:
            return
        self.refresh()
        day, level = formats().date(made.day), level_name(made.level)
        if self.may_count(play):
            text = _("Daily board of {day}, {level}: open the marked cell first.")
        elif made.day == today() and is_turned_back(self.results, self.begun, made.day):
            text = _(
                "Daily board of {day}, {level}: open the marked cell first. Practice: a later day's board"
                " was played on this device, so this one can no longer count (was the device's clock turned"
                " back?)."
            )
        elif made.day == today():
            text = _(
                "Daily board of {day}, {level}: open the marked cell first. Practice: you played it today"
                " already; your result stands."
            )
        else:
            text = _(
                "Daily board of {day}, {level}: open the marked cell first. Practice: this one does not"
                " count."
            )
        # In front, as the player asked for the board; but not over an error (a link's, said just before):
        # what went wrong with what the player just did is read first.
        front = self.notes.front
        self.notes.say(
            text.format(day=day, level=level), game=True, asked=front is None or front.kind is not Kind.ERROR
        )

    def on_acted(self, play: Play, action: Action, seconds: float) -> None:
        """The first click of a daily game: the day's attempt begins, unless another game began it (another
        tab, or the same board again) or it is practice anyway."""
        if play.daily is None or play.game.state is State.READY or self.judged == play.serial:
            return
        self.judged = play.serial
        self.refresh()
        if play.counts and play.daily.day == today() and self.may_count(play):
            self.begin(play)

    def on_abandoned(self, play: Play, seconds: float) -> None:
        """The day's attempt left under way is its loss (a game left counts, as in the statistics)."""
        if play.daily is None or not play.counts:
            return
        self.refresh()
        if self.is_result(play) and self.may_count(play):
            self.keep(play, DayResult(False, seconds))

    def on_turn(self, game: Game) -> None:
        self.mark()

    def mark(self) -> None:
        if self.marked is not None:
            with suppress(Exception):  # a rebuilt grid dropped the old cell
                self.marked.removeAttribute("data-start")
        self.marked = None
        made = self.app.play.daily
        if made is not None:
            self.marked = self.view.element(made.start)
            self.marked.setAttribute("data-start", "")

    def record_end(self, play: Play, seconds: float) -> str:
        """Keep the day's result; what to say of it (results.py says it): the result kept, or practice. ""
        for a game that is not a daily board, or that the solver played."""
        if play.daily is None or not play.counts:
            return ""
        self.refresh()
        if not self.may_count(play):
            return _("Practice: this daily board does not count again.")
        self.keep(play, DayResult(play.game.state is State.WON, seconds, play.help.is_helped))
        return summary(self.results, today())

    def keep(self, play: Play, result: DayResult) -> None:
        """`play`'s end is its day's result: kept, and its board begun (if its first click did not say so)."""
        made = play.daily
        assert made is not None
        self.begin(play)
        self.results = self.results.add(made.day, made.level, result)
        self.write()
