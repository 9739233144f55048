"""The player's own calendar and clock, as their browser has them (a daily board's day, a game's date)."""

from __future__ import annotations

from pyscript import window


def today() -> str:
    """The player's local date, YYYY-MM-DD."""
    return now()[:10]


def now() -> str:
    """The player's local date and time, YYYY-MM-DDTHH:MM:SS."""
    at = window.Date.new()
    return (
        f"{at.getFullYear():04d}-{at.getMonth() + 1:02d}-{at.getDate():02d}"
        f"T{at.getHours():02d}:{at.getMinutes():02d}:{at.getSeconds():02d}"
    )


def epoch_ms() -> float:
    """Milliseconds since 1970 by the device's clock: when a game was saved with its clock counting."""
    return float(window.Date.now())
