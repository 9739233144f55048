"""The page as every part in web/ reaches it: one element type, one way to listen to the DOM, one way to
hear each other.

Glossary:
    Element   a JsProxy of a DOM object: an element, the document, the window, a media query list, a
              service-worker registration (anything with addEventListener), or an event
    listen    `listen(target, kind, handler)`: addEventListener with a proxy kept for the page's lifetime
              (a proxy Python drops is destroyed, and JS would call a dead function)
    kept      `kept(function)`: a proxy for a function JS calls later (setTimeout, setInterval, a promise)
    spawn     `spawn(coroutine)`: run in the background, held until it ends (asyncio holds tasks weakly)
    attr      an attribute's value or None: JS null arrives as a falsy JsNull, not None
    after paint  work that draws nothing (the game's save, a screen reader's count, a sound's tones), put
              off until the board an input changed is painted: asked in the input's handler, it runs in the
              first task after the next animation frame (`AfterPaint`), or what can wait longer (the save,
              the count) in the page's first idle moment after it. Asked again under the same key before
              then, it runs once (a burst of taps saves once). A part whose work must not be lost
              when the page goes (the save) does it at once in its own `pagehide` and hidden
              `visibilitychange` listeners; the rest may run late or, in a page that goes, not at all
    Question  a modal <dialog> that asks before doing something, and does it only on its one answer
    backdrop  a click on a dialog's backdrop closes it, as one on a button marked `data-close` does
    signal    how the parts hear what happened, the one wiring mechanism (main.py connects them): named for
              what happened (`started`, `acted`, `ended`...), its listeners are `on_*` methods of other
              parts, called in the order they were connected. Where an order matters, the code says so by
              returning a value or calling the next step itself, never by the order of connection. A listener
              that raises is reported on the console, and the game goes on
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import Any, Generic, ParamSpec, TypeAlias

from pyscript import window
from pyscript.ffi import create_proxy, to_js

Element: TypeAlias = Any
P = ParamSpec("P")

_proxies: list[Any] = []  # every listener's proxy, alive as long as the page


def listen(target: Element, kind: str, handler: Callable[[Element], object]) -> None:
    """Call `handler(event)` for each `kind` event on `target`, for the page's lifetime."""
    target.addEventListener(kind, kept(handler))


class Listening:
    """One handler's listeners for `kinds` on `target`, put on and taken off together (`hear(on)`): a part
    that needs them only at times (the solver while it plays, the sound while it is on) costs an input no
    call into Python otherwise. The page is asked only when that changes."""

    def __init__(
        self,
        target: Element,
        kinds: tuple[str, ...],
        handler: Callable[[Element], object],
        capture: bool = False,
    ) -> None:
        self.target, self.kinds, self.capture = target, kinds, capture
        self.handler = kept(handler)
        self.on = False

    def hear(self, on: bool) -> None:
        if on == self.on:
            return
        self.on = on
        change = self.target.addEventListener if on else self.target.removeEventListener
        for kind in self.kinds:
            change(kind, self.handler, self.capture)


def kept(function: Callable[..., object]) -> Element:
    """`function` as a JS function that stays callable for the page's lifetime."""
    proxy = create_proxy(function)
    _proxies.append(proxy)
    return proxy


_running: set[asyncio.Future[Any]] = set()  # asyncio keeps only weak references to its tasks


def spawn(work: Coroutine[Any, Any, Any]) -> None:
    """Run `work` in the background, kept alive until it ends."""
    task = asyncio.ensure_future(work)
    _running.add(task)
    task.add_done_callback(_running.discard)


def attr(element: Element, name: str) -> str | None:
    """An attribute's value, or None when missing (or when `element` is JS null)."""
    value = element.getAttribute(name) if element else None
    return value if isinstance(value, str) else None


FALLBACK_MS = 250  # no animation frame comes to a tab the browser does not show: the work runs anyway


class AfterPaint:
    """Work that draws nothing, run once the next frame is painted (see `after paint`): `ask(key, work)`
    queues it; `flush()` runs all that waits at once. A work asked with `idle=True` (the save, a screen
    reader's count) waits further, for the page's first idle moment after its frame (at most FALLBACK_MS
    more): an input that comes meanwhile, the player's next tap, is handled first. The rest (a sound's
    tones) runs in the first task after the frame, heard with it. Each kind runs in the order first asked."""

    def __init__(self, window: Element) -> None:
        self.window = window
        self.waiting: dict[str, Callable[[], object]] = {}  # for the next frame
        self.idle: dict[str, Callable[[], object]] = {}  # for the first idle moment after the next frame
        self.ready: dict[str, Callable[[], object]] = {}  # their frame is painted: for the idle moment
        self.fallback: int | None = None  # the browser's id for the timeout, while works wait for a frame
        self.idle_asked = False  # the idle callback is asked of the browser
        self._run = kept(lambda *_: self.flush())
        self._run_idle = kept(lambda *_: self.flush_idle())
        channel = window.MessageChannel.new()  # a message is a task of its own, queued behind the frame
        channel.port1.onmessage = kept(lambda *_: self.after_frame())
        self._port = channel.port2
        # The frame's callback is JavaScript's own (the port's postMessage, bound): Python called in the
        # frame, before its style and paint, was a crossing on every tap's way to the screen.
        self._frame = self._port.postMessage.bind(self._port, None, to_js([]))
        self._until = window.Object.new()  # requestIdleCallback's options: {timeout: FALLBACK_MS}
        self._until.timeout = FALLBACK_MS
        self.idle_api = hasattr(window, "requestIdleCallback")

    def ask(self, key: str, work: Callable[[], object], idle: bool = False) -> None:
        """Run `work` after the next paint (`idle`: when the page is next idle after it); a work asked under
        `key` before then is replaced by this one, which waits for its own frame."""
        if idle:
            self.ready.pop(key, None)
            self.idle[key] = work
        else:
            self.waiting[key] = work
        if self.fallback is None:
            self.window.requestAnimationFrame(self._frame)
            self.fallback = self.window.setTimeout(self._run, FALLBACK_MS)

    def after_frame(self) -> None:
        """The frame is painted: the works that go with it now; the idle ones when the page is next idle (at
        once where the browser cannot say: Safari has no requestIdleCallback)."""
        if self.fallback is not None:
            self.window.clearTimeout(self.fallback)
            self.fallback = None
        waiting, self.waiting = self.waiting, {}
        self.ready.update(self.idle)
        self.idle = {}
        self._run_works(waiting)
        if self.ready and not self.idle_asked:
            self.idle_asked = True
            if self.idle_api:
                self.window.requestIdleCallback(self._run_idle, self._until)
            else:
                self.window.setTimeout(self._run_idle, 0)

    def flush_idle(self) -> None:
        """The page is idle: run the idle works whose frame is painted (not those asked since)."""
        self.idle_asked = False
        ready, self.ready = self.ready, {}
        self._run_works(ready)

    def flush(self) -> None:
        """Run every work waiting, now (no frame came in FALLBACK_MS: a tab the browser does not show)."""
        if self.fallback is not None:
            self.window.clearTimeout(self.fallback)
            self.fallback = None
        works = [self.waiting, self.ready, self.idle]
        self.waiting, self.ready, self.idle = {}, {}, {}
        for kind in works:
            self._run_works(kind)

    @staticmethod
    def _run_works(works: dict[str, Callable[[], object]]) -> None:
        for work in works.values():
            try:
                work()
            except Exception:
                window.console.error(f"work after the paint failed:\n{traceback.format_exc()}")


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


def closes_on_backdrop(dialog: Element) -> None:
    """A click on `dialog`'s backdrop closes it (dialogs have no padding, their form fills them), but only
    when pressed there too: a click that began elsewhere (e.g. on the board) is not a backdrop click. So
    does a button marked `data-close`."""
    pressed = {"backdrop": False}

    def on_down(event: Element) -> None:
        pressed["backdrop"] = event.target.tagName == "DIALOG"

    def on_click(event: Element) -> None:
        target = event.target
        if target.tagName == "DIALOG" and pressed["backdrop"]:
            target.close()
        elif target.closest("[data-close]"):
            target.closest("dialog").close()

    listen(dialog, "pointerdown", on_down)
    listen(dialog, "click", on_click)


class Signal(Generic[P]):
    def __init__(self) -> None:
        self.listeners: list[Callable[P, object]] = []

    def connect(self, *listeners: Callable[P, object]) -> None:
        self.listeners.extend(listeners)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for listener in self.listeners:
            try:
                listener(*args, **kwargs)
            except Exception:
                window.console.error(f"a listener failed:\n{traceback.format_exc()}")
