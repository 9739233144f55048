"""The game clock: start at the first reveal, stop at the end, pause while the page is hidden.

Glossary:
    clock     a function returning seconds from a monotonic origin (the page passes performance.now / 1000;
              tests pass a fake), so this module imports nothing from the browser
    elapsed   seconds counted while running, plus the offset a resumed game started with
    paused    not counting, but still this game's clock: `resume()` goes on counting; `stop()` ends it
    began     called each time the seconds begin to go on (a start, a resume): the page's clock display
              then ticks until they stop, and rests while they do not
"""

from __future__ import annotations

from collections.abc import Callable


class Timer:
    def __init__(self, clock: Callable[[], float], began: Callable[[], None] = lambda: None) -> None:
        self._clock = clock
        self._began = began
        self._banked = 0.0  # seconds counted before the current running stretch
        self._since: float | None = None  # clock value when the current stretch began; None if not counting
        self.running = False  # started and not stopped (paused or not)

    def start(self, offset: float = 0.0) -> None:
        """Count from `offset` seconds (a resumed game passes its saved time)."""
        self._banked = offset
        self._since = self._clock()
        self.running = True
        self._began()

    def stop(self) -> None:
        self.pause()
        self.running = False

    def reset(self, offset: float = 0.0) -> None:
        """Not counting, showing `offset`: a new game before its first reveal, or a finished game."""
        self._banked = offset
        self._since = None
        self.running = False

    def pause(self) -> None:
        if self._since is not None:
            self._banked += self._clock() - self._since
            self._since = None

    def resume(self) -> None:
        if self.running and self._since is None:
            self._since = self._clock()
            self._began()

    @property
    def counting(self) -> bool:
        """Running and not paused: the seconds go on."""
        return self._since is not None

    def elapsed(self) -> float:
        if self._since is None:
            return self._banked
        return self._banked + self._clock() - self._since

    def to_next_second(self) -> float:
        """Seconds until the shown second changes (the elapsed time's next whole second)."""
        return 1.0 - self.elapsed() % 1.0
