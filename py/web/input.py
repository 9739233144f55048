"""Pointer events on the board into gestures (gestures.py decides); one delegated listener per event type.

Glossary:
    capture   each pointer is captured by the board on pointerdown, so its moves and release reach the
              board even off it (a release off the board cancels, as in Windows); the cell under the
              pointer always comes from the view's mapping, never from event.target
    hold      a finger waiting to become a long press: one setTimeout per pointerId, cleared when the
              gesture machine stops listing it
    sink      the app's two callbacks: `act(intent)` for each intent, `show(presses, holding)` after each
              event so the pressed looks follow the pointers
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript.ffi import create_proxy

from ui.gestures import Gestures, Press
from ui.intents import Intent

from .view import View

JsEvent = Any


class PointerInput:
    def __init__(
        self,
        view: View,
        window: Any,
        act: Callable[[Intent], None],
        show: Callable[[list[Press], set[int]], None],
        long_press_ms: Callable[[], int],
    ) -> None:
        self.view, self.window, self.act, self.show = view, window, act, show
        self.long_press_ms = long_press_ms
        self.gestures = Gestures()
        self.timers: dict[int, int] = {}
        self.last: tuple[int | None, int] | None = None  # (cell, buttons) of the last mouse move handled
        self._proxies = {
            "pointerdown": create_proxy(self.on_down),
            "pointermove": create_proxy(self.on_move),
            "pointerup": create_proxy(self.on_up),
            "pointercancel": create_proxy(self.on_cancel),
            "lostpointercapture": create_proxy(self.on_cancel),
            # No click after a tap: a tap that ends a game would click the panel that opens under the finger.
            "touchend": create_proxy(self.on_touchend),
        }
        self._on_long_press = create_proxy(self.on_long_press)
        for kind, proxy in self._proxies.items():
            view.board.addEventListener(kind, proxy)

    def on_down(self, event: JsEvent) -> None:
        event.preventDefault()  # no text selection, no focus jump, no middle-click autoscroll
        pid = event.pointerId
        self.view.board.setPointerCapture(pid)
        x, y = event.clientX, event.clientY
        cell = self.view.cell_at(x, y)
        self.last = (cell, event.buttons)
        self._after(self.gestures.down(pid, event.pointerType, event.buttons, cell, x, y))

    def on_move(self, event: JsEvent) -> None:
        pid = event.pointerId
        if pid not in self.gestures.pointers:
            return  # a hovering mouse: the common case, kept cheap
        x, y = event.clientX, event.clientY
        cell = self.view.cell_at(x, y)
        if event.pointerType == "mouse":
            if (cell, event.buttons) == self.last:
                return
            self.last = (cell, event.buttons)
        self._after(self.gestures.move(pid, event.buttons, cell, x, y))

    def on_up(self, event: JsEvent) -> None:
        cell = self.view.cell_at(event.clientX, event.clientY)
        self._after(self.gestures.up(event.pointerId, event.buttons, cell))

    def on_cancel(self, event: JsEvent) -> None:
        self.release(event.pointerId)

    def release(self, pid: int) -> None:
        """Drop pointer `pid` from play (the browser cancelled it, or a pinch took it): no tap, no flag."""
        if pid in self.gestures.pointers:
            self.gestures.cancel(pid)
            self._after([])

    def on_touchend(self, event: JsEvent) -> None:
        if event.cancelable:  # not after a long press, when the browser has given up on a click anyway
            event.preventDefault()

    def on_long_press(self, pid: int) -> None:
        self.timers.pop(pid, None)
        self._after(self.gestures.long_press(pid))

    def _after(self, intents: list[Intent]) -> None:
        for intent in intents:
            self.act(intent)
        holding = self.gestures.holding()
        for pid in self.timers.keys() - holding.keys():
            self.window.clearTimeout(self.timers.pop(pid))
        for pid in holding.keys() - self.timers.keys():
            self.timers[pid] = self.window.setTimeout(self._on_long_press, self.long_press_ms(), pid)
        self.show(self.gestures.presses(), set(holding.values()))
