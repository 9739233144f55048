"""Intents: what an input asks of one cell, and the rule that makes it at most one engine action.

Glossary:
    intent    (kind, cell) from a finished gesture (gestures.py) or a key (keyboard.py): "open", "flag" or
              "chord"; `touch` when a finger or pen made it, `vibrate` when a long press did
    action    the engine's Reveal, Flag or Chord (minesweeper/game.py): the only thing that changes a game
    the rule  `to_action(intent, look, chord_on_click)`, for a cell that looks `look`:
              - a flag flags (or unflags), except a finger's flag on an open cell (a long press, or a tap
                in flag mode, on a number): that acts as a tap there;
              - an open on a covered or question-marked cell reveals it; on a flag it does nothing;
              - a chord, or an open on an open number, chords when the cell is a number (never an empty
                0) and, for an open, when the setting `chord_on_click` is on; else nothing.
              Nothing is not a click: the engine never sees it, so it counts for no statistic
    pressed   what a press held on a cell shows pressed until its release (`pressed`): the cell, and for a
              chord its neighbours too, so the player sees what it will open before letting go: a middle or
              left+right press always (as in Windows), a left press or a tap (a flag-mode tap too) where it
              would chord, on a satisfied number
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from minesweeper import Cell, Chord, Flag, Game, Look, Reveal

Kind: TypeAlias = Literal["open", "flag", "chord"]


@dataclass(frozen=True)
class Intent:
    """What a finished gesture or a key asks the game to do at `cell` (an engine cell)."""

    kind: Kind
    cell: int
    vibrate: bool = False  # a long press flagged: the page buzzes if that setting is on
    touch: bool = False  # from a finger or pen


def to_action(intent: Intent, look: Look, chord_on_click: bool) -> Reveal | Flag | Chord | None:
    """The engine action `intent` asks for on a cell that looks `look`; None: nothing happens."""
    if intent.kind == "flag" and not (intent.touch and look.is_open):
        return Flag(intent.cell)
    if intent.kind == "chord" or look.is_open:
        wanted = intent.kind == "chord" or chord_on_click
        return Chord(intent.cell) if look.is_open and look is not Look.N0 and wanted else None
    return None if look is Look.FLAG else Reveal(intent.cell)


def pressed(kind: Kind, cell: Cell, game: Game, chord_on_click: bool) -> set[Cell]:
    """The cells a press of `kind` held on `cell` shows pressed (only covered ones look it, css/board.css): a
    chord's cell and neighbours, an open's cell, a flag's none. A press of kind "flag" is a finger's (a
    tap in flag mode): on a number it acts as a tap."""
    if kind == "chord":
        return {cell, *game.size.neighbours(cell)}
    action = to_action(Intent(kind, cell, touch=kind == "flag"), game.look(cell), chord_on_click)
    if isinstance(action, Chord) and game.is_satisfied(cell):
        return {cell, *game.size.neighbours(cell)}
    return set() if isinstance(action, Flag) else {cell}
