"""The review's words (minesweeper/review.py judges, this module says it): each action's verdict and
sentence, the summary's figures, and the list of actions as HTML. Pure (no browser import): CPython tests
it; web/review.py writes it into the page.

Glossary:
    key moment  an action worth a look: a guess (a first click its rules kept safe is none), a mistake,
                a flag not proved, the action that lost. The list shows only these until the player asks
                for every action
    list        one button per judged action, in the log's order: `data-move` (its index in the game's
                log), `data-verdict` (the engine's word), `data-key` on a key moment
    share       a chance of surviving as a percentage, with a decimal under 10% (luck is often small)
    place       where a cell is drawn (layout.py): the words name the row and column the player sees
    header      the header over an action's position (ui/sketch.py Header), as the player saw it when the
                action was made: the clock at its Stamp (the first reveal reads 1, as in Windows; an action
                before it, or any of a game saved without times, 0), the counter of the position shown (the
                mines less its flags), and the face of the game's end on the action that ended it (lost on
                the losing click, won on the winning one), else the plain one
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import NamedTuple

from minesweeper import Chord, Flag, Game, State
from minesweeper.review import Judgement, Summary, Verdict

from .analysis import Place, spot
from .hints import label
from .i18n import N_, _, capital, formats, sentences
from .sketch import Header, Sketch
from .texts import FACES

NAMES = {
    Verdict.FIRST: N_("First click"),
    Verdict.SAFE: N_("Safe"),
    Verdict.FORCED: N_("Forced guess"),
    Verdict.RISKY: N_("Risky guess"),
    Verdict.MISTAKE: N_("Mistake"),
    Verdict.FLAG: N_("Flag"),
    Verdict.UNPROVED: N_("Unproved flag"),
    Verdict.NEUTRAL: N_("No effect"),
}
KEYS = frozenset({Verdict.RISKY, Verdict.MISTAKE, Verdict.UNPROVED, Verdict.FORCED})


def name(verdict: Verdict) -> str:
    return _(NAMES[verdict])


def is_key(judgement: Judgement) -> bool:
    """A key moment (see the glossary)."""
    return judgement.verdict in KEYS or judgement.guess or judgement.lost


def share(p: Fraction) -> str:
    """`p` as a percentage (see the glossary); never 0% or 100% unless it is."""
    value = float(p)
    if 0 < p < Fraction(1, 2000):
        return "<" + formats().percent(0.001, 1)
    if Fraction(1999, 2000) < p < 1:
        return ">" + formats().percent(0.999, 1)
    return formats().percent(value, 1 if 0 < p < Fraction(1, 10) else 0)


def score(accuracy: Fraction) -> str:
    """Accuracy (0 to 100) as a percentage: whole, or with one decimal (62.5%)."""
    return formats().percent(float(accuracy) / 100, 0 if accuracy.denominator == 1 else 1)


def move_html(judgement: Judgement) -> str:
    """One action of the list (see the glossary)."""
    verdict = judgement.verdict
    key = " data-key" if is_key(judgement) else ""
    chance = judgement.chance if verdict not in (Verdict.SAFE, Verdict.NEUTRAL) else None
    shown = "" if chance is None else label(chance, judgement.exact)
    return (
        f'<li><button type="button" data-move="{judgement.move}" data-verdict="{verdict.value}"{key}>'
        f'<span class="move-n">{formats().number(judgement.move + 1)}</span>'
        f'<span class="move-v">{escape(name(verdict))}</span><span class="move-p">{shown}</span>'
        "</button></li>"
    )


def moves_html(judgements: Sequence[Judgement]) -> str:
    return "".join(move_html(judgement) for judgement in judgements)


def header(game: Game, judgement: Judgement) -> Header:
    """The header over the position before `judgement`'s action of `game` (see the glossary)."""
    stamp = game.stamp(judgement.move)
    ended = judgement.move == len(game.log) - 1
    # The clock starts at the first reveal: it has begun if the position shows an open number.
    started = judgement.verdict is Verdict.FIRST or any(n is not None for n in judgement.before.view)
    return Header(
        Sketch(judgement.before).mines_left,
        FACES[game.state if ended else State.PLAYING],
        0.0 if stamp is None else stamp.ms / 1000,
        started and stamp is not None,
    )


class Figure(NamedTuple):
    """One figure of the summary: its name, its value, and what it counts in a sentence (the figure's
    title, which a tap on it says too)."""

    name: str
    value: str
    about: str


def figures(summary: Summary) -> list[Figure]:
    """The summary's figures: the counts first, then luck, then accuracy (docs/review.md says what each
    counts)."""
    counts, number = summary.counts, formats().number
    accuracy = summary.accuracy
    luck = _("{luck} (best play: {best})").format(luck=share(summary.luck), best=share(summary.best_luck))
    return [
        Figure(
            # Translators: how many openings risked a mine (every guess, forced or not, mistakes included).
            # Each figure's explanation after it shows as its tooltip, and in the message line when tapped.
            _("Risks taken"),
            number(summary.guesses),
            _("Every opening that had a chance of a mine: each guess, forced or not, mistakes included."),
        ),
        Figure(
            _("Risky guesses"),
            number(counts[Verdict.RISKY]),
            _(
                "Guesses riskier than the least risky cell when no cell was safe, other than the solver's own"
                " best guess."
            ),
        ),
        Figure(
            _("Mistakes"),
            number(counts[Verdict.MISTAKE]),
            _(
                "Opening an unproved cell while a cell was proved safe, opening a proved mine, or flagging a"
                " cell proved safe."
            ),
        ),
        Figure(
            _("Luck"),
            luck,
            _(
                "Your chance of surviving the guesses you took; best play: the chance had each been on the"
                " least risky cell."
            ),
        ),
        Figure(
            _("Accuracy"),
            "\N{EN DASH}" if accuracy is None else score(accuracy),
            _(
                "Scores your guesses and mistakes only, not the clicks logic proved safe: 100% for a forced"
                " guess, 0% for a mistake, in between for a risky guess."
            ),
        ),
    ]


def judgement_text(judgement: Judgement, place: Place) -> str:
    """What the action was, in a sentence or two (see the verdicts in minesweeper/review.py)."""
    text = capital(_verdict_text(judgement, place))
    if judgement.lost:
        text = sentences(text, _("This click hit a mine."))
    return text


def _verdict_text(j: Judgement, place: Place) -> str:
    verdict, cell = j.verdict, spot(place, j.cell)
    chance = "" if j.chance is None else label(j.chance, j.exact)
    best = "" if j.best is None else spot(place, j.best)
    chord = isinstance(j.action, Chord)
    if verdict is Verdict.FIRST:
        if not j.chance:
            return _("The first click: the rules kept it safe.")
        return _("The first click: {chance} chance of a mine, as for any cell.").format(chance=chance)
    if verdict is Verdict.SAFE:
        if chord:
            return _("Opened around {cell}: every cell it opened was proved safe.").format(cell=cell)
        return _("{cell} was proved safe.").format(cell=cell)
    if verdict is Verdict.FLAG:
        return _("Flagged {cell}: logic proved it a mine.").format(cell=cell)
    if verdict is Verdict.UNPROVED:
        return _("Flagged {cell}, which logic had not proved: {chance} chance of a mine.").format(
            cell=cell, chance=chance
        )
    if verdict is Verdict.NEUTRAL:
        return _("This action changed nothing, or took a mark off.")
    if verdict is Verdict.MISTAKE:
        return _mistake_text(j, cell, chance, best)
    if chord:
        return _(
            "Opening around {cell} trusted unproved flags: {chance} chance that a cell it opened was a mine."
        ).format(cell=cell, chance=chance)
    if verdict is Verdict.FORCED and j.chance == j.least:
        return _("No cell was safe; {cell} was among the least risky: {chance} chance of a mine.").format(
            cell=cell, chance=chance
        )
    least = "" if j.least is None else label(j.least, j.exact)
    if verdict is Verdict.FORCED:
        return _(
            "No cell was safe; {cell} ({chance}) was the best guess: riskier than the least risky ({least}),"
            " but it leaves safer moves after it."
        ).format(cell=cell, chance=chance, least=least)
    if j.best is None or j.best_chance is None:
        return _(
            "A risky guess: {cell} had {chance} chance of a mine; the least risky cell had {least}."
        ).format(cell=cell, chance=chance, least=least)
    return _(
        "A risky guess: {cell} had {chance} chance of a mine; the best guess, {best}, had {best_chance}."
    ).format(cell=cell, chance=chance, best=best, best_chance=label(j.best_chance, j.exact))


def _mistake_text(j: Judgement, cell: str, chance: str, best: str) -> str:
    if isinstance(j.action, Flag):
        return _("A mistake: the flag at {cell} went on a cell logic proved safe.").format(cell=cell)
    if j.chance == 1 and isinstance(j.action, Chord):
        return _(
            "A mistake: a flag around {cell} was provably wrong, so opening around it hit a proved mine."
        ).format(cell=cell)
    if j.chance == 1:
        return _("A mistake: {cell} was certainly a mine.").format(cell=cell)
    if isinstance(j.action, Chord):
        return _(
            "A mistake: opening around {cell} risked {chance} on unproved flags while {best} was safe."
        ).format(cell=cell, chance=chance, best=best)
    return _("A mistake: {cell} had {chance} chance of a mine while {best} was safe.").format(
        cell=cell, chance=chance, best=best
    )
