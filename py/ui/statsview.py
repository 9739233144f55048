"""The statistics panel's content as HTML, from Stats. Pure (a string out), so CPython tests it.

Glossary:
    card     one category's figures (played, won, win rate, streaks), the games on given boards apart, and
             its best-times table; css/ lays cards out in a column on a phone and side by side on a wide
             screen
    caption  a category's title: "Beginner", "Custom 20×12, 50 mines", "Expert, no guess"
    hinted   wins that used help (hints, or the odds shown) count in Won and show as "With help"; they
             have no best-time row, so a card whose wins all used help says so instead of "No win yet"
    given    games on given boards (ui/stats.py: a link's board, the same board again...) count in none of
             the card's figures: they show apart, under "On given boards, counted apart", as played and
             won. No best time either, so a card whose wins are all hinted or given says why it has none
    history  below the cards: the averages per board, then the games (history.py) in the order the
             player picks (`data-history-order` buttons: latest, or the best wins by time, 3BV/s or
             efficiency), SHOWN at most; a game with a replay kept has a Replay button
             (`data-history-replay`, its index in the history) and a Review button (`data-history-review`)
"""

from __future__ import annotations

from html import escape

from .history import LIMIT, REPLAYS, Averages, Entry, Order, averages, ordered
from .i18n import N_, _, capital, formats, ngettext, pgettext
from .stats import NO_GUESS, Best, Stats, Tally, category_order, parse_category

SHOWN = 50  # games listed at once: the table stays quick to draw and to read

NONE = "\N{EN DASH}"  # a figure not known: no game yet, or a time migrated from an older version
LEVELS = {"beginner": N_("Beginner"), "intermediate": N_("Intermediate"), "expert": N_("Expert")}


def caption(name: str) -> str:
    """A category's title: "Beginner", "Custom 20×12, 50 mines", "Expert, no guess"."""
    plain = name.removesuffix(NO_GUESS)
    no_guess = plain != name
    if not plain.startswith("custom "):
        level = _(LEVELS[plain]) if plain in LEVELS else plain
        return _("{level}, no guess").format(level=level) if no_guess else level
    size, number = parse_category(plain), formats().number
    text = (
        ngettext(
            "Custom {width}×{height}, {mines} mine, no guess",
            "Custom {width}×{height}, {mines} mines, no guess",
            size.mines,
        )
        if no_guess
        else ngettext(
            "Custom {width}×{height}, {mines} mine", "Custom {width}×{height}, {mines} mines", size.mines
        )
    )
    return text.format(width=number(size.width), height=number(size.height), mines=number(size.mines))


def short_caption(name: str) -> str:
    """A category in a narrow column: "Custom 20×12/40"."""
    plain = name.removesuffix(NO_GUESS)
    if not plain.startswith("custom "):
        return caption(name)
    size, number = parse_category(plain), formats().number
    text = (
        _("Custom {width}×{height}/{mines}, no guess")
        if plain != name
        else _("Custom {width}×{height}/{mines}")
    )
    return text.format(width=number(size.width), height=number(size.height), mines=number(size.mines))


def seconds(value: float) -> str:
    return formats().seconds(value, 2)


def percent(rate: float | None) -> str:
    return NONE if rate is None else formats().percent(rate)


def day(value: str) -> str:
    return formats().date(value) if value else NONE


def ended(value: str) -> str:
    """When a game ended, 'YYYY-MM-DDTHH:MM(:SS)', as the history's column shows it: the day and the time."""
    date, _t, time = value.partition("T")
    return _("{day} {time}").format(day=day(date), time=time[:5]) if time else day(date)


def stats_html(records: Stats, order: Order = Order.LATEST) -> str:
    """Every category with a finished game, levels first, then the game history; a sentence when there
    is none."""
    names = [name for name in records.categories() if not records.tally(name).is_empty]
    if not names:
        return '<p class="stats-empty">{}</p>'.format(
            escape(_("No finished games yet: your figures appear here after the first one."))
        )
    cards = "".join(card(name, records.tally(name)) for name in names)
    return cards + history_html(records, order)


ORDER_NAMES = {
    Order.LATEST: N_("Latest"),
    Order.TIME: N_("Fastest"),
    Order.RATE: N_("Best 3BV/s"),
    Order.EFFICIENCY: N_("Best efficiency"),
}
ORDER_CAPTIONS = {
    Order.LATEST: N_("Latest games"),
    Order.TIME: N_("Fastest wins"),
    Order.RATE: N_("Wins by 3BV/s"),
    Order.EFFICIENCY: N_("Wins by efficiency"),
}


def history_html(records: Stats, order: Order) -> str:
    entries = records.history.entries
    if not entries:
        return ""
    index = {entry.key: i for i, entry in enumerate(entries)}
    listed = ordered(records.history, order)
    buttons = "".join(
        f'<button type="button" data-history-order="{o.value}" aria-pressed="{str(o is order).lower()}">'
        f"{escape(_(ORDER_NAMES[o]))}</button>"
        for o in Order
    )
    columns = game_columns()
    rows = "".join(game_row(index[entry.key], entry, columns) for entry in listed[:SHOWN])
    if not rows:
        none = _("No win without help yet.")
        rows = f'<tr><td colspan="{len(columns)}">{escape(none)}</td></tr>'
    heads = "".join(f'<th scope="col">{escape(head)}</th>' for head in columns)
    caption_text = _(ORDER_CAPTIONS[order])
    if len(listed) > SHOWN:
        caption_text = _("{games} ({shown} shown)").format(games=caption_text, shown=formats().number(SHOWN))
    holds = ngettext(
        "The history holds the last {games} games, with the replay of the last {replays}; older games stay"
        " counted above.",
        "The history holds the last {games} games, with the replays of the last {replays}; older games stay"
        " counted above.",
        REPLAYS,
    ).format(games=formats().number(LIMIT), replays=formats().number(REPLAYS))
    order_label, title = _("Order of the games"), _("Game history")
    return (
        '<section class="history" aria-labelledby="history-title">'
        f'<h3 id="history-title">{escape(title)}</h3>'
        f'<p class="stats-none">{escape(holds)}</p>'
        f"{averages_table(records)}"
        f'<div class="history-orders" role="group" aria-label="{escape(order_label)}">{buttons}</div>'
        '<div class="history-scroll"><table class="history-games">'
        f"<caption>{escape(caption_text)}</caption>"
        f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div></section>"
    )


def game_columns() -> tuple[str, ...]:
    return (
        _("Date"),
        pgettext("statistics", "Board"),
        _("Result"),
        pgettext("statistics", "Time"),
        "3BV",
        "3BV/s",
        _("Clicks"),
        pgettext("efficiency, short", "Eff."),
        "ZiNi",
        pgettext("statistics", "Help"),
        "",
    )


def average_columns() -> tuple[str, ...]:
    return (
        pgettext("statistics", "Board"),
        _("Games"),
        pgettext("statistics", "Won"),
        pgettext("statistics", "Time"),
        "3BV/s",
        pgettext("efficiency, short", "Eff."),
    )


RESULTS = {"won": N_("Won"), "lost": N_("Lost"), "abandoned": N_("Left")}


def averages_table(records: Stats) -> str:
    """The averages per category, or nothing while every kept game was on a given board (not averaged:
    a table of headings over no row read as broken)."""
    lines = sorted(averages(records.history), key=lambda line: category_order(line.category))
    if not lines:
        return ""
    columns = average_columns()
    heads = "".join(f'<th scope="col">{escape(head)}</th>' for head in columns)
    rows = "".join(average_row(line, columns) for line in lines)
    title = _("Averages of the kept games (time, 3BV/s, efficiency: of the wins)")
    return (
        '<div class="history-scroll"><table class="history-averages">'
        f"<caption>{escape(title)}</caption>"
        f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def average_row(line: Averages, columns: tuple[str, ...]) -> str:
    number = formats().number
    cells = (
        escape(caption(line.category)),
        number(line.games),
        number(line.wins),
        NONE if line.seconds is None else seconds(line.seconds),
        rate(line.rate),
        efficiency(line.efficiency),
    )
    return f"<tr>{labelled(columns, cells)}</tr>"


def labelled(columns: tuple[str, ...], cells: tuple[str, ...]) -> str:
    """A row's cells, each with its column's name in data-label: a narrow panel (css/data.css) lays the
    row out as a grid, each figure under its name."""
    named = zip(columns, cells, strict=True)
    return "".join(f'<td data-label="{escape(label)}">{cell}</td>' for label, cell in named)


def game_row(index: int, entry: Entry, columns: tuple[str, ...]) -> str:
    number, when = formats().number, ended(entry.ended)
    watch, button = (
        _("Watch the replay of the game of {ended}").format(ended=when),
        pgettext("history", "Replay"),
    )
    replay = (
        f'<button type="button" data-history-replay="{index}" aria-label="{escape(watch)}">'
        f"{escape(button)}</button>"
        if entry.has_replay
        else ""
    )
    if entry.has_replay:
        replay += review_button(index, when)
    solved = (
        _("{solved}/{total}").format(solved=number(entry.solved), total=number(entry.bbbv))
        if entry.solved != entry.bbbv
        else number(entry.bbbv)
    )
    cells = (
        escape(when),
        escape(short_caption(entry.category)),
        escape(_(RESULTS[entry.outcome.value])),
        seconds(entry.seconds),
        solved,
        rate(entry.rate),
        number(entry.clicks),
        efficiency(entry.efficiency),
        NONE if entry.zini is None else number(entry.zini),
        escape(help_used(entry)),
        replay,
    )
    return f'<tr data-outcome="{entry.outcome.value}">{labelled(columns, cells)}</tr>'


def review_button(index: int, when: str) -> str:
    """The button that opens the review of the history's game `index`, which ended `when` (as shown)."""
    label = _("Review the game of {date}").format(date=when)
    text = _("Review")
    attributes = f'type="button" data-history-review="{index}" aria-label="{escape(label)}"'
    return f"<button {attributes}>{escape(text)}</button>"


def help_used(entry: Entry) -> str:
    """What helped: the odds shown, the hints used, a given board; a dash for none. A cell of the table: it
    begins with a capital ("given board" alone, German's "vorgegebenes Spielfeld", began in lower case)."""
    parts = [
        *([_("Odds")] if entry.odds else []),
        *(
            [
                ngettext("{count} hint", "{count} hints", entry.hints).format(
                    count=formats().number(entry.hints)
                )
            ]
            if entry.hints
            else []
        ),
        *([_("given board")] if entry.given else []),
    ]
    return capital(formats().join(parts)) if parts else NONE


def rate(value: float | None) -> str:
    return NONE if value is None else formats().number(value, 2)


def efficiency(value: float | None) -> str:
    return NONE if value is None else formats().percent(value)


def card(name: str, tally: Tally) -> str:
    number = formats().number
    figures = (
        (_("Played"), number(tally.played)),
        (pgettext("statistics", "Won"), number(tally.won)),
        *(((_("With help"), number(tally.hinted)),) if tally.hinted else ()),
        (_("Win rate"), percent(tally.win_rate)),
        (_("Streak"), number(tally.streak)),
        (_("Best streak"), number(tally.best_streak)),
    )
    return (
        f'<section class="stats-card" data-category="{escape(name)}">'
        f"<h3>{escape(caption(name))}</h3>"
        f'<dl class="stats-figures">{figure_items(figures)}</dl>'
        f"{given_part(tally)}{best_table(tally)}</section>"
    )


def erased(board: str, tally: Tally) -> str:
    """What a reset erases of one category, for its confirmation: "Beginner: played 9, won 4", and the games
    on given boards if it has any."""
    number = formats().number
    played, won = number(tally.played), number(tally.won)
    if not tally.given_played:
        return _("{board}: played {played}, won {won}").format(board=board, played=played, won=won)
    return _(
        "{board}: played {played}, won {won}; on given boards, played {given_played}, won {given_won}"
    ).format(
        board=board,
        played=played,
        won=won,
        given_played=number(tally.given_played),
        given_won=number(tally.given_won),
    )


def figure_items(figures: tuple[tuple[str, str], ...]) -> str:
    return "".join(f"<div><dt>{escape(label)}</dt><dd>{value}</dd></div>" for label, value in figures)


def given_part(tally: Tally) -> str:
    """The games on given boards, apart from the card's figures (see the glossary); "" for none."""
    if not tally.given_played:
        return ""
    number = formats().number
    figures = (
        (_("Played"), number(tally.given_played)),
        (pgettext("statistics", "Won"), number(tally.given_won)),
    )
    title = _("On given boards, counted apart")
    return (
        f'<div class="stats-given"><h4>{escape(title)}</h4>'
        f'<dl class="stats-figures">{figure_items(figures)}</dl></div>'
    )


def best_table(tally: Tally) -> str:
    if not tally.best:
        return f'<p class="stats-none">{escape(no_best(tally))}</p>'
    rows = "".join(best_row(rank, b) for rank, b in enumerate(tally.best, 1))
    heads = (
        pgettext("rank", "#"),
        pgettext("statistics", "Time"),
        _("Date"),
        "3BV",
        "3BV/s",
    )
    head_cells = "".join(f'<th scope="col">{escape(head)}</th>' for head in heads)
    best = _("Best times")
    return (
        f'<table class="best-times"><caption>{escape(best)}</caption><thead><tr>{head_cells}'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def no_best(tally: Tally) -> str:
    """Why a card has no best time: no win, or only wins that do not enter best times (naming the kinds it
    has), or times an older version did not keep."""
    if not tally.won and not tally.given_won:
        return _("No win yet.")
    if tally.hinted and tally.given_won:
        return _(
            "No best time yet: wins with help (hints or odds) or on given boards do not enter best times."
        )
    if tally.hinted:
        return _("No best time yet: wins with help (hints or odds) do not enter best times.")
    if tally.given_won:
        return _("No best time yet: wins on given boards do not enter best times.")
    return _("No best time yet.")


def best_row(rank: int, best: Best) -> str:
    rate_ = best.bbbv_per_second
    number = formats().number
    cells = (
        number(rank),
        seconds(best.seconds),
        day(best.date),
        number(best.bbbv) if best.bbbv else NONE,
        NONE if rate_ is None else number(rate_, 2),
    )
    return f"<tr>{''.join(f'<td>{cell}</td>' for cell in cells)}</tr>"
