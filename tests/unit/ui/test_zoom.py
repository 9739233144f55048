"""Fingers as zoom and pan: still or drifting thumbs are never a pinch, a spread or a shared slide is,
a lone finger pans once past the slop, and the zoom stays inside the setting's range."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ui.settings import ZOOM
from ui.zoom import Pinch, Preview, Step, beyond, zoomed


def test_two_still_thumbs_are_not_a_pinch() -> None:
    p = Pinch()
    p.down(1, 100, 500)
    p.down(2, 300, 500)
    assert p.move(1, 104, 503) is None and p.move(2, 296, 498) is None  # jitter within the slop
    assert p.claimed() == []


@pytest.mark.parametrize("drift", [7, 12])
def test_two_thumbs_drifting_apart_within_their_jitter_are_not_a_pinch(drift: float) -> None:
    """Issue 29: thumbs on two cells, 17 px apart, each drifting `drift` px away from the other, then
    lifted: two taps (ui/gestures.py keeps a tap within SLOP), no zoom."""
    p = Pinch()
    p.down(1, 12, 0)
    p.down(2, 0, 12)
    away = drift / math.sqrt(2)
    assert p.move(1, 12 + away, -away) is None
    assert p.move(2, -away, 12 + away) is None
    assert p.claimed() == []
    p.up(1)
    p.up(2)
    assert p.fingers == {} and not p.pinching


def test_a_rotation_of_two_fingers_is_not_a_pinch() -> None:
    p = Pinch()
    p.down(1, 100, 500)
    p.down(2, 200, 500)
    # Turned 30 degrees about their midpoint: 52 px against each other, the distance the same.
    assert p.move(1, 106.7, 475) is None and p.move(2, 193.3, 525) is None
    assert p.claimed() == []


def test_spreading_two_fingers_zooms_about_their_midpoint_and_claims_them() -> None:
    p = Pinch()
    p.down(1, 100, 500)
    p.down(2, 200, 500)
    step = p.move(2, 300, 500)  # spread 100 -> 200
    assert step == Step(2.0, 150, 500, 50, 0)
    assert sorted(p.claimed()) == [1, 2]
    step = p.move(1, 0, 500)  # spread 200 -> 300: each step is relative to the last
    assert step is not None and math.isclose(step.scale, 1.5) and (step.x, step.y) == (200, 500)


def test_sliding_two_fingers_together_pans() -> None:
    p = Pinch()
    p.down(1, 100, 500)
    p.down(2, 200, 500)
    assert p.move(1, 100, 530) is None  # midpoint moved 15: not yet (two thumbs may drift 12 px each)
    step = p.move(2, 200, 530)
    assert step == Step(1.0, 150, 500, 0, 30)


def test_after_a_pinch_the_finger_left_pans_and_never_taps() -> None:
    p = Pinch()
    p.down(1, 100, 500)
    p.down(2, 200, 500)
    p.move(2, 260, 500)
    p.up(2)
    assert p.claimed() == []
    assert p.move(1, 102, 500) == Step(1.0, 100, 500, 2, 0)


def test_a_lone_finger_pans_past_the_slop_without_a_jump() -> None:
    p = Pinch()
    p.down(1, 100, 100)
    assert p.move(1, 108, 100) is None
    assert p.move(1, 115, 100) == Step(1.0, 108, 100, 7, 0)
    assert p.move(1, 115, 90) == Step(1.0, 115, 100, 0, -10)
    assert p.claimed() == []


def test_a_third_finger_is_ignored_and_unknown_fingers_do_nothing() -> None:
    p = Pinch()
    p.down(1, 0, 0)
    p.down(2, 100, 0)
    p.down(3, 50, 50)
    assert p.move(3, 400, 400) is None
    p.up(3)
    assert len(p.fingers) == 2 and p.move(9, 1, 1) is None


@given(st.floats(ZOOM[0], ZOOM[1]), st.floats(0.01, 100))
def test_zoom_stays_in_range(zoom: float, scale: float) -> None:
    assert ZOOM[0] <= zoomed(zoom, scale) <= ZOOM[1]


def test_a_preview_keeps_the_total_scale_in_range_and_follows_the_midpoint() -> None:
    preview = Preview(zoom=2.0, origin=(150, 60), start=(200, 400), size=(300, 600))
    assert preview.fraction == (0.5, 0.1) and preview.shift == (0, 0)
    preview.step(Step(1.5, 200, 400, 10, -20))
    preview.step(Step(1.5, 210, 380, 5, 0))
    assert preview.scale == 2.0  # 2 x 2.25 would pass the top of the range, 4
    assert preview.shift == (15, -20)
    preview.step(Step(0.25, 215, 380, 0, 0))
    assert preview.scale == 0.5


def test_beyond_names_the_edges_with_more_of_the_board_past_them() -> None:
    shown = (360.0, 420.0)
    assert beyond((0, 0), shown, shown) == []  # the whole board shows
    assert beyond((0, 0), (360, 600), shown) == ["bottom"]  # expert at 360x640: 21 rows of 30
    assert beyond((0, 180), (360, 600), shown) == ["top"]  # scrolled to its end
    assert beyond((0, 90), (360, 600), shown) == ["top", "bottom"]
    assert beyond((100, 0), (600, 420), shown) == ["right", "left"]  # sideways: columns past both sides
    assert beyond((0, 179.4), (360, 600), shown) == ["top"]  # a fraction of a pixel short is the end
