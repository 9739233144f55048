"""The click-to-action rule, every input kind against every look a cell can have: what docs/play.md (Input)
says a click, a right click, a chord, a tap and a long press do."""

from __future__ import annotations

import pytest

from minesweeper import Chord, Flag, Look, Reveal
from ui.intents import Intent, to_action

CELL = 7
COVERED = (Look.COVERED, Look.QUESTION)
NUMBERS = (Look.N1, Look.N3, Look.N8)


@pytest.mark.parametrize("look", [*COVERED, Look.FLAG, Look.N0, *NUMBERS])
@pytest.mark.parametrize("chord_on_click", [False, True])
def test_a_mouse_flag_flags_any_cell_the_engine_decides_for(look: Look, chord_on_click: bool) -> None:
    assert to_action(Intent("flag", CELL), look, chord_on_click) == Flag(CELL)


@pytest.mark.parametrize("look", COVERED)
def test_an_open_reveals_a_covered_cell(look: Look) -> None:
    assert to_action(Intent("open", CELL), look, False) == Reveal(CELL)
    assert to_action(Intent("open", CELL, touch=True), look, True) == Reveal(CELL)


def test_an_open_on_a_flag_does_nothing() -> None:
    assert to_action(Intent("open", CELL), Look.FLAG, True) is None


@pytest.mark.parametrize("look", NUMBERS)
def test_an_open_on_a_number_chords_only_with_the_setting(look: Look) -> None:
    assert to_action(Intent("open", CELL), look, False) is None
    assert to_action(Intent("open", CELL), look, True) == Chord(CELL)


@pytest.mark.parametrize("look", NUMBERS)
def test_a_chord_chords_a_number_whatever_the_setting(look: Look) -> None:
    assert to_action(Intent("chord", CELL), look, False) == Chord(CELL)


@pytest.mark.parametrize("kind", ["open", "chord"])
@pytest.mark.parametrize("chord_on_click", [False, True])
def test_nothing_chords_an_empty_cell(kind: str, chord_on_click: bool) -> None:
    assert to_action(Intent(kind, CELL), Look.N0, chord_on_click) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("look", [*COVERED, Look.FLAG])
def test_a_chord_on_a_closed_cell_does_nothing(look: Look) -> None:
    assert to_action(Intent("chord", CELL), look, True) is None


@pytest.mark.parametrize("look", NUMBERS)
def test_a_finger_s_flag_on_a_number_acts_as_a_tap_there(look: Look) -> None:
    """A long press, or a tap in flag mode, on an open number: no flag on an open cell; a tap chords it
    when the setting is on."""
    long_press = Intent("flag", CELL, vibrate=True, touch=True)
    assert to_action(long_press, look, False) is None
    assert to_action(long_press, look, True) == Chord(CELL)


@pytest.mark.parametrize("look", [*COVERED, Look.FLAG])
def test_a_finger_s_flag_on_a_closed_cell_flags(look: Look) -> None:
    assert to_action(Intent("flag", CELL, touch=True), look, False) == Flag(CELL)
