"""What stays with the player between visits: the game in progress, settings and statistics.

Listens to the app's hooks and keeps storage.py up to date; datapanel.py is the part the player sees
(consent prompt, statistics, export, import, reset).

Glossary:
    resume   at start-up, when the address names no game: the saved game in progress, on the board again
             with its time (the engine replays its log)
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
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING

from pyscript import document, window
from pyscript.ffi import is_none

from minesweeper import Action, BoardError, Game, State
from minesweeper.analysis import analyse
from minesweeper.daily import Daily, InvalidDay, daily
from minesweeper.record import from_record, to_record
from ui import saved
from ui.history import entry_of
from ui.saved import ASKED, CONSENT, GAME, RECORDS, SETTINGS, VISIT, Running, SavedError, Sight
from ui.settings import Settings
from ui.stats import Result, Stats, category
from ui.texts import board_zini

from .dom import Element, listen
from .host import Signal
from .storage import Storage, capital

if TYPE_CHECKING:
    from .host import Host


def today() -> str:
    """The player's local date, YYYY-MM-DD."""
    return now()[:10]


def with_visit(stats: Stats, visit: saved.Visit) -> Stats:
    """`stats` with this visit's games added: their results, and their history entries where kept."""
    for size, result, entry in visit:
        stats = stats.add(size, result).stats
        if entry is not None:
            stats = stats.recorded(entry)
    return stats


def now() -> str:
    """The player's local date and time, YYYY-MM-DDTHH:MM:SS."""
    at = window.Date.new()
    return (
        f"{at.getFullYear():04d}-{at.getMonth() + 1:02d}-{at.getDate():02d}"
        f"T{at.getHours():02d}:{at.getMinutes():02d}:{at.getSeconds():02d}"
    )


class Keeper:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.problems: list[str] = []
        self.storage = Storage(self.problems.append)
        # Before the yes: settings, this visit's games, the prompt's mark. Quiet: a browser that refuses
        # storage has said so through the other.
        self.session = Storage(lambda problem: None, "sessionStorage")
        self.consent = self._read_consent()
        self.stats = Stats()
        self.visit: saved.Visit = []  # finished before the yes
        self.asked = self.session.read(ASKED) is not None
        self.on_change: Callable[[], None] = lambda: None  # the panel redraws
        # How the game is looked at (zoom.py's centre, hints.py's odds and hint; main.py), kept with it and
        # given back when it resumes; until then the resumed game's own is the one to keep.
        self.sight: Callable[[], Sight] = Sight
        self.resumed: Sight | None = None
        self.on_resume: Signal[[Sight]] = Signal()
        if self.consent:
            self._load_settings(self.storage)
            self.stats = self._read_stats()
        else:
            self._load_settings(self.session)
            self._load_visit()
        self.new_best = ""  # what the win panel says of the last finished game's time: a new best, or ""
        self.stale = False  # another tab saved the game since: see `tabs`
        listen(document, "visibilitychange", self.on_visibility)
        listen(window, "pagehide", lambda event: self.leave())
        listen(window, "storage", self.on_storage)  # fires for other tabs' writes only

    # -- start-up ----------------------------------------------------------------------------------

    def _read_consent(self) -> bool:
        data = self.storage.read(CONSENT)
        if data is None:
            return False
        try:
            return saved.has_consent(data)
        except SavedError as error:
            self.problems.append(f"{str(error).capitalize()}; you will be asked again.")
            return False

    def _load_settings(self, storage: Storage) -> None:
        data = storage.read(SETTINGS)
        if data is None:
            return
        settings, invalid = saved.settings_from_data(Settings(), data)
        if invalid:
            self.problems.append(
                f"Some saved settings were not valid and are back to default: {', '.join(invalid)}."
            )
        self.host.set_settings(settings)

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
            self.problems.append(f"{capital(str(error))}; {self.storage.set_aside(RECORDS)}")
            return Stats()

    def resume(self) -> bool:
        """Put the saved game in progress back on the board; False if there is none to resume."""
        data = self.storage.read(GAME) if self.remember else None
        if data is None:
            return False
        try:
            running = Running.from_data(data)
            game = from_record(running.record)
        except (SavedError, BoardError) as error:
            self.problems.append(f"The saved game could not be resumed ({error}); here is a new game.")
            return False
        self.host.set_settings(self.host.settings.with_size(game.size))
        self.resumed = running.sight  # saved as it was by the new game's save, not as the page is now
        self.host.start_game(
            game, running.elapsed, running.hints, running.odds, daily=self._daily(running, game)
        )
        self.host.solved = running.solved  # a reload does not make the solver's game the player's
        self.resumed = None
        self.on_resume.emit(running.sight)
        if window.document.hidden:
            self.host.timer.pause()
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
            self.host.show_message(" ".join(self.problems), "error")
            self.problems.clear()
        self.storage.tell = self.say

    def say(self, text: str) -> None:
        self.host.show_message(text, "error")

    # -- the game in progress ----------------------------------------------------------------------

    @property
    def remember(self) -> bool:
        return bool(self.host.settings.remember_game)

    def on_new_game(self, game: Game) -> None:
        self.save_game()

    def on_action(self, game: Game, action: Action, seconds: float) -> None:
        self.save_game(seconds)

    def save_game(self, seconds: float | None = None) -> None:
        game = self.host.game
        if not self.remember or self.stale or game is self.host.watching:
            return
        elapsed = self.host.timer.elapsed() if seconds is None else seconds
        made = self.host.daily
        running = Running(
            to_record(game),
            elapsed,
            self.host.hints,
            self.resumed or self.sight(),
            None if made is None else (made.day, made.level),
            self.host.odds_shown,
            self.host.solved,
        )
        self.storage.write(GAME, running.to_data())

    def on_visibility(self, _event: Element) -> None:
        # A hidden page does not count time: a phone in a pocket or a closed app resumes where it was.
        if document.hidden:
            self.host.timer.pause()
            self.leave()
        elif not (self.stale and self.take_over()):
            self.host.timer.resume()

    def leave(self) -> None:
        """The page is hidden or closed: save the game, unless another tab's newer one is stored, its
        storage event not yet here (a tab closed right after the other's move must not write its older
        game back). Checked here, not at every move: the event keeps a shown tab up to date."""
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
            self.on_change()
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
        before = self.host.game.board  # None before a random game's first click: its mines are not placed
        resumed = self.resume()
        if resumed:
            self.host.show_message(
                "This game went on in another tab: here it is as that tab left it."
                if before is not None and before == self.host.game.board
                else "Another tab started a new game, which replaced this one: here it is."
            )
        self.stale = False
        return resumed

    # -- settings and statistics -------------------------------------------------------------------

    def on_settings(self, settings: Settings) -> None:
        (self.storage if self.consent else self.session).write(SETTINGS, settings.to_record())
        if settings.remember_game:
            self.save_game()
        else:
            self.storage.remove(GAME)

    def on_game_over(self, game: Game, seconds: float) -> None:
        self.new_best = ""
        if self.host.solved:
            return  # the solver's game (autoplay.py) is not the player's
        self.count(game, seconds)

    def on_abandon(self, game: Game, seconds: float) -> None:
        """A game left under way: played and not won (no prompt, no win note); not the solver's."""
        if not self.host.solved:
            self.count(game, seconds, abandoned=True)

    def abandon_stored(self) -> None:
        """At start-up, a link wins over the game in progress kept from the last visit: if that game was under
        way, it counts as abandoned, as it would have in the tab that played it."""
        data = self.storage.read(GAME) if self.remember else None
        if data is None:
            return
        try:
            running = Running.from_data(data)
            game = from_record(running.record)
        except (SavedError, BoardError):
            return  # nothing to count: resume() would have said why it could not be used
        if game.state is State.PLAYING and not running.solved:  # the solver's game is not the player's
            self.count(game, running.elapsed, abandoned=True, help_used=(running.hints, running.odds))

    def count(
        self, game: Game, seconds: float, abandoned: bool = False, help_used: tuple[int, bool] | None = None
    ) -> None:
        """Add `game` to the statistics and the history; `help_used` (hints, odds shown) if not the host's."""
        won = game.state is State.WON
        bbbv = analyse(game.board).bbbv if won and game.board is not None else None
        hints, odds = help_used or (self.host.hints, self.host.odds_shown)
        result = Result(
            won, seconds, today(), bbbv, game.rules.no_guess, hints, game.given_board, odds, abandoned
        )
        if self.shared_records:
            # Added to the statistics as stored now, not to this tab's copy: another tab may have added
            # its own games since, and writing this copy back would lose them.
            self.stats = self._read_stats()
            self.report()
        name = category(game.size, result.no_guess)
        entry = entry_of(game, seconds, name, now(), board_zini(game), hints, odds)
        added = self.stats.add(game.size, result)
        self.stats = added.stats.recorded(entry)
        if self.consent:
            self.storage.write(RECORDS, saved.records_to_data(self.stats))
        else:
            self.visit.append((game.size, result, entry))
            self.session.write(VISIT, saved.visit_to_data(self.visit))
        self.new_best = ""
        if added.rank == 1 and self.stats.tally(name).won > 1:
            self.new_best = f"A new best time: {seconds:.2f} seconds!"
        self.on_change()

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
        if not (self.storage.write(SETTINGS, self.host.settings.to_record()) and self._keep_visit()):
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
        self.on_change()
        return True

    def replace_stats(self, records: Stats) -> None:
        self.stats = records
        if self.consent:
            self.storage.write(RECORDS, saved.records_to_data(records))
        self.on_change()

    def reset_stats(self) -> None:
        self.stats = Stats()
        self.visit.clear()
        self.session.remove(VISIT)
        self.storage.remove(RECORDS)
        self.on_change()
