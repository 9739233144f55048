"""The message line (#message): the note in front of ui/notes.py's queue, shown until it fades or is
clicked away; the statistics question, when in front, is web/statsview.py's card instead.

Glossary:
    say       post a note: `game=True` ties it to the game on the board (a new game drops it), `asked=True`
              shows it at once (the player asked: a hint, a copied link)
    question  the statistics question (Kind.ASK), posted for this game after its other notes
    front     the note shown; `front_changed` tells the statistics card when the question comes forward
    action    a note's button (ui/notes.py): `data-command`, which commands.py runs like any other; the
              click reads the note too
    band      the notes' place under the board (css/page.css), with the other cards there (the no-guess
              offer, the update prompt, the folded win panel, the statistics question): its height, as it
              changes, is the board's `--notes-h` (css/board.css), which the board's size leaves out, so a
              note that comes or goes mid-game neither shrinks the board nor moves a cell: the board's well
              gives up that height instead, its last rows scrolled out of sight while the note shows
    echo      a note said while a modal dialog is open is said in the dialog too, at the end of its words,
              before its buttons (`.dialog-note`): the band lies under the dialog's backdrop, or under the
              dialog itself on a phone (Share in the win panel confirmed nothing there, a failed import in
              the statistics spoke from under them); it goes with the dialog, or with the note
    fitted    the band's height when the board was put on, with the notes said with it (a link's fault, the
              daily board's start, practice's), measured before its first paint: the board fits what they
              leave, whole in sight, and `--notes-h` is what the band took or gave back since (negative once
              such a note is read), so the cells keep that size and place all game; a game resumed under way
              (a reload) fits the band as it was before its notes came back, as it was played
"""

from __future__ import annotations

from ui.notes import Kind, Note, Notes

from .dom import Element, Signal, kept, listen

ECHO_MS = 50  # a new live region's words come this long after it (see echo)


def notes_room(document: Element) -> float:
    """The height the notes' band takes from the board's area now (see band): all of it in a row of its
    own; on a desktop, where it is a status line in the tools' row below the board, what it adds to the
    tools' height."""
    band, tools = document.querySelector(".notes").getBoundingClientRect(), document.querySelector(".toolbar")
    area, row = document.querySelector(".board-area").getBoundingClientRect(), tools.getBoundingClientRect()
    height = float(band.height)
    if row.top >= area.bottom - 1 and band.top < row.bottom and row.top < band.bottom:  # one row
        height = max(0.0, height - row.height)
    return height


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
        self.echoed: str | None = None  # the id of the dialog the front note is said in too (see echo)
        self._echo_later = kept(self.echo_later)
        document.addEventListener("close", kept(self.on_close), True)
        listen(self.line, "click", lambda event: self.show(self.queue.read()))
        self.room = 0.0  # the band's height as last measured (`notes_room`)
        self.fitted = 0.0  # see the glossary
        self.fresh = False  # a game was put on the board and is not painted yet: its notes fit it
        self.written = ""  # --notes-h as last written
        self._painted = kept(lambda *_: window.setTimeout(self._settled, 0))  # after the next frame
        self._settled = kept(lambda *_: setattr(self, "fresh", False))
        # After layout, before the paint: the board's new fit is laid out in the same frame.
        tell = kept(lambda entries, _: self.leave_out())
        observer = window.ResizeObserver.new(tell)
        observer.observe(self.line.parentElement)
        observer.observe(document.querySelector(".toolbar"))  # the replay's controls change its height

    def leave_out(self) -> None:
        """Write the board's --notes-h for the band as it is now (see band and fitted). The band's observer
        asks before each paint; a part that measures the board before then (zoom.py, restoring a place)
        asks first."""
        self.room = notes_room(self.document)
        if self.fresh:
            self.fitted = self.room
        self.write_room()

    def write_room(self) -> None:
        height = f"{self.room - self.fitted}px"
        if height != self.written:  # a property written again restyles the board
            self.written = height
            self.document.querySelector(".game").style.setProperty("--notes-h", height)

    def echo(self, text: str, kind: Kind) -> None:
        """Say the front note's `text` in the modal dialog open now, if any (see echo); empty an echo said in
        a dialog no longer open, or in front no longer."""
        dialog = self.document.querySelector("dialog:modal") if text else None  # JS null: a falsy JsNull
        place = str(dialog.id) if dialog else None
        if self.echoed is not None and self.echoed != place:
            self.unsay(self.echoed)
        self.echoed = place
        if not dialog:
            return
        echo = dialog.querySelector(".dialog-note")
        if not echo:  # a live region, made empty: the words it is made with are not always read out
            echo = self.document.createElement("p")
            echo.className = "dialog-note card"
            echo.setAttribute("role", "status")
            form = dialog.querySelector("form") or dialog
            last = form.lastElementChild
            form.insertBefore(echo, last if last and last.matches(".buttons") else None)
            self.window.setTimeout(self._echo_later, ECHO_MS)
        else:
            echo.textContent = text
        echo.setAttribute("data-kind", kind)

    def echo_later(self) -> None:
        """The words of an echo just made (see echo), unless it is gone by now."""
        if self.echoed is not None and self.front is not None:
            echo = self.document.querySelector(f"#{self.echoed} .dialog-note")
            if echo:
                echo.textContent = self.front.text

    def unsay(self, dialog: str) -> None:
        echo = self.document.querySelector(f"#{dialog} .dialog-note")
        if echo:
            echo.textContent = ""

    def on_close(self, event: Element) -> None:
        """A dialog closed (a capture listener: `close` does not bubble): its echo goes with it."""
        if self.echoed is not None and str(event.target.id) == self.echoed:
            self.unsay(self.echoed)
            self.echoed = None

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

    def new_game(self, serial: int, fit: bool = True) -> None:
        """Game `serial` is on the board now: the notes of the one before go. `fit`: its board fits the
        notes said with it (see fitted); not a game resumed under way, whose notes come back with it: its
        cells keep the size they had."""
        self.serial = serial
        self.show(self.queue.new_game(serial))
        # Until its first paint, the band's observer fits the board to the notes said with it (see fitted);
        # if the band keeps its height, it says nothing, and the board fits the band as it was.
        self.fitted = self.room
        self.write_room()
        if fit:
            self.fresh = True
            self.window.requestAnimationFrame(self._painted)

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
        self.echo(text, note.kind if note is not None else Kind.INFO)
        if note is not None and note.seconds is not None:
            self._fading = self.window.setTimeout(self._read, note.seconds * 1000)
        self.front_changed.emit(note)
