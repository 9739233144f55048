"""A game's end, in order: the statistics count it, the daily board keeps its result, the statistics
question is offered, then the player is told: the win panel, or the message line. A game left under way
ends too: counted, then the daily board's loss.

Glossary:
    order     each step reads what the one before it wrote: the daily board says first whether the game is
              the day's attempt (the statistics count it with the rest, another game of a given board
              apart: ui/stats.py), the keeper says whether the time was a best, the question is asked only
              once a game is kept for this visit, and the win panel shows both
    solver    a game the solver moved in counts nowhere; its win is said on the message line, not in the
              win panel
    known     a win on a given board (ui/play.py) but a daily board's: the panel says why it counts apart
    practice  a game played on from a review's position (ui/play.py) counts nowhere either: a win is said
              on the message line (its bar says the rest: web/practice.py)
"""

from __future__ import annotations

from typing import Protocol

from minesweeper import State
from ui.i18n import _, formats, sentences
from ui.layout import Layout
from ui.notes import Messages
from ui.play import Play
from ui.texts import win_figures, words

from .view import View


class Keeper(Protocol):
    def record_end(self, play: Play, seconds: float, attempt: bool) -> str: ...
    def record_left(self, play: Play, seconds: float, attempt: bool) -> None: ...


class Dailies(Protocol):
    def is_attempt(self, play: Play) -> bool: ...
    def record_end(self, play: Play, seconds: float) -> str: ...
    def on_abandoned(self, play: Play, seconds: float) -> None: ...


class Question(Protocol):
    def offer(self, play: Play) -> None: ...


class WinPanel(Protocol):
    def show_win(self, figures: dict[str, str]) -> None: ...


class Results:
    def __init__(  # the four parts a game's end goes through, in that order
        self,
        keeper: Keeper,
        dailies: Dailies,
        question: Question,
        win: WinPanel,
        notes: Messages,
        view: View,
    ) -> None:
        self.keeper, self.dailies, self.question, self.win = keeper, dailies, question, win
        self.notes, self.view = notes, view

    def on_abandoned(self, play: Play, seconds: float) -> None:
        """A game left under way (web/app.py, or by an earlier page: web/saved.py `left`): counted as played
        and not won, and a daily attempt's loss."""
        self.keeper.record_left(play, seconds, self.dailies.is_attempt(play))
        self.dailies.on_abandoned(play, seconds)

    def on_ended(self, play: Play, seconds: float) -> None:
        attempt = self.dailies.is_attempt(play)  # before the day's result is kept
        best = self.keeper.record_end(play, seconds, attempt)  # "" unless it is a new best time
        daily = self.dailies.record_end(play, seconds)  # "" unless a daily board: its result, or practice
        self.question.offer(play)  # under the win panel, which opens next and keeps the focus
        game = play.game
        if play.practice:  # its bar says it never counts, and brings back the player's game (practice.py)
            if game.state is State.WON:
                self.notes.say(_("Practice won: it does not count."), game=True)
            return
        if game.state is State.LOST:
            if daily:
                self.notes.say(daily, game=True)
            return
        if play.help.solved:
            self.notes.say(
                _("The solver won this game ({time}): it does not count in statistics.").format(
                    time=formats().seconds(seconds, 1)
                ),
                game=True,
            )
            return
        figures = win_figures(play, seconds)
        # The board by its own name (expert is 30 by 16), however the screen turned it to show it.
        board = words(game.size, Layout(game.size.width, game.size.height))
        if play.daily is not None:
            board = _("Daily board of {day}: {board}").format(day=formats().date(play.daily.day), board=board)
        figures["board"] = board
        figures["best"] = sentences(best, daily)
        figures["known"] = (
            _(
                "A given board (from a link, or played again): the win counts apart, not in your wins or"
                " streak."
            )
            if play.is_given and play.daily is None
            else ""
        )
        self.win.show_win(figures)
