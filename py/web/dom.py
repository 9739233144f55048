"""The page's DOM, as every adapter in web/ reaches it: one element type, one way to listen.

Glossary:
    Element   a JsProxy of a DOM object: an element, the document, the window, a media query list, a
              service-worker registration (anything with addEventListener), or an event
    listen    `listen(target, kind, handler)`: addEventListener with a proxy kept for the page's lifetime
              (a proxy Python drops is destroyed, and JS would call a dead function)
    kept      `kept(function)`: a proxy for a function JS calls later (setTimeout, setInterval, a promise)
    attr      an attribute's value or None: JS null arrives as a falsy JsNull, not None
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
