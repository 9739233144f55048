"""The page on phones and tablets: the board turns with the screen, the flag-mode toggle, full screen.
(Zoom and pan are zoom.py; how the board is turned is layout.py; how it all looks is css/phone.css.)

Glossary:
    turn        the window changed shape (a device turned, a window resized): the view re-lays the grid
                once if the board's long side should now lie the other way; the game and its clock go on
                untouched, fingers on the board are let go, and `on_turn` listeners redraw their own marks
    flag mode   a toggle (aria-pressed): while on, a tap flags and a long press opens (gestures.py);
                `data-flag-mode` on the board lets CSS show it. It is the setting `flag_mode`: kept like
                the others (keeper.py), and the button follows the setting however it changes
    fullscreen  a button shown only where the browser allows it (document.fullscreenEnabled: not on
                iPhones); it follows fullscreenchange, so Escape or the system's back gesture update it
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from minesweeper import Game
from ui.settings import Settings

from .dom import Element, kept, listen
from .host import Signal

if TYPE_CHECKING:
    from .host import Host


class Phone:
    def __init__(self, host: Host) -> None:
        self.host = host
        document = host.document
        self.document = document
        self.on_turn: Signal[[Game]] = Signal()  # the grid was re-laid, marks on cells are gone
        self.flag_button = document.getElementById("flag-mode")
        self.full_button = document.getElementById("fullscreen")
        listen(host.window, "resize", lambda event: self.turn())
        listen(self.flag_button, "click", lambda event: self.toggle_flag_mode())
        if document.fullscreenEnabled:
            self.full_button.hidden = False
            listen(self.full_button, "click", lambda event: self.toggle_fullscreen())
            listen(document, "fullscreenchange", lambda event: self.show_fullscreen())
            self._refused = kept(self.refused)
        self.show_flag_mode(host.settings.flag_mode)  # stored settings were read before this ran
        self.turn()  # a board resumed before this ran was laid out for the same window: usually nothing

    # -- turning -----------------------------------------------------------------------------------

    def turn(self) -> None:
        host = self.host
        if not host.view.relayout(host.game):
            return
        host.let_go()
        self.on_turn.emit(host.game)

    # -- flag mode ---------------------------------------------------------------------------------

    def toggle_flag_mode(self) -> None:
        settings = self.host.settings
        self.host.change_settings(settings.replace(flag_mode=not settings.flag_mode))

    def on_settings(self, settings: Settings) -> None:
        self.show_flag_mode(settings.flag_mode)

    def show_flag_mode(self, on: bool) -> None:
        self.host.set_flag_mode(on)
        self.flag_button.setAttribute("aria-pressed", "true" if on else "false")
        self.host.view.board.toggleAttribute("data-flag-mode", on)

    # -- full screen -------------------------------------------------------------------------------

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
        self.host.show_message(f"Full screen is not available here ({error}).", "error", asked=True)
