"""What stays with the player between visits: the game in progress, settings and statistics.

Listens to the app's signals and keeps storage.py up to date (ui/saved.py says in which shapes);
statsview.py is the part the player sees (consent prompt, statistics, export, import, reset).

Glossary:
    resume   at start-up, when the address names no game: the saved game in progress, on the board again
             with its time (the engine replays its log); saved with its clock counting (by a tab still
             shown, at its last move), its time goes on from that save: the think since is not lost
    left     a game under way counts as played and not won however it is left (web/app.py `abandon`):
             for another game, for a link at start-up (the game kept from the last visit), or by leaving
             the page with Remember the game off (`pagehide`). Then this tab's sessionStorage keeps the game
             under way, never to resume it, only to count it at the next start if the page went without a
             pagehide (a phone drops a hidden tab without one, and reloads it when shown again)
    consent  asked at the first finished game, until the player says yes; only the yes is stored. Before
             it: settings last for the visit (this tab's sessionStorage: a reload, or a phone that dropped
             the tab in the background, keeps them, flag mode included; closing the tab forgets them),
             statistics count this visit only, and nothing is written to localStorage except the game in
             progress (which the setting `remember_game` turns off)
    asked    the prompt has shown in this browser session: answered "Not now" or left alone, it does not
             come back at a reload; a new tab, or the browser opened again, is a new session and asks again
             at its first finished game. The mark lives in sessionStorage (ASKED, holding no data; per tab,
             gone when the tab closes); where the browser refuses it, every load asks once
    visit    results finished before the yes are kept as a list (and in sessionStorage, so a reload keeps
             them), so the yes adds them, exactly once, to whatever statistics were already stored
    tabs     statistics: a finished game is added to them as stored at that moment, so two tabs both count.
             A yes in one tab is heard in the others (storage event): each adds its visit's games, once,
             and keeps the next ones.
             One game in progress per browser, whatever the tabs: when another tab of the site saves the
             game, this tab's copy is older. A shown tab takes the saved game over at once (the board shows
             it as the other tab left it); a hidden one is stale: it writes nothing (closing it must not put
             the older game back) and takes the game over when it shows again. Going hidden or closed, a tab
             is stale too if the stored game is not the one it last read or wrote, event or not
    save     the game in progress is written at its start, and after each action once the board is painted
             and the page is idle (web/dom.py `after paint`): the moves made until then are written once. A
             page hidden or going writes the moves not yet written at once, in its own listeners (`leave`),
             so none is lost
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Protocol

from pyscript import document, window
from pyscript.ffi import is_none

from minesweeper import Action, BoardError, Game, State
from minesweeper.daily import Daily, InvalidDay, daily
from minesweeper.record import from_record
from ui import saved
from ui.history import entry_of
from ui.i18n import _, formats, sentences
from ui.notes import Kind, Messages
from ui.play import Play
from ui.saved import ASKED, CONSENT, GAME, RECORDS, SETTINGS, VISIT, Running, SavedError, Sight
from ui.settings import InForce, Settings
from ui.stats import Result, Stats, category
from ui.texts import board_zini
from ui.timer import Timer

from .clock import epoch_ms, now, today
from .dom import AfterPaint, Element, Signal, listen
from .storage import Storage


class App(Protocol):
    @property
    def play(self) -> Play: ...
    @property
    def timer(self) -> Timer: ...
    def start(self, play: Play, seconds: float = 0.0) -> None: ...
    def abandon(self) -> None: ...


def with_visit(stats: Stats, visit: saved.Visit) -> Stats:
    """`stats` with this visit's games added: their results, and their history entries where kept."""
    for size, result, entry in visit:
        stats = stats.add(size, result).stats
        if entry is not None:
            stats = stats.recorded(entry)
    return stats


class Keeper:
    def __init__(
        self, app: App, settings: InForce, notes: Messages, later: AfterPaint, sight: Callable[[], Sight]
    ) -> None:
        self.app, self.settings, self.notes, self.later = app, settings, notes, later
        self.sight = sight  # how the game is looked at now (zoom.py's centre, hints.py's odds and hint)
        self.problems: list[str] = []
        self.storage = Storage(self.problems.append)
        # Before the yes: settings, this visit's games, the prompt's mark. Quiet: a browser that refuses
        # storage has said so through the other.
        self.session = Storage(lambda problem: None, "sessionStorage")
        self.consent = self._read_consent()
        self.stats = Stats()
        self.visit: saved.Visit = []  # finished before the yes
        self.asked = self.session.read(ASKED) is not None
        self.changed: Signal[[]] = Signal()  # the statistics, or where they are kept
        self.resumed: Signal[[Sight]] = Signal()  # a game resumed: how it was looked at, to show again
        self.left: Signal[[Play, float]] = Signal()  # a game under way left by an earlier page: see `left`
        self.resuming: Sight | None = None  # until then the resumed game's own sight is the one to keep
        self.settings_kept = self._read_settings()  # first: its problems are told first
        if self.consent:
            self.stats = self._read_stats()
        else:
            self._load_visit()
        self.stale = False  # another tab saved the game since: see `tabs`
        self.gone = False  # the page went, its game under way counted as left: nothing more is saved
        self.unsaved = False  # an action since the game was last saved: its save waits for the paint
        listen(document, "visibilitychange", self.on_visibility)
        listen(window, "pagehide", self.on_pagehide)
        listen(window, "storage", self.on_storage)  # fires for other tabs' writes only

    # -- start-up ----------------------------------------------------------------------------------

    def _read_consent(self) -> bool:
        data = self.storage.read(CONSENT)
        if data is None:
            return False
        try:
            return saved.has_consent(data)
        except SavedError as error:
            self.storage.damaged(CONSENT, error)
            return False

    def _read_settings(self) -> Settings | None:
        """The settings kept (in this tab before the yes); None if none are."""
        data = (self.storage if self.consent else self.session).read(SETTINGS)
        if data is None:
            return None
        settings, invalid = saved.settings_from_data(Settings(), data)
        if invalid:
            window.console.warn(f"minesweeper: settings back to default: {', '.join(invalid)}")
            self.problems.append(_("Some saved settings were not valid and are back to their defaults."))
        return settings

    def _load_visit(self) -> None:
        """This visit's games finished before a reload, back in its statistics."""
        data = self.session.read(VISIT)
        if data is None:
            return
        with suppress(SavedError):  # damaged: this visit's games are cheap to lose
            self.visit = saved.visit_from_data(data)
        self.stats = with_visit(self.stats, self.visit)

    def _read_stats(self) -> Stats:
        data = self.storage.read(RECORDS)
        if data is None:
            return Stats()
        try:
            return saved.records_from_data(data)
        except SavedError as error:
            self.storage.damaged(RECORDS, error)
            return Stats()

    def stored_game(
        self, storage: Storage | None = None
    ) -> tuple[Running, Play] | SavedError | BoardError | None:
        """The game in progress as stored (in `storage`: localStorage unless given): None if there is none
        (or it is not remembered), the error if it cannot be read."""
        if storage is None and not self.remember:
            return None
        data = (storage or self.storage).read(GAME)
        if data is None:
            return None
        try:
            running = Running.from_data(data)
            game = from_record(running.record)
        except (SavedError, BoardError) as error:
            return error
        daily = self._daily(running, game)
        return running, Play(
            game, help=running.help, daily=daily, seed_link=running.seed_link, attempt=running.attempt
        )

    def resume(self) -> bool:
        """Put the saved game in progress back on the board; False if there is none to resume."""
        stored = self.stored_game()
        if stored is None:
            return False
        if not isinstance(stored, tuple):
            window.console.warn(f"minesweeper: the saved game could not be resumed: {stored}")
            self.problems.append(_("The saved game could not be resumed; here is a new game."))
            return False
        running, play = stored
        self.settings.set(self.settings.current.with_size(play.game.size))
        self.resuming = running.sight  # saved as it was by the new game's save, not as the page is now
        self.app.start(play, running.elapsed_at(epoch_ms()))
        self.resuming = None
        self.resumed.emit(running.sight)
        if window.document.hidden:
            self.app.timer.pause()
        return True

    @staticmethod
    def _daily(running: Running, game: Game) -> Daily | None:
        """The daily board a resumed game is, if its record says so and the board is that day's."""
        if running.daily is None:
            return None
        try:
            made = daily(*running.daily)
        except InvalidDay:
            return None
        return made if made.board == game.board else None

    def report(self) -> None:
        """Say what went wrong with stored data at start-up: every problem, one sentence each (a count of
        the others told the player nothing they could act on)."""
        if self.problems:
            self.notes.say(sentences(*self.problems), Kind.ERROR)
            self.problems.clear()
        self.storage.tell = self.say

    def say(self, text: str) -> None:
        self.notes.say(text, Kind.ERROR)

    # -- the game in progress ----------------------------------------------------------------------

    @property
    def remember(self) -> bool:
        return bool(self.settings.current.remember_game)

    def on_started(self, play: Play) -> None:
        self.save_game()

    def on_acted(self, play: Play, action: Action, seconds: float) -> None:
        """Saved after the paint, once for all the actions until then (see `save`)."""
        self.unsaved = True
        self.later.ask("save the game", self.save_unsaved, idle=True)

    def save_unsaved(self) -> None:
        if self.unsaved:
            self.save_game()

    def save_game(self) -> None:
        """Keep the game in progress: for a reload, or (not remembered) under way in this tab, to count it
        if the tab goes without a word (see `left`). What waited to be saved is saved now, or dropped with
        the tab's older game (stale, or gone)."""
        self.unsaved = False
        play = self.app.play
        if self.stale or self.gone or not play.is_own:
            return
        if not self.remember and play.game.state is not State.PLAYING:
            self.session.remove(GAME)
            return
        timer = self.app.timer
        elapsed = timer.elapsed()
        ticking = epoch_ms() if timer.counting and play.game.state is State.PLAYING else None
        running = Running.of(play, elapsed, self.resuming or self.sight(), ticking)
        (self.storage if self.remember else self.session).write(GAME, running.to_data())

    def on_visibility(self, _event: Element) -> None:
        # A hidden page does not count time: a phone in a pocket or a closed app resumes where it was.
        if document.hidden:
            self.app.timer.pause()
            self.leave()
        elif not (self.stale and self.take_over()):
            self.app.timer.resume()

    def on_pagehide(self, event: Element) -> None:
        """The page goes: saved as when hidden; a game under way and not remembered is left, and counts.
        Not when the browser keeps the page to show it again (the back button): this tab's copy counts it
        if it never comes back."""
        self.leave()
        if not self.remember and not event.persisted and self.app.play.game.state is State.PLAYING:
            self.app.abandon()
            self.session.remove(GAME)
            self.gone = True  # the hidden page's save, which comes next, must not put it back

    def leave(self) -> None:
        """The page is hidden or closed: save the game now, the moves that waited for a paint too (see
        `save`), unless another tab's newer one is stored, its storage event not yet here (a tab closed
        right after the other's move must not write its older game back). Checked here, not at every move:
        the event keeps a shown tab up to date."""
        self.stale = self.stale or self.storage.changed_elsewhere(GAME)
        self.save_game()

    def on_storage(self, event: Element) -> None:
        """Another tab saved the game in progress (not removed it): ours is older. Or it changed the
        statistics: the panel shows them as they are now. Or its player said yes: this tab keeps its games
        too."""
        if event.key == CONSENT.key and not self.consent and self._read_consent():
            self.consent = True  # the yes is the browser's: the games of this tab's visit count once
            self._keep_visit()
            return
        if event.key == RECORDS.key and self.shared_records:
            self.stats = self._read_stats()
            self.report()
            self.changed.emit()
            return
        if event.key != GAME.key or is_none(event.newValue) or not self.remember:
            return
        self.stale = True
        if not document.hidden:
            self.take_over()

    def take_over(self) -> bool:
        """Show the game another tab saved, as it left it; from now on this tab saves it again. Still stale
        while it resumes: the resumed game is saved as a new one, and a copy that differs (by the clock's
        last milliseconds, say) would wake the other tab in turn. False if it could not be resumed: this
        tab's game stays, and is saved again."""
        before = self.app.play.game.board  # None before a random game's first click: no mines placed
        resumed = self.resume()
        if resumed:
            self.notes.say(
                _("This game went on in another tab: here it is as that tab left it.")
                if before is not None and before == self.app.play.game.board
                else _("Another tab started a new game, which replaced this one: here it is.")
            )
        self.stale = False
        return resumed

    # -- settings and statistics -------------------------------------------------------------------

    def on_settings(self, settings: Settings) -> None:
        (self.storage if self.consent else self.session).write(SETTINGS, settings.to_record())
        if settings.remember_game:
            self.session.remove(GAME)
        else:
            self.storage.remove(GAME)
        self.save_game()  # where it is kept now: a game under way stays counted if left

    def record_end(self, play: Play, seconds: float, attempt: bool = False) -> str:
        """Count a finished game (`attempt`: the day's attempt at its daily board, web/daily.py); what the
        win panel says of its time: a new best, or ""."""
        return self.record(play, seconds, attempt=attempt) if play.counts else ""

    def record_left(self, play: Play, seconds: float, attempt: bool = False) -> None:
        """A game left under way: played and not won (no prompt, no win note); not the solver's."""
        if play.counts:
            self.record(play, seconds, abandoned=True, attempt=attempt)

    def abandon_stored(self) -> None:
        """At start-up, a link wins over the game in progress kept from the last visit: if that game was under
        way, it counts as abandoned, as it would have in the tab that played it."""
        self._count_left(self.stored_game())

    def abandon_unsaid(self) -> None:
        """At start-up: the game this tab had under way, not remembered, if its page went without a pagehide
        (a phone dropped the tab): left, it counts (see `left`)."""
        stored = self.stored_game(self.session)
        self.session.remove(GAME)
        self._count_left(stored)

    def _count_left(self, stored: tuple[Running, Play] | SavedError | BoardError | None) -> None:
        if not isinstance(stored, tuple):
            return  # nothing to count: resume() would have said why it could not be used
        running, play = stored
        if play.game.state is State.PLAYING:
            self.left.emit(play, running.elapsed)

    def record(self, play: Play, seconds: float, abandoned: bool = False, attempt: bool = False) -> str:
        """Add `play`'s game to the statistics and the history; the new-best words, or ""."""
        game = play.game
        result = Result.of(play, seconds, today(), abandoned, attempt)
        if self.shared_records:
            # Added to the statistics as stored now, not to this tab's copy: another tab may have added
            # its own games since, and writing this copy back would lose them.
            self.stats = self._read_stats()
            self.report()
        name = category(game.size, result.no_guess)
        entry = entry_of(
            game,
            seconds,
            name,
            now(),
            board_zini(game),
            hints=result.hints,
            odds=result.odds,
            given=result.given,
            attempt=result.attempt,
        )
        added = self.stats.add(game.size, result)
        self.stats = added.stats.recorded(entry)
        if self.consent:
            self.storage.write(RECORDS, saved.records_to_data(self.stats))
        else:
            self.visit.append((game.size, result, entry))
            self.session.write(VISIT, saved.visit_to_data(self.visit))
        self.changed.emit()
        if added.rank == 1 and self.stats.tally(name).won > 1:
            return _("A new best time: {time}!").format(time=formats().seconds(seconds, 2))
        return ""

    @property
    def shared_records(self) -> bool:
        """The statistics are in storage, for every tab: kept (the yes) and in a format this version can
        write (not left untouched for a newer one, which said so once)."""
        return self.consent and RECORDS.key not in self.storage.locked

    @property
    def should_ask(self) -> bool:
        """At the first finished game of a browser session, until the player says yes."""
        return not self.consent and not self.asked and bool(self.visit)

    def mark_asked(self) -> None:
        """The prompt has shown: not again in this browser session, whatever the answer."""
        self.asked = True
        self.session.write(ASKED, True)  # blocked or full: it may come back at a reload, nothing worse

    def agree(self) -> bool:
        """The player said yes: store the answer, the settings and the statistics, this visit's included.
        False if storage refused any of them (full or blocked): then nothing changes, the answer is taken
        back, and this visit's games stay in the tab as before, rather than be dropped as kept."""
        if not self.storage.write(CONSENT, saved.consent_data(today())):
            return False
        self.consent = True
        if not (self.storage.write(SETTINGS, self.settings.current.to_record()) and self._keep_visit()):
            self.consent = False
            self.storage.remove(CONSENT)  # the statistics as stored are unchanged: the yes is not kept
            return False
        return True

    def _keep_visit(self) -> bool:
        """Add this visit's games to the statistics as stored, once: the list goes. False if they could not
        be stored: the list stays."""
        records = with_visit(self._read_stats(), self.visit)
        if not self.storage.write(RECORDS, saved.records_to_data(records)):
            return False
        self.visit.clear()
        self.session.remove(VISIT)
        self.stats = records
        self.changed.emit()
        return True

    def replace_stats(self, records: Stats) -> None:
        self.stats = records
        if self.consent:
            self.storage.write(RECORDS, saved.records_to_data(records))
        self.changed.emit()

    def reset_stats(self) -> None:
        self.stats = Stats()
        self.visit.clear()
        self.session.remove(VISIT)
        self.storage.remove(RECORDS)
        self.changed.emit()
