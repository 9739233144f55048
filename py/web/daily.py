"""The daily board in the page: its start cell marked, its message, and its result kept (ui/daily.py).

Glossary:
    start     `data-start` on the cell to open first (css/board.css draws it while the cell is covered)
    kept      once statistics are kept (the keeper's consent), results go to localStorage under
              `minesweeper.daily`; before that, to this tab's sessionStorage, moved over at the yes (the
              keeper's on_change, `settle`), as the statistics of a visit are
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from minesweeper import Game, State
from ui import saved
from ui.daily import Dailies, DayResult, summary
from ui.saved import DAILY, SavedError

from .dom import Element
from .keeper import Keeper, today
from .storage import Storage

if TYPE_CHECKING:
    from .host import Host


class DailyBoards:
    def __init__(self, host: Host, keeper: Keeper) -> None:
        self.host, self.keeper = host, keeper
        self.marked: Element = None
        self.results = self.read()
        self.note = ""  # what the win panel says of the daily just won: its result kept, or practice

    def solve_refused(self) -> str:
        """Why Solve may not play the game on the board now, or "": a daily board whose result would count
        today is the player's to play first (the solver would show its mines, then a replay would count)."""
        made = self.host.daily
        if made is None or self.host.game.is_over or not self.results.counts(made.day, made.level, today()):
            return ""
        return "Solve waits until you have played today's daily board: its result counts once a day."

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
            self.keeper.problems.append(f"{str(error).capitalize()}; they start afresh.")
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
        """An import merged results in (datapanel.py)."""
        self.results = self.results.merge(results)
        self.write()

    # -- the game's hooks --------------------------------------------------------------------------

    def on_new_game(self, game: Game) -> None:
        self.mark()
        made = self.host.daily
        if made is None or game.state is not State.READY:
            return
        note = (
            ""
            if self.results.counts(made.day, made.level, today())
            else " Practice: this one does not count."
        )
        if made.day == today() and note:
            note = " Practice: you played it today already; your result stands."
        first = f"Daily board of {made.day}, {made.level}: open the marked cell first."
        self.host.show_message(first + note, game=True, asked=True)  # the player asked for the board

    def on_turn(self, game: Game) -> None:
        self.mark()

    def mark(self) -> None:
        if self.marked is not None:
            with suppress(Exception):  # a rebuilt grid dropped the old cell
                self.marked.removeAttribute("data-start")
        self.marked = None
        made = self.host.daily
        if made is not None:
            self.marked = self.host.view.element(made.start)
            self.marked.setAttribute("data-start", "")

    def on_game_over(self, game: Game, seconds: float) -> None:
        """Keep the day's result; say it, in the win panel after a win (main.py), else in the message line."""
        made, self.note = self.host.daily, ""
        if made is None or self.host.solved:  # the solver's game (autoplay.py) never counts
            return
        day = today()
        won = game.state is State.WON
        if self.results.counts(made.day, made.level, day):
            self.results = self.read().add(made.day, made.level, DayResult(won, seconds))
            self.write()
            self.note = summary(self.results, day)
        else:
            self.note = "Practice: this daily board does not count again."
        if not won:
            self.host.show_message(self.note, game=True)
