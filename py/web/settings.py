"""The settings in force in the page (ui/settings.py's value) and who hears of a change.

Glossary:
    set       settings applied without the player's doing: the stored ones at start, a link's or a resumed
              game's board size; `applied` tells the parts that draw them (theme, view, menu) and the app
              (new rules restart a game not begun)
    change    the player's own change (Settings, the flag-mode button, the zoom): set, then `changed` tells
              those that keep it (the keeper stores it, the zoom and flag mode follow it)
"""

from __future__ import annotations

from ui.settings import Settings

from .dom import Signal


class LiveSettings:
    def __init__(self) -> None:
        self.current = Settings()
        self.applied: Signal[[Settings, Settings]] = Signal()  # (before, now)
        self.changed: Signal[[Settings, Settings]] = Signal()  # (before, now)

    def set(self, settings: Settings) -> None:
        before, self.current = self.current, settings
        self.applied.emit(before, settings)

    def change(self, settings: Settings) -> None:
        before = self.current
        self.set(settings)
        self.changed.emit(before, settings)
