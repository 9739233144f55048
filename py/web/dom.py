"""The page's DOM, as every adapter in web/ reaches it: one element type, one way to listen.

Glossary:
    Element   a JsProxy of a DOM object: an element, the document, the window, a media query list, a
              service-worker registration (anything with addEventListener), or an event
    listen    `listen(target, kind, handler)`: addEventListener with a proxy kept for the page's lifetime
              (a proxy Python drops is destroyed, and JS would call a dead function)
    kept      `kept(function)`: a proxy for a function JS calls later (setTimeout, setInterval, a promise)
    attr      an attribute's value or None: JS null arrives as a falsy JsNull, not None
    Question  a modal <dialog> that asks before doing something, and does it only on its one answer
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from pyscript.ffi import create_proxy

Element: TypeAlias = Any

_proxies: list[Any] = []  # every listener's proxy, alive as long as the page


def listen(target: Element, kind: str, handler: Callable[[Element], object]) -> None:
    """Call `handler(event)` for each `kind` event on `target`, for the page's lifetime."""
    target.addEventListener(kind, kept(handler))


def kept(function: Callable[..., object]) -> Element:
    """`function` as a JS function that stays callable for the page's lifetime."""
    proxy = create_proxy(function)
    _proxies.append(proxy)
    return proxy


def attr(element: Element, name: str) -> str | None:
    """An attribute's value, or None when missing (or when `element` is JS null)."""
    value = element.getAttribute(name) if element else None
    return value if isinstance(value, str) else None


class Question:
    """A modal <dialog> whose form asks before doing something: `ask(then)` shows it, and `then` runs when
    it closes with the button of value `yes`; Escape or another button drops it. A close event of an
    earlier showing that runs once the dialog shows again is ignored (the browser may take the player's next
    key before that queued event, which then found the new question's `then` and dropped it): this
    showing's answer is still to come."""

    def __init__(self, dialog: Element, yes: str) -> None:
        self.dialog, self.yes = dialog, yes
        self.then: Callable[[], object] = lambda: None
        listen(dialog, "close", self.on_close)

    def ask(self, then: Callable[[], object]) -> None:
        self.then = then
        self.dialog.returnValue = ""
        self.dialog.showModal()

    def on_close(self, _event: Element) -> None:
        if self.dialog.open:
            return
        then, self.then = self.then, lambda: None
        if self.dialog.returnValue == self.yes:
            then()
