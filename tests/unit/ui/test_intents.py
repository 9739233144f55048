"""The click-to-action rule, every input kind against every look a cell can have: what docs/play.md (Input)
says a click, a right click, a chord, a tap and a long press do; and what a held press shows pressed."""

from __future__ import annotations

import pytest

from minesweeper import Chord, Flag, Game, Look, Reveal
from minesweeper.art import from_art
from ui.intents import Intent, pressed, to_action

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


# -- what a held press shows pressed ------------------------------------------------------------------

def test_a_left_press_or_a_tap_on_a_satisfied_number_shows_what_the_chord_opens() -> None:
    game = Game.from_board(from_art("*...\n....\n....\n..*."))
    game.apply(Reveal(game.size.cell(0, 3)))  # the flood leaves the mines and (3, 3) covered
    one = game.size.cell(1, 1)
    assert game.look(one) is Look.N1 and game.look(0) is Look.COVERED
    assert pressed("open", one, game, True) == {one}  # not satisfied yet: no chord would open anything
    game.apply(Flag(0))
    around = {one, *game.size.neighbours(one)}
    assert pressed("open", one, game, True) == around  # a left press, or a tap
    assert pressed("flag", one, game, True) == around  # a tap in flag mode on a number is a tap
    assert pressed("open", one, game, False) == {one}  # no chord on a click: nothing opens
    assert pressed("chord", one, game, False) == around  # middle, left+right: always, as in Windows


def test_an_open_press_shows_its_cell_and_a_flag_mode_tap_on_a_covered_cell_nothing() -> None:
    game = Game.from_board(from_art("*...\n....\n....\n...."))
    assert pressed("open", 5, game, True) == {5}
    assert pressed("flag", 5, game, True) == set()
    assert pressed("chord", 5, game, True) == {5, *game.size.neighbours(5)}
