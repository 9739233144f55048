"""The daily board in the page: its start cell marked, its message, and its result kept (ui/daily.py).

Glossary:
    start     `data-start` on the cell to open first (css/board.css draws it while the cell is covered)
    kept      once statistics are kept (the keeper's consent), results go to localStorage under
              `minesweeper.daily`; before that, to this tab's sessionStorage, moved over at the yes
              (`settle`, when the statistics change), as the statistics of a visit are
"""

from __future__ import annotations

from contextlib import suppress
from typing import Protocol

from minesweeper import Game, State
from ui import saved
from ui.daily import Dailies, DayResult, summary
from ui.i18n import _, formats
from ui.notes import Messages
from ui.play import Play
from ui.saved import DAILY, SavedError
from ui.texts import level_name

from .clock import today
from .dom import Element
from .saved import Keeper
from .storage import Storage
from .view import View


class App(Protocol):
    @property
    def play(self) -> Play: ...


class DailyBoards:
    def __init__(self, app: App, view: View, notes: Messages, keeper: Keeper) -> None:
        self.app, self.view, self.notes, self.keeper = app, view, notes, keeper
        self.marked: Element = None
        self.results = self.read()

    def solve_refused(self) -> str:
        """Why Solve may not play the game on the board now, or "": a daily board whose result would count
        today is the player's to play first (the solver would show its mines, then a replay would count)."""
        play = self.app.play
        made = play.daily
        if made is None or play.game.is_over or not self.results.counts(made.day, made.level, today()):
            return ""
        return _("Solve waits until you have played today's daily board: its result counts once a day.")

    def read(self) -> Dailies:
        results = self._read(self.keeper.session)
        if self.keeper.consent:
            results = self._read(self.keeper.storage).merge(results)
        return results

    def _read(self, storage: Storage) -> Dailies:
        data = storage.read(DAILY)
        if data is None:
            return Dailies()
        try:
            return saved.dailies_from_data(data)
        except SavedError as error:
            self.keeper.storage.damaged(DAILY, error)  # said once, wherever it was kept
            return Dailies()

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
        day, level = formats().date(made.day), level_name(made.level)
        if self.results.counts(made.day, made.level, today()):
            text = _("Daily board of {day}, {level}: open the marked cell first.")
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
        self.notes.say(text.format(day=day, level=level), game=True, asked=True)  # the player asked for it

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
        made = play.daily
        if made is None or not play.counts:
            return ""
        day = today()
        if not self.results.counts(made.day, made.level, day):
            return _("Practice: this daily board does not count again.")
        self.results = self.read().add(made.day, made.level, DayResult(play.game.state is State.WON, seconds))
        self.write()
        return summary(self.results, day)
