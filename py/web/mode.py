"""No-guess mode in the page: the badge that says which mode the board is in, and what happens when a size
has no no-guess board.

Glossary:
    mode      of the game on the board: `no-guess` (boards logic alone clears from the first click),
              `unavailable` (the setting is on but this size is past those offered: noguess.check_size)
              or `normal`; written as `data-mode` on #mode, which css/hints.css shows or hides
    offer     for an unavailable size, a message with the reason and a "Play a normal board" button: the
              button turns the game normal at once; a click on the board accepts it as well, and that
              click is played (the engine refuses such a size at once, and the app goes on from the click)
    fallback  a size that is offered can still come up empty (rarely: the search has a work budget); the
              first click then plays a normal board from that click and the message line says so
"""

from __future__ import annotations

from typing import Any

from pyscript.ffi import create_proxy

from minesweeper import BoardError, Game, State
from minesweeper.placement import NoGuessUnavailable


def mode(game: Game) -> tuple[str, str]:
    """The game's mode and, when unavailable, why."""
    if not game.rules.no_guess or game.given_board:
        return "normal", ""
    from minesweeper.noguess import check_size  # the solver loads with the first no-guess game, not at start

    try:
        check_size(game.size)
    except NoGuessUnavailable as error:
        return "unavailable", reason(error)
    return "no-guess", ""


def reason(error: BoardError) -> str:
    """The engine's message without its 'no-guess board WxH/M: ' prefix."""
    return str(error).split(": ", 1)[-1]


class NoGuessMode:
    def __init__(self, app: Any) -> None:
        self.app = app
        document = app.document
        self.badge = document.getElementById("mode")
        self.offer = document.getElementById("no-guess-offer")
        self.offer_text = document.getElementById("no-guess-why")
        self._on_play_normal = create_proxy(lambda event: self.play_normal())
        document.getElementById("play-normal").addEventListener("click", self._on_play_normal)
        app.on_new_game.connect(self.on_new_game)
        app.on_action.connect(lambda game, action, seconds: self.hide_offer())
        app.on_no_guess_failed.connect(self.on_failed)

    def on_new_game(self, game: Game) -> None:
        shown, why = mode(game)
        self.badge.setAttribute("data-mode", shown)
        self.badge.title = {
            "no-guess": "No-guess board: logic alone clears it from the first click",
            "unavailable": "No-guess boards are not made for this size: this is a normal board",
            "normal": "",
        }[shown]
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
        if self.app.game.state is State.READY:
            self.app.play_normal()
        self.app.view.board.querySelector("[tabindex='0']").focus()

    def hide_offer(self) -> None:
        self.offer.hidden = True

    def on_failed(self, game: Game, error: NoGuessUnavailable) -> None:
        self.app.show_message(
            f"No no-guess board for this size: {reason(error)}. This is a normal board, played from"
            " your first click: you may have to guess.",
            "error",
        )
