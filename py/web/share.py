"""Sharing a finished game (Game → Share the result, the win panel's Share) and copying a replay's link:
the Web Share API where the browser has one (a phone's share sheet), else the clipboard; where neither
works, the message line shows the text to copy by hand.

Glossary:
    share     the text and link of ui/share.py: the result, the help used, and the address that opens the
              very same board
    copy      a text written to the clipboard, the message saying so; Copy link gives ui/share.py's
              `copy_link`: the board's own link only once its game is over
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from pyscript.ffi import to_js

from minesweeper.replaycode import Recording
from ui.i18n import _, formats, ngettext
from ui.links import replay_link
from ui.notes import Kind, Messages
from ui.play import Play
from ui.share import Copied, copy_link, share_link, share_text
from ui.timer import Timer

from .dom import Element
from .links import AddressBar


class App(Protocol):
    @property
    def play(self) -> Play: ...
    @property
    def timer(self) -> Timer: ...


class Dailies(Protocol):
    def is_result(self, play: Play) -> bool: ...


class Sharing:
    def __init__(
        self, window: Element, app: App, address: AddressBar, notes: Messages, dailies: Dailies
    ) -> None:
        self.window, self.app, self.address, self.notes = window, app, address, notes
        self.dailies = dailies
        self.task: asyncio.Future[None] | None = None  # kept: asyncio holds tasks weakly

    def share(self) -> None:
        play = self.app.play
        if not play.game.is_over:
            self.notes.say(_("A result can be shared once the game is over."), game=True, asked=True)
            return
        practice = play.daily is not None and not self.dailies.is_result(play)
        text = share_text(play, self.app.timer.elapsed(), practice)
        url = self.address.address(share_link(play.game, play.daily))
        self.task = asyncio.ensure_future(self._share(text, url))

    async def _share(self, text: str, url: str) -> None:
        navigator = self.window.navigator
        if hasattr(navigator, "share"):
            try:
                await navigator.share(to_js({"title": "Minesweeper", "text": text, "url": url}))
                return
            except Exception as error:
                if "AbortError" in str(error):  # the player closed the share sheet: nothing to say
                    return
        await self.copy(f"{text}\n{url}", _("Result and link copied: paste them to a friend."))

    def copy_replay(self) -> None:
        """The replay link of the game on the board, once it is over: it opens the replay anywhere."""
        game = self.app.play.game
        if not game.is_over:
            self.notes.say(_("A replay link can be copied once the game is over."), game=True, asked=True)
            return
        url = self.address.address(replay_link(Recording.of(game)))
        self.copy_text(
            url,
            ngettext(
                "Replay link copied ({count} character): it plays this game on any device.",
                "Replay link copied ({count} characters): it plays this game on any device.",
                len(url),
            ).format(count=formats().number(len(url))),
        )

    def copy_link(self) -> None:
        """The address of the board on the page once its game is over (ui/share.py `copy_link`)."""
        copied, tail = copy_link(self.app.play)
        done = (
            _("Link to a new board like this one copied: this board's own link comes once its game is over.")
            if copied is Copied.LIKE
            else _("Link to this board copied.")
        )
        self.copy_text(self.address.address(tail), done)

    def copy_text(self, text: str, done: str) -> None:
        """Copy `text` to the clipboard and say `done`; where the browser refuses, show it to copy by hand."""
        self.task = asyncio.ensure_future(self.copy(text, done))  # kept: asyncio holds its tasks weakly

    async def copy(self, text: str, done: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(text)
        except Exception:
            self.say(_("Copy this: {text}").format(text=text), Kind.ERROR)
        else:
            self.say(done)

    def say(self, text: str, kind: Kind = Kind.INFO) -> None:
        """Say what a copy did (in the win panel too when it is open: web/notes.py's echo)."""
        self.notes.say(text, kind, asked=True)
