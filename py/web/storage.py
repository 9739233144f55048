"""Web storage, the only code that touches it: read and write saved.py's kinds, never raising.

A browser may refuse storage (blocked cookies, some private modes: even reading `localStorage` throws),
fill it up (QuotaExceededError), or hand back data that is damaged or written by another version. Each
case becomes a one-line message through `tell`, and the caller gets None or False and plays on with
defaults.

Glossary:
    area     window.localStorage (kept on the device), or window.sessionStorage (kept by this tab until it
             closes, reloads included); None when the browser refuses it
    locked   keys holding data from a newer version of the game: read as missing and never overwritten,
             so opening an old copy of the game does not destroy newer statistics
    problem  a one-line message about stored data; `tell` shows it
    aside    damaged statistics are copied to `minesweeper.records.damaged` when read, since the next
             finished game writes fresh ones over them (a game in progress or settings are cheap to lose)
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from pyscript import window
from pyscript.ffi import is_none

from ui.saved import RECORDS, Kind, NewerVersion, SavedError, Trouble, decode, encode, trouble_words

ASIDE = ".damaged"
KEPT = frozenset({RECORDS.key})  # keys whose damaged data is set aside


def js_error_name(error: Exception) -> str:
    """`QuotaExceededError`, `SecurityError`...: the name of what the browser threw."""
    # Pyodide wraps a thrown DOMException (not an Error) in an Error whose message quotes the original:
    # '... String interpolation of the thrown value gives """QuotaExceededError: The quota ...""".'
    wrapped = re.search(r'"""(\w+):', str(error))
    return wrapped.group(1) if wrapped else str(getattr(error, "name", None) or type(error).__name__)


class Storage:
    def __init__(self, tell: Callable[[str], None], area: str = "localStorage") -> None:
        self.tell = tell
        self.locked: set[str] = set()
        self.write_failed = False  # said once until a write succeeds again, not at every move
        self.known: dict[str, str] = {}  # by key: the text this page last read or wrote there
        try:
            self.area: Any = getattr(window, area)
        except Exception as error:  # SecurityError when the browser blocks storage for this site
            self.area = None
            warn(None, error)
            tell(trouble_words(None, Trouble.BLOCKED))

    def read(self, kind: Kind) -> Any | None:
        """`kind`'s data, migrated; None if nothing is stored or it cannot be used (then `tell` says why)."""
        if self.area is None:
            return None
        try:
            text = self.area.getItem(kind.key)
        except Exception as error:
            warn(kind, error)
            self.tell(trouble_words(kind, Trouble.REFUSED))
            return None
        if is_none(text):  # JS null: nothing stored under this key
            return None
        self.known[kind.key] = text
        try:
            return decode(kind, text)
        except NewerVersion as error:
            self.locked.add(kind.key)
            warn(kind, error)
            self.tell(trouble_words(kind, Trouble.NEWER))
        except SavedError as error:
            self.damaged(kind, error)
        return None

    def damaged(self, kind: Kind, error: Exception) -> None:
        """`kind`'s data, as last read, cannot be used: say so, and set a copy aside if it is worth keeping
        (the statistics: the next finished game writes fresh ones over them)."""
        warn(kind, error)
        text = self.known.get(kind.key)
        if kind.key in KEPT and text is not None and self.area is not None:
            with contextlib.suppress(Exception):  # full or blocked: a write will fail too, and say so
                self.area.setItem(kind.key + ASIDE, text)
        self.tell(trouble_words(kind, Trouble.DAMAGED))

    def write(self, kind: Kind, data: Any) -> bool:
        """Store `kind`'s data; False (and a message, once) if the browser refuses."""
        if self.area is None or kind.key in self.locked:
            return False
        text = encode(kind, data)
        try:
            self.area.setItem(kind.key, text)
        except Exception as error:
            if not self.write_failed:
                warn(kind, error)
                self.tell(trouble_words(kind, Trouble.FULL))
            self.write_failed = True
            return False
        self.write_failed = False
        self.known[kind.key] = text
        return True

    def changed_elsewhere(self, kind: Kind) -> bool:
        """Another page (a tab) wrote `kind` since this one last read or wrote it; False before either."""
        if self.area is None or kind.key not in self.known:
            return False
        try:
            text = self.area.getItem(kind.key)
        except Exception:
            return False
        return not is_none(text) and text != self.known[kind.key]

    def remove(self, kind: Kind) -> None:
        if self.area is not None and kind.key not in self.locked:
            try:
                self.area.removeItem(kind.key)
            except Exception as error:
                warn(kind, error)
                self.tell(trouble_words(kind, Trouble.REFUSED))


def warn(kind: Kind | None, error: Exception) -> None:
    """The details, in English, for whoever opens the console: the player is told in their language."""
    window.console.warn(f"minesweeper: {kind.key if kind else 'storage'}: {js_error_name(error)}: {error}")
