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

from typing import TYPE_CHECKING

from minesweeper import Action, Game, State
from minesweeper.placement import NoGuessUnavailable
from ui.texts import BADGE_TITLES, no_guess_badge, no_guess_reason

from .dom import listen

if TYPE_CHECKING:
    from .host import Host


class NoGuessBadge:
    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        self.badge = document.getElementById("mode")
        self.offer = document.getElementById("no-guess-offer")
        self.offer_text = document.getElementById("no-guess-why")
        listen(document.getElementById("play-normal"), "click", lambda event: self.play_normal())

    def on_new_game(self, game: Game) -> None:
        shown, why = no_guess_badge(game)
        self.badge.setAttribute("data-mode", shown)
        self.badge.title = BADGE_TITLES[shown]
        if shown == "unavailable" and game.state is State.READY:
            size = game.size
            self.offer_text.textContent = (
                f"No no-guess board for {size.width}x{size.height} with {size.mines} mines: {why}."
                " This board will be a normal one: you may have to guess."
            )
            self.offer.hidden = False
        else:
            self.hide_offer()

    def play_normal(self) -> None:
        self.hide_offer()
        if self.host.game.state is State.READY:
            self.host.play_normal()
        self.host.view.board.querySelector("[tabindex='0']").focus()

    def on_action(self, game: Game, action: Action, seconds: float) -> None:
        self.hide_offer()

    def hide_offer(self) -> None:
        self.offer.hidden = True

    def on_failed(self, game: Game, error: NoGuessUnavailable) -> None:
        self.host.show_message(
            f"No no-guess board for this size: {no_guess_reason(error)}. This is a normal board, played from"
            " your first click: you may have to guess.",
            "error",
            game=True,
        )
