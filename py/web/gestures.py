"""Pointer events on the board into gestures (ui/gestures.py decides), one delegated listener per event
type; and the flag-mode button, which changes what a tap does.

Glossary:
    capture   each pointer is captured by the board on pointerdown, so its moves and release reach the
              board even off it (a release off the board cancels, as in Windows), so their target is the
              board: the cell under the pointer comes from the view's mapping of what is there (for a
              press, its target: the browser's hit test, before the capture)
    hold      a finger waiting to become a long press: one setTimeout per pointerId, cleared when the
              gesture machine stops listing it
    sink      the app's two callbacks: `act(intent)` for each intent, `show(presses, holding)` after each
              event so the pressed looks follow the pointers
    where     the pointer's last place (clientX, clientY) while `act` runs, None otherwise (a key's action):
              the app stamps each action with it, and whether it was a finger (`finger`), for the replay's
              cursor
    hit       the cell a pointer's event found under it, kept until its release: an event of that pointer
              at the same place, on the same grid, finds it again without a hit test (a tap's release is
              where its press was, and a hit test then would lay out the page again, before the paint)
    held      a press js/press.js keeps to itself until it ends (one finger or the left button on a covered
              cell, nothing else on the board): its release calls `on_tap` with the whole tap, one call
              into Python; any other turn hands the press on to these listeners as it was (a copy of its
              pointerdown, whose `heldMs` says how long it was held: the long-press timer counts it)
    flag mode a toggle (aria-pressed): while on, a tap flags and a long press opens (ui/gestures.py);
              `data-flag-mode` on the board lets CSS show it. It is the setting `flag_mode`: kept like
              the others (saved.py), and the button follows the setting however it changes
"""

from __future__ import annotations

from collections.abc import Callable

from ui.gestures import LEFT, Gestures, Press
from ui.intents import Intent
from ui.settings import InForce, Settings

from .dom import Element, kept, listen
from .view import View


class PointerInput:
    def __init__(
        self,
        view: View,
        window: Element,
        act: Callable[[Intent], None],
        show: Callable[[list[Press], set[int]], None],
        long_press_ms: Callable[[], int],
        foresee: Callable[[int, bool], Element | None],
        settle: Callable[[], None],
    ) -> None:
        self.view, self.window, self.act, self.show = view, window, act, show
        self.long_press_ms = long_press_ms
        self.foresee, self.settle = foresee, settle
        self.painted = False  # the tap being played was painted at its release (`on_tap`'s `at`)
        self.late = 0.0  # seconds since that release
        self.gestures = Gestures()
        self.timers: dict[int, int] = {}
        self.last: tuple[int | None, int] | None = None  # (cell, buttons) of the last mouse move handled
        self.xy: tuple[float, float] = (0.0, 0.0)  # the last pointer event's place
        self.finger = False  # the last pointer event's was a finger's
        self.where: tuple[float, float] | None = None
        self.hit: tuple[int, float, float, Element, int | None] | None = None  # pointer, x, y, grid, cell
        self.tapped: tuple[float, float] | None = None  # where in its cell a held tap was released
        self.held_ms = 0.0  # how long js/press.js held the press being handled
        board = view.board
        # First: its listeners are the board's first (capture), and hold what they can.
        window.minesweeperPress.install(board, view.face, kept(self.on_tap), kept(self.on_foresee))
        listen(board, "pointerdown", self.on_down)
        listen(board, "pointermove", self.on_move)
        listen(board, "pointerup", self.on_up)
        listen(board, "pointercancel", self.on_cancel)
        listen(board, "lostpointercapture", self.on_cancel)
        self._on_long_press = kept(self.on_long_press)

    def on_down(self, event: Element) -> None:
        event.preventDefault()  # no text selection, no focus jump, no middle-click autoscroll
        pid = event.pointerId
        self.view.board.setPointerCapture(pid)
        x, y = self.xy = event.clientX, event.clientY
        self.finger = event.pointerType == "touch"
        cell = self.cell_at(pid, x, y, event.target)  # a press's target is what is under it: no hit test
        self.last = (cell, event.buttons)
        self.held_ms = getattr(event, "heldMs", 0.0)  # a press js/press.js held, handed on
        try:
            self._after(self.gestures.down(pid, event.pointerType, event.buttons, cell, x, y))
        finally:
            self.held_ms = 0.0

    def on_tap(
        self, pid: int, kind: str, row: int, col: int, across: float, down: float, at: float | None = None
    ) -> None:
        """A tap or left click js/press.js held from its press to its release, on the cell at (row, col) of
        the view, released at (across, down) in it (fractions of its width and height): both at once. `at`:
        the release's time (the page's clock, ms) where js/press.js painted the tap's opening then (see
        `on_foresee`) and gives the tap only after that paint: its clock and stamp count from the release."""
        cell = self.view.layout.cell(row, col)
        self.tapped, self.finger = (across, down), kind == "touch"
        if at is not None:
            self.painted, self.late = True, max(float(self.window.performance.now()) - at, 0.0) / 1000
        try:
            self._after(self.gestures.down(pid, kind, LEFT, cell, 0.0, 0.0) + self.gestures.up(pid, 0, cell))
        finally:
            self.tapped, self.painted, self.late = None, False, 0.0
        if at is not None:
            self.settle()

    def on_foresee(self, row: int, col: int, kind: str) -> Element | None:
        """What a tap on the cell at (row, col) of the view would open, asked by js/press.js while it holds
        a press there, after the press's frame: a function that paints it at the release, or None."""
        return self.foresee(self.view.layout.cell(row, col), kind == "touch")

    def spot(self, cell: int) -> tuple[float, float] | None:
        """Where the pointer acting on `cell` is in it, as fractions of its width and height (None for a
        key's action): for the replay's cursor."""
        if self.tapped is not None:
            return self.tapped
        if self.where is None:
            return None
        x, y = self.where
        box = self.view.element(cell).getBoundingClientRect()
        return (x - box.left) / max(box.width, 1), (y - box.top) / max(box.height, 1)

    def touching(self) -> bool:
        """The action being taken is a finger's (False for a key's)."""
        return self.where is not None and self.finger

    def on_move(self, event: Element) -> None:
        pid = event.pointerId
        if pid not in self.gestures.pointers:
            return  # a hovering mouse: the common case, kept cheap
        x, y, kind = event.clientX, event.clientY, event.pointerType  # each read crosses into the page once
        self.xy, self.finger = (x, y), kind == "touch"
        cell = self.cell_at(pid, x, y)
        if kind == "mouse":
            if (cell, event.buttons) == self.last:
                return
            self.last = (cell, event.buttons)
        self._after(self.gestures.move(pid, event.buttons, cell, x, y))

    def on_up(self, event: Element) -> None:
        pid = event.pointerId
        x, y = self.xy = event.clientX, event.clientY
        self.finger = event.pointerType == "touch"
        cell = self.cell_at(pid, x, y)
        self.hit = None
        self._after(self.gestures.up(pid, event.buttons, cell))

    def cell_at(self, pid: int, x: float, y: float, target: Element | None = None) -> int | None:
        """The cell under pointer `pid` at (x, y): its last hit again if it has not moved (see `hit`)."""
        hit, grid = self.hit, self.view.nodes
        if hit is not None and hit[:3] == (pid, x, y) and hit[3] is grid:
            return hit[4]
        cell = self.view.cell_at(x, y, target)
        self.hit = (pid, x, y, grid, cell)
        return cell

    def on_cancel(self, event: Element) -> None:
        self.hit = None
        self.let_go([event.pointerId])

    def let_go(self, pointers: list[int] | None = None) -> None:
        """Drop these pointers (all when None) from play: the browser cancelled them, a pinch took them or
        the board turned under them. No tap, no flag."""
        held = self.gestures.pointers
        dropped = [pid for pid in (list(held) if pointers is None else pointers) if pid in held]
        if pointers is None:
            self.window.minesweeperPress.drop()
        for pid in dropped:
            self.gestures.cancel(pid)
        if dropped:
            self._after([])

    def on_long_press(self, pid: int) -> None:
        self.timers.pop(pid, None)
        self._after(self.gestures.long_press(pid))

    def _after(self, intents: list[Intent]) -> None:
        self.where = self.xy
        for intent in intents:
            self.act(intent)
        self.where = None
        holding = self.gestures.holding()
        for pid in self.timers.keys() - holding.keys():
            self.window.clearTimeout(self.timers.pop(pid))
        for pid in holding.keys() - self.timers.keys():
            delay = max(self.long_press_ms() - self.held_ms, 0)
            self.timers[pid] = self.window.setTimeout(self._on_long_press, delay, pid)
        self.show(self.gestures.presses(), set(holding.values()))


class FlagModeButton:
    def __init__(self, document: Element, settings: InForce, input: PointerInput, view: View) -> None:
        self.settings, self.input, self.view = settings, input, view
        self.button = document.getElementById("flag-mode")
        listen(self.button, "click", lambda event: self.toggle())

    def on_settings(self, before: Settings, settings: Settings) -> None:
        self.show(settings.flag_mode)

    def toggle(self) -> None:
        settings = self.settings.current
        self.settings.change(settings.replace(flag_mode=not settings.flag_mode))

    def show(self, on: bool) -> None:
        self.input.gestures.flag_mode = on
        self.button.setAttribute("aria-pressed", "true" if on else "false")
        self.view.board.toggleAttribute("data-flag-mode", on)
