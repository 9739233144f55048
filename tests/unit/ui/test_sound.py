"""The game's sounds as data: which sound each action makes (none when nothing changed), a cascade that grows
with the log of its size and never plays a note per cell, every sound short and in one family, and the
volume's square law."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Chord, Flag, Game, Reveal, Rules
from minesweeper.art import from_art
from ui.sound import CASCADE_NOTES, SCALE, Cue, Sound, cue, loudness, notes_of, tones

# A 1 beside its mine in the corner; the right half floods from (0, 5).
BOARD = """
*.....
......
......
"""


def game() -> Game:
    return Game.from_board(from_art(BOARD.strip()), Rules(question_marks=True))


def played(g: Game, action: Reveal | Flag | Chord) -> Cue | None:
    return cue(action, g.apply(action), g)


def test_one_cell_opened_ticks_an_area_cascades_with_its_size() -> None:
    g = game()
    assert played(g, Reveal(1)) == Cue(Sound.OPEN)  # a 1: one cell
    assert played(g, Reveal(1)) is None  # open already: nothing changed, no sound
    found = played(g, Reveal(5))
    assert found is not None and found.sound is Sound.WIN  # the flood opened the rest: a win says it all


def test_a_flood_that_does_not_win_cascades() -> None:
    g = Game.from_board(from_art("..*...\n..*...\n..*..."))  # a wall: the flood opens the right side
    assert played(g, Reveal(5)) == Cue(Sound.CASCADE, 9)


def test_flags_cycle_with_their_own_sounds_and_a_chord_that_opens_nothing_is_silent() -> None:
    g = game()
    played(g, Reveal(1))
    assert played(g, Flag(0)) == Cue(Sound.FLAG)
    assert played(g, Flag(0)) == Cue(Sound.UNFLAG)  # to a question mark
    assert played(g, Flag(0)) == Cue(Sound.UNFLAG)  # covered again
    assert played(g, Flag(1)) is None  # an open cell takes no flag
    assert played(g, Chord(1)) is None  # not satisfied: nothing opens


def test_a_chord_that_opens_chords_and_a_mine_is_the_loss() -> None:
    g = Game.from_board(from_art("*.*.\n....\n...."))
    played(g, Reveal(g.size.cell(2, 0)))  # rows 1 and 2 open; (0, 1) and (0, 3) stay covered
    played(g, Flag(0))
    assert played(g, Chord(g.size.cell(1, 0))) == Cue(Sound.CHORD, 1)
    assert played(g, Reveal(2)) == Cue(Sound.LOSS)


@given(st.integers(1, 65536))
def test_a_cascade_is_a_few_notes_whatever_its_size(size: int) -> None:
    run = tones(Cue(Sound.CASCADE, size))
    assert 2 <= len(run) <= CASCADE_NOTES
    assert len(run) == notes_of(size)
    assert max(t.at + t.length for t in run) < 0.25


def test_a_cascade_grows_with_the_log_of_its_size() -> None:
    assert [notes_of(n) for n in (2, 3, 8, 9, 32, 128, 512, 65536)] == [2, 2, 3, 3, 4, 5, 6, 6]


@pytest.mark.parametrize("sound", list(Sound))
def test_every_sound_is_short_soft_and_of_the_family(sound: Sound) -> None:
    made = tones(Cue(sound, 40))
    assert made and all(0 < t.gain <= 1 and 0 < t.attack < t.length for t in made)
    assert max(t.at + t.length for t in made) <= 0.6
    assert [t.at for t in made] == sorted(t.at for t in made)
    for t in made:
        if t.wave != "noise" and sound is not Sound.LOSS:
            assert any(math.isclose(t.pitch, note) for note in SCALE), (sound, t.pitch)


def test_the_volume_is_a_square_law_kept_in_range() -> None:
    assert [loudness(v) for v in (-5, 0, 50, 100, 120)] == [0.0, 0.0, 0.25, 1.0, 1.0]
