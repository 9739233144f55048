"""The game in the page: wires the engine to the view, pointer and keyboard input, panels and the clock.

Glossary:
    intent    what an input asks of a cell; ui/intents.py's rule makes it at most one engine action
    apply     one action: the engine returns the changed cells, the view paints exactly those
    command   what an input asks of the page (ui/commands.py): keys, menu items and buttons all go through
              `run` and the one table `commands`, which main.py completes with the parts' handlers
    link      an address that names a game (ui/links.py); it wins over a resumed game and is then dropped
              from the address, so a reload resumes the game in progress instead. Its mode (no-guess)
              is that game's rules only: the player's setting changes in Settings alone
    ask first a new game asked for (the face, N, F2, R, a level or size) over a game well under way
              (ui/stats.py `is_well_under_way`) waits for a yes in #leave-dialog (panels.py), as Antimine
              asks; a link does not ask: opening it is the answer

Hooks (main.py connects the parts to them before the first game starts):
    on_new_game(game)             every game put on the board, new, from a link or resumed
    on_action(game, action, seconds)  after each applied action
    on_game_over(game, seconds)   once, when a game is won or lost (game.state says which)
    on_abandon(game, seconds)     a game under way (after its first reveal, not over) is put aside for
                                  another: the face, N, F2, R, a level, a link. It counts as played and not
                                  won (Windows 7 does so), or restarting would game the win rate and streaks.
                                  Not when the same game comes back (a reload, another tab's copy)
    on_settings(settings)         after the settings changed (not at start-up)
    on_no_guess_failed(game, error)  no no-guess board could be made at the first reveal
                                  (NoGuessUnavailable); `game` went on as a normal one from that reveal
    on_note(note)                 the note in front of the one place changed (ui/notes.py): None, a message
                                  (shown here, on the message line) or the statistics question (datapanel.py)
What the parts may call is host.py's Host; `win_note()` (main.py sets it) says what the win panel adds
about the game just won (a new best time). Messages go through one queue (ui/notes.py): one at a time, each
about its game (`serial`, counted by start_game) or the page's, and a new game drops the last game's.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable

from pyscript import document, window

from minesweeper import LEVELS, Board, Chord, Flag, Game, Reveal, Rules, Size, Stamp, State
from minesweeper.daily import Daily, InvalidDay, daily
from minesweeper.game import POINT_STEPS
from minesweeper.placement import NoGuessUnavailable
from minesweeper.replaycode import Recording
from ui import links
from ui.commands import BUTTONS, Command, from_item
from ui.gestures import Gesture, Press
from ui.intents import Intent, to_action
from ui.keyboard import Move, answer
from ui.notes import Note, Notes
from ui.settings import Settings
from ui.stats import is_well_under_way, leave_question
from ui.texts import first_click_note, win_figures, words
from ui.timer import Timer

from .dom import Element, attr, kept, listen
from .host import Handler, Signal
from .input import PointerInput
from .panels import Panels
from .view import View

TEXT_FIELDS = "input:not([type=range], [type=checkbox], [type=radio], [type=button], [type=submit])"
TICK_MS = 100  # the clock display: checks 10 times a second, writes only when the second changes
DARK_DEVICE = "(prefers-color-scheme: dark)"  # the media query css/theme.css draws "system" dark by
NEW_BOARD = (Command.NEW, Command.AGAIN)  # chosen from the menu with a key, the board takes the focus


def given_rules(rules: Rules) -> Rules:
    """The rules a given board is played under: as set, but never no-guess (badge and statistics): its
    mines are placed already, for no click in particular, or for the first click of the game it replays."""
    return dataclasses.replace(rules, no_guess=False)


class App:
    def __init__(self, document: Element, window: Element) -> None:
        self.document, self.window = document, window
        self.settings = Settings()
        self.view = View(document)
        self.timer = Timer(lambda: float(window.performance.now()) / 1000)
        self.game = Game.new(self.settings.size, 0, self.settings.rules)  # replaced by the first start_game
        self.on_new_game: Signal[[Game]] = Signal()
        self.on_action: Signal[[Game, Reveal | Flag | Chord, float]] = Signal()
        self.on_game_over: Signal[[Game, float]] = Signal()
        self.on_abandon: Signal[[Game, float]] = Signal()
        self.on_settings: Signal[[Settings]] = Signal()
        self.on_no_guess_failed: Signal[[Game, NoGuessUnavailable]] = Signal()
        self.on_note: Signal[[Note | None]] = Signal()
        self.notes = Notes()
        self.note: Note | None = None  # in front, as shown
        self.serial = 0  # the game on the board, counted from the page's first
        self.hints = 0
        self.daily: Daily | None = None  # the game on the board is this daily board (web/daily.py)
        self.watching: Game | None = None  # a game from a replay link: not ours, never saved over ours
        self.odds_shown = False
        self.solved = False  # the solver moved in this game (autoplay.py): it never counts in statistics
        self.win_note: Callable[[], str] = lambda: ""
        self.commands: dict[Command, Handler] = {
            Command.NEW: lambda keyed: self.ask_first(self.new_game),
            Command.AGAIN: lambda keyed: self.ask_first(self.play_again),
            Command.DAILY: lambda keyed: self.ask_first(self.start_daily),
            Command.NOTHING: lambda keyed: None,
        }
        self.panels = Panels(document, self)
        self.input = PointerInput(self.view, window, self.intent, self.show_presses, self.long_press_ms)
        self._message_timeout: int | None = None  # the browser's id for the message's fading
        listen(document, "keydown", self.on_key)
        listen(document, "click", self.on_click)
        # A right click that misses the board by a little (the counters, the face, the frame) is a
        # player's, not a request for the browser's menu.
        listen(document.querySelector(".frame"), "contextmenu", lambda event: event.preventDefault())
        listen(self.view.message, "click", lambda event: self.show_note(self.notes.read()))
        # A board link pasted into this tab's address changes only the fragment: no reload.
        listen(window, "hashchange", lambda event: self.open_link())
        # The device switched between light and dark: css/theme.css follows it, the browser bar too.
        listen(window.matchMedia(DARK_DEVICE), "change", lambda event: self.on_device_scheme())
        self._read_note = kept(lambda: self.show_note(self.notes.read()))
        window.setInterval(kept(self.tick), TICK_MS)
        self.apply_settings()
        self.show_browser_bar()  # index.html's own colour is the default theme's, before CSS could be read

    @classmethod
    def mount(cls) -> App:
        return cls(document, window)

    def run(self, command: Command, keyed: bool = False) -> None:
        """Do what `command` asks (a part's handler, from main.py); `keyed`: asked with the keyboard."""
        handler = self.commands.get(command)
        if handler is not None:
            handler(keyed)

    def on_click(self, event: Element) -> None:
        """A button that asks a command, wherever it sits: a menu item or a link with `data-command`, or one
        of the toolbar's (commands.BUTTONS). Chosen from the Game menu with a key, a new board takes the
        focus: play goes on with the keys, as after N or F2."""
        button = event.target.closest("button")
        command = from_item(attr(button, "data-command")) or (BUTTONS.get(button.id) if button else None)
        if command is None:
            return
        from_menu = self.panels.close_menu(button)
        keyed = from_menu and event.detail == 0  # Enter on a menu item (a toolbar button keeps its focus)
        self.run(command, keyed)
        if keyed and command in NEW_BOARD:
            self.focus_board()

    def focus_board(self) -> None:
        self.view.move_focus(self.view.focus)

    def ask_first(self, then: Callable[[], object]) -> None:
        """Run `then` (a new game of some kind) now, or once the player says yes if this game is well under
        way: leaving it counts as a game played and not won."""
        game, seconds = self.game, self.timer.elapsed()
        if game.state is State.PLAYING and is_well_under_way(game, seconds):
            self.panels.ask_leave(leave_question(game, seconds), then)
        else:
            then()

    def abandon(self) -> None:
        """The game on the board makes way for another: if it was under way, it counts as abandoned."""
        if self.game.state is State.PLAYING:
            self.timer.stop()
            self.on_abandon.emit(self.game, self.timer.elapsed())

    # -- starting games ----------------------------------------------------------------------------

    def new_game(self, size: Size | None = None, seed: int | None = None, rules: Rules | None = None) -> bool:
        size = size or self.settings.size
        seed = int.from_bytes(os.urandom(4)) if seed is None else seed  # (secrets costs 25 ms to import)
        self.abandon()
        self.start_game(Game.new(size, seed, rules or self.settings.rules))
        self.view.announce(f"New game: {words(size, self.view.layout)}.")  # nothing else is heard
        return True

    def play_again(self) -> None:
        """This game's board from the start, under its rules. Its mines are known now, so it counts as a
        given board: played and won, never a best time. A daily board stays the daily (its start cell
        marked, practice when its result is kept already)."""
        board = self.game.board
        if board is None:
            self.show_message(
                "No board to play again yet: the first click places the mines.", game=True, asked=True
            )
            return
        self.abandon()
        self.start_game(Game.from_board(board, given_rules(self.game.rules)), daily=self.daily)
        self.view.announce(f"The same board again: {words(board.size, self.view.layout)}.")

    def show_finished(self, game: Game, seconds: float, hints: int = 0, odds: bool = False) -> None:
        """A finished game from the history on the board as it ended, for its replay; counted already."""
        self.abandon()
        self.start_game(game, seconds, hints, odds)

    def start_board(self, board: Board) -> None:
        self.abandon()
        self.start_game(Game.from_board(board, given_rules(self.settings.rules)))

    def watch(self, recording: Recording) -> bool:
        """Put a replay link's game on the board and play its replay; the game in progress stays stored
        (the keeper saves no watched game) and comes back when the replay is closed (main.py): it is not
        abandoned."""
        game = recording.game()
        if not game.is_over:
            self.show_message("This replay link could not be used: its game does not end.", "error")
            return False
        self.watching = game
        seconds = game.stamps[-1].ms / 1000 if game.timed else 0.0
        self.start_game(game, seconds)
        self.show_message("A shared game's replay: ✕ or Esc goes back to your game.", game=True)
        self.run(Command.REPLAY)
        return True

    def start_daily(self, day: str | None = None, level: str | None = None) -> None:
        """The daily board of `day` (today when None) at `level` (the level in play when None; expert after
        a custom size). The same board for every player that day, given, its start cell marked (daily.py)."""
        from .keeper import today  # the player's own calendar

        level = level or (self.settings.level if self.settings.level in LEVELS else "expert")
        try:
            made = daily(day or today(), level)
        except InvalidDay as error:
            self.show_message(f"No daily board: {error}.", "error")
            return
        self.abandon()  # before the settings change: a changed size restarts a game not begun only
        self.set_settings(self.settings.with_size(made.board.size), notify=True)
        self.start_game(Game.from_board(made.board, given_rules(self.settings.rules)), daily=made)
        self.view.announce(f"Daily board of {made.day}: {words(made.board.size, self.view.layout)}.")

    def start_game(
        self,
        game: Game,
        seconds: float = 0.0,
        hints: int = 0,
        odds: bool = False,
        daily: Daily | None = None,
    ) -> None:
        self.game, self.hints, self.odds_shown, self.daily, self.solved = game, hints, odds, daily, False
        self.serial += 1
        self.show_note(self.notes.new_game(self.serial))  # the last game's notes are not this one's
        self.panels.close_win()
        self.view.build(game)
        if game.state is State.PLAYING:
            self.timer.start(seconds)
        else:
            self.timer.reset(seconds if game.is_over else 0.0)
        self.view.show_seconds(self.timer.elapsed(), started=game.state is not State.READY)
        self.panels.show_level(self.settings.level)
        self.on_new_game.emit(game)

    def play_normal(self) -> Game:
        """The game, not yet started, as a normal game with the same size, seed and flags: what a no-guess
        game becomes when its size has no no-guess board. The board on the page stays as it is."""
        game = self.game
        rules = dataclasses.replace(game.rules, no_guess=False)
        fresh = Game(game.size, rules, game.seed, game.board if game.given_board else None)
        for i, action in enumerate(game.log):
            fresh.apply(action, game.stamp(i))
        self.game = fresh
        self.on_new_game.emit(fresh)
        return fresh

    def names_a_game(self) -> bool:
        """The address names a game that can be played (open_link will start it in place of the game in
        progress; a replay link's game is watched, and the game in progress comes back after it)."""
        location = self.window.location
        link = links.parse(location.search, location.hash)
        return bool(link.present and not link.errors and link.replay is None)

    def open_link(self) -> bool:
        """Start the game the address names, then drop the link from the address; False if it names none."""
        location = self.window.location
        link = links.parse(location.search, location.hash)
        if not link.present:
            return False
        self.window.history.replaceState(
            None, "", location.pathname + links.keep(location.search, location.hash)
        )
        if link.errors:  # the game goes on: the one running, else the one kept, else a new one (main.py)
            errors = "; ".join(link.errors)
            message = f"This link could not be used: {errors}. The board here is not the link's."
            self.show_message(message, "error")
            return False
        if link.dropped:
            self.show_message(f"Part of this link was left out: {'; '.join(link.dropped)}.", "error")
        else:
            self.show_note(self.notes.drop("error"))  # an earlier link's error is not this link's
        if link.replay is not None:
            return self.watch(link.replay)
        if link.daily is not None and link.board is None:
            names = [name for name, size in LEVELS.items() if size == link.size]
            self.start_daily(link.daily or None, names[0] if names else None)
            return True
        if link.board is not None:
            self.set_settings(self.settings.with_size(link.board.size), notify=True)
            self.start_board(link.board)
        else:
            if link.size is not None:
                self.set_settings(self.settings.with_size(link.size), notify=True)
            # The link's mode is this game's, the setting stays. A seed gives another board in no-guess mode:
            # a seed link without the mode is a normal board.
            no_guess = link.no_guess or (self.settings.no_guess and link.seed is None)
            rules = dataclasses.replace(self.settings.rules, no_guess=no_guess)
            self.new_game(seed=link.seed, rules=rules)
        return True

    # -- input -------------------------------------------------------------------------------------

    def intent(self, intent: Intent) -> None:
        # The focus cell follows a click or tap too: the arrows go on from there, and Tab comes back to it.
        self.view.move_focus(intent.cell, take=self.view.has_focus(), scroll=False)
        game = self.game
        if game.is_over:
            return
        asked = to_action(intent, game.look(intent.cell), self.settings.chord_on_click)
        if asked is not None and self.off_the_start(asked):
            # A daily board is one attempt a day, no-guess from its marked cell: a stray first tap elsewhere,
            # which could hit a mine, is refused rather than lose the day.
            self.show_message("A daily board starts at its marked cell: open that one first.", game=True)
            return
        if asked is not None and self.apply(asked) and intent.vibrate and self.settings.vibration:
            self.vibrate()

    def off_the_start(self, action: Reveal | Flag | Chord) -> bool:
        """The first opening of a daily board anywhere but its marked cell."""
        return (
            self.daily is not None
            and self.game.state is State.READY
            and not isinstance(action, Flag)
            and action.cell != self.daily.start
        )

    def apply(self, action: Reveal | Flag | Chord) -> bool:
        """Apply one action and paint what changed; True if something did."""
        game = self.game
        started = game.state is State.READY
        told = False  # a note on this click was shown already
        stamp = self.stamp(action)
        try:
            changes = game.apply(action, stamp)
        except NoGuessUnavailable as error:
            # The click is never lost: the game goes on as a normal one from this click.
            game = self.play_normal()
            changes = game.apply(action, stamp)
            self.on_no_guess_failed.emit(game, error)
            told = True
        self.view.paint(game, changes)
        if started and game.state is not State.READY:
            self.timer.start()
            if not told:
                self.tell_first_click(game, action)
        if game.is_over:
            self.timer.stop()
        self.view.show_state(game)
        seconds = self.timer.elapsed()
        self.on_action.emit(game, action, seconds)
        if game.is_over:
            self.finish(seconds)
        return bool(changes)

    def stamp(self, action: Reveal | Flag | Chord) -> Stamp:
        """When `action` happens on the game's clock, and where in its cell the pointer is (None for a key),
        in the engine's orientation, for the replay."""
        ms = round(self.timer.elapsed() * 1000)
        if self.input.where is None:
            return Stamp(ms)
        x, y = self.input.where
        box = self.view.element(action.cell).getBoundingClientRect()
        across, down = (
            min(max(int((value - start) / max(side, 1) * POINT_STEPS), 0), POINT_STEPS - 1)
            for value, start, side in ((x, box.left, box.width), (y, box.top, box.height))
        )
        return Stamp(ms, (down, across) if self.view.layout.transposed else (across, down))

    def tell_first_click(self, game: Game, action: Reveal | Flag | Chord) -> None:
        if note := first_click_note(game, action):
            self.show_message(note, game=True)

    def finish(self, seconds: float) -> None:
        self.view.show_seconds(seconds)
        self.view.set_marks(set(), set())
        won = self.game.state is State.WON
        # The result is said first: a listener may add to it (the statistics prompt asks its question).
        self.view.announce(
            f"You won in {seconds:.1f} seconds."
            if won
            else "Boom! You hit a mine. Press N for a new game, or R to play this board again."
        )
        # Listeners first: a panel they open goes under the win panel, which keeps the focus.
        self.on_game_over.emit(self.game, seconds)
        if won and self.solved:
            self.show_message(
                f"The solver won this game ({seconds:.1f} s): it does not count in statistics.", game=True
            )
        elif won:
            figures = win_figures(self.game, seconds, self.hints, self.odds_shown)
            figures["board"] = words(self.game.size, self.view.layout).capitalize() + "."
            if self.daily is not None:
                figures["board"] = f"Daily board of {self.daily.day}: {figures['board']}"
            figures["best"] = self.win_note()
            self.panels.show_win(figures)

    def show_presses(self, presses: list[Press], holding: set[int]) -> None:
        """The Windows pressed look: the cell under an open, the cell and its neighbours under a chord."""
        if self.game.is_over:
            self.view.set_marks(set(), set())
            return
        pressed: set[int] = set()
        for gesture, cell in presses:
            pressed.add(cell)
            if gesture is Gesture.CHORD:
                pressed.update(self.game.size.neighbours(cell))
        self.view.set_marks(pressed, holding)
        self.view.show_pressing(bool(presses))

    def let_go(self, pointers: list[int] | None = None) -> None:
        """Drop these pointers (all when None) from play: a pinch took them, or the board was turned."""
        self.input.let_go(pointers)

    def set_flag_mode(self, on: bool) -> None:
        self.input.gestures.flag_mode = on

    def long_press_ms(self) -> int:
        return self.settings.long_press_ms

    def vibrate(self) -> None:
        navigator = self.window.navigator
        if hasattr(navigator, "vibrate"):
            navigator.vibrate(30)

    def on_key(self, event: Element) -> None:
        if event.ctrlKey or event.altKey or event.metaKey or self.document.querySelector("dialog:modal"):
            return
        active = self.document.activeElement
        if attr(active, "role") == "gridcell":
            where = "board"
        elif active and active.closest(f"{TEXT_FIELDS}, select, textarea, [popover]"):
            where = "control"
        elif active and active.closest("button, input, a, summary"):
            where = "button"
        else:
            where = "page"
        # The arrows move across the board as it is shown, turned or not.
        asked = answer(event.key, where, self.view.focus, self.view.layout, self.game.state)
        if asked is None:
            return
        event.preventDefault()
        if isinstance(asked, Move):
            self.view.move_focus(asked.cell)
        elif isinstance(asked, Intent):
            self.intent(asked)
        else:
            self.run(asked, keyed=True)

    def tick(self) -> None:
        if self.timer.running:
            self.view.show_seconds(self.timer.elapsed())

    # -- settings, links, messages -----------------------------------------------------------------

    def choose_level(self, level: str) -> None:
        self.ask_first(lambda: self._choose(self.settings.replace(level=level)))

    def choose_size(self, size: Size) -> None:
        self.ask_first(lambda: self._choose(self.settings.with_size(size)))

    def _choose(self, settings: Settings) -> None:
        self.abandon()  # before the settings change: a changed size restarts a game not begun only
        self.change_settings(settings)
        self.new_game()

    def change_settings(self, settings: Settings) -> None:
        """The player changed settings: apply them, then tell the listeners."""
        self.set_settings(settings, notify=True)

    def set_settings(self, settings: Settings, notify: bool = False) -> None:
        """Apply `settings`; rules take effect now only if the current game has not started."""
        old, self.settings = self.settings, settings
        self.apply_settings()
        game = self.game
        if settings.rules != old.rules and game.state is State.READY:
            fresh = (
                Game.from_board(game.board, settings.rules)
                if game.given_board and game.board
                else Game.new(game.size, game.seed or 0, settings.rules)
            )
            self.start_game(fresh)
        if notify:
            self.on_settings.emit(settings)

    def apply_settings(self) -> None:
        settings = self.settings
        root = self.document.documentElement
        if settings.theme != root.getAttribute("data-theme"):
            root.setAttribute("data-theme", settings.theme)
            self.show_browser_bar()  # only then: reading a computed style restyles a huge board at once
        # The long-press cue's animation lasts as long as the delay: a setting, not a look, passed as a
        # custom property that css/board.css reads.
        self.view.board.style.setProperty("--long-press", f"{settings.long_press_ms}ms")
        self.view.dim_satisfied = settings.dim_satisfied
        self.view.show_dimming(self.game)
        self.panels.show_level(settings.level)

    def on_device_scheme(self) -> None:
        if self.settings.theme == "system":
            self.show_browser_bar()

    def show_browser_bar(self) -> None:
        """Colour the browser's own bar like the page's top, as the theme's CSS says. index.html has a
        theme-color meta for a light and one for a dark device; every one gets the page's colour, as the
        theme is drawn on this device now (for "system", again at each switch of the device)."""
        root = self.document.documentElement
        colour = self.window.getComputedStyle(root).getPropertyValue("--browser-bar").strip()
        for meta in self.document.querySelectorAll('meta[name="theme-color"]'):
            if colour and meta.getAttribute("content") != colour:
                meta.setAttribute("content", colour)

    def link(self) -> str:
        """The address of the current board: its layout once placed, before that its level (or size), seed."""
        location = self.window.location
        game = self.game
        tail = (
            links.board_link(game.board)
            if game.board is not None
            else links.seed_link(game.size, game.seed or 0, game.rules.no_guess)
        )
        return f"{location.origin}{location.pathname}{tail}"

    def show_message(self, text: str, kind: str = "info", *, game: bool = False, asked: bool = False) -> None:
        """Put a note in the one place, or in its queue (ui/notes.py). `game`: it is about this game, and
        goes with it; `asked`: the player asked for it (a hint, a copied link), so it shows at once."""
        self.show_note(self.notes.post(Note(text, kind, self.serial if game else None), asked))

    def ask(self, text: str) -> None:
        """The statistics question, for this game, after its other notes (datapanel.py shows it)."""
        self.show_note(self.notes.post(Note(text, "ask", self.serial)))

    def drop_notes(self, kind: str) -> None:
        self.show_note(self.notes.drop(kind))

    def withdraw_note(self, text: str) -> None:
        self.show_note(self.notes.withdraw(text))

    def show_note(self, note: Note | None) -> None:
        """Show `note` in front (the message line; the question is the data panel's), and fade it in time."""
        if note is self.note:
            return
        self.note = note
        if self._message_timeout is not None:
            self.window.clearTimeout(self._message_timeout)
            self._message_timeout = None
        if note is None or note.kind == "ask":
            self.view.show_message("")
        else:
            self.view.show_message(note.text, note.kind)
        if note is not None and note.seconds is not None:
            self._message_timeout = self.window.setTimeout(self._read_note, note.seconds * 1000)
        self.on_note.emit(note)
