"""The statistics panel's content as HTML, from Stats. Pure (a string out), so CPython tests it.

Glossary:
    card     one category's figures (played, won, win rate, streaks) and its best-times table; css/
             lays cards out in a column on a phone and side by side on a wide screen
    caption  a category's title: "Beginner", "Custom 20 by 12, 50 mines" (with a multiplication sign),
             "Expert, no guess"
    hinted   wins that used help (hints, or the odds shown) count in Won and show as "With help"; they
             have no best-time row, so a card whose wins all used help says so instead of "No win yet"
    given    wins on given boards (a `#board=` link) count in Won and show as "Given boards": no best
             time either, so a card whose wins are all hinted or given says why it has none
    history  below the cards: the averages per board, then the games (history.py) in the order the
             player picks (`data-history-order` buttons: latest, or the best wins by time, 3BV/s or
             efficiency), SHOWN at most; a game with a replay kept has a Replay button
             (`data-history-replay`, its index in the history) and a Review button (`data-history-review`)
"""

from __future__ import annotations

from html import escape

from .history import LIMIT, ORDER_NAMES, REPLAYS, Averages, Entry, Order, averages, ordered
from .i18n import _
from .stats import NO_GUESS, Best, Stats, Tally, category_order, parse_category

SHOWN = 50  # games listed at once: the table stays quick to draw and to read

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


def stats_html(records: Stats, order: Order = Order.LATEST) -> str:
    """Every category with a finished game, levels first, then the game history; a sentence when there
    is none."""
    names = [name for name in records.categories() if records.tally(name).played]
    if not names:
        return (
            '<p class="stats-empty">No finished games yet: your figures appear here after the first one.</p>'
        )
    cards = "".join(card(name, records.tally(name)) for name in names)
    return cards + history_html(records, order)


def history_html(records: Stats, order: Order) -> str:
    entries = records.history.entries
    if not entries:
        return ""
    index = {entry.key: i for i, entry in enumerate(entries)}
    listed = ordered(records.history, order)
    buttons = "".join(
        f'<button type="button" data-history-order="{o.value}" aria-pressed="{str(o is order).lower()}">'
        f"{ORDER_NAMES[o]}</button>"
        for o in Order
    )
    rows = "".join(game_row(index[entry.key], entry) for entry in listed[:SHOWN])
    if not rows:
        rows = f'<tr><td colspan="{len(GAME_COLUMNS)}">No win without help yet.</td></tr>'
    heads = "".join(f'<th scope="col">{head}</th>' for head in GAME_COLUMNS)
    more = f" ({SHOWN} shown)" if len(listed) > SHOWN else ""
    return (
        '<section class="history" aria-labelledby="history-title">'
        '<h3 id="history-title">Game history</h3>'
        f'<p class="stats-none">The history holds the last {LIMIT} games, with the replays of the last'
        f" {REPLAYS}; older games stay counted above.</p>"
        f"{averages_table(records)}"
        f'<div class="history-orders" role="group" aria-label="Order of the games">{buttons}</div>'
        '<div class="history-scroll"><table class="history-games">'
        f"<caption>{ORDER_CAPTIONS[order]}{more}</caption>"
        f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div></section>"
    )


ORDER_CAPTIONS = {
    Order.LATEST: "Latest games",
    Order.TIME: "Fastest wins",
    Order.RATE: "Wins by 3BV/s",
    Order.EFFICIENCY: "Wins by efficiency",
}
GAME_COLUMNS = ("Date", "Board", "Result", "Time", "3BV", "3BV/s", "Clicks", "Eff.", "ZiNi", "Help", "")
AVERAGE_COLUMNS = ("Board", "Games", "Won", "Time", "3BV/s", "Eff.")
RESULTS = {"won": "Won", "lost": "Lost", "abandoned": "Left"}


def averages_table(records: Stats) -> str:
    lines = sorted(averages(records.history), key=lambda line: category_order(line.category))
    heads = "".join(f'<th scope="col">{head}</th>' for head in AVERAGE_COLUMNS)
    rows = "".join(average_row(line) for line in lines)
    return (
        '<div class="history-scroll"><table class="history-averages">'
        "<caption>Averages of the kept games (time, 3BV/s, efficiency: of the wins)</caption>"
        f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def average_row(line: Averages) -> str:
    cells = (
        escape(caption(line.category)),
        str(line.games),
        str(line.wins),
        NONE if line.seconds is None else seconds(line.seconds),
        rate(line.rate),
        efficiency(line.efficiency),
    )
    return f"<tr>{labelled(AVERAGE_COLUMNS, cells)}</tr>"


def labelled(columns: tuple[str, ...], cells: tuple[str, ...]) -> str:
    """A row's cells, each with its column's name in data-label: a narrow panel (css/data.css) lays the
    row out as a grid, each figure under its name."""
    named = zip(columns, cells, strict=True)
    return "".join(f'<td data-label="{label}">{cell}</td>' for label, cell in named)


def game_row(index: int, entry: Entry) -> str:
    replay = (
        f'<button type="button" data-history-replay="{index}" aria-label="Watch the replay of the game of'
        f' {entry.ended.replace("T", " ")}">Replay</button>'
        if entry.has_replay
        else ""
    )
    if entry.has_replay:
        replay += review_button(index, entry)
    cells = (
        entry.ended.replace("T", " ")[:16],
        escape(short_caption(entry.category)),
        RESULTS[entry.outcome.value],
        seconds(entry.seconds),
        f"{entry.solved}/{entry.bbbv}" if entry.solved != entry.bbbv else str(entry.bbbv),
        rate(entry.rate),
        str(entry.clicks),
        efficiency(entry.efficiency),
        NONE if entry.zini is None else str(entry.zini),
        help_used(entry),
        replay,
    )
    return f'<tr data-outcome="{entry.outcome.value}">{labelled(GAME_COLUMNS, cells)}</tr>'


def review_button(index: int, entry: Entry) -> str:
    """The button that opens the review of the history's game `index`."""
    label = _("Review the game of {date}").format(date=entry.ended.replace("T", " ")[:16])
    text = _("Review")
    attributes = f'type="button" data-history-review="{index}" aria-label="{escape(label)}"'
    return f"<button {attributes}>{escape(text)}</button>"


def short_caption(name: str) -> str:
    """A category in a narrow column: "Custom 20 by 12/40" (with a multiplication sign)."""
    if not name.startswith("custom "):
        return caption(name)
    size = parse_category(name)
    return f"Custom {size.width}{TIMES}{size.height}/{size.mines}{name[len(name.removesuffix(NO_GUESS)) :]}"


def help_used(entry: Entry) -> str:
    """What helped: the odds shown, the hints used, a given board; a dash for none."""
    parts = [
        *(["Odds"] if entry.odds else []),
        *([f"{entry.hints} hint{'s' if entry.hints > 1 else ''}"] if entry.hints else []),
        *(["given board"] if entry.given else []),
    ]
    return ", ".join(parts) or NONE


def rate(value: float | None) -> str:
    return NONE if value is None else f"{value:.2f}"


def efficiency(value: float | None) -> str:
    return NONE if value is None else f"{value:.0%}"


def card(name: str, tally: Tally) -> str:
    figures = (
        ("Played", str(tally.played)),
        ("Won", str(tally.won)),
        *((("With help", str(tally.hinted)),) if tally.hinted else ()),
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
    """Why a card with wins has no best time: ": wins with help (hints or odds) or on given boards do not
    enter best times"
    (naming only the kinds it has), or "" (times an older version did not keep)."""
    kinds = (("with help (hints or odds)", tally.hinted), ("on given boards", tally.given))
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
