"""Pointer gestures: Windows mouse semantics (left opens on release, right flags on press, middle or
left+right chord on the first release, release off the board cancels), touch taps and long presses with
slop and two-finger cancelling, and what each held press would do (ui/intents.py says what looks pressed);
the loading frame's tap."""

from __future__ import annotations

import re

import pytest

from ui.gestures import LEFT, MIDDLE, RIGHT, FrameTap, Gestures
from ui.intents import Intent

MOUSE = 1


def mouse_click(g: Gestures, buttons: int, cell: int | None = 5) -> list[Intent]:
    return g.down(MOUSE, "mouse", buttons, cell, 0, 0) + g.up(MOUSE, 0, cell)


def test_left_opens_on_release_and_shows_pressed_meanwhile() -> None:
    g = Gestures()
    assert g.down(MOUSE, "mouse", LEFT, 5, 0, 0) == []
    assert g.presses() == [("open", 5)]
    assert g.up(MOUSE, 0, 5) == [Intent("open", 5)]
    assert g.presses() == [] and g.pointers == {}


def test_the_press_follows_the_mouse_and_the_release_cell_counts() -> None:
    g = Gestures()
    g.down(MOUSE, "mouse", LEFT, 5, 0, 0)
    g.move(MOUSE, LEFT, 6, 30, 0)
    assert g.presses() == [("open", 6)]
    assert g.up(MOUSE, 0, 6) == [Intent("open", 6)]


def test_release_off_the_board_cancels() -> None:
    g = Gestures()
    g.down(MOUSE, "mouse", LEFT, 5, 0, 0)
    g.move(MOUSE, LEFT, None, 900, 0)
    assert g.presses() == []
    assert g.up(MOUSE, 0, None) == []


def test_right_flags_on_press_not_on_release() -> None:
    g = Gestures()
    assert g.down(MOUSE, "mouse", RIGHT, 5, 0, 0) == [Intent("flag", 5)]
    assert g.presses() == []
    assert g.up(MOUSE, 0, 5) == []


def test_middle_chords() -> None:
    g = Gestures()
    assert g.down(MOUSE, "mouse", MIDDLE, 5, 0, 0) == []
    assert g.presses() == [("chord", 5)]
    assert g.up(MOUSE, 0, 5) == [Intent("chord", 5)]


def test_left_then_right_chords_once() -> None:
    g = Gestures()
    g.down(MOUSE, "mouse", LEFT, 5, 0, 0)
    assert g.move(MOUSE, LEFT | RIGHT, 5, 0, 0) == []  # the second button comes as a pointermove
    assert g.presses() == [("chord", 5)]
    assert g.move(MOUSE, LEFT, 5, 0, 0) == [Intent("chord", 5)]
    assert g.presses() == []
    assert g.up(MOUSE, 0, 5) == []  # the other button's release does not open


def test_right_then_left_flags_then_chords() -> None:
    g = Gestures()
    assert g.down(MOUSE, "mouse", RIGHT, 5, 0, 0) == [Intent("flag", 5)]
    assert g.move(MOUSE, LEFT | RIGHT, 5, 0, 0) == []
    assert g.move(MOUSE, RIGHT, 5, 0, 0) == [Intent("chord", 5)]
    assert g.up(MOUSE, 0, 5) == []


def test_cancel_forgets_the_pointer() -> None:
    g = Gestures()
    g.down(MOUSE, "mouse", LEFT, 5, 0, 0)
    g.cancel(MOUSE)
    assert g.up(MOUSE, 0, 5) == [] and g.presses() == []


def test_tap_opens() -> None:
    g = Gestures()
    g.down(7, "touch", 1, 5, 100, 100)
    assert g.holding() == {7: 5}
    assert g.presses() == [("open", 5)]
    assert g.up(7, 0, 5) == [Intent("open", 5, touch=True)]
    assert g.holding() == {}


def test_long_press_flags_once_with_a_buzz() -> None:
    g = Gestures()
    g.down(7, "touch", 1, 5, 100, 100)
    assert g.long_press(7) == [Intent("flag", 5, vibrate=True, touch=True)]
    assert g.holding() == {} and g.presses() == []
    assert g.long_press(7) == []
    assert g.up(7, 0, 5) == []


def test_small_drift_is_still_a_tap_a_larger_move_cancels() -> None:
    g = Gestures()
    g.down(7, "touch", 1, 5, 100, 100)
    g.move(7, 1, 5, 108, 108)  # 11.3 px: a thumb's jitter
    assert g.holding() == {7: 5}
    g.move(7, 1, 5, 109, 109)  # 12.7 px
    assert g.holding() == {}
    assert g.long_press(7) == [] and g.up(7, 0, 5) == []


def test_two_fingers_are_separate() -> None:
    g = Gestures()
    g.down(7, "touch", 1, 5, 100, 100)
    g.down(8, "touch", 1, 9, 300, 100)
    assert g.holding() == {7: 5, 8: 9}
    assert g.long_press(8) == [Intent("flag", 9, vibrate=True, touch=True)]
    assert g.up(7, 0, 5) == [Intent("open", 5, touch=True)]
    assert g.up(8, 0, 9) == []


def test_a_second_finger_on_the_same_cell_cancels_both() -> None:
    g = Gestures()
    g.down(7, "touch", 1, 5, 100, 100)
    g.down(8, "touch", 1, 5, 104, 100)
    assert g.holding() == {}
    assert g.up(7, 0, 5) == [] and g.up(8, 0, 5) == []


def test_touch_off_the_board_does_nothing() -> None:
    g = Gestures()
    g.down(7, "touch", 1, None, 100, 100)
    assert g.holding() == {} and g.up(7, 0, None) == []


def test_pen_behaves_like_touch() -> None:
    g = Gestures()
    g.down(3, "pen", 1, 5, 0, 0)
    assert g.long_press(3) == [Intent("flag", 5, vibrate=True, touch=True)]


def test_unknown_pointers_are_ignored() -> None:
    g = Gestures()
    assert g.move(9, 0, 5, 0, 0) == [] and g.up(9, 0, 5) == [] and g.long_press(9) == []


def test_flag_mode_swaps_tap_and_long_press_for_fingers_only() -> None:
    g = Gestures()
    g.flag_mode = True
    g.down(7, "touch", 1, 5, 100, 100)
    assert g.presses() == [("flag", 5)] and g.holding() == {7: 5}  # the ring still runs
    assert g.up(7, 0, 5) == [Intent("flag", 5, touch=True)]
    g.down(8, "touch", 1, 6, 100, 100)
    assert g.long_press(8) == [Intent("open", 6, touch=True)]  # no buzz: nothing was flagged
    assert g.up(8, 0, 6) == []
    assert mouse_click(g, LEFT) == [Intent("open", 5)]
    assert g.down(MOUSE, "mouse", RIGHT, 5, 0, 0) == [Intent("flag", 5)]


def test_a_frame_tap_acts_as_the_tap_or_click_it_was() -> None:
    g = Gestures()
    assert g.tapped(12, touch=False) == Intent("open", 12)
    assert g.tapped(12, touch=True) == Intent("open", 12, touch=True)
    g.flag_mode = True
    assert g.tapped(12, touch=True) == Intent("flag", 12, touch=True)  # a tap in flag mode
    assert g.tapped(12, touch=False) == Intent("open", 12)  # the mouse is not affected


def test_a_frame_tap_reads_js_frame_s_text_and_refuses_any_other() -> None:
    assert FrameTap.from_text("3 14 touch") == FrameTap(3, 14, touch=True)
    assert FrameTap.from_text("0 0 mouse") == FrameTap(0, 0, touch=False)
    for text in ("", "3 14", "3 x touch", "-1 2 mouse", "3 14 pen", "3 14 touch extra"):
        with pytest.raises(ValueError, match=re.escape(repr(text))):
            FrameTap.from_text(text)
