"""The address bar: the link it holds (ui/links.py reads it), dropped once used, and addresses to share.

Glossary:
    link      what the address asks for, read once when the page starts and again at each hashchange (a
              board link pasted into this tab's address changes only its fragment: no reload)
    take      the link, once: it is then dropped from the address (history.replaceState), so a reload
              resumes the game in progress instead of starting the link's again
    address   this page's own address with a tail (`#board=...`, `?daily=...`), for a link to copy or share
"""

from __future__ import annotations

from ui import links
from ui.links import Link

from .dom import Element, Signal, listen


class AddressBar:
    def __init__(self, window: Element) -> None:
        self.window = window
        self.link = self.read()
        self.pasted: Signal[[]] = Signal()  # a link arrived in the fragment while the page runs
        listen(window, "hashchange", lambda event: self.on_hashchange())

    def read(self) -> Link:
        location = self.window.location
        return links.parse(location.search, location.hash)

    @property
    def names_a_game(self) -> bool:
        """The address names a game to play (it will start in place of the game kept from the last visit; a
        replay link's game is only watched, and the game kept comes back after it; an analysis link's
        position opens over the game kept)."""
        link = self.link
        return bool(link.present and not link.errors and link.replay is None and link.analysis is None)

    def take(self) -> Link | None:
        """The link, dropped from the address; None if the address holds none."""
        link, self.link = self.link, Link()
        if not link.present and not link.dropped:  # dropped alone: a language the page lacks
            return None
        location = self.window.location
        self.window.history.replaceState(
            None, "", location.pathname + links.keep(location.search, location.hash)
        )
        return link

    def on_hashchange(self) -> None:
        self.link = self.read()
        self.pasted.emit()

    def address(self, tail: str) -> str:
        location = self.window.location
        return f"{location.origin}{location.pathname}{tail}"
