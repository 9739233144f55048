"""The page's one place for notes: what it shows there and what waits. Pure (no browser import): CPython
tests it; web/notes.py shows the note in front (the message line; the statistics question has its card).

Glossary:
    note      a short text for the player: `info`, an `error` (shown longer), or the `ask`, the statistics
              question (web/statsview.py), which waits for an answer instead of fading
    game      the game a note is about (the page's serial number of it), or None for the page's own notes
              (a link, storage, import): a new game drops the notes of the one before, shown or waiting
    front     the note shown; one at a time, so none is squeezed beside another
    waiting   the notes to show next, in order; the ask goes last: the player reads the result first
    asked     a note the player asked for (a hint, the odds): shown at once; an error it pushes aside waits
              to be read, an info it replaces is dropped
    stale     an info about the game in front, when a newer one about that game comes: the game moved on,
              the newer one says how it stands (a hint, then the loss's verdict); and an info the player
              asked for (a copied link, the statistics kept), when any newer info comes: it answered the
              player, who has moved on (the loss's verdict waited 6 s behind "kept now" otherwise)
    read      the front note faded (its time is up), was clicked away, or (the ask) answered: the next one
              comes to the front
    action    a button a note may carry, (command, label): it asks that command of the page (its
              `data-command`) and reads the note; the loss's verdict offers the game's review. A note with
              one stays as long as an error: the verdict faded after 6 s while the player still studied
              the board, its mark left without its reason (a phone review); the statistics question waits
              behind it, so not for ever
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Kind(StrEnum):
    """What a note is; the message line's `data-kind` (css/page.css colours an error)."""

    INFO = "info"
    ERROR = "error"
    ASK = "ask"


SECONDS = {Kind.INFO: 6.0, Kind.ERROR: 20.0}  # how long a note stays; the ask stays until it is answered
PAINT_SECONDS = 0.05  # a note about a lost board (its verdict) waits this long: the board is painted first


@dataclass(frozen=True)
class Note:
    text: str
    kind: Kind = Kind.INFO
    game: int | None = None
    action: tuple[str, str] | None = None  # (command, label): see the glossary

    @property
    def seconds(self) -> float | None:
        """How long it stays in front, or None: until the player reads or answers it (see action)."""
        return SECONDS[Kind.ERROR] if self.action is not None else SECONDS.get(self.kind)


@dataclass
class Notes:
    """The queue behind the one place. Each call returns the note in front after it (None: the place is
    empty), so the page redraws only when that changed."""

    front: Note | None = None
    waiting: list[Note] = field(default_factory=list)
    asked: bool = False  # the front note is one the player asked for (see `stale`)

    def post(self, note: Note, asked: bool = False) -> Note | None:
        """Add `note`: in front if the place is free (or holds the ask, which waits for any other note, or
        `asked`: the player asked for it), else in the queue, before the ask. The same text twice is one."""
        if note == self.front or note in self.waiting:
            return self.front
        pushed = self.front
        if (
            pushed is None
            or asked
            or (pushed.kind is Kind.ASK and note.kind is not Kind.ASK)
            or self.stale(pushed, note)
            or (self.asked and pushed.kind is note.kind is Kind.INFO)
        ):
            self.front, self.asked = note, asked
            if pushed is not None and pushed.kind is not Kind.INFO:
                self.waiting.insert(0, pushed)  # an error is read and the ask answered, later
        else:
            self.waiting.append(note)
        self.waiting.sort(key=lambda waiting: waiting.kind is Kind.ASK)  # stable: the ask last
        return self.front

    @staticmethod
    def stale(old: Note, new: Note) -> bool:
        return old.kind is new.kind is Kind.INFO and old.game is not None and old.game == new.game

    def read(self) -> Note | None:
        """The front note was read: the next one comes forward."""
        self.front = self.waiting.pop(0) if self.waiting else None
        self.asked = False
        return self.front

    def new_game(self, game: int) -> Note | None:
        """Game `game` starts: the notes about other games go, shown or waiting."""
        self.waiting = [note for note in self.waiting if note.game in (None, game)]
        if self.front is not None and self.front.game not in (None, game):
            return self.read()
        return self.front

    def withdraw(self, text: str) -> Note | None:
        """The note saying `text` goes, shown or waiting (what it says no longer stands in sight)."""
        return self._without(lambda note: note.text == text)

    def drop(self, kind: Kind) -> Note | None:
        """Every note of `kind` goes (the ask answered elsewhere, an earlier link's errors)."""
        return self._without(lambda note: note.kind == kind)

    def _without(self, gone: Callable[[Note], bool]) -> Note | None:
        """The notes `gone` picks go, waiting or in front (the next then comes forward)."""
        self.waiting = [note for note in self.waiting if not gone(note)]
        if self.front is not None and gone(self.front):
            return self.read()
        return self.front


class Messages(Protocol):
    """The one place as the page's parts use it (web/notes.py shows it). `say` posts a note: `game=True`
    ties it to the game on the board (a new game drops it), `asked=True` shows it at once."""

    @property
    def front(self) -> Note | None: ...
    def say(
        self,
        text: str,
        kind: Kind = Kind.INFO,
        *,
        game: bool = False,
        asked: bool = False,
        action: tuple[str, str] | None = None,
    ) -> None: ...
    def ask(self, question: str) -> None: ...
    def drop(self, kind: Kind) -> None: ...
    def withdraw(self, text: str) -> None: ...
