"""Every way a game comes to the board: each makes a play (ui/play.py) and asks the app to start it.

Glossary:
    new       a random board of the level or size in the settings (the face, N, F2, a level, a size)
    again     the board on the page from its start (R): its mines are known now, so it is a given board,
              counted apart (ui/stats.py); a daily board stays the daily
    daily     the day's board (minesweeper/daily.py), the same for every player that day, given, its start
              cell marked (web/daily.py); each such game gets its attempt's number (ui/play.py), and a day
              after today has no board yet: its board would be known a day early
    seed link a random board whose seed the link gives: given (ui/play.py), since the seed and the first
              click decide its mines
    link      what the address names (ui/links.py, web/links.py): a board, a seed, a size or level, a
              daily, or a replay to watch. It wins over a resumed game; its mode (no-guess) is that game's
              rules only: the player's setting changes in Settings alone
    finished  a game of the history, on the board as it ended, for its replay; counted already
    watched   a replay link's game: on the board for its replay only; the game in progress stays kept
              (the keeper never saves a watched game) and comes back when the replay closes
    leave     a new game asked for over one well under way (ui/stats.py `is_well_under_way`) waits for the
              player's yes in #leave-dialog (panels.py), as Antimine asks (not over the solver's game, counted
              as left already; on a given board it says the game counts apart); a link does not ask: opening
              it is the answer. The game asked about is the
              player's own, even while the board shows a study or practice (app.py: set aside)
    practice  a reviewed game played on from one of its positions (web/review.py), with the same mines: the
              player's own game waits, set aside, and comes back after (app.py); practice never counts
    analysis  an analysis link names no game: web/analysis.py opens its position over the game on the board
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import Protocol

from pyscript import window

from minesweeper import LEVELS, Board, Game, Rules, Size, State
from minesweeper.daily import InvalidDay, daily
from minesweeper.replaycode import Recording
from ui import links
from ui.i18n import _, formats
from ui.links import Link
from ui.notes import Kind, Messages
from ui.play import Help, Play, given_rules
from ui.settings import InForce, Settings
from ui.stats import is_well_under_way, leave_question
from ui.texts import words
from ui.timer import Timer

from .clock import today
from .view import View


class App(Protocol):
    """What the ways to a new game use of the app."""

    @property
    def play(self) -> Play: ...
    @property
    def game(self) -> Game: ...
    @property
    def timer(self) -> Timer: ...
    @property
    def own(self) -> tuple[Play, float]: ...
    def start(self, play: Play, seconds: float = 0.0) -> None: ...
    def abandon(self) -> None: ...
    def set_aside(self) -> None: ...


class Leaving(Protocol):
    def ask_leave(self, question: str, then: Callable[[], object]) -> None: ...


class Replays(Protocol):
    def open(self) -> None: ...


class Attempts(Protocol):
    def is_attempt(self, play: Play) -> bool: ...


class Games:
    def __init__(
        self,
        app: App,
        settings: InForce,
        notes: Messages,
        view: View,
        leaving: Leaving,
        replays: Replays,
        dailies: Attempts,
    ) -> None:
        self.app, self.settings, self.notes, self.view = app, settings, notes, view
        self.leaving, self.replays, self.dailies = leaving, replays, dailies

    def leave_then(self, then: Callable[[], object]) -> None:
        """Run `then` (a new game of some kind) now, or once the player says yes if this game is well under
        way: leaving it counts as a game played and not won."""
        play, seconds = self.app.own
        game = play.game
        # A game that no longer counts (the solver's: counted as left when it took over) has nothing to lose.
        if play.counts and game.state is State.PLAYING and is_well_under_way(game, seconds):
            # A daily board's game is given unless it is the day's attempt, which counts (ui/stats.py).
            given = play.is_given and not self.dailies.is_attempt(play)
            self.leaving.ask_leave(leave_question(game, seconds, given), then)
        else:
            then()

    def new(
        self,
        size: Size | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        seed_link: bool = False,
    ) -> bool:
        settings = self.settings.current
        size = size or settings.size
        seed = random_number() if seed is None else seed
        self.app.abandon()
        self.app.start(Play(Game.new(size, seed, rules or settings.rules), seed_link=seed_link))
        self.view.announce(
            _("New game: {board}.").format(board=words(size, self.view.layout))
        )  # all that is heard
        return True

    def again(self) -> None:
        play = self.app.play
        board = play.game.board
        if board is None:
            self.notes.say(
                _("No board to play again yet: the first click places the mines."), game=True, asked=True
            )
            return
        self.app.abandon()
        again = Play(Game.from_board(board, given_rules(play.game.rules)), daily=play.daily)
        self.app.start(dataclasses.replace(again, attempt=1 + random_number()) if play.daily else again)
        self.view.announce(
            _("The same board again: {board}.").format(board=words(board.size, self.view.layout))
        )

    def finished(self, game: Game, seconds: float, help: Help) -> None:
        self.app.abandon()
        self.app.start(Play(game, help=help), seconds)

    def board(self, board: Board) -> None:
        self.app.abandon()
        self.app.start(Play(Game.from_board(board, given_rules(self.settings.current.rules))))

    def play_board(self, board: Board) -> None:
        """A board to play (an MBF file), as a board link plays it; asked first over a game well under way."""

        def play() -> None:
            self.settings.change(self.settings.current.with_size(board.size))
            self.board(board)

        self.leave_then(play)

    def practice(self, game: Game, move: int) -> None:
        """`game` played on from the position before its action `move`, with the same mines: practice (see
        the glossary)."""
        assert game.board is not None
        fresh = Game.from_board(game.board, given_rules(game.rules))
        for action in game.log[:move]:
            fresh.apply(action)
        self.app.set_aside()
        self.app.start(Play(fresh, practice=True))
        self.notes.say(
            _("Practice from action {move}, with the same mines.").format(move=formats().number(move + 1)),
            game=True,
        )

    def watch(self, recording: Recording) -> bool:
        """Put a replay link's game on the board and play its replay; False if it cannot be."""
        game = recording.game()
        if not game.is_over:
            self.notes.say(_("This replay link could not be used: its game does not end."), Kind.ERROR)
            return False
        seconds = game.stamps[-1].ms / 1000 if game.timed else 0.0
        self.app.start(Play(game, watched=True), seconds)
        self.notes.say(_("A shared game's replay: ✕ or Esc goes back to your game."), game=True)
        self.replays.open()
        return True

    def daily(self, day: str | None = None, level: str | None = None) -> bool:
        """The daily board of `day` (today when None) at `level` (the level in play when None; expert after
        a custom size); False, said why, if there is none."""
        settings = self.settings.current
        level = level or (settings.level if settings.level in LEVELS else "expert")
        if day is not None and day > today():  # both YYYY-MM-DD: the text's order is the calendar's
            self.notes.say(
                _("No daily board for {day} yet: each day's board opens on that day.").format(
                    day=formats().date(day)
                ),
                Kind.ERROR,
            )
            return False
        try:
            made = daily(day or today(), level)
        except InvalidDay as error:
            window.console.warn(f"minesweeper: {error}")
            self.notes.say(_("There is no daily board for “{day}”.").format(day=day), Kind.ERROR)
            return False
        self.app.abandon()  # before the settings change: a changed size restarts a game not begun only
        self.settings.change(settings.with_size(made.board.size))
        rules = given_rules(self.settings.current.rules)
        self.app.start(Play(Game.from_board(made.board, rules), daily=made, attempt=1 + random_number()))
        board = words(made.board.size, self.view.layout)
        self.view.announce(
            _("Daily board of {day}: {board}.").format(day=formats().date(made.day), board=board)
        )
        return True

    def choose_level(self, level: str) -> None:
        self.leave_then(lambda: self.choose(self.settings.current.replace(level=level)))

    def choose_size(self, size: Size) -> None:
        self.leave_then(lambda: self.choose(self.settings.current.with_size(size)))

    def choose(self, settings: Settings) -> None:
        """A new game of the level or size chosen (the menu, the custom form)."""
        self.app.abandon()  # before the settings change: a changed size restarts a game not begun only
        self.settings.change(settings)
        self.new()

    def open(self, link: Link | None) -> bool:
        """Start the game `link` names (a replay link's: watched); False if it names none that can be."""
        if link is None:
            return False
        if link.errors:  # the game goes on: the one running, else the one kept, else a new one (main.py)
            self.notes.say(links.unusable(link), Kind.ERROR)
            return False
        if link.dropped:
            self.notes.say(links.left_out(link), Kind.ERROR)
        else:
            self.notes.drop(Kind.ERROR)  # an earlier link's error is not this link's
        if not link.present:
            return False  # it asked only for a language the page lacks: the message is all it does
        if link.replay is not None:
            return self.watch(link.replay)
        if link.analysis is not None:
            return False  # a position, not a game (see the glossary)
        if link.daily is not None and link.board is None:
            names = [name for name, size in LEVELS.items() if size == link.size]
            return self.daily(link.daily or None, names[0] if names else None)
        settings = self.settings.current
        if link.board is not None:
            self.settings.change(settings.with_size(link.board.size))
            self.board(link.board)
            return True
        if link.size is not None:
            self.settings.change(settings.with_size(link.size))
        # A seed gives another board in no-guess mode: a seed link without the mode is a normal board.
        no_guess = link.no_guess or (settings.no_guess and link.seed is None)
        rules = dataclasses.replace(self.settings.current.rules, no_guess=no_guess)
        return self.new(seed=link.seed, rules=rules, seed_link=link.seed is not None)


def random_number() -> int:
    """A random 32-bit number: a new board's seed, a daily game's attempt. (secrets costs 25 ms to import.)"""
    return int.from_bytes(os.urandom(4))
