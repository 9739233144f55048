"""The game in the page: the play on the board (ui/play.py), started, played action by action, finished.

Glossary:
    play      the one value that says what is on the board: the game and its facts (help, daily, watched,
              serial). Only this part changes it: `start` puts a play on the board, `count_hint`,
              `show_odds`, `count_study` and `let_solver_play` add to its help, `go_normal` turns a no-guess
              game normal
    intent    what an input asks of a cell; ui/intents.py's rule makes it at most one engine action
    apply     one action: the engine returns the changed cells, the view paints exactly those
    odds on   the odds overlay is on (web/hints.py draws it): once it shows while the game runs, the play's
              help says so, whichever came first, the overlay or the first click; so do the analysis
              board's chances while the game waits under way (`count_study`)
    abandon   a game under way (after its first reveal, not over) put aside for another: it counts as played
              and not won (Windows 7 does so), or restarting would game the win rate and streaks. Not when
              the same game comes back (a reload, another tab's copy), nor while it is set aside. A game
              under way handed to the solver counts so too, at that moment
    aside     the player's own game kept, as it was, while the board shows something else: a study of a
              position (web/analysis.py borrows the board) or practice from one (a play of its own that
              never counts). Its clock stops meanwhile; `bring_back` puts it on the board again, untouched.
              A new game chosen meanwhile (N, a level, a link) is chosen over it: it is abandoned then
    borrow    a study shows a position on the board: the pointer's and the keys' intents go to it, not to the
              game, until a game is started
    announce  what a screen reader hears after an action: how many cells it opened (the end says the rest);
              said after the paint (web/dom.py `after paint`), the board's own change first
    paint first  an action's handler draws what it changed (the cells, the counters, the face, the notes,
              the hint and odds marks) and nothing else before the browser can paint: what draws nothing
              (the save, the count a screen reader hears, the sound's tones) is asked of `later`, the
              page's after-paint queue

Signals (main.py connects the parts):
    started(play)                 every play put on the board: new, from a link, resumed, or turned normal
    lent()                        a study borrowed the board: whatever draws on the game's cells stops
    played(play, action, changes) each applied action with the cells it changed, as soon as the view has
                                  them: what must keep pace with the board (its sound, played after
                                  the paint)
    acted(play, action, seconds)  after each applied action, once the view shows it: a listener that
                                  draws nothing puts its work after the paint (see `paint first`)
    ended(play, seconds)          once, when the game is won or lost (play.game.state says which)
    abandoned(play, seconds)      see `abandon`
    no_guess_failed(play, error)  no no-guess board could be made at the first reveal: the game went on as
                                  a normal one from that reveal
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from itertools import islice

from minesweeper import Changes, Chord, Flag, Game, Look, Reveal, Stamp, State
from minesweeper.game import POINT_STEPS
from minesweeper.placement import NoGuessUnavailable
from ui.gestures import Gestures, Press
from ui.i18n import _, formats, ngettext
from ui.intents import Intent, pressed, to_action
from ui.play import Play, given_rules
from ui.settings import InForce, Settings
from ui.texts import first_click_note
from ui.timer import Timer

from .dom import AfterPaint, Element, Signal, kept
from .gestures import PointerInput
from .notes import MessageLine
from .view import View

TICK_LATE_MS = 4  # the clock display is written this long after each second turns: never a tick too early
REHEARSED = 32  # the cells a rehearsal paints again (`App.rehearse`): a few go the path that all would
Action = Reveal | Flag | Chord


def off_the_start_words() -> str:
    """Why a daily board's first tap off its marked cell is refused."""
    return _("A daily board starts at its marked cell: open that one first.")


class App:
    def __init__(
        self, window: Element, view: View, settings: InForce, notes: MessageLine, later: AfterPaint
    ) -> None:
        self.window, self.view, self.settings, self.notes, self.later = window, view, settings, notes, later
        performance = window.performance  # one proxy for the page's lifetime, not one per reading
        # The clock shows its seconds as they begin (1 at the first reveal, as in Windows) once the page is
        # next idle: the frame of the reveal is the board's alone.
        self.timer = Timer(lambda: float(performance.now()) / 1000, began=self.tick_when_idle)
        self.ticking: int | None = None  # the browser's id for the clock display's next tick
        self._tick = kept(self.tick)
        self.play = Play(Game.new(settings.current.size, 0, settings.current.rules))  # serial 0: none yet
        self.odds_on = False
        self.aside: tuple[Play, float] | None = None  # the player's game and its seconds (see the glossary)
        self.unsaid: list[dict[int, Look]] = []  # the changes of the actions whose count is still to be said
        self.borrower: Callable[[Intent], None] | None = None
        self.started: Signal[[Play]] = Signal()
        self.lent: Signal[[]] = Signal()
        self.played: Signal[[Play, Action, Changes]] = Signal()
        self.acted: Signal[[Play, Action, float]] = Signal()
        self.ended: Signal[[Play, float]] = Signal()
        self.abandoned: Signal[[Play, float]] = Signal()
        self.no_guess_failed: Signal[[Play, NoGuessUnavailable]] = Signal()
        # What a press's tap was foreseen to open, and the view's writes then (see `foresee`).
        self.foreseen: tuple[Game, Changes, int] | None = None
        self.input = PointerInput(
            view, window, self.intent, self.show_presses, self.long_press_ms, self.foresee, self.settle
        )

    @property
    def game(self) -> Game:
        return self.play.game

    # -- the play on the board ---------------------------------------------------------------------

    def start(self, play: Play, seconds: float = 0.0) -> None:
        """Put `play` on the board, `seconds` into its clock (a resumed or finished game's), as the page's
        next game: its notes start afresh."""
        self.play = dataclasses.replace(play, serial=self.play.serial + 1)
        self.borrower = None
        self.unsaid = []
        if not play.practice:  # any other game takes the board's place, and that of a game set aside
            self.aside = None
        game = play.game
        # A new game fits its board to the notes said with it; a game resumed under way keeps its size.
        self.notes.new_game(self.play.serial, fit=game.state is not State.PLAYING or play.practice)
        self.view.build(game)
        if game.state is State.PLAYING:
            self.timer.start(seconds)
        else:
            self.timer.reset(seconds if game.is_over else 0.0)
        self.view.show_seconds(self.timer.elapsed(), started=game.state is not State.READY)
        self.note_odds()
        self.started.emit(self.play)

    def abandon(self) -> None:
        """The player's game makes way for another: if it was under way, it counts as abandoned (the one set
        aside, if one is: what the board shows meanwhile is a study, or practice, which never counts)."""
        play, seconds = self.own
        self.aside = None
        if play.game.state is State.PLAYING:
            self.timer.stop()
            self.abandoned.emit(play, seconds)

    @property
    def own(self) -> tuple[Play, float]:
        """The player's own game and its seconds: the one set aside, else the one on the board."""
        return self.aside or (self.play, self.timer.elapsed())

    def set_aside(self) -> None:
        """Keep the player's game as it is now, its clock stopped (see the glossary); a game set aside
        already stays the one kept."""
        if self.aside is None:
            self.aside = (self.play, self.timer.elapsed())
        self.timer.stop()

    def bring_back(self) -> bool:
        """The game set aside on the board again, as it was; False if none is."""
        if self.aside is None:
            return False
        self.start(*self.aside)
        return True

    def lend(self, borrower: Callable[[Intent], None]) -> None:
        """A study shows a position on the board: the game waits, set aside, and the board's intents go
        to `borrower` until a game is started."""
        self.set_aside()
        self.view.set_marks(set(), set())
        self.borrower = borrower
        self.lent.emit()

    def go_normal(self) -> Game:
        """The no-guess game, not yet started, as a normal game with the same size, seed and flags: what it
        becomes when its size has no no-guess board. The board on the page stays as it is."""
        game = self.game
        fresh = Game(game.size, given_rules(game.rules), game.seed, game.board if game.given_board else None)
        for i, action in enumerate(game.log):
            fresh.apply(action, game.stamp(i))
        self.play = dataclasses.replace(self.play, game=fresh)
        self.started.emit(self.play)
        return fresh

    def count_hint(self) -> None:
        self.play = self.play.with_hint()

    def show_odds(self, on: bool) -> None:
        self.odds_on = on
        self.note_odds()

    def note_odds(self) -> None:
        """The odds showing over a game under way (or over) help its player, like a hint."""
        if self.odds_on and self.game.state is not State.READY and not self.play.help.odds:
            self.play = self.play.with_odds_shown()

    def count_study(self) -> bool:
        """The analysis board shows chances while the player's game is under way (set aside): the position
        studied may be that game's, so it counts as played with the odds shown. True if it did only now."""
        play, seconds = self.own
        if not play.counts or play.game.state is not State.PLAYING or play.help.odds:
            return False
        helped = play.with_odds_shown()
        if self.aside is not None and self.aside[0] is play:
            self.aside = (helped, seconds)
        if self.play is play:
            self.play = helped
        return True

    def let_solver_play(self) -> bool:
        """The solver moves in this game from now on (web/solve.py): it will not count. A game the player
        had begun is left to it, and counts as left then (see `abandon`): the solver is no way out of a
        guess. True if it did."""
        play = self.play
        left = play.counts and play.game.state is State.PLAYING
        if left:
            self.abandoned.emit(play, self.timer.elapsed())
        self.play = play.with_solver()
        return left

    # -- playing -----------------------------------------------------------------------------------

    def intent(self, intent: Intent) -> None:
        # The focus cell follows a click or tap too: the arrows go on from there, and Tab comes back to it.
        self.view.move_focus(intent.cell, take=self.view.has_focus(), scroll=False)
        if self.borrower is not None:
            self.borrower(intent)
            return
        game, settings = self.game, self.settings.current
        if game.is_over:
            return
        asked = to_action(intent, game.look(intent.cell), settings.chord_on_click)
        if asked is not None and self.off_the_start(asked):
            # A daily board is one attempt a day, no-guess from its marked cell: a stray first tap elsewhere,
            # which could hit a mine, is refused rather than lose the day.
            self.notes.say(off_the_start_words(), game=True)
            return
        if asked is not None and self.apply(asked) and intent.vibrate and settings.vibration:
            self.vibrate()

    def tap(self, cell: int, touch: bool) -> None:
        """A tap or left click on `cell` that no gesture followed (the loading frame's: web/loading.py),
        played as that gesture would be."""
        self.intent(self.input.gestures.tapped(cell, touch))

    def foresee(self, cell: int, touch: bool) -> Element | None:
        """What a tap on `cell` would open, asked while a press js/press.js holds waits for its release (a
        finger's tap lasts some 50 to 150 ms): a JavaScript function that paints it (View.prepared), which
        the release calls before Python hears of the tap, then gives it the tap after that paint. None where
        the tap would do anything but open cells of the game under way (the engine's `foresee`, and the
        intent's way here: a flag, a study's board, a daily board's stray first tap): the tap is played
        whole at its release, as ever."""
        self.foreseen = None
        game = self.game
        if self.borrower is not None or game.is_over:
            return None
        intent = self.input.gestures.tapped(cell, touch)
        action = to_action(intent, game.look(cell), self.settings.current.chord_on_click)
        if not isinstance(action, Reveal) or self.off_the_start(action):
            return None
        changes = game.foresee(cell)
        if not changes:
            return None
        self.foreseen = (game, changes, self.view.writes)
        return self.view.prepared(changes)

    def settle(self) -> None:
        """After a tap painted ahead (`foresee`) is played: any cell the game did not open as painted (the
        tap came to do something else) shows the game's look again."""
        foreseen, self.foreseen = self.foreseen, None
        if foreseen is None or foreseen[0] is not self.game or self.borrower is not None:
            return  # another board is drawn now: the painted one is gone
        looks = foreseen[0].looks
        wrong = {cell: looks[cell] for cell, look in foreseen[1].items() if looks[cell] is not look}
        if wrong:
            self.view.show_looks(wrong)

    def off_the_start(self, action: Action) -> bool:
        """The first opening of a daily board anywhere but its marked cell."""
        daily = self.play.daily
        return (
            daily is not None
            and self.game.state is State.READY
            and not isinstance(action, Flag)
            and action.cell != daily.start
        )

    def apply(self, action: Action) -> bool:
        """Apply one action and paint what changed; True if something did."""
        game = self.game
        started = game.state is State.READY
        stamp = self.stamp(action)
        try:
            changes = game.apply(action, stamp)
            failed = None
        except NoGuessUnavailable as error:  # the click is never lost: a normal game from this click
            game, failed = self.go_normal(), error
            changes = game.apply(action, stamp)
            self.no_guess_failed.emit(self.play, error)
        # A tap painted ahead is not written again, unless the view wrote cells since (a rehearsal, a turn).
        written = self.input.painted and self.foreseen == (game, changes, self.view.writes)
        self.view.paint(game, changes, written=written)
        if started and game.state is not State.READY:
            if self.play.daily is not None:  # a refused first tap's note: the start is found now
                self.notes.withdraw(off_the_start_words())
            self.timer.start(self.input.late)  # from the release of a tap played after its paint
            self.note_odds()
            if failed is None and (note := first_click_note(game, action)):
                self.notes.say(note, game=True)
        if game.is_over:
            self.timer.stop()
        else:
            self.unsaid.append(changes)
            self.later.ask("announce", lambda: self.announce_opened(game), idle=True)
        self.view.show_state(game)
        self.played.emit(self.play, action, changes)
        seconds = self.timer.elapsed()
        self.acted.emit(self.play, action, seconds)
        if game.is_over:
            self.finish(seconds)
        if self.input.painted:  # its frame is drawn already (js/press.js): its sound now, not a frame later
            self.later.after_frame()
        return bool(changes)

    def rehearse(self) -> None:
        """Go once through an opening tap's path on a game of the board's size that is thrown away: the
        gesture, its action, its stamp, the engine, and a paint of some of the cells it opened, written as the
        board already shows them (nothing on the page changes; no paint at all where the board shows anything
        but the game itself: a study, a replay, the odds). The first time the page runs a path, the browser
        compiles Pyodide's code for it (WebAssembly is compiled lazily, and the interpreter's loop again once
        new calls reach it): 25 to 40 ms of a phone's first tap at CPU 4x, paid here instead, in the page's
        first idle moment after its board (bench/tap.py --first)."""
        game = self.game
        size = game.size
        cell = size.cell(size.height // 2, size.width // 2)
        gestures, scratch = Gestures(), Game.new(size, 0)  # no-guess rules would make a board: seconds
        board = self.view.board
        plain = not (
            self.borrower is not None
            or self.odds_on
            or board.hasAttribute("data-study")
            or board.hasAttribute("data-replay")
            or board.hasAttribute("aria-busy")  # a tap painted ahead, not yet played: shown, not the game's
        )
        self.view.has_focus()
        for intent in gestures.down(-1, "touch", 1, cell, 0.0, 0.0) + gestures.up(-1, 0, cell):
            action = to_action(intent, scratch.look(intent.cell), chord_on_click=False)
            if action is None:
                continue
            changes = scratch.apply(action, self.stamp(action))
            if plain:
                self.view.paint(game, {cell: game.looks[cell] for cell in islice(changes, REHEARSED)})
                self.view.show_state(game)

    def stamp(self, action: Action) -> Stamp:
        """When `action` happens on the game's clock, and where in its cell the pointer is (None for a key),
        in the engine's orientation, for the replay."""
        ms = round(max(self.timer.elapsed() - self.input.late, 0.0) * 1000)
        spot = self.input.spot(action.cell)
        if spot is None:
            return Stamp(ms)
        across, down = (min(max(int(share * POINT_STEPS), 0), POINT_STEPS - 1) for share in spot)
        point = (down, across) if self.view.layout.transposed else (across, down)
        return Stamp(ms, point, self.input.touching())

    def announce_opened(self, game: Game) -> None:
        """Tell a screen reader how many cells the actions since the last count opened (a flag says nothing:
        its name does); not once `game` is over or off the board (its end, or the next game, says what
        matters then)."""
        unsaid, self.unsaid = self.unsaid, []
        if game is not self.game or game.is_over:
            return
        opened = sum(look.is_open for changes in unsaid for look in changes.values())
        if opened:
            text = ngettext("{count} cell opened.", "{count} cells opened.", opened)
            self.view.announce(text.format(count=formats().number(opened)))

    def finish(self, seconds: float) -> None:
        self.view.show_seconds(seconds)
        self.view.set_marks(set(), set())
        won = self.game.state is State.WON
        if won:
            said = _("You won in {time}.").format(time=formats().seconds(seconds, 1))
        elif self.view.touch:
            said = _(
                "Boom! You hit a mine. Tap the face for a new game, or choose Game → Play this board again."
            )
        else:
            said = _("Boom! You hit a mine. Press N for a new game, or R to play this board again.")
        # Said first: a listener may add to it (the statistics prompt asks its question).
        self.view.announce(said)
        self.ended.emit(self.play, seconds)

    def show_presses(self, presses: list[Press], holding: set[int]) -> None:
        """The Windows pressed look: the cell under an open, the cell and its neighbours under a chord (a
        left press or a tap on a satisfied number too: what it will open, ui/intents.py)."""
        if self.borrower is not None:
            return  # a study's board: a press chooses a cell, it opens nothing
        game = self.game
        if game.is_over:
            self.view.set_marks(set(), set())
            return
        chord_on_click = self.settings.current.chord_on_click
        cells = {cell for kind, at in presses for cell in pressed(kind, at, game, chord_on_click)}
        self.view.set_marks(cells, holding)
        self.view.show_pressing(bool(presses))

    def let_go(self, pointers: list[int] | None = None) -> None:
        """Drop these pointers (all when None) from play: a pinch took them, or the board was turned."""
        self.input.let_go(pointers)

    def long_press_ms(self) -> int:
        return self.settings.current.long_press_ms

    def vibrate(self) -> None:
        navigator = self.window.navigator
        if hasattr(navigator, "vibrate"):
            navigator.vibrate(30)

    def tick_when_idle(self) -> None:
        self.later.ask("clock", self.tick, idle=True)

    def tick(self) -> None:
        """The clock display, written now and again just after each second turns while the seconds go on (a
        call into Python a second, none while they rest: nothing on the page's main thread between a game's
        taps but this). Asked as the timer's seconds begin: the first reveal shows 1, as in Windows, and a
        page shown again its time."""
        if self.ticking is not None:
            self.window.clearTimeout(self.ticking)
            self.ticking = None
        if self.timer.counting:
            self.view.show_seconds(self.timer.elapsed())
            late = self.timer.to_next_second() * 1000 + TICK_LATE_MS
            self.ticking = self.window.setTimeout(self._tick, late)

    def on_settings_applied(self, before: Settings, settings: Settings) -> None:
        """Draw the settings the board shows; new rules take effect now only if the game has not started
        (and not before the page's first game: the stored settings come before it)."""
        self.view.show_settings(settings)
        self.view.show_dimming(self.game)
        game = self.game
        if settings.rules != before.rules and game.state is State.READY and self.play.serial:
            fresh = (
                Game.from_board(game.board, given_rules(settings.rules))
                if game.given_board and game.board
                else Game.new(game.size, game.seed or 0, settings.rules)
            )
            self.start(dataclasses.replace(self.play, game=fresh))
