"""The message line (#message): the note in front of ui/notes.py's queue, shown until it fades or is
clicked away; the statistics question, when in front, is web/statsview.py's card instead.

Glossary:
    say       post a note: `game=True` ties it to the game on the board (a new game drops it), `asked=True`
              shows it at once (the player asked: a hint, a copied link)
    question  the statistics question (Kind.ASK), posted for this game after its other notes
    front     the note shown; `front_changed` tells the statistics card when the question comes forward
    action    a note's button (ui/notes.py): `data-command`, which commands.py runs like any other; the
              click reads the note too
    held      the notes' band keeps room for a short note (css/page.css); a longer one makes it taller, and
              it stays that tall until a new game or a new size of the screen, so the board, which gave up
              that height, does not grow back under the player's finger when the note fades
"""

from __future__ import annotations

from ui.notes import Kind, Note, Notes

from .dom import Element, Signal, kept, listen


class MessageLine:
    def __init__(self, document: Element, window: Element) -> None:
        self.document, self.window = document, window
        self.line = document.getElementById("message")
        self.queue = Notes()
        self.front: Note | None = None  # as shown
        self.serial = 0  # the game on the board (App.start tells), which `game=True` notes are about
        self.front_changed: Signal[[Note | None]] = Signal()
        self._fading: int | None = None  # the browser's id for the front note's fading
        self._read = kept(lambda: self.show(self.queue.read()))
        self.band = self.line.parentElement
        self.held = 0.0  # px: see the glossary
        listen(self.line, "click", lambda event: self.show(self.queue.read()))
        listen(window, "resize", lambda event: self.let_go())

    def say(
        self,
        text: str,
        kind: Kind = Kind.INFO,
        *,
        game: bool = False,
        asked: bool = False,
        action: tuple[str, str] | None = None,
    ) -> None:
        self.show(self.queue.post(Note(text, kind, self.serial if game else None, action), asked))

    def ask(self, question: str) -> None:
        """The statistics question, for this game, after its other notes."""
        self.show(self.queue.post(Note(question, Kind.ASK, self.serial)))

    def drop(self, kind: Kind) -> None:
        self.show(self.queue.drop(kind))

    def withdraw(self, text: str) -> None:
        self.show(self.queue.withdraw(text))

    def new_game(self, serial: int) -> None:
        """Game `serial` is on the board now: the notes of the one before go."""
        self.serial = serial
        self.let_go()
        self.show(self.queue.new_game(serial))
        self.hold()  # a page's note (a link's error) stays over the new game

    def hold(self) -> None:
        if not self.line.hidden:
            height = self.band.getBoundingClientRect().height  # a layout, once a note
            if height > self.held:
                self.held = height
                self.band.style.minHeight = f"{height}px"

    def let_go(self) -> None:
        if self.held:
            self.held = 0.0
            self.band.style.minHeight = ""

    def show(self, note: Note | None) -> None:
        if note is self.front:
            return
        self.front = note
        if self._fading is not None:
            self.window.clearTimeout(self._fading)
            self._fading = None
        text = "" if note is None or note.kind is Kind.ASK else note.text
        self.line.textContent = text
        if text and note is not None and note.action is not None:
            command, label = note.action
            button = self.document.createElement("button")
            button.type, button.className, button.textContent = "button", "note-action", label
            button.setAttribute("data-command", command)
            self.line.append(" ", button)
        self.line.setAttribute("data-kind", note.kind if note is not None else Kind.INFO)
        self.line.hidden = not text
        self.hold()
        if note is not None and note.seconds is not None:
            self._fading = self.window.setTimeout(self._read, note.seconds * 1000)
        self.front_changed.emit(note)
