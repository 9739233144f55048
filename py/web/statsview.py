"""The player's side of saved.py: the consent prompt, the statistics panel, export, import and reset.

Glossary:
    consent prompt  the question at the first finished game of a browser session (the tab). After a win it
                    comes with the result, in the win panel (#win-consent). After a loss it is a card
                    (#consent) at the foot of the page, the one place for notes: it waits there until the
                    loss's note is read (ui/notes.py), so the two never share the place. Not a <dialog>,
                    so the board and its keys (N: new game) stay live while it shows. A new game puts it
                    away unanswered, as "Not now" would: it covers the toolbar (flag mode, zoom), which the
                    next game needs. Once shown, answered or not, a reload does not bring it back; a new tab
                    or a later visit does (saved.py: asked); one a new game dropped unseen asks again at the
                    next finished game
    statistics      #stats-dialog: ui/statsview.py's cards and game history, whether they are kept, and the
                    data buttons; the history's order buttons redraw it, a game's Replay button puts that
                    game on the board as it ended (a game under way there asks first, games.py) and plays
                    its replay (replay.py); its Review button opens its review (review.py) over the game on
                    the board, which waits untouched
    luck            #stats-luck (ui/luck.py): the solver plays each kept game again while the panel is open,
                    a game at a time, the browser's turn between two; the results stay for the visit
    export          a JSON file (saved.export_text) offered as a download through a Blob link
    import          a file chosen by the player, read by saved.plan_import; #confirm-dialog lists what it
                    would change and nothing changes before the player confirms
    reset           erases the statistics after a confirmation; settings stay
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from pyscript import document, window
from pyscript.ffi import to_js

from minesweeper import BoardError, Game, State
from minesweeper.record import from_record
from ui import saved
from ui.daily import summary
from ui.history import Entry, Order
from ui.i18n import _, formats, ngettext, pgettext, sentences
from ui.notes import PAINT_SECONDS, Kind, Messages, Note
from ui.play import Help, Play
from ui.saved import SavedError
from ui.settings import InForce, setting_name
from ui.statsview import caption, erased, stats_html

from .clock import today
from .daily import DailyBoards
from .dom import Element, Question, attr, closes_on_backdrop, kept, listen
from .saved import Keeper
from .view import View

GHOSTS_A_TURN = 8  # games the solver plays again before the luck section is drawn anew
Key = tuple[str, str, str, float]  # a history entry's key


class App(Protocol):
    @property
    def play(self) -> Play: ...


class Games(Protocol):
    def leave_then(self, then: Callable[[], object]) -> None: ...
    def finished(self, game: Game, seconds: float, help: Help) -> None: ...


class Replays(Protocol):
    def open(self) -> None: ...


class Reviews(Protocol):
    def open(self, game: Game) -> None: ...


class StatsPanel:
    def __init__(
        self,
        app: App,
        settings: InForce,
        view: View,
        notes: Messages,
        keeper: Keeper,
        dailies: DailyBoards,
        games: Games,
        replays: Replays,
        reviews: Reviews,
    ) -> None:
        self.app, self.settings, self.view, self.notes = app, settings, view, notes
        self.keeper, self.dailies, self.games, self.replays = keeper, dailies, games, replays
        self.reviews = reviews
        self.ghosts: dict[Key, bool | None] = {}  # the solver's result on each kept game (ui/luck.py)
        self._ghosting: asyncio.Future[None] | None = None
        self.consent = document.getElementById("consent")
        self.win_consent = document.getElementById("win-consent")
        self.stats = document.getElementById("stats-dialog")
        self.confirm_dialog = document.getElementById("confirm-dialog")
        self.file = document.getElementById("import-file")
        self.confirming = Question(self.confirm_dialog, "ok")
        self.order = Order.LATEST
        self._revoke_proxy: Element = None
        self._asking: asyncio.Future[None] | None = None  # kept: asyncio holds its tasks weakly
        listen(document, "click", self.on_click)
        listen(self.file, "change", self.on_file)
        for dialog in (self.stats, self.confirm_dialog):
            closes_on_backdrop(dialog)

    def on_click(self, event: Element) -> None:
        """One listener for every button of ours, wherever it sits: `data-consent` answers the prompt,
        `data-data` runs export, import or reset (the statistics open by a command: commands.py)."""
        button = event.target.closest(
            "[data-consent], [data-data], [data-history-order], [data-history-replay], [data-history-review]"
        )
        if not button:  # JS null
            return
        review = attr(button, "data-history-review")
        if review is not None:
            self.review(int(review))
            return
        order, replay = attr(button, "data-history-order"), attr(button, "data-history-replay")
        if order is not None:
            self.order = Order(order)
            self.refresh()
            self.stats.querySelector(f'[data-history-order="{order}"]').focus()  # redrawn: keep the focus
            return
        if replay is not None:
            self.replay(int(replay))
            return
        answer, action = attr(button, "data-consent"), attr(button, "data-data")
        if answer is not None:
            self.answer(answer == "yes")
        elif action == "export":
            self.export()
        elif action == "import":
            self.file.value = ""
            self.file.click()
        elif action == "reset":
            self.confirm_reset()

    # -- consent -----------------------------------------------------------------------------------

    def on_started(self, play: Play) -> None:
        self.win_consent.hidden = True  # the new game dropped the question from the notes (notes.py)

    def offer(self, play: Play) -> None:
        """A game ended: ask whether to keep the statistics, if this browser session has not been asked."""
        if not self.keeper.should_ask:
            return
        question = document.getElementById("consent-title").textContent
        if play.game.state is State.WON:  # with the result: in the win panel, which opens next
            self.keeper.mark_asked()
            self.win_consent.hidden = False
            self.view.announce(
                _("{question} Its answers are in the win panel.").format(question=question), more=True
            )
        else:  # after the loss's note (hints.py: the verdict, PAINT_SECONDS on), then in its turn (on_note)
            self._asking = asyncio.ensure_future(self.ask_after(play.game, question))

    async def ask_after(self, game: Game, question: str) -> None:
        await asyncio.sleep(2 * PAINT_SECONDS)  # the verdict is written at the end of its own wait
        if self.app.play.game is game:
            self.notes.ask(question)

    def on_note(self, note: Note | None) -> None:
        """The one place's front changed: the question shows when it is in front, else it hides."""
        if note is not None and note.kind is Kind.ASK:
            if self.consent.hidden:
                self.consent.hidden = False
                if self.keeper.should_ask:  # the first time it shows
                    self.keeper.mark_asked()
                    question = document.getElementById("consent-title").textContent
                    self.view.announce(
                        _("{question} Its answers follow the board.").format(question=question)
                    )
        elif not self.consent.hidden:
            self.hide()

    def put_away(self) -> None:
        """Take the question away unanswered (the replay takes its place)."""
        self.notes.drop(Kind.ASK)

    def hide(self) -> None:
        """Hide the prompt. A focus on its buttons goes back to the board for a keyboard player, to the page
        for a mouse player, at once: the browser would only notice the hidden button later, and the game's
        keys wait until it does."""
        focused = document.activeElement
        self.consent.hidden = True
        if focused is not None and self.consent.contains(focused):
            if focused.matches(":focus-visible"):
                self.view.move_focus(self.view.focus)
            else:
                focused.blur()

    def answer(self, yes: bool) -> None:
        self.win_consent.hidden = True
        self.put_away()
        if yes:
            if self.keeper.agree():
                self.notes.say(_("Your statistics and settings are now kept on this device."), asked=True)
            else:
                self.notes.say(
                    _(
                        "Could not keep your statistics: this browser's storage is full or blocked. They last"
                        " until you close the page."
                    ),
                    Kind.ERROR,
                    asked=True,
                )

    # -- statistics --------------------------------------------------------------------------------

    def open_stats(self) -> None:
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()  # opened from the settings dialog: one modal at a time
        self.refresh()
        self.stats.showModal()
        self.show_luck()  # open now: the solver may start on the kept games it has not played

    def on_stats_changed(self) -> None:
        """The statistics changed (a game, an import, another tab, the yes): a yes moves this tab's daily
        results to storage first, then the panel shows them all as they are now."""
        self.dailies.settle()
        self.refresh()

    def refresh(self) -> None:
        document.getElementById("stats-body").innerHTML = stats_html(self.keeper.stats, self.order)
        line = summary(self.dailies.results, today())  # kept apart: web/daily.py
        document.getElementById("stats-daily").textContent = line
        saving = document.getElementById("stats-saving")
        saving.textContent = (
            _("Kept in this browser, on this device only.")
            if self.keeper.consent
            else _("Not kept: these figures last until you close the page.")
        )
        document.getElementById("stats-keep").hidden = self.keeper.consent
        self.show_luck()

    def show_luck(self) -> None:
        """The luck section as it stands; the solver goes on with the kept games it has not played."""
        from ui.luck import is_kept, luck_html

        entries = self.keeper.stats.history.entries
        document.getElementById("stats-luck").innerHTML = luck_html(entries, self.ghosts)
        waiting = any(is_kept(e) and e.key not in self.ghosts for e in entries)
        if waiting and self.stats.open and (self._ghosting is None or self._ghosting.done()):
            self._ghosting = asyncio.ensure_future(self.play_ghosts())

    async def play_ghosts(self) -> None:
        """The solver plays the kept games it has not played, the latest first, while the panel is open."""
        from ui.luck import ghost_won, is_kept, luck_html

        await asyncio.sleep(0)  # the panel shows first
        while self.stats.open:
            entries = self.keeper.stats.history.entries
            todo = [e for e in entries if is_kept(e) and e.key not in self.ghosts]
            if not todo:
                break
            for entry in todo[::-1][:GHOSTS_A_TURN]:
                self.ghosts[entry.key] = ghost_won(entry)
                await asyncio.sleep(0)
            if self.stats.open:
                document.getElementById("stats-luck").innerHTML = luck_html(entries, self.ghosts)

    def history_game(self, index: int) -> tuple[Entry, Game] | BoardError | None:
        """The history's game `index` with its entry, the error its record gives, or None without one."""
        entries = self.keeper.stats.history.entries
        entry = entries[index] if 0 <= index < len(entries) else None
        if entry is None or entry.record is None:
            return None
        try:
            return entry, from_record(entry.record)
        except BoardError as error:
            return error

    def review(self, index: int) -> None:
        """Open the review of the history's game `index` over the game on the board, which waits."""
        found = self.history_game(index)
        if isinstance(found, BoardError):
            window.console.warn(f"minesweeper: history game {index}: {found}")
            self.notes.say(_("This game cannot be reviewed: its record is damaged."), Kind.ERROR, asked=True)
        elif found is not None:
            self.stats.close()
            self.reviews.open(found[1])

    def replay(self, index: int) -> None:
        """Put the history's game `index` on the board as it ended, then play its replay."""
        found = self.history_game(index)
        if isinstance(found, BoardError):
            window.console.warn(f"minesweeper: history game {index}: {found}")
            self.notes.say(_("This game cannot be replayed: its record is damaged."), Kind.ERROR, asked=True)
            return
        if found is None:
            return
        entry, game = found
        self.stats.close()

        def show() -> None:
            self.games.finished(game, entry.seconds, Help(entry.hints, entry.odds))
            self.replays.open()

        self.games.leave_then(show)

    # -- export, import, reset ---------------------------------------------------------------------

    def export(self) -> None:
        date = today()
        text = saved.export_text(self.settings.current, self.keeper.stats, date, self.dailies.results)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, f"minesweeper-{date}.json"
        link.click()
        self._revoke(url)

    def _revoke(self, url: str) -> None:
        # Later, not now: the download reads the Blob after this handler returns.
        if self._revoke_proxy is None:
            self._revoke_proxy = kept(window.URL.revokeObjectURL)
        window.setTimeout(self._revoke_proxy, 60_000, url)

    def on_file(self, _event: Element) -> None:
        if self.file.files.length:
            self._reading = asyncio.ensure_future(self.read_import(self.file.files.item(0)))

    async def read_import(self, file: Element) -> None:
        try:
            text = await file.text()
            plan = saved.plan_import(text, self.settings.current, self.keeper.stats, today())
        except SavedError as error:
            window.console.warn(f"minesweeper: import {file.name}: {error}")
            text = _("Could not import {file}: it is not a statistics file of this game, or it is damaged.")
            self.notes.say(text.format(file=file.name), Kind.ERROR, asked=True)
            return
        except Exception as error:  # the browser could not read the file
            window.console.warn(f"minesweeper: import {file.name}: {error}")
            self.notes.say(_("Could not read {file}.").format(file=file.name), Kind.ERROR, asked=True)
            return
        refused = left_out(plan.refused)
        if not plan.changes:
            nothing = _("Nothing to import: {file} holds nothing new.").format(file=file.name)
            self.notes.say(sentences(nothing, refused), asked=True)
            return
        notes = [refused, _("These figures and settings will change:")]
        if plan.invalid_settings:
            names = formats().join([setting_name(name) for name in plan.invalid_settings])
            notes.append(
                _("Settings not valid in the file, left as they are: {settings}.").format(settings=names)
            )
        if not self.keeper.consent:
            notes.append(_("Importing also keeps your statistics and settings on this device from now on."))

        def apply() -> None:
            if not self.keeper.consent and not self.keeper.agree():
                text = _(
                    "Could not import {file}: this browser's storage is full or blocked, nothing can be kept."
                )
                self.notes.say(text.format(file=file.name), Kind.ERROR, asked=True)
                return
            self.keeper.replace_stats(self.keeper.stats.merge(plan.theirs))
            self.dailies.replace(plan.dailies)
            if plan.settings != self.settings.current:
                self.settings.change(plan.settings)
            self.notes.say(_("Imported {file}.").format(file=file.name), asked=True)

        self.confirm(
            _("Import {file}?").format(file=file.name),
            sentences(*notes),
            plan.changes,
            pgettext("button", "Import"),
            apply,
        )

    def confirm_reset(self) -> None:
        records = self.keeper.stats
        if not records.tallies:
            self.notes.say(_("Nothing to reset: no finished game yet."), asked=True)
            return
        lines = [erased(caption(name), records.tally(name)) for name in records.categories()]
        self.confirm(
            _("Reset statistics?"),
            _(
                "Every figure, best time and game of the history is erased; settings stay. Export them first"
                " to"
                " keep a copy."
            ),
            lines,
            pgettext("button", "Reset"),
            self.keeper.reset_stats,
        )

    def confirm(self, title: str, text: str, lines: list[str], ok: str, then: Callable[[], None]) -> None:
        document.getElementById("confirm-title").textContent = title
        document.getElementById("confirm-text").textContent = text
        document.getElementById("confirm-ok").textContent = ok
        items = document.getElementById("confirm-list")
        items.replaceChildren()
        for line in lines:
            item = document.createElement("li")
            item.textContent = line
            items.append(item)
        self.confirming.ask(then)


def left_out(refused: list[str]) -> str:
    """The sentence naming the records an import leaves out (ui/limits.py); "" for none."""
    if not refused:
        return ""
    sentence = ngettext(
        "{count} record no player could make is left out: {records}.",
        "{count} records no player could make are left out: {records}.",
        len(refused),
    )
    return sentence.format(count=formats().number(len(refused)), records=formats().join(refused))
