"""Zoom and pan the board: the toolbar's slider and buttons, pinch on the board, and panning by finger.

Glossary:
    zoom     the `zoom` setting, a factor on the size that fits the screen (css/board.css multiplies the cell
             size by the board's `--zoom` custom property); the slider shows it on a log2 scale, so each
             doubling is the same distance
    live     while the slider moves, only `--zoom` changes; the setting (which storage saves) changes once,
             when the slider is let go or the pinch ends
    preview  while two fingers pinch, or the slider moves on a board of more than LIVE_CELLS cells, the
             board is only transformed (`data-pinching` and the --pinch-* custom properties, css/phone.css),
             which costs no re-layout; the zoom is laid out when it ends (a live step re-lays every cell:
             about 0.8 s at 256x128, bench/phone.py)
    pan      the board's frame (`.board-scroll`) scrolls when the board is bigger than it: a lone finger that
             moves past the slop, two fingers, the wheel or the scroll bars (ui/zoom.py decides which fingers)
    anchor   during a pinch the board point under the fingers stays under them
    beyond   the frame's edges with more of the board past them (ui/zoom.py), written as its `data-beyond`
             for css/board.css's shadows when they change: at a scroll, and when a new board, a zoom or a
             turned screen resizes the board or the frame (a ResizeObserver)
    centre   the board point in the middle of the frame, as fractions of the board's width and height: kept
             with the game in progress (saved.py, ui/saved.py Sight), so a reload shows the same part of a
             zoomed board
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from minesweeper import Game
from ui.i18n import formats
from ui.settings import InForce, Settings
from ui.zoom import Pinch, Preview, beyond, zoomed

from .dom import Element, kept, listen
from .view import View

STEP = 1.25  # the + and - buttons
LIVE_CELLS = 2_000  # up to so many cells the slider re-lays the board at each step; past them it previews


class App(Protocol):
    @property
    def game(self) -> Game: ...
    def let_go(self, pointers: list[int] | None = None) -> None: ...


class Zoom:
    def __init__(
        self,
        document: Element,
        window: Element,
        app: App,
        view: View,
        settings: InForce,
        leave_out_notes: Callable[[], None],
    ) -> None:
        self.window, self.app, self.settings = window, app, settings
        self.leave_out_notes = leave_out_notes  # web/notes.py MessageLine.leave_out
        self.board = view.board
        self.document, self.area = document, document.querySelector(".board-scroll")
        self.slider = document.getElementById("zoom")
        self.pinch = Pinch()
        self.zoom = settings.current.zoom
        self.preview: Preview | None = None
        self._centre: tuple[float, float] | None = None  # to scroll back to (restore)
        self.seen: tuple[float, float] | None = None  # the centre, as last scrolled or zoomed
        self.beyond = ""  # the frame's data-beyond, as last written
        listen(self.area, "scroll", lambda event: self.on_scroll())
        resized = window.ResizeObserver.new(kept(lambda *_: self.mark_beyond()))
        resized.observe(self.area)
        resized.observe(self.board)
        self._restore = kept(lambda *_: self.restore_now())
        listen(self.board, "pointerdown", self.on_down)
        listen(self.board, "pointermove", self.on_move)
        listen(self.board, "pointerup", self.on_up)
        listen(self.board, "pointercancel", self.on_up)
        listen(self.slider, "input", lambda event: self.slide(2 ** float(self.slider.value)))
        listen(self.slider, "change", lambda event: self.end_slide())
        listen(document.querySelector(".zoom"), "click", self.on_button)
        self.show(self.zoom)

    # -- showing and keeping the zoom --------------------------------------------------------------

    def show(self, zoom: float) -> None:
        """Draw the board at `zoom` (live: the setting is not changed)."""
        self.zoom = zoom
        self.board.style.setProperty("--zoom", f"{zoom:.3f}")
        self.show_slider(zoom)

    def show_slider(self, zoom: float) -> None:
        self.slider.value = f"{math.log2(zoom):.2f}"
        self.slider.setAttribute("aria-valuetext", formats().percent(zoom))

    def commit(self) -> None:
        self.see()
        zoom = round(self.zoom, 2)
        if zoom != self.settings.current.zoom:
            self.settings.change(self.settings.current.replace(zoom=zoom))

    def slide(self, zoom: float) -> None:
        """The slider moved: lay the board out at `zoom`, or on a large board preview it about the board
        point in the middle of the frame."""
        if self.app.game.size.cells <= LIVE_CELLS:
            self.show(zoom)
            return
        preview = self.preview
        if preview is None:
            rect = self.board.getBoundingClientRect()
            preview = self.start_preview(rect, self.visible_centre(rect))
        preview.scale = zoomed(preview.zoom, zoom / preview.zoom) / preview.zoom
        self.draw_preview(preview)

    def end_slide(self) -> None:
        if self.preview is not None and not self.pinch.pinching:
            self.end_preview()  # lays the zoom out and commits it
        else:
            self.commit()

    def on_settings(self, before: Settings, settings: Settings) -> None:
        if settings.zoom != round(self.zoom, 2):  # the stored zoom at start, the settings dialog's field
            self.show(settings.zoom)
            self.see()

    def on_button(self, event: Element) -> None:
        """+ or -: a step about the board point in the middle of the frame, which stays there."""
        button = event.target.closest("[data-zoom]")
        if button is not None:
            scale = STEP if button.getAttribute("data-zoom") == "in" else 1 / STEP
            rect = self.board.getBoundingClientRect()
            at = self.visible_centre(rect)
            fraction = ((at[0] - rect.left) / rect.width, (at[1] - rect.top) / rect.height)
            self.show(zoomed(self.zoom, scale))
            self.keep_at(fraction, at)
            self.commit()

    def on_scroll(self) -> None:
        self.see()
        self.mark_beyond()

    def mark_beyond(self) -> None:
        """Write which edges of the frame have more of the board past them, if that changed: a pan does
        nothing else to the page until an edge's shadow comes or goes."""
        area = self.area
        edges = " ".join(
            beyond(
                (area.scrollLeft, area.scrollTop),
                (area.scrollWidth, area.scrollHeight),
                (area.clientWidth, area.clientHeight),
            )
        )
        if edges != self.beyond:
            self.beyond = edges
            area.setAttribute("data-beyond", edges)

    def centre(self) -> tuple[float, float] | None:
        """The board point in the middle of the frame (fractions) when last scrolled or zoomed: not read as
        the page goes (a page being unloaded was measured 16 to 29 px off)."""
        return self.seen

    def see(self) -> None:
        """Note the board point in the middle of the frame; None when the board does not scroll."""
        self.seen = self.measure()

    def measure(self) -> tuple[float, float] | None:
        area = self.area
        if area.scrollWidth <= area.clientWidth and area.scrollHeight <= area.clientHeight:
            return None
        rect = self.board.getBoundingClientRect()
        x, y = self.visible_centre(rect)
        return (
            min(max((x - rect.left) / rect.width, 0.0), 1.0),
            min(max((y - rect.top) / rect.height, 0.0), 1.0),
        )

    def restore(self, centre: tuple[float, float] | None) -> None:
        """Scroll the frame back to `centre` (a resumed game's, saved.py), once the page's start is done: what
        the start does after the resume (layout.py: the full-screen button) still changes the frame's size."""
        self._centre = centre
        if centre is not None:
            self.window.requestAnimationFrame(self._restore)

    def restore_now(self) -> None:
        centre = self._centre
        if centre is None:
            return
        self.leave_out_notes()  # a note shown since the last paint: the board's size with it
        frame = self.area.getBoundingClientRect()
        middle = (
            frame.left + self.area.clientLeft + self.area.clientWidth / 2,
            frame.top + self.area.clientTop + self.area.clientHeight / 2,
        )
        self.keep_at(centre, middle)

    def visible_centre(self, rect: Element) -> tuple[float, float]:
        """The screen point in the middle of the part of the board (whose box is `rect`) the frame shows."""
        frame = self.area.getBoundingClientRect()
        x = (max(rect.left, frame.left) + min(rect.right, frame.right)) / 2
        y = (max(rect.top, frame.top) + min(rect.bottom, frame.bottom)) / 2
        return x, y

    def keep_at(self, fraction: tuple[float, float], at: tuple[float, float]) -> None:
        """Scroll the frame so that the board point at `fraction` of its width and height is at screen
        point `at` (as far as the frame scrolls)."""
        area, board = self.area, self.board
        after = area.getBoundingClientRect()  # the frame may have grown or moved: read the new layout
        area.scrollLeft = fraction[0] * board.offsetWidth - (at[0] - after.left - area.clientLeft)
        area.scrollTop = fraction[1] * board.offsetHeight - (at[1] - after.top - area.clientTop)

    # -- fingers on the board ----------------------------------------------------------------------

    def on_down(self, event: Element) -> None:
        if event.pointerType == "touch":
            self.pinch.down(event.pointerId, event.clientX, event.clientY)

    def on_move(self, event: Element) -> None:
        if event.pointerType != "touch":
            return
        step = self.pinch.move(event.pointerId, event.clientX, event.clientY)
        if step is None:
            return
        if self.pinch.pinching:
            self.app.let_go(self.pinch.claimed())  # a pinch is not a tap or a long press
            preview = self.preview or self.start_preview(self.board.getBoundingClientRect(), (step.x, step.y))
            preview.step(step)
            self.draw_preview(preview)
        else:
            self.area.scrollBy(-step.dx, -step.dy)

    def on_up(self, event: Element) -> None:
        if event.pointerType != "touch":
            return
        self.pinch.up(event.pointerId)
        if self.preview is not None and not self.pinch.pinching:
            self.end_preview()

    def start_preview(self, rect: Element, at: tuple[float, float]) -> Preview:
        """Preview from now on, about the board point under `at` (screen pixels); `rect` is the board's."""
        origin = (at[0] - rect.left, at[1] - rect.top)
        self.preview = Preview(self.zoom, origin, at, (rect.width, rect.height))
        self.board.setAttribute("data-pinching", "")
        return self.preview

    def draw_preview(self, preview: Preview) -> None:
        style = self.board.style
        style.setProperty("--pinch-scale", f"{preview.scale:.4f}")
        style.setProperty("--pinch-origin", "{:.1f}px {:.1f}px".format(*preview.origin))
        style.setProperty("--pinch-shift", "{:.1f}px {:.1f}px".format(*preview.shift))
        self.show_slider(preview.zoom * preview.scale)

    def end_preview(self) -> None:
        """Lay the board out at the pinched zoom, scrolled so the pinched point stays under the fingers."""
        preview, self.preview = self.preview, None
        if preview is None:
            return
        self.board.removeAttribute("data-pinching")
        self.show(preview.zoom * preview.scale)
        self.keep_at(preview.fraction, preview.at)
        self.commit()
