"""Luck apart from skill: the solver plays each of the player's kept games again (minesweeper/ghost.py: the
same board, from the same first click), and the statistics show the player's win rate beside the solver's
on those very boards, per board and mode, and the games the player lost that the solver won. Pure (no
browser import): CPython tests it; web/statsview.py runs the solver a game at a time and draws this.

Glossary:
    kept game   a history entry with its record (history.py: the newest REPLAYS) that ended, won or lost: an
                abandoned one has no end to compare with; never a given board's (its mines could be known, so
                a win there says nothing of luck)
    first click the game's first reveal that opened something: where the solver starts too
    ghost       whether the solver won a kept game's board (None: the record could not be read)
    line        one board and mode: its kept games, the player's wins and the solver's on the same boards
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from minesweeper import BoardError, Cell, Game, Reveal, State
from minesweeper.record import from_record

from .history import Entry
from .i18n import _, formats, ngettext, pgettext
from .stats import category_order
from .statsview import caption, ended, review_button, short_caption

Key = tuple[str, str, str, float]  # history.Entry.key


def is_kept(entry: Entry) -> bool:
    return entry.has_replay and not entry.given


def first_click(game: Game) -> Cell | None:
    """Where `game` began: its first reveal that opened a cell (see the glossary)."""
    replay = Game.rerun(game, [])
    for action in game.log:
        replay.apply(action)
        if replay.state is not State.READY:
            return action.cell if isinstance(action, Reveal) else None
    return None


def ghost_won(entry: Entry) -> bool | None:
    """Whether the solver wins the entry's board from its first click; None if its record cannot say."""
    from minesweeper.ghost import ghost  # the solver: loaded when the statistics first ask

    if entry.record is None:
        return None
    try:
        game = from_record(entry.record)
    except BoardError:
        return None
    first = first_click(game)
    if game.board is None or first is None:
        return None
    return ghost(game.board, first).won


@dataclass(frozen=True)
class Line:
    category: str
    games: int
    won: int
    solver_won: int


def lines(entries: Sequence[Entry], ghosts: Mapping[Key, bool | None]) -> list[Line]:
    """Per board and mode, the kept games the solver has played (see the glossary), levels first."""
    groups: dict[str, list[tuple[Entry, bool]]] = {}
    for entry in entries:
        won = ghosts.get(entry.key)
        if is_kept(entry) and won is not None:
            groups.setdefault(entry.category, []).append((entry, won))
    return [
        Line(name, len(games), sum(e.won for e, _ in games), sum(won for _, won in games))
        for name, games in sorted(groups.items(), key=lambda item: category_order(item[0]))
    ]


def solver_only(entries: Sequence[Entry], ghosts: Mapping[Key, bool | None]) -> list[int]:
    """The history indices of the games the player lost and the solver won, the latest first."""
    found = [
        i for i, e in enumerate(entries) if is_kept(e) and e.outcome.value == "lost" and ghosts.get(e.key)
    ]
    return found[::-1]


def rate(won: int, games: int) -> str:
    return _("{rate} ({count})").format(rate=formats().percent(won / games), count=formats().number(won))


def luck_html(entries: Sequence[Entry], ghosts: Mapping[Key, bool | None]) -> str:
    """The statistics' luck section: the table, the games the solver won where the player lost, and how
    many kept games the solver has still to play."""
    kept = [e for e in entries if is_kept(e)]
    if not kept:
        return ""
    heads = (pgettext("luck", "Board"), pgettext("luck", "Games"), _("You won"), _("The solver won"))
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    rows = "".join(
        f'<tr><td data-label="{escape(heads[0])}">{escape(caption(line.category))}</td>'
        f'<td data-label="{escape(heads[1])}">{formats().number(line.games)}</td>'
        f'<td data-label="{escape(heads[2])}">{rate(line.won, line.games)}</td>'
        f'<td data-label="{escape(heads[3])}">{rate(line.solver_won, line.games)}</td></tr>'
        for line in lines(entries, ghosts)
    )
    left = sum(e.key not in ghosts for e in kept)
    waiting = (
        '<p class="stats-none luck-waiting">'
        + ngettext(
            "The solver is playing your games again: {count} left of {total}.",
            "The solver is playing your games again: {count} left of {total}.",
            len(kept),
        ).format(count=formats().number(left), total=formats().number(len(kept)))
        + "</p>"
        if left
        else ""
    )
    won = solver_only(entries, ghosts)
    items = "".join(
        f"<li><span>{escape(when)}</span>"
        f"<span>{escape(short_caption(entries[i].category))}</span>{review_button(i, when)}</li>"
        for i, when in ((i, ended(entries[i].ended)) for i in won)
    )
    lost = _("Lost games the solver won")
    games = f'<h4>{escape(lost)}</h4><ul class="luck-games">{items}</ul>' if items else ""
    title = _("Luck and skill")
    how = _("The solver plays each of your kept games again: the same board, from your first click.")
    return (
        '<section class="luck" aria-labelledby="luck-title">'
        f'<h3 id="luck-title">{escape(title)}</h3><p class="stats-none">{escape(how)}</p>'
        '<div class="history-scroll"><table class="history-averages luck-table">'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>{waiting}{games}</section>"
    )
