"""What the page's parts (hints, the no-guess badge, phone, zoom, replay, keeper, data panel) may use of the
game in the page (app.py): the typed host each receives instead of the whole app.

Glossary:
    host      the App, seen through this Protocol: the game on the board, the settings, the view, the clock,
              and the few calls that change them; the parts never reach further (into the input, the
              panels or each other): what links them is wired in main.py
    keyed     a command asked with the keyboard (a key, or Enter on a menu item): the focus follows it
    signal    a hook of the host's (on_new_game, on_action...): main.py connects the parts' listeners;
              a listener that raises is reported on the console and the game goes on
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Generic, ParamSpec, Protocol

from pyscript import window

from minesweeper import Chord, Flag, Game, Reveal, Size
from minesweeper.daily import Daily
from ui.commands import Command
from ui.settings import Settings
from ui.timer import Timer

from .dom import Element
from .view import View

Handler = Callable[[bool], object]  # runs a command; its argument says whether it was keyed
P = ParamSpec("P")


class Signal(Generic[P]):
    """A list of listeners; `emit` calls each, reporting (not raising) a listener's error."""

    def __init__(self) -> None:
        self.listeners: list[Callable[P, object]] = []

    def connect(self, *listeners: Callable[P, object]) -> None:
        self.listeners.extend(listeners)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in self.listeners:
            try:
                listener(*args, **kwargs)
            except Exception:
                window.console.error(f"a game listener failed:\n{traceback.format_exc()}")


class Host(Protocol):
    document: Element
    window: Element
    view: View
    timer: Timer
    game: Game
    settings: Settings
    hints: int  # hints used in this game (hints.py counts them; the win panel shows them)
    daily: Daily | None  # the game on the board is this daily board
    watching: Game | None  # a game from a replay link, on the board or not
    odds_shown: bool  # the odds overlay showed during this game (hints.py): help, like a hint
    solved: bool  # the solver moved in this game (autoplay.py): it never counts in statistics

    def run(self, command: Command, keyed: bool = False) -> None: ...

    def show_message(
        self, text: str, kind: str = "info", *, game: bool = False, asked: bool = False
    ) -> None: ...

    def ask(self, text: str) -> None: ...

    def drop_notes(self, kind: str) -> None: ...

    def withdraw_note(self, text: str) -> None: ...

    def change_settings(self, settings: Settings) -> None: ...

    def set_settings(self, settings: Settings, notify: bool = False) -> None: ...

    def apply(self, action: Reveal | Flag | Chord) -> bool: ...

    def start_game(
        self,
        game: Game,
        seconds: float = 0.0,
        hints: int = 0,
        odds: bool = False,
        daily: Daily | None = None,
    ) -> None: ...

    def link(self) -> str: ...

    def play_normal(self) -> Game: ...

    def ask_first(self, then: Callable[[], object]) -> None: ...

    def show_finished(self, game: Game, seconds: float, hints: int = 0, odds: bool = False) -> None: ...

    def choose_level(self, level: str) -> None: ...

    def choose_size(self, size: Size) -> None: ...

    def focus_board(self) -> None: ...

    def let_go(self, pointers: list[int] | None = None) -> None: ...

    def set_flag_mode(self, on: bool) -> None: ...
