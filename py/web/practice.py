"""The practice bar: while a game played on from a review's position is on the board (ui/play.py
`practice`), the toolbar says it never counts, and its button (or Esc) brings back the player's own game,
set aside meanwhile (web/app.py)."""

from __future__ import annotations

from typing import Protocol

from ui.play import Play

from .dom import Element, listen
from .view import View


class App(Protocol):
    @property
    def play(self) -> Play: ...
    def bring_back(self) -> bool: ...


class PracticeBar:
    def __init__(self, document: Element, app: App, view: View) -> None:
        self.document, self.app, self.view = document, app, view
        self.bar = document.getElementById("practice")
        listen(self.bar.querySelector("button"), "click", lambda event: self.leave())
        listen(document, "keydown", self.on_key)

    def on_started(self, play: Play) -> None:
        self.bar.hidden = not play.practice

    def leave(self) -> None:
        if self.app.play.practice and self.app.bring_back():
            self.view.move_focus(self.view.focus)

    def on_key(self, event: Element) -> None:
        if event.key != "Escape" or not self.app.play.practice or event.defaultPrevented:
            return
        if self.document.querySelector("dialog[open], :popover-open"):
            return  # Escape closes those first
        if self.view.board.hasAttribute("data-study") or self.view.board.hasAttribute("data-replay"):
            return  # a study over the practice, or its replay, closes first
        event.preventDefault()
        self.leave()
