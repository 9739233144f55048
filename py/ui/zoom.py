"""Fingers on the board as zoom and pan: a pure state machine (no browser import; zoom.py feeds it events).

Glossary:
    finger   a touch pointerId with where it went down and where it is now; the first two fingers count
    pinch    two fingers whose distance changed by more than SLOP while they moved against each other by
             more than APART (each finger may drift SLOP: two thumbs tapping at once do), or whose midpoint
             moved more than APART (a two-finger pan): from then on they zoom and pan, and `claimed` lists
             them so the page cancels their taps and long presses
    drag     a lone finger that moved more than SLOP (its tap is already cancelled by gestures.py): it pans
    step     what one move asks for: `scale` (the spread's ratio to its last value, 1 for a drag) about the
             point `(x, y)` where the fingers' midpoint was, which is then moved by `(dx, dy)`
    zoom     the board's zoom setting: `zoomed(zoom, scale)` keeps it inside settings.ZOOM
    preview  a pinch in progress drawn as a transform of the board as laid out when it began (a re-layout
             per step costs ~0.1 s at 100x60 cells); the zoom is laid out once, when the pinch ends
    beyond   the edges of the board's well past which more of the board lies, hidden by its scrolling
             (css/board.css draws a shadow on each): none when the whole board shows

Two thumbs that tap or hold, drifting up to SLOP each, are never a pinch, so they play in parallel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from .gestures import SLOP
from .settings import ZOOM

APART = 2 * SLOP  # how far two fingers move against each other, or together, before they pinch or pan
Edge: TypeAlias = Literal["top", "right", "bottom", "left"]
Box: TypeAlias = tuple[float, float]  # a width and a height, or a place across and down
HIDDEN = 1.0  # px: a board hidden by less than this past an edge shows whole there (a scroll's fractions)


@dataclass(frozen=True)
class Step:
    """One move of a pinch: the new scale, the point it holds still, and the pan."""

    scale: float
    x: float
    y: float
    dx: float
    dy: float


@dataclass
class Finger:
    """A finger on the board: where it went down and where it is."""

    start: tuple[float, float]
    at: tuple[float, float]


@dataclass
class Pinch:
    """The fingers on the board, and whether they pinch or drag."""

    fingers: dict[int, Finger] = field(default_factory=dict)
    pinching: bool = False
    dragging: set[int] = field(default_factory=set)

    def down(self, pid: int, x: float, y: float) -> None:
        if len(self.fingers) < 2:
            self.fingers[pid] = Finger((x, y), (x, y))
            for finger in self.fingers.values():  # a new pair measures its spread from here
                finger.start = finger.at

    def up(self, pid: int) -> None:
        if self.fingers.pop(pid, None) is not None and self.pinching:
            self.pinching = False
            self.dragging = set(self.fingers)  # the finger left goes on panning, never tapping
        self.dragging.discard(pid)

    def claimed(self) -> list[int]:
        """The fingers a pinch has taken from play."""
        return list(self.fingers) if self.pinching else []

    def move(self, pid: int, x: float, y: float) -> Step | None:
        """The step this move asks for, or None (a finger still within SLOP, or not one we follow)."""
        finger = self.fingers.get(pid)
        if finger is None:
            return None
        before = self._spread()
        finger.at = (x, y)
        if len(self.fingers) == 2:
            return self._pair(before)
        if pid not in self.dragging:
            if not _far(finger.start, finger.at):
                return None
            self.dragging.add(pid)  # the board follows from here: no jump by the slop
        (px, py), _ = before
        return Step(1.0, px, py, x - px, y - py)

    def _pair(self, before: tuple[tuple[float, float], float]) -> Step | None:
        (mx, my), spread = before
        (nx, ny), now = self._spread()
        if not self.pinching:
            first, second = self.fingers.values()
            start_mid = _mid(first.start, second.start)
            start_spread = math.dist(first.start, second.start)
            spreading = abs(now - start_spread) > SLOP and _against(first, second) > APART
            if not spreading and math.dist(start_mid, (nx, ny)) <= APART:
                return None
            self.pinching = True
            (mx, my), spread = start_mid, start_spread
        scale = now / spread if spread > 0 and now > 0 else 1.0
        return Step(scale, mx, my, nx - mx, ny - my)

    def _spread(self) -> tuple[tuple[float, float], float]:
        """The fingers' midpoint and distance (a lone finger: its place and 0)."""
        points = [finger.at for finger in self.fingers.values()]
        if len(points) == 1:
            return points[0], 0.0
        return _mid(points[0], points[1]), math.dist(points[0], points[1])


@dataclass
class Preview:
    """A pinch drawn as a transform: scale `scale` about the board point `origin` (board pixels), which
    the fingers' midpoint held at `start` on the screen, then shifted to where the midpoint is now."""

    zoom: float  # when the pinch began
    origin: tuple[float, float]
    start: tuple[float, float]
    size: tuple[float, float]  # the board's, when the pinch began
    scale: float = 1.0
    at: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        self.at = self.start

    def step(self, step: Step) -> None:
        self.scale = zoomed(self.zoom, self.scale * step.scale) / self.zoom
        self.at = (step.x + step.dx, step.y + step.dy)

    @property
    def shift(self) -> tuple[float, float]:
        return (self.at[0] - self.start[0], self.at[1] - self.start[1])

    @property
    def fraction(self) -> tuple[float, float]:
        """Where the origin lies across and down the board, 0..1: the same at any zoom."""
        return (self.origin[0] / max(self.size[0], 1), self.origin[1] / max(self.size[1], 1))


def beyond(scroll: Box, content: Box, shown: Box) -> list[Edge]:
    """The well's edges past which more of the board lies: `scroll` is the well's scroll position (left,
    top), `content` the size it scrolls over, `shown` the size of what it shows (width, height)."""
    hidden: list[tuple[Edge, float]] = [
        ("top", scroll[1]),
        ("right", content[0] - shown[0] - scroll[0]),
        ("bottom", content[1] - shown[1] - scroll[1]),
        ("left", scroll[0]),
    ]
    return [edge for edge, past in hidden if past >= HIDDEN]


def zoomed(zoom: float, scale: float) -> float:
    """`zoom` times `scale`, kept inside the setting's range."""
    low, high = ZOOM
    return min(max(zoom * scale, low), high)


def _mid(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _against(a: Finger, b: Finger) -> float:
    """How far two fingers moved against each other: the change of the line from one to the other."""
    return math.dist(
        (b.at[0] - a.at[0], b.at[1] - a.at[1]), (b.start[0] - a.start[0], b.start[1] - a.start[1])
    )


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) > SLOP
