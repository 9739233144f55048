"""The statistics panel's content as HTML, from Stats. Pure (a string out), so CPython tests it.

Glossary:
    card     one category's figures (played, won, win rate, streaks) and its best-times table; css/
             lays cards out in a column on a phone and side by side on a wide screen
    caption  a category's title: "Beginner", "Custom 20 by 12, 50 mines" (with a multiplication sign),
             "Expert, no guess"
    hinted   wins that used hints count in Won and show as "With hints"; they have no best-time row, so
             a card whose wins all used hints says so instead of "No win yet"
    given    wins on given boards (a `#board=` link) count in Won and show as "Given boards": no best
             time either, so a card whose wins are all hinted or given says why it has none
"""

from __future__ import annotations

from html import escape

from .stats import NO_GUESS, Best, Stats, Tally, parse_category

TIMES = "\N{MULTIPLICATION SIGN}"
NONE = "\N{EN DASH}"  # a figure not known: no game yet, or a time migrated from an older version


def caption(name: str) -> str:
    plain = name.removesuffix(NO_GUESS)
    mode = name[len(plain) :]
    if not plain.startswith("custom "):
        return plain.capitalize() + mode
    size = parse_category(plain)
    return f"Custom {size.width}{TIMES}{size.height}, {size.mines} mine{'s' if size.mines != 1 else ''}{mode}"


def seconds(value: float) -> str:
    return f"{value:.2f} s"


def percent(rate: float | None) -> str:
    return NONE if rate is None else f"{rate:.0%}"


def stats_html(records: Stats) -> str:
    """Every category with a finished game, levels first; a sentence when there is none."""
    names = [name for name in records.categories() if records.tally(name).played]
    if not names:
        return (
            '<p class="stats-empty">No finished games yet: your figures appear here after the first one.</p>'
        )
    return "".join(card(name, records.tally(name)) for name in names)


def card(name: str, tally: Tally) -> str:
    figures = (
        ("Played", str(tally.played)),
        ("Won", str(tally.won)),
        *((("With hints", str(tally.hinted)),) if tally.hinted else ()),
        *((("Given boards", str(tally.given)),) if tally.given else ()),
        ("Win rate", percent(tally.win_rate)),
        ("Streak", str(tally.streak)),
        ("Best streak", str(tally.best_streak)),
    )
    items = "".join(f"<div><dt>{label}</dt><dd>{value}</dd></div>" for label, value in figures)
    return (
        f'<section class="stats-card" data-category="{escape(name)}">'
        f"<h3>{escape(caption(name))}</h3>"
        f'<dl class="stats-figures">{items}</dl>{best_table(tally)}</section>'
    )


def best_table(tally: Tally) -> str:
    if not tally.best:
        if tally.won:
            return f'<p class="stats-none">No best time yet{why_unranked(tally)}.</p>'
        return '<p class="stats-none">No win yet.</p>'
    rows = "".join(best_row(rank, b) for rank, b in enumerate(tally.best, 1))
    return (
        '<table class="best-times"><caption>Best times</caption><thead><tr><th scope="col">#</th>'
        '<th scope="col">Time</th><th scope="col">Date</th><th scope="col">3BV</th>'
        f'<th scope="col">3BV/s</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def why_unranked(tally: Tally) -> str:
    """Why a card with wins has no best time: ": wins with hints or on given boards do not enter best times"
    (naming only the kinds it has), or "" (times an older version did not keep)."""
    kinds = (("with hints", tally.hinted), ("on given boards", tally.given))
    reasons = " or ".join(kind for kind, wins in kinds if wins)
    return f": wins {reasons} do not enter best times" if reasons else ""


def best_row(rank: int, best: Best) -> str:
    rate = best.bbbv_per_second
    cells = (
        str(rank),
        seconds(best.seconds),
        best.date or NONE,
        str(best.bbbv or NONE),
        NONE if rate is None else f"{rate:.2f}",
    )
    return f"<tr>{''.join(f'<td>{cell}</td>' for cell in cells)}</tr>"
