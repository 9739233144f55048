"""A game: the rules of play, from the first click to a win or a loss.

Glossary:
    action     Reveal, Flag or Chord of one cell; the only things that change a game
    look       what a player sees in a cell; its value is the page's `data-cell` string
    view       the looks as numbers: an open cell's number, None for any other (what the solver reads)
    changes    what an action returns: {cell: new look} for exactly the cells that changed
    satisfied  an open number (1 to 8) with as many flags around it as it says: a chord there opens the
               rest of its neighbours, and players' apps dim it as a number with nothing left to do
    log        every action applied while the game ran; seed (or board) + rules + log replays the game
    stamps     when each action of the log happened and where the pointer was (Stamp), given by the page;
               `timed` when every action has one (games saved before stamps have none: a replay of those
               goes at a fixed pace)
    state      ready (no mines yet) -> playing -> won | lost; after the end, actions do nothing
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from .board import Board
from .grid import BoardError, Cell, Size, neighbour_table
from .placement import FirstClick, place_mines


class State(StrEnum):
    READY = "ready"
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    @property
    def is_over(self) -> bool:
        return self in (State.WON, State.LOST)


class Look(StrEnum):
    COVERED = "covered"
    FLAG = "flag"
    QUESTION = "question"
    N0 = "0"
    N1 = "1"
    N2 = "2"
    N3 = "3"
    N4 = "4"
    N5 = "5"
    N6 = "6"
    N7 = "7"
    N8 = "8"
    MINE = "mine"
    BOOM = "boom"
    WRONG_FLAG = "wrong-flag"

    @property
    def is_open(self) -> bool:
        return self.value.isdigit()


NUMBER_LOOKS = tuple(Look(str(n)) for n in range(9))
OPEN_LOOKS = frozenset(NUMBER_LOOKS)
NUMBER_OF: dict[Look, int] = {look: n for n, look in enumerate(NUMBER_LOOKS)}


@dataclass(frozen=True)
class Reveal:
    """Open a covered cell (the first one places the mines)."""

    cell: Cell


@dataclass(frozen=True)
class Flag:
    """Cycle a covered cell's mark: flag, then question mark if the rules allow, then none."""

    cell: Cell


@dataclass(frozen=True)
class Chord:
    """Open the unflagged neighbours of a number whose flags match it."""

    cell: Cell


Action: TypeAlias = Reveal | Flag | Chord
Changes: TypeAlias = dict[Cell, Look]
POINT_STEPS = 16  # a pointer's place in its cell, in sixteenths of the cell's side


@dataclass(frozen=True)
class Stamp:
    """When an action happened, in ms of the game's clock (which stops while the page is hidden), and where
    the pointer was: (x, y) in sixteenths of the action's cell from its top left corner, in the engine's
    orientation (0..15 each), or None for a key; `touch`: the pointer was a finger (a replay shows a
    fingertip there, not a mouse's arrow)."""

    ms: int
    point: tuple[int, int] | None = None
    touch: bool = False


@dataclass(frozen=True)
class Rules:
    """The choices a game is played under, fixed when it starts."""

    first_click: FirstClick = FirstClick.OPENING
    question_marks: bool = False
    no_guess: bool = False  # mines placed by noguess.place_no_guess: solvable without guessing


@dataclass
class Clicks:
    """Counts of actions applied while the game ran; `useful` counts those that changed something."""

    left: int = 0
    right: int = 0
    chord: int = 0
    useful: int = 0

    @property
    def total(self) -> int:
        return self.left + self.right + self.chord


class Game:
    """One game. Build it with `Game.new` (mines placed at the first reveal) or `Game.from_board`."""

    def __init__(self, size: Size, rules: Rules, seed: int | None, board: Board | None) -> None:
        self.size = size
        self.rules = rules
        self.seed = seed
        self.board = board
        self.given_board = board is not None
        self.state = State.READY
        self.looks: list[Look] = [Look.COVERED] * size.cells
        # 1 where a reveal may open the cell (covered or question), so the flood never compares enums.
        self._closed = bytearray(b"\x01") * size.cells
        self.log: list[Action] = []
        self.stamps: list[Stamp] = []
        self.clicks = Clicks()
        self.flags = 0
        self.safe_left = size.cells - size.mines
        self._foreseen: tuple[Cell, Board] | None = None  # a first reveal's placement, worked out ahead

    @classmethod
    def new(cls, size: Size, seed: int, rules: Rules = Rules()) -> Game:
        return cls(size, rules, seed, None)

    @classmethod
    def from_board(cls, board: Board, rules: Rules = Rules()) -> Game:
        return cls(board.size, rules, None, board)

    @classmethod
    def rerun(cls, game: Game, log: Iterable[Action]) -> Game:
        """A fresh game with `game`'s size, rules and seed or given board, with `log` applied."""
        fresh = cls(game.size, game.rules, game.seed, game.board if game.given_board else None)
        for action in log:
            fresh.apply(action)
        return fresh

    def stamp(self, index: int) -> Stamp | None:
        """The stamp of the log's `index`-th action, if the game is timed."""
        return self.stamps[index] if self.timed else None

    @property
    def width(self) -> int:
        return self.size.width

    @property
    def height(self) -> int:
        return self.size.height

    @property
    def mines_left(self) -> int:
        """Mines minus flags; negative when the player has placed more flags than mines."""
        return self.size.mines - self.flags

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def look(self, cell: Cell) -> Look:
        return self.looks[cell]

    @property
    def view(self) -> tuple[int | None, ...]:
        """What the player sees, as the solver reads it (`solver.Position(game.size, game.view)`): each
        open cell's number, None for every other cell. Flags and question marks are None too: they are
        the player's opinion, not facts. Before the first reveal every cell is None, and the odds are
        even: the first-click rule that keeps that click safe belongs to the game, not to the view."""
        return tuple(map(NUMBER_OF.get, self.looks))

    def is_satisfied(self, cell: Cell) -> bool:
        look = self.looks[cell]
        if not look.is_open or look is Look.N0:
            return False
        return sum(self.looks[n] is Look.FLAG for n in self.size.neighbours(cell)) == int(look.value)

    def satisfied_numbers(self) -> set[Cell]:
        """Every satisfied number."""
        return {cell for cell in self._beside_flags() if self.is_satisfied(cell)}

    def _beside_flags(self) -> set[Cell]:
        """The cells beside a flag: only a number among them can be satisfied."""
        table = neighbour_table(self.size.width, self.size.height)
        flags = [cell for cell, look in enumerate(self.looks) if look is Look.FLAG]
        return {n for flag in flags for n in table[flag]}

    def satisfied(self, changes: Changes) -> dict[Cell, bool]:
        """The numbers `changes` may have satisfied or unsatisfied, each with whether it is satisfied now:
        the numbers around each cell it changed that is not open (a flag came or went), and the numbers it
        opened; of a big flood, only those beside a flag (no other can be satisfied)."""
        looks, table = self.looks, neighbour_table(self.size.width, self.size.height)
        numbers: set[Cell] = set()
        opened = [cell for cell, look in changes.items() if look in OPEN_LOOKS]
        if len(opened) < len(changes):
            for cell in changes.keys() - opened:
                numbers.update(n for n in table[cell] if looks[n] in OPEN_LOOKS)
        if self.flags and len(opened) <= 64:
            numbers.update(opened)
        elif self.flags:
            # A big flood (65536 cells): look around the flags rather than around every cell opened.
            numbers.update(self._beside_flags().intersection(opened))
        return {cell: self.is_satisfied(cell) for cell in numbers if looks[cell] is not Look.N0}

    @property
    def timed(self) -> bool:
        return bool(self.log) and len(self.stamps) == len(self.log)

    def apply(self, action: Action, stamp: Stamp | None = None) -> Changes:
        """Apply one action; returns the cells whose look changed. Does nothing once the game is over.
        `stamp` is kept with it while every action so far has one."""
        if self.is_over:
            return {}
        if not isinstance(action, Reveal | Flag | Chord):
            raise BoardError(f"action {action!r}: must be Reveal, Flag or Chord")
        if not 0 <= action.cell < self.size.cells:
            raise BoardError(f"cell {action.cell!r}: outside a {self.size} board")
        # Logged and counted once applied: a reveal whose placement fails (NoGuessUnavailable) leaves
        # the game as it was, so the same game can go on with other rules.
        if isinstance(action, Reveal):
            changes = self._reveal(action.cell)
            self.clicks.left += 1
        elif isinstance(action, Flag):
            changes = self._flag(action.cell)
            self.clicks.right += 1
        else:
            changes = self._chord(action.cell)
            self.clicks.chord += 1
        if stamp is not None and len(self.stamps) == len(self.log):
            self.stamps.append(stamp)
        self.log.append(action)
        if changes:
            self.clicks.useful += 1
        return changes

    # -- the rules ---------------------------------------------------------------------------------

    def foresee(self, cell: Cell) -> Changes | None:
        """What revealing `cell` would change, the game left as it is: the page paints a tap's opening with
        it before the game hears of the tap (js/press.js). None where the reveal would do more than open
        cells (hit a mine, win, or end a game already over), would open nothing, or would first place
        no-guess mines (seconds of work). A first reveal's placement is kept for that reveal."""
        if self.is_over or self.looks[cell] not in (Look.COVERED, Look.QUESTION):
            return None
        board = self.board
        if board is None:
            if self.rules.no_guess:
                return None
            board = self._place(cell)
            self._foreseen = (cell, board)
        if cell in board.mines:
            return None
        changes = self._flood(board, [cell], bytearray(self._closed), list(self.looks))
        return changes if len(changes) < self.safe_left else None

    def _reveal(self, cell: Cell) -> Changes:
        if self.looks[cell] not in (Look.COVERED, Look.QUESTION):
            return {}
        if self.board is None:
            self.board = self._place(cell)
        self.state = State.PLAYING
        return self._open([cell])

    def _place(self, first: Cell) -> Board:
        foreseen, self._foreseen = self._foreseen, None
        if foreseen is not None and foreseen[0] == first:
            return foreseen[1]
        rng = random.Random(self.seed)
        if self.rules.no_guess:
            # The solver engineer's module, costly to import and to run: only games that ask pay for it.
            from .noguess import check_size, place_no_guess

            check_size(self.size)  # past the sizes offered, refuse at once rather than search for seconds
            return place_no_guess(self.size, first, rng)
        return place_mines(self.size, first, self.rules.first_click, rng)

    def _chord(self, cell: Cell) -> Changes:
        if not self.is_satisfied(cell):
            return {}
        around = self.size.neighbours(cell)
        return self._open([n for n in around if self.looks[n] in (Look.COVERED, Look.QUESTION)])

    def _flag(self, cell: Cell) -> Changes:
        look = self.looks[cell]
        if look is Look.COVERED:
            new = Look.FLAG
        elif look is Look.FLAG:
            new = Look.QUESTION if self.rules.question_marks else Look.COVERED
        elif look is Look.QUESTION:
            new = Look.COVERED
        else:
            return {}
        self.flags += (new is Look.FLAG) - (look is Look.FLAG)
        self.looks[cell] = new
        self._closed[cell] = new is not Look.FLAG
        return {cell: new}

    def _open(self, cells: list[Cell]) -> Changes:
        """Open `cells`, flooding from every 0 (iteratively); a mine among them loses the game."""
        assert self.board is not None
        hit = [c for c in cells if c in self.board.mines]
        if hit:
            return self._lose(hit)
        changes = self._flood(self.board, cells, self._closed, self.looks)
        self.safe_left -= len(changes)
        if self.safe_left == 0:
            changes.update(self._win())
        return changes

    def _flood(self, board: Board, cells: list[Cell], closed: bytearray, looks: list[Look]) -> Changes:
        """Open the safe `cells` of `board` in `closed` (1 where a reveal may open a cell) and `looks`,
        flooding from every 0 (iteratively); the cells opened, with their looks."""
        # The hot loop of a big flood (65536 cells): locals only, each cell pushed once, no enum tests.
        numbers = board.numbers
        table = neighbour_table(self.size.width, self.size.height)
        stack: list[Cell] = []
        push, pop = stack.append, stack.pop
        for cell in cells:
            if closed[cell]:
                closed[cell] = 0
                push(cell)
        changes: Changes = {}
        while stack:
            cell = pop()
            number = numbers[cell]
            looks[cell] = changes[cell] = NUMBER_LOOKS[number]
            if not number:
                for n in table[cell]:
                    if closed[n]:
                        closed[n] = 0
                        push(n)
        return changes

    def _win(self) -> Changes:
        assert self.board is not None
        self.state = State.WON
        changes = {m: Look.FLAG for m in self.board.mines if self.looks[m] is not Look.FLAG}
        for cell in changes:
            self.looks[cell] = Look.FLAG
            self._closed[cell] = 0
        self.flags = self.size.mines
        return changes

    def _lose(self, hit: list[Cell]) -> Changes:
        assert self.board is not None
        self.state = State.LOST
        changes: Changes = {c: Look.BOOM for c in hit}
        for mine in self.board.mines:
            if mine not in changes and self.looks[mine] is not Look.FLAG:
                changes[mine] = Look.MINE
        for cell, look in enumerate(self.looks):
            if look is Look.FLAG and cell not in self.board.mines:
                changes[cell] = Look.WRONG_FLAG
        for cell, look in changes.items():
            self.looks[cell] = look
            self._closed[cell] = 0
        return changes
