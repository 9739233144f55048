"""Pointer gestures as a pure state machine: which presses become which actions (no browser import).

Glossary:
    pointer   one pointerId: a mouse, a pen or one finger; each is tracked on its own (two thumbs)
    buttons   the mouse's held-button bitmask (1 left, 2 right, 4 middle); a second button pressed while
              one is held arrives as a pointermove with new `buttons`, so every event passes the mask
    mode      what a held pointer will do when released: OPEN, CHORD, HOLD (a touch waiting to become a
              tap or a long press) or DONE (spent or cancelled: its release does nothing)
    press     (mode, cell) shown pressed while held, as in Windows; it follows the pointer
    intent    what an input asks for: ("open" | "flag" | "chord", cell); the app turns it into an action
              (an "open" on a satisfied number becomes a chord when that setting is on)
    cell      an int from the view's coordinate mapping, or None when the pointer is off the board

Mouse (as in Windows): left opens on release; right flags on press; middle, or left and right held
together, chord on the first release; releasing off the board cancels. Touch and pen: a tap opens on
release; held for the long-press delay it flags (`long_press` is called by the page's timer); moving more
than SLOP pixels, or a second finger on the same cell, cancels. In flag mode (`flag_mode`, the page's
toggle) a tap flags and a long press opens; the mouse is not affected.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

LEFT, RIGHT, MIDDLE = 1, 2, 4
SLOP = 10.0  # CSS pixels a finger may drift before its press is cancelled


class Mode(StrEnum):
    OPEN = "open"
    CHORD = "chord"
    HOLD = "hold"
    DONE = "done"


@dataclass(frozen=True)
class Intent:
    """What a finished gesture asks the game to do."""

    kind: str  # "open" | "flag" | "chord"
    cell: int
    vibrate: bool = False  # a long press flagged: the page buzzes if that setting is on
    touch: bool = False  # from a finger or pen


Press: TypeAlias = tuple[Mode, int]


@dataclass
class Pointer:
    """The pointer being followed: where it went down, its buttons, and what it means so far."""

    touch: bool
    cell: int | None
    x: float
    y: float
    buttons: int = 0
    mode: Mode = Mode.DONE


class Gestures:
    def __init__(self) -> None:
        self.pointers: dict[int, Pointer] = {}
        self.flag_mode = False

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
        twins = [p for p in self.pointers.values() if p.touch and p.cell == cell and p.mode is Mode.HOLD]
        for twin in twins:
            twin.mode = Mode.DONE
        pointer.mode = Mode.DONE if twins else Mode.HOLD
        return []

    def move(self, pid: int, buttons: int, cell: int | None, x: float, y: float) -> list[Intent]:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return []
        if not pointer.touch:
            return self._mouse(pointer, buttons, cell)
        if pointer.mode is Mode.HOLD and (x - pointer.x) ** 2 + (y - pointer.y) ** 2 > SLOP**2:
            pointer.mode = Mode.DONE
        return []

    def up(self, pid: int, buttons: int, cell: int | None) -> list[Intent]:
        pointer = self.pointers.get(pid)
        if pointer is None:
            return []
        if not pointer.touch:
            return self._mouse(pointer, buttons, cell)
        del self.pointers[pid]
        if pointer.mode is Mode.HOLD and pointer.cell is not None:
            return [Intent("flag" if self.flag_mode else "open", pointer.cell, touch=True)]
        return []

    def cancel(self, pid: int) -> None:
        self.pointers.pop(pid, None)

    def long_press(self, pid: int) -> list[Intent]:
        """The long-press delay ran out for `pid`: a held finger flags its cell (opens it in flag mode)."""
        pointer = self.pointers.get(pid)
        if pointer is None or pointer.mode is not Mode.HOLD or pointer.cell is None:
            return []
        pointer.mode = Mode.DONE
        if self.flag_mode:
            return [Intent("open", pointer.cell, touch=True)]
        return [Intent("flag", pointer.cell, vibrate=True, touch=True)]

    # -- what the page shows -----------------------------------------------------------------------

    def presses(self) -> list[Press]:
        """What looks pressed: each held pointer's (mode, cell); a finger waiting to be a tap shows OPEN,
        except in flag mode, where its tap would not open."""
        shown: list[Press] = []
        held = (Mode.OPEN, Mode.CHORD) if self.flag_mode else (Mode.OPEN, Mode.CHORD, Mode.HOLD)
        for p in self.pointers.values():
            if p.cell is not None and p.mode in held:
                shown.append((Mode.OPEN if p.mode is Mode.HOLD else p.mode, p.cell))
        return shown

    def holding(self) -> dict[int, int]:
        """Fingers waiting for the long-press delay: {pointerId: cell} (the page runs a timer for each)."""
        return {pid: p.cell for pid, p in self.pointers.items() if p.mode is Mode.HOLD and p.cell is not None}

    # -- the mouse ---------------------------------------------------------------------------------

    def _mouse(self, pointer: Pointer, buttons: int, cell: int | None) -> list[Intent]:
        pressed = buttons & ~pointer.buttons
        released = pointer.buttons & ~buttons
        pointer.buttons, pointer.cell = buttons, cell
        intents = []
        if pressed:
            if buttons & MIDDLE or buttons & (LEFT | RIGHT) == LEFT | RIGHT:
                pointer.mode = Mode.CHORD
            elif pressed & LEFT:
                pointer.mode = Mode.OPEN
            elif pressed & RIGHT and cell is not None:
                intents.append(Intent("flag", cell))
        if released and pointer.mode in (Mode.OPEN, Mode.CHORD):
            if cell is not None:
                intents.append(Intent(str(pointer.mode), cell))
            pointer.mode = Mode.DONE  # the other button's release (left+right chord) does nothing more
        if not buttons:
            self.pointers = {pid: p for pid, p in self.pointers.items() if p is not pointer}
        return intents
