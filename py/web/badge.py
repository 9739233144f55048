"""The no-guess badge: it says whether the board on the page is a no-guess one, and what happens when a size
has no no-guess board (ui/texts.py words it).

Glossary:
    badge     of the game on the board: `no-guess`, `unavailable` or `normal` (texts.no_guess_badge);
              written as `data-mode` on #mode, which css/hints.css shows or hides
    offer     for an unavailable size, a message with the reason and a "Play a normal board" button: the
              button turns the game normal at once; a click on the board accepts it as well, and that
              click is played (the engine refuses such a size at once, and the app goes on from the click)
    fallback  a size that is offered can still come up empty (rarely: the search has a work budget); the
              first click then plays a normal board from that click and the message line says so
"""

from __future__ import annotations

from typing import Protocol

from minesweeper import Action, Game, State
from minesweeper.placement import NoGuessUnavailable
from ui.i18n import _
from ui.notes import Kind, Messages
from ui.play import Play
from ui.texts import BADGE_TITLES, no_guess_badge, no_guess_failed, no_guess_offer

from .dom import Element, listen
from .view import View


class App(Protocol):
    @property
    def game(self) -> Game: ...
    def go_normal(self) -> Game: ...


class NoGuessBadge:
    def __init__(self, document: Element, app: App, view: View, notes: Messages) -> None:
        self.app, self.view, self.notes = app, view, notes
        self.badge = document.getElementById("mode")
        self.offer = document.getElementById("no-guess-offer")
        self.offer_text = document.getElementById("no-guess-why")
        self.offering = True  # the offer may show (as the page starts, not known): hide_offer hides it
        listen(document.getElementById("play-normal"), "click", lambda event: self.play_normal())

    def on_started(self, play: Play) -> None:
        game = play.game
        shown, why = no_guess_badge(game)
        self.badge.setAttribute("data-mode", shown)
        self.badge.title = _(BADGE_TITLES[shown]) if shown in BADGE_TITLES else ""
        if why is not None and game.state is State.READY:
            self.offer_text.textContent = no_guess_offer(game.size, why)
            self.offer.hidden = False
            self.offering = True
        else:
            self.hide_offer()

    def play_normal(self) -> None:
        self.hide_offer()
        if self.app.game.state is State.READY:
            self.app.go_normal()
        self.view.board.querySelector("[tabindex='0']").focus()

    def on_acted(self, play: Play, action: Action, seconds: float) -> None:
        self.hide_offer()

    def hide_offer(self) -> None:
        if self.offering:  # known in Python: each action asks, and a call into the page costs more
            self.offer.hidden = True
            self.offering = False

    def on_failed(self, play: Play, error: NoGuessUnavailable) -> None:
        self.notes.say(no_guess_failed(error), Kind.ERROR, game=True)
