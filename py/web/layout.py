"""The board and the screen: the board turns with the screen, and the full-screen button.
(Zoom and pan are zoom.py; how the board is turned is ui/layout.py; how it all looks is css/phone.css.)

Glossary:
    turn        the window changed shape (a device turned, a window resized): the view re-lays the grid
                once if the board's long side should now lie the other way; the game and its clock go on
                untouched, fingers on the board are let go, and `turned` listeners redraw their own marks;
                when the board shows a study's position (web/analysis.py), `relaid` tells the study instead
    fullscreen  a button shown only where the browser allows it (document.fullscreenEnabled: not on
                iPhones); it follows fullscreenchange, so Escape or the system's back gesture update it
"""

from __future__ import annotations

from typing import Protocol

from minesweeper import Game
from ui.i18n import _
from ui.notes import Kind, Messages

from .dom import Element, Signal, kept, listen
from .view import View


class App(Protocol):
    @property
    def game(self) -> Game: ...
    def let_go(self) -> None: ...


class Screen:
    def __init__(self, document: Element, window: Element, app: App, view: View, notes: Messages) -> None:
        self.document, self.app, self.view, self.notes = document, app, view, notes
        self.turned: Signal[[Game]] = Signal()  # the grid was re-laid: marks on cells are gone
        self.relaid: Signal[[]] = Signal()  # the same, under a study's position
        self.full_button = document.getElementById("fullscreen")
        listen(window, "resize", lambda event: self.turn())
        if document.fullscreenEnabled:
            self.full_button.hidden = False
            listen(self.full_button, "click", lambda event: self.toggle_fullscreen())
            listen(document, "fullscreenchange", lambda event: self.show_fullscreen())
            self._refused = kept(self.refused)

    def turn(self) -> None:
        game = self.app.game
        shows_game = self.view.drawn is game
        if not self.view.relayout():
            return
        self.app.let_go()
        if shows_game:
            self.turned.emit(game)
        else:
            self.relaid.emit()

    def toggle_fullscreen(self) -> None:
        document = self.document
        if document.fullscreenElement:
            document.exitFullscreen().catch(self._refused)
        else:
            document.documentElement.requestFullscreen().catch(self._refused)

    def show_fullscreen(self) -> None:
        full = "true" if self.document.fullscreenElement else "false"
        self.full_button.setAttribute("aria-pressed", full)

    def refused(self, error: Element) -> None:
        self.notes.say(_("Full screen is not available here."), Kind.ERROR, asked=True)
