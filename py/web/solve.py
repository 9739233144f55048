"""Solve (Game menu, or S): the solver plays the game on the board, one move a step, for the player to watch.

Glossary:
    step      one action of ui/solve.py's, applied as a player's is (the view paints what changed, the
              hooks hear it), then the next after STEP_MS, until the game ends
    stop      S again, Esc, any input of the player's on the board, a new game, or a study borrowing the
              board (web/analysis.py); the game stays as it is and the player may play on. The touch or
              click that stops it plays nothing: the player aimed at a board that was still changing
    notes     they name the keys, or on a touch-only device (view.touch) what a finger does: a tap on the
              board stops the solver, Game → Let the solver play starts it again
    refuse    whether the solver may play now: a daily board that counts today is the player's to play
              first (web/daily.py says why)
    solved    the game the solver moved in (the play's help): it never counts in statistics and no win
              panel claims it (results.py, saved.py); a game the player had begun counts as left when the
              solver takes it (app.py), so the solver is no way out of a guess
"""

from __future__ import annotations

from typing import Protocol

from minesweeper import Chord, Flag, Reveal
from ui.commands import KEYS, Command
from ui.i18n import _
from ui.keyboard import shortcut
from ui.notes import Messages
from ui.play import Play

from .dom import Element, Listening, kept, listen
from .view import View

STEP_MS = 150  # slow enough to follow each move, quick enough to watch an expert game in a minute


class App(Protocol):
    @property
    def play(self) -> Play: ...
    def apply(self, action: Reveal | Flag | Chord) -> bool: ...
    def let_solver_play(self) -> bool: ...


class Refusal(Protocol):
    def solve_refused(self) -> str: ...


class Solver:
    def __init__(
        self,
        document: Element,
        window: Element,
        app: App,
        view: View,
        notes: Messages,
        refusal: Refusal,
    ) -> None:
        self.window, self.app, self.view, self.notes, self.refusal = window, app, view, notes, refusal
        self.timeout: int | None = None  # the browser's id for the next step, while the solver plays
        self._step = kept(self.step)
        # A press takes over: heard while the solver plays only, in the capture phase, before the board's own
        # listener (web/gestures.py) makes a move of it.
        self.presses = Listening(document, ("pointerdown",), self.on_pointer, capture=True)
        listen(document, "keydown", self.on_key)

    @property
    def playing(self) -> bool:
        return self.timeout is not None

    def toggle(self, keyed: bool = False) -> None:
        if self.playing:
            self.stop(self.stopped_text())
            return
        if self.app.play.game.is_over:
            over = (
                _("The game is over: tap the face for a new one, then choose Game → Let the solver play.")
                if self.view.touch
                else _("The game is over: start a new one (N), then Solve (S).")
            )
            self.notes.say(over, game=True, asked=True)
            return
        if refused := self.refusal.solve_refused():
            self.notes.say(refused, game=True, asked=True)
            return
        self.notes.say(self.started_text(self.app.let_solver_play()), game=True, asked=True)
        self.later()

    def started_text(self, left: bool) -> str:
        """What the solver's start says: whether the game it takes counts as `left` (app.py), and how to stop
        it (where there are no keys, a tap on the board: on_pointer)."""
        touch = self.view.touch
        if left and touch:
            return _(
                "The solver plays this game, move by move: it counts as a game you left, played and not"
                " won. Tap the board to stop it."
            )
        if left:
            return _(
                "The solver plays this game, move by move: it counts as a game you left, played and not"
                " won. S or Esc stops it."
            )
        if touch:
            return _(
                "The solver plays this game, move by move; it does not count in your statistics."
                " Tap the board to stop it."
            )
        return _(
            "The solver plays this game, move by move; it does not count in your statistics."
            " S or Esc stops it."
        )

    def stopped_text(self) -> str:
        if self.view.touch:
            return _("The solver stopped: play on, or let it go on with Game → Let the solver play.")
        return _("The solver stopped: play on, or press S to let it go on.")

    def later(self) -> None:
        self.timeout = self.window.setTimeout(self._step, STEP_MS)
        self.busy(True)

    def step(self) -> None:
        from ui import solve  # with the solver: start-up is quicker without

        self.timeout = None
        play = self.app.play
        game = play.game
        action = solve.step(game, None if play.daily is None else play.daily.start)
        if action is None:
            self.busy(False)
            return
        self.app.apply(action)
        if game.is_over:
            self.busy(False)
        else:
            self.later()

    def stop(self, why: str) -> None:
        if self.timeout is None:
            return
        self.window.clearTimeout(self.timeout)
        self.timeout = None
        self.busy(False)
        self.notes.say(why, game=True, asked=True)

    def busy(self, on: bool) -> None:
        """Hear presses while the solver plays, and show that it plays (css/hints.css: the board's well), for
        as long as it does: the note that says so fades."""
        if on != self.presses.on:
            self.presses.hear(on)
            self.view.board.toggleAttribute("data-solving", on)

    def on_pointer(self, event: Element) -> None:
        if self.playing and self.view.board.contains(event.target):
            event.stopPropagation()
            event.preventDefault()
            self.stop(_("You took over."))

    def on_key(self, event: Element) -> None:
        # S itself toggles through the command table, which has run by now.
        if self.playing and KEYS.get(shortcut(event.key, event.code)) is not Command.SOLVE:
            self.stop(self.stopped_text())

    def on_started(self, play: Play) -> None:
        self.halt()

    def on_lent(self) -> None:
        self.halt()

    def halt(self) -> None:
        """Stop without a word: the board shows something else now."""
        if self.timeout is not None:
            self.window.clearTimeout(self.timeout)
            self.timeout = None
        self.busy(False)
