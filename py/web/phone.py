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

from typing import Any

from pyscript.ffi import create_proxy

from .app import Signal

JsElement = Any


class Phone:
    def __init__(self, app: Any) -> None:
        self.app = app
        document = app.document
        self.document = document
        self.on_turn = Signal()  # f(game): the grid was re-laid, marks on cells are gone
        self.flag_button = document.getElementById("flag-mode")
        self.full_button = document.getElementById("fullscreen")
        self._proxies = [
            self._listen(app.window, "resize", lambda event: self.turn()),
            self._listen(self.flag_button, "click", lambda event: self.toggle_flag_mode()),
        ]
        if document.fullscreenEnabled:
            self.full_button.hidden = False
            self._proxies += [
                self._listen(self.full_button, "click", lambda event: self.toggle_fullscreen()),
                self._listen(document, "fullscreenchange", lambda event: self.show_fullscreen()),
            ]
            self._refused = create_proxy(self.refused)
        self.show_flag_mode(app.settings.flag_mode)  # stored settings were read before this ran
        app.on_settings.connect(lambda settings: self.show_flag_mode(settings.flag_mode))
        self.turn()  # a board resumed before this ran was laid out for the same window: usually nothing

    @staticmethod
    def _listen(target: JsElement, kind: str, handler: Any) -> Any:
        proxy = create_proxy(handler)
        target.addEventListener(kind, proxy)
        return proxy

    # -- turning -----------------------------------------------------------------------------------

    def turn(self) -> None:
        app = self.app
        if not app.view.relayout(app.game):
            return
        for pid in list(app.input.gestures.pointers):
            app.input.release(pid)
        self.on_turn.emit(app.game)

    # -- flag mode ---------------------------------------------------------------------------------

    def toggle_flag_mode(self) -> None:
        settings = self.app.settings
        self.app.change_settings(settings.replace(flag_mode=not settings.flag_mode))

    def show_flag_mode(self, on: bool) -> None:
        self.app.input.gestures.flag_mode = on
        self.flag_button.setAttribute("aria-pressed", "true" if on else "false")
        self.app.view.board.toggleAttribute("data-flag-mode", on)

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

    def refused(self, error: JsElement) -> None:
        self.app.show_message(f"Full screen is not available here ({error}).", "error")
