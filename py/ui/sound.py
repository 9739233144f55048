"""The game's sounds as data: which sound an action makes, and each sound as a few synthesised tones. Pure
(no browser import): CPython tests it; web/sound.py plays the tones with Web Audio, so there is no sound
file to download.

Glossary:
    cue      what an applied action sounds like: a Sound and its size (the cells it opened)
    sound    open (one cell), cascade (an area), flag, unflag, chord, win, loss: each short, one family
    tone     one synthesised note: a wave gliding from one pitch to another under a quick swell and an
             exponential fade; noise is a burst of filtered noise (the loss's blast)
    family   every sound is built from the same plucked tones on one pentatonic scale (C major's, no two
             notes clash however they overlap), soft at the start and gone within half a second; the
             loss adds noise and a low thump
    cascade  one sound per opening, never one per cell: its run of rising notes grows with the log of the
             cells opened (a 3-cell opening two notes, a board-wide flood six), so it never machine-guns
    volume   the setting, 0 to 100: the loudness of every sound, on a square law (half is a quarter of
             the power, as the ear hears steps of loudness)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypeAlias

from minesweeper import Action, Chord, Flag, Game, Look, State
from minesweeper.game import Changes

Wave: TypeAlias = Literal["sine", "triangle", "square", "noise"]


class Sound(StrEnum):
    OPEN = "open"
    CASCADE = "cascade"
    FLAG = "flag"
    UNFLAG = "unflag"
    CHORD = "chord"
    WIN = "win"
    LOSS = "loss"


@dataclass(frozen=True)
class Cue:
    """What an action sounds like: the sound, and how many cells it opened."""

    sound: Sound
    size: int = 1


@dataclass(frozen=True)
class Tone:
    """One note: `at` seconds after the sound starts, `length` seconds long, gliding from `pitch` to `to`
    (Hz; for noise, its low-pass filter's cutoff), peaking at `gain` (0..1) after `attack` seconds."""

    at: float
    length: float
    pitch: float
    to: float
    gain: float
    wave: Wave = "triangle"
    attack: float = 0.004


# C major's pentatonic scale from C5: the notes every sound is made of.
SCALE = tuple(523.25 * 2 ** (step / 12) for step in (0, 2, 4, 7, 9, 12, 14, 16, 19, 21))
CASCADE_NOTES = 6  # the most notes a cascade plays, however big
STEP = 0.028  # seconds between a cascade's notes


def cue(action: Action, changes: Changes, game: Game) -> Cue | None:
    """The sound `action` makes, having changed `changes` of `game` (as it stands after): None when nothing
    changed (a click on an open cell, a chord that opens nothing)."""
    if game.state is State.LOST and changes:
        return Cue(Sound.LOSS)
    if game.state is State.WON and changes:
        return Cue(Sound.WIN, len(changes))
    if isinstance(action, Flag):
        look = changes.get(action.cell)
        if look is None:
            return None
        return Cue(Sound.FLAG if look is Look.FLAG else Sound.UNFLAG)
    opened = sum(look.is_open for look in changes.values())
    if not opened:
        return None
    if isinstance(action, Chord):
        return Cue(Sound.CHORD, opened)
    return Cue(Sound.OPEN) if opened == 1 else Cue(Sound.CASCADE, opened)


def tones(cue: Cue) -> tuple[Tone, ...]:
    """The tones that make `cue`'s sound, in start order."""
    sound = cue.sound
    if sound is Sound.OPEN:
        return (Tone(0, 0.05, SCALE[7], SCALE[6], 0.35),)
    if sound is Sound.CASCADE:
        return _run(cue.size, 4, 0.30)
    if sound is Sound.FLAG:
        return (Tone(0, 0.09, SCALE[2], SCALE[0], 0.45), Tone(0.01, 0.05, SCALE[7], SCALE[7], 0.12, "sine"))
    if sound is Sound.UNFLAG:
        return (Tone(0, 0.08, SCALE[0], SCALE[0] * 0.89, 0.30),)
    if sound is Sound.CHORD:
        return (Tone(0, 0.06, SCALE[4], SCALE[4], 0.30), Tone(0.035, 0.07, SCALE[7], SCALE[7], 0.30))
    if sound is Sound.WIN:
        notes = (SCALE[0], SCALE[2], SCALE[3], SCALE[5])
        return tuple(Tone(i * 0.09, 0.22 if i == 3 else 0.12, n, n, 0.38) for i, n in enumerate(notes))
    return (  # the loss: a blast of noise falling dark, over a low thump
        Tone(0, 0.55, 4000, 180, 0.80, "noise", 0.002),
        Tone(0, 0.35, 120, 45, 0.70, "sine", 0.002),
    )


def notes_of(size: int) -> int:
    """A cascade's notes for an opening of `size` cells: 2 for the smallest, one more per fourfold."""
    return min(CASCADE_NOTES, 2 + int(math.log(max(size, 2) / 2, 4)))


def _run(size: int, first: int, gain: float) -> tuple[Tone, ...]:
    """A rising run of notes up the scale from `first`, as many as `size` asks, fading as it goes."""
    count = notes_of(size)
    return tuple(
        Tone(i * STEP, 0.07, SCALE[first + i], SCALE[first + i], gain * (1 - 0.1 * i)) for i in range(count)
    )


def loudness(volume: int) -> float:
    """The master gain for the volume setting (0..100): a square law."""
    return (min(max(volume, 0), 100) / 100) ** 2
