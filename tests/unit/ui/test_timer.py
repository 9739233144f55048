"""The game clock with a fake clock: start, offsets, pause and resume, stop, reset."""

from __future__ import annotations

from ui.timer import Timer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_counts_from_start_and_stops() -> None:
    clock = Clock()
    timer = Timer(clock)
    assert timer.elapsed() == 0 and not timer.running
    timer.start()
    clock.now += 2.5
    assert timer.elapsed() == 2.5 and timer.running
    timer.stop()
    clock.now += 10
    assert timer.elapsed() == 2.5 and not timer.running


def test_pause_and_resume_skip_the_hidden_time() -> None:
    clock = Clock()
    timer = Timer(clock)
    timer.start(offset=30)
    clock.now += 1
    timer.pause()
    assert timer.running and not timer.counting
    clock.now += 100
    timer.resume()
    assert timer.counting
    clock.now += 1
    assert timer.elapsed() == 32


def test_resume_does_not_restart_a_stopped_timer() -> None:
    clock = Clock()
    timer = Timer(clock)
    timer.start()
    clock.now += 1
    timer.stop()
    timer.resume()
    clock.now += 5
    assert timer.elapsed() == 1 and not timer.running


def test_reset_shows_an_offset_without_counting() -> None:
    clock = Clock()
    timer = Timer(clock)
    timer.start()
    clock.now += 3
    timer.reset(7.5)
    clock.now += 3
    assert timer.elapsed() == 7.5 and not timer.running


def test_began_is_told_each_time_the_seconds_go_on_and_the_next_second_is_known() -> None:
    clock = Clock()
    began: list[float] = []
    timer = Timer(clock, began=lambda: began.append(clock.now))
    timer.reset(4.0)
    assert began == []
    timer.start(offset=2.25)
    assert began == [100.0] and timer.to_next_second() == 0.75
    clock.now += 0.5
    timer.pause()
    timer.pause()
    clock.now += 10
    timer.resume()
    timer.resume()  # counting already: not a beginning
    assert began == [100.0, 110.5] and timer.to_next_second() == 0.25
    timer.stop()
    timer.resume()
    assert began == [100.0, 110.5]
