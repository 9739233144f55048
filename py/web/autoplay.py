"""Solve (Game menu, or S): the solver plays the game on the board, one move a step, for the player to watch.

Glossary:
    step      one action of ui/solve.py's, applied as a player's is (the view paints what changed, the
              hooks hear it), then the next after STEP_MS, until the game ends
    stop      S again, Esc, any input of the player's on the board, or a new game; the game stays as it is
              and the player may play on. The touch or click that stops it plays nothing: the player
              aimed at a board that was still changing
    refuse    main.py's say on whether the solver may play now (a daily board that counts today: not yet)
    solved    the game the solver moved in (host.solved): it never counts in statistics and no win panel
              claims it (app.py, keeper.py)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from minesweeper import Game
from ui.commands import KEYS, Command

from .dom import Element, kept, listen

if TYPE_CHECKING:
    from .host import Host

STEP_MS = 150  # slow enough to follow each move, quick enough to watch an expert game in a minute


class AutoPlay:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.timeout: int | None = None  # the browser's id for the next step, while the solver plays
        self.refuse: Callable[[], str] = lambda: ""
        self._step = kept(self.step)
        # In the capture phase, before the board's own listener (input.py) makes a move of it.
        host.document.addEventListener("pointerdown", kept(self.on_pointer), True)
        listen(host.document, "keydown", self.on_key)

    @property
    def playing(self) -> bool:
        return self.timeout is not None

    def toggle(self, keyed: bool = False) -> None:
        if self.playing:
            self.stop("The solver stopped: play on, or press S to let it go on.")
            return
        if self.host.game.is_over:
            self.host.show_message(
                "The game is over: start a new one (N), then Solve (S).", game=True, asked=True
            )
            return
        if refused := self.refuse():
            self.host.show_message(refused, game=True, asked=True)
            return
        self.host.solved = True
        self.host.show_message(
            "The solver plays this game, move by move; it does not count in your statistics."
            " S or Esc stops it.",
            game=True,
            asked=True,
        )
        self.later()

    def later(self) -> None:
        self.timeout = self.host.window.setTimeout(self._step, STEP_MS)

    def step(self) -> None:
        from ui import solve  # with the solver: start-up is quicker without

        self.timeout = None
        game = self.host.game
        made = self.host.daily
        action = solve.step(game, None if made is None else made.start)
        if action is None:
            return
        self.host.apply(action)
        if not game.is_over:
            self.later()

    def stop(self, why: str) -> None:
        if self.timeout is None:
            return
        self.host.window.clearTimeout(self.timeout)
        self.timeout = None
        self.host.show_message(why, game=True, asked=True)

    def on_pointer(self, event: Element) -> None:
        if self.playing and self.host.view.board.contains(event.target):
            event.stopPropagation()
            event.preventDefault()
            self.stop("You took over.")

    def on_key(self, event: Element) -> None:
        # S itself toggles through the command table, which has run by now.
        if self.playing and KEYS.get(event.key) is not Command.SOLVE:
            self.stop("The solver stopped: play on, or press S to let it go on.")

    def on_new_game(self, game: Game) -> None:
        if self.timeout is not None:
            self.host.window.clearTimeout(self.timeout)
            self.timeout = None
