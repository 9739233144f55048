"""Pointer gestures as a pure state machine: which presses become which actions (no browser import).

Glossary:
    pointer   one pointerId: a mouse, a pen or one finger; each is tracked on its own (two thumbs)
    buttons   the mouse's held-button bitmask (1 left, 2 right, 4 middle); a second button pressed while
              one is held arrives as a pointermove with new `buttons`, so every event passes the mask
    gesture   what a held pointer will do when released: OPEN, CHORD, HOLD (a touch waiting to become a
              tap or a long press) or DONE (spent or cancelled: its release does nothing)
    press     (kind, cell): what a held pointer's release would ask of its cell ("open", "chord", or in flag
              mode a finger's "flag"), shown pressed while held as in Windows (intents.py `pressed` says
              which cells look pressed: a chord's neighbours too); it follows the pointer
    intent    what a finished gesture asks of a cell (intents.py, which also says what action it becomes)
    cell      an int from the view's coordinate mapping, or None when the pointer is off the board
    frame tap a tap or left click the loading frame took before the page listened (js/frame.js): where, in
              the frame's rows and columns, and whether a finger made it; it acts as a tap there

Mouse (as in Windows): left opens on release; right flags on press; middle, or left and right held
together, chord on the first release; releasing off the board cancels. Touch and pen: a tap opens on
release; held for the long-press delay it flags (`long_press` is called by the page's timer); moving more
than SLOP pixels (a finger's jitter: two thumbs tapping at once drift that much each), or a second finger
on the same cell, cancels. In flag mode (`flag_mode`, the page's
toggle) a tap flags and a long press opens; the mouse is not affected.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from .intents import Intent, Kind

LEFT, RIGHT, MIDDLE = 1, 2, 4
SLOP = 12.0  # CSS pixels a finger may drift before its press is cancelled (measured on thumbs: up to 12)
POINTERS = ("mouse", "touch")  # a frame tap's kinds of pointer (a pen taps as a finger does)


class Gesture(StrEnum):
    OPEN = "open"
    CHORD = "chord"
    HOLD = "hold"
    DONE = "done"


HOLD = Gesture.HOLD
Press: TypeAlias = tuple[Kind, int]


@dataclass
class Pointer:
    """The pointer being followed: where it went down, its buttons, and what it means so far."""

    touch: bool
    cell: int | None
    x: float
    y: float
    buttons: int = 0
    gesture: Gesture = Gesture.DONE


@dataclass(frozen=True)
class FrameTap:
    """A frame tap: the tile (view row and column) and whether a finger made it."""

    row: int
    col: int
    touch: bool

    @classmethod
    def from_text(cls, text: str) -> FrameTap:
        """From js/frame.js's `data-tap`: "row col mouse" or "row col touch"."""
        parts = text.split(" ")
        if len(parts) != 3 or not (parts[0].isdigit() and parts[1].isdigit()) or parts[2] not in POINTERS:
            raise ValueError(f"frame tap {text!r}: expected 'row col mouse|touch'")
        return cls(int(parts[0]), int(parts[1]), parts[2] == "touch")


class Gestures:
    def __init__(self) -> None:
        self.pointers: dict[int, Pointer] = {}
        self.flag_mode = False

    def tapped(self, cell: int, touch: bool) -> Intent:
        """What a tap (or a left click) on `cell` asks when no gesture followed it: a frame tap. A finger's
        tap flags in flag mode; a click always opens."""
        return Intent("flag" if touch and self.flag_mode else "open", cell, touch=touch)

    # -- events ------------------------------------------------------------------------------------

    def down(self, pid: int, kind: str, buttons: int, cell: int | None, x: float, y: float) -> list[Intent]:
        touch = kind != "mouse"
        pointer = Pointer(touch, cell, x, y)
        self.pointers[pid] = pointer
        if not touch:
            return self._mouse(pointer, buttons, cell)
        pointer.buttons = buttons
        if cell is None:
            return []
        twins = [p for p in self.pointers.values() if p.touch and p.cell == cell and p.gesture is HOLD]
        for twin in twins:
            twin.gesture = Gesture.DONE
        pointer.gesture = Gesture.DONE if twins else Gesture.HOLD
        return []

    def move(self, pid: int, buttons: int, cell: int | None, x: float, y: float) -> list[Intent]:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return []
        if not pointer.touch:
            return self._mouse(pointer, buttons, cell)
        if pointer.gesture is Gesture.HOLD and (x - pointer.x) ** 2 + (y - pointer.y) ** 2 > SLOP**2:
            pointer.gesture = Gesture.DONE
        return []

    def up(self, pid: int, buttons: int, cell: int | None) -> list[Intent]:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return []
        if not pointer.touch:
            return self._mouse(pointer, buttons, cell)
        del self.pointers[pid]
        if pointer.gesture is Gesture.HOLD and pointer.cell is not None:
            return [Intent("flag" if self.flag_mode else "open", pointer.cell, touch=True)]
        return []

    def cancel(self, pid: int) -> None:
        self.pointers.pop(pid, None)

    def long_press(self, pid: int) -> list[Intent]:
        """The long-press delay ran out for `pid`: a held finger flags its cell (opens it in flag mode)."""
        pointer = self.pointers.get(pid)
        if pointer is None or pointer.gesture is not Gesture.HOLD or pointer.cell is None:
            return []
        pointer.gesture = Gesture.DONE
        if self.flag_mode:
            return [Intent("open", pointer.cell, touch=True)]
        return [Intent("flag", pointer.cell, vibrate=True, touch=True)]

    # -- what the page shows -----------------------------------------------------------------------

    def presses(self) -> list[Press]:
        """Each held pointer's (kind, cell): what its release would ask. A finger waiting to be a tap would
        open, or in flag mode flag (intents.py: on a number that is a tap too)."""
        tap: Kind = "flag" if self.flag_mode else "open"
        kinds: dict[Gesture, Kind] = {Gesture.OPEN: "open", Gesture.CHORD: "chord", HOLD: tap}
        held = [p for p in self.pointers.values() if p.cell is not None and p.gesture in kinds]
        return [(kinds[p.gesture], p.cell) for p in held if p.cell is not None]

    def holding(self) -> dict[int, int]:
        """Fingers waiting for the long-press delay: {pointerId: cell} (the page runs a timer for each)."""
        return {pid: p.cell for pid, p in self.pointers.items() if p.gesture is HOLD and p.cell is not None}

    # -- the mouse ---------------------------------------------------------------------------------

    def _mouse(self, pointer: Pointer, buttons: int, cell: int | None) -> list[Intent]:
        pressed = buttons & ~pointer.buttons
        released = pointer.buttons & ~buttons
        pointer.buttons, pointer.cell = buttons, cell
        intents = []
        if pressed:
            if buttons & MIDDLE or buttons & (LEFT | RIGHT) == LEFT | RIGHT:
                pointer.gesture = Gesture.CHORD
            elif pressed & LEFT:
                pointer.gesture = Gesture.OPEN
            elif pressed & RIGHT and cell is not None:
                intents.append(Intent("flag", cell))
        if released and pointer.gesture in (Gesture.OPEN, Gesture.CHORD):
            if cell is not None:
                intents.append(Intent("open" if pointer.gesture is Gesture.OPEN else "chord", cell))
            pointer.gesture = Gesture.DONE  # the other button's release (left+right chord) does nothing more
        if not buttons:
            self.pointers = {pid: p for pid, p in self.pointers.items() if p is not pointer}
        return intents
