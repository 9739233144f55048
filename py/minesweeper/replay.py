"""Watching a finished game again, move by move: the looks each move changed, both ways.

Glossary:
    move      an action of the game's log that changed something, with the looks it changed (`after`),
              what those cells looked like before (`before`), the mines left once it was played and its
              place in the log (`index`: its stamp's, game.stamps, for a replay in real time);
              actions that changed nothing are left out, so each move shows
    frame     the board after the first `k` moves: frame 0 is the covered board, frame len(moves) the
              game as it ended (with its mines, wrong flags, or a win's flags)
    between   the looks that differ from one frame to another, each cell once: stepping, or jumping
              across a thousand moves, writes only the cells that change
    clock     as in play, it starts at the first opening: frames of flags (and question marks) alone show
              it at 0 (`first_opening`)
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Action, Changes, Flag, Game


@dataclass(frozen=True)
class Move:
    """One action that changed the board, and how to play it forwards and backwards."""

    action: Action
    after: Changes
    before: Changes
    mines_left: int
    index: int = 0


def moves(game: Game) -> list[Move]:
    """`game`'s log as moves, replayed from the start on the same board and rules."""
    fresh = Game.rerun(game, ())
    # The looks before each action, kept up to date cell by cell: a copy of the board per action took
    # seconds for a long game on a big board (20 000 actions on 256x256: 4 s on CPython, 6 s in the page).
    looks = list(fresh.looks)
    found = []
    for index, action in enumerate(game.log):
        after = fresh.apply(action)
        if after:
            before = {cell: looks[cell] for cell in after}
            found.append(Move(action, after, before, fresh.mines_left, index))
            for cell, look in after.items():
                looks[cell] = look
    return found


def between(moves: list[Move], start: int, end: int) -> Changes:
    """The looks to write to go from frame `start` to frame `end`, either way: each cell's last look on
    the way, but for cells that end as they started."""
    if start <= end:
        steps = [(m.after, m.before) for m in moves[start:end]]
    else:
        steps = [(m.before, m.after) for m in reversed(moves[end:start])]
    changes: Changes = {}
    started: Changes = {}  # each cell's look in frame `start`
    for to, back in steps:
        for cell, look in to.items():
            started.setdefault(cell, back[cell])
            changes[cell] = look
    return {cell: look for cell, look in changes.items() if look is not started[cell]}


def clock_between(times: list[int], frame: int, since_ms: float) -> float:
    """The game's clock, in seconds, `since_ms` of the game's time after frame `frame` showed (`times`: each
    move's ms on the game's clock): it goes on from that move's time and stops at the next move's, which its
    frame shows. Frame 0 and the last frame have no time after them to count: their own."""
    if frame <= 0:
        return 0.0
    shown = times[frame - 1]
    if frame >= len(times):
        return shown / 1000
    return min(shown + max(since_ms, 0.0), times[frame]) / 1000


def first_opening(moves: list[Move]) -> int:
    """The index of the first move that opens (a flag's and a question mark's do not), len(moves) if none:
    the game's clock runs in frame k from k = first_opening + 1 on."""
    return next((i for i, move in enumerate(moves) if not isinstance(move.action, Flag)), len(moves))
