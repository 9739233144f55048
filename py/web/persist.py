"""What is kept stays kept: once the player has shown they use the game, ask the browser to keep the site's
storage (`navigator.storage.persist()`), so that space running short on the device does not evict it: the
service worker's copy of the site and the memory snapshot (the quick launch), the game in progress, the
settings and statistics.

Shown by the app installed (it runs as one: `display-mode: standalone`, or Safari's `navigator.standalone`,
or it is installed now: `appinstalled`), or by USED games played: those the statistics had counted when the
page started, and those finished since. Chrome answers at once (it grants installed or much-used sites),
Firefox asks the player, Safari 17 and later decides for itself; where it declines, or has no such call,
nothing changes. Asked once a page at most, and not when the storage is kept already.
"""

from __future__ import annotations

import contextlib

from ui.play import Play

from .dom import Element, listen, spawn

USED = 3  # games played: a player's, no more a visitor's


class Persistence:
    def __init__(self, window: Element, played: int) -> None:
        self.window = window
        self.played = played  # as the statistics had it at start
        self.asked = False
        listen(window, "appinstalled", lambda event: self.ask())

    def start(self) -> None:
        """At start: an installed app asks now."""
        if self.installed():
            self.ask()

    def installed(self) -> bool:
        window = self.window
        standalone = getattr(window.navigator, "standalone", False)  # Safari's; no such attribute elsewhere
        return bool(window.matchMedia("(display-mode: standalone)").matches or standalone)

    def on_ended(self, play: Play, seconds: float) -> None:
        self.played += 1
        if self.played >= USED:
            self.ask()

    def ask(self) -> None:
        storage = self.window.navigator.storage
        if self.asked or not storage or not getattr(storage, "persist", None):
            return
        self.asked = True
        spawn(self._ask(storage))

    async def _ask(self, storage: Element) -> None:
        with contextlib.suppress(Exception):  # refused, or not allowed here: nothing changes
            if not await storage.persisted():
                await storage.persist()
