"""Records a player can trust (issue 28), in real Chromium: no best time, win, streak or daily result for
nothing. A board's mines never leave the page while its game can be played; a seed link is a given board;
a game left under way counts however it is left; only today's daily counts, once, even before the yes;
shared results say the help used; an import leaves out what no player could make; a link's error shows
whatever game is kept."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from minesweeper import LEVELS, Board, Game, Look, Reveal
from minesweeper.codes import from_code
from minesweeper.daily import daily
from ui.i18n import English
from ui.settings import Settings

from .conftest import open_game
from .play import board_link, cell, deal, open_board, state
from .test_daily import today
from .test_fair_stats import WIDE_OPEN, WIDE_OPEN_CATEGORY
from .test_links import clipboard, copy_link  # noqa: F401 (a fixture)
from .test_stats_modes import apart, close_win_panel, figures
from .test_storage import open_settings, open_stats, reload

BEGINNER = LEVELS["beginner"]
SEED_LINK = "index.html?level=beginner&seed=101"
MIDDLE = BEGINNER.cell(4, 4)


def seeded_board(seed: int, first: int) -> Board:
    """The board the page deals for `seed` when its first click is `first` (the default rules)."""
    game = Game.new(BEGINNER, seed, Settings().rules)
    game.apply(Reveal(first))
    assert game.board is not None
    return game.board


def clear(page: Page, board: Board, first: int) -> None:
    """Open `first`, then every safe cell a flood left covered, until won."""
    game = Game.from_board(board)
    safe = [c for c in range(board.size.cells) if c not in board.mines]
    for target in [first, *safe]:
        if game.look(target) is Look.COVERED:
            game.apply(Reveal(target))
            cell(page, *board.size.row_col(target)).click()
    assert state(page) == "won"


def tomorrow(page: Page) -> str:
    return str(page.evaluate("(d => (d.setDate(d.getDate() + 1), d.toLocaleDateString('sv')))(new Date())"))


def copied(page: Page) -> str:
    return str(page.evaluate("navigator.clipboard.readText()"))


# -- 1. Copy link gives no mines away during a game --------------------------------------------------


def test_copy_link_gives_no_mines_while_the_game_can_be_played(
    clipboard: BrowserContext,  # noqa: F811
    page: Page,
    base_url: str,
) -> None:
    open_game(page, SEED_LINK)
    cell(page, 4, 4).click()
    assert state(page) == "playing"
    link = copy_link(page)
    assert "#board=" not in link and "seed=" not in link, link
    assert link == f"{base_url}index.html?level=beginner"
    expect(page.locator("#message")).to_contain_text("new board")
    clear(page, seeded_board(101, MIDDLE), MIDDLE)
    close_win_panel(page)
    over = copy_link(page)  # once the game is over: the very board
    assert from_code(over.split("#board=")[1]) == seeded_board(101, MIDDLE)

    day = today(page)  # today's daily under way: its own link, which it was made from
    open_game(page, f"index.html?daily={day}&level=beginner")
    made = daily(day, "beginner")
    cell(page, *BEGINNER.row_col(made.start)).click()
    assert copy_link(page) == f"{base_url}index.html?daily={day}&level=beginner"


# -- 2. A seed link is a given board: its games count apart ---------------------------------------


def test_games_on_given_boards_count_apart_never_in_played_won_or_the_streak(page: Page) -> None:
    deal(page, BEGINNER, 11)  # a board the page dealt: won, it counts
    clear(page, dealt(11), MIDDLE)
    close_win_panel(page)
    board = seeded_board(101, MIDDLE)
    for _ in range(2):  # a seed link's board, played twice
        open_game(page, SEED_LINK)
        clear(page, board, MIDDLE)
        expect(page.locator("#win-dialog [data-stat=best]")).not_to_contain_text("A new best time")
        expect(page.locator("#win-dialog [data-stat=known]")).to_have_text(
            "A given board (from a link, or played again): the win counts apart, not in your wins or streak."
        )
        close_win_panel(page)
    page.keyboard.press("r")  # the same board again: won
    clear(page, board, MIDDLE)
    close_win_panel(page)
    page.keyboard.press("r")  # and lost: practice, it costs nothing either
    cell(page, *BEGINNER.row_col(min(board.mines))).click()
    assert state(page) == "lost"
    open_stats(page)
    card = figures(page, "beginner")
    assert "Beginner Played 1 Won 1 Win rate 100% Streak 1 Best streak 1" in card, card
    assert apart(page, "beginner") == "On given boards, counted apart Played 4 Won 3"
    expect(page.locator('.stats-card[data-category="beginner"] .best-times tbody tr')).to_have_count(1)


# Where each part of the win panel is, top and bottom, if it is whole inside the panel (else None), and
# whether the panel itself scrolls.
PANEL_PARTS = """panel => {
  const frame = panel.getBoundingClientRect();
  const place = (selector) => {
    const r = panel.querySelector(selector).getBoundingClientRect();
    return r.height > 0 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1 ? [r.top, r.bottom] : null;
  };
  return {scrolls: panel.scrollHeight > panel.clientHeight + 1,
          parts: ['#win-title', '.win-known', '#win-consent', 'form > .buttons'].map(place)};
}"""


@pytest.mark.parametrize(("width", "height", "language"), [(844, 390, "en"), (360, 640, "de")])
def test_the_known_boards_note_shows_with_the_statistics_question(
    phone: Page, width: int, height: int, language: str
) -> None:
    """A phone held sideways, or a small one in long words: the title, why the win is no best time, the
    question and the buttons, all in sight at once, in that order, none over another."""
    phone.set_viewport_size({"width": width, "height": height})
    _, path = board_link(WIDE_OPEN)
    open_game(phone, path.replace("index.html", f"index.html?lang={language}"))
    cell(phone, 0, 0).tap()
    cell(phone, 8, 8).tap()
    assert state(phone) == "won"
    expect(phone.locator("#win-consent")).to_be_visible()  # a visit's first finished game: the question
    expect(phone.locator("#win-dialog [data-stat=known]")).to_be_visible()
    found = phone.locator("#win-dialog").evaluate(PANEL_PARTS)
    assert not found["scrolls"], "the win panel scrolls"
    title, known, question, buttons = found["parts"]
    assert None not in (title, known, question, buttons), found
    assert title[1] <= known[0] and known[1] <= question[0] and question[1] <= buttons[0], found


# -- 3. Leaving a started game counts, whatever the settings -------------------------------------


def forget_games(page: Page) -> None:
    open_settings(page)
    page.locator("#settings-form [name=remember_game]").uncheck()
    page.locator("#settings-form button[type=submit]").click()


def played(page: Page) -> str:
    """The board link's games: on a given board, counted apart."""
    open_stats(page)
    text = apart(page, WIDE_OPEN_CATEGORY)
    page.keyboard.press("Escape")
    return text


def test_a_reload_counts_the_game_it_leaves_with_remember_off(page: Page) -> None:
    open_board(page, WIDE_OPEN)
    forget_games(page)
    cell(page, 6, 6).click()  # a game under way, not remembered
    reload(page)
    assert state(page) == "ready"  # not resumed: the player asked for that
    assert "Played 1 Won 0" in played(page)

    open_board(page, WIDE_OPEN)  # remembered, then unticked mid-game: no escape either
    open_settings(page)
    page.locator("#settings-form [name=remember_game]").check()
    page.locator("#settings-form button[type=submit]").click()
    cell(page, 6, 6).click()
    forget_games(page)
    reload(page)
    assert "Played 2 Won 0" in played(page)

    open_board(page, WIDE_OPEN)  # a tab the phone dropped: no pagehide came, this tab's copy counts it
    cell(page, 6, 6).click()
    page.evaluate("addEventListener('pagehide', (event) => event.stopImmediatePropagation(), true)")
    reload(page)
    assert "Played 3 Won 0" in played(page)


# -- 4. Only today's daily ---------------------------------------------------------------------------


def test_a_daily_board_of_a_later_day_is_refused_with_a_note(page: Page) -> None:
    open_game(page, "index.html?level=beginner")
    later = tomorrow(page)
    open_game(page, f"index.html?daily={later}&level=beginner")
    expect(page.locator("#message")).to_contain_text(f"No daily board for {English().date(later)} yet")
    expect(page.locator("#board [data-start]")).to_have_count(0)


# -- 5. The day's first attempt, even before the yes ---------------------------------------------


def lose_daily(page: Page, made_day: str) -> None:
    made = daily(made_day, "beginner")
    cell(page, *BEGINNER.row_col(made.start)).click()
    cell(page, *BEGINNER.row_col(min(made.board.mines))).click()
    assert state(page) == "lost"


def test_a_daily_lost_before_the_yes_stays_the_days_attempt_in_a_new_tab(page: Page) -> None:
    open_game(page, "index.html?daily&level=beginner")
    day = today(page)
    lose_daily(page, day)
    consent, note = page.locator("#consent"), page.locator("#message")
    for _ in range(50):  # the day's result, the loss's verdict: read, then the question
        if consent.is_visible():
            break
        if note.is_visible():
            note.click()
        page.wait_for_timeout(100)
    consent.locator("[data-consent=no]").click()
    later = page.context.new_page()  # the tab closed: a new visit, nothing of the last one's statistics
    page.close()
    open_game(later, "index.html?daily&level=beginner")
    expect(later.locator("#message")).to_contain_text("Practice")
    made = daily(day, "beginner")
    clear(later, made.board, made.start)
    expect(later.locator("#win-dialog [data-stat=best]")).to_contain_text("Practice")
    kept = later.evaluate("JSON.parse(localStorage.getItem('minesweeper.begun'))")
    assert kept["data"]["day"] == day and list(kept["data"]["levels"]) == ["beginner"]  # nothing else


def test_leaving_the_days_daily_spends_its_attempt(page: Page) -> None:
    open_game(page, "index.html?daily&level=beginner")
    made = daily(today(page), "beginner")
    cell(page, *BEGINNER.row_col(made.start)).click()
    page.keyboard.press("r")  # the same board again, from its start: a second try of the day
    leave = page.locator("#leave-dialog button[value=leave]")
    if leave.is_visible():
        leave.click()
    expect(page.locator("#message")).to_contain_text("Practice")
    clear(page, made.board, made.start)
    expect(page.locator("#win-dialog [data-stat=best]")).to_contain_text("Practice")
    close_win_panel(page)
    open_stats(page)  # the day's attempt, left, counts with the rest; its practice, won, apart
    assert "Beginner Played 1 Won 0 Win rate 0% Streak 0" in figures(page, "beginner")
    assert apart(page, "beginner") == "On given boards, counted apart Played 1 Won 1"


# -- 6. Shared results say the help used -----------------------------------------------------------


def share(page: Page) -> str:
    page.evaluate("navigator.clipboard.writeText('')")
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=share]").click()
    expect(page.locator("#message")).to_contain_text("copied")
    return copied(page)


def test_a_shared_result_says_the_help_used(clipboard: BrowserContext, page: Page) -> None:  # noqa: F811
    open_board(page, WIDE_OPEN)
    page.keyboard.press("o")  # the odds shown
    cell(page, 0, 0).click()
    cell(page, 8, 8).click()
    assert state(page) == "won"
    close_win_panel(page)
    text = share(page)
    assert "🚩 won in" in text
    assert "Help used: the odds shown and a given board." in text.splitlines(), text

    open_board(page, WIDE_OPEN)
    page.keyboard.press("o")  # the odds hidden again
    page.keyboard.press("s")  # the solver plays it to the end
    expect(page.locator("#board")).to_have_attribute("data-state", "won")
    text = share(page)
    assert "Help used: the solver and a given board." in text.splitlines(), text


# -- 7. Import leaves out records no player could make ---------------------------------------------


def test_an_import_leaves_out_records_no_player_could_make(page: Page, tmp_path: Path) -> None:
    open_game(page)
    later = tomorrow(page)
    tallies = {
        "beginner": {
            "played": 3,
            "won": 2,
            "streak": 2,
            "best_streak": 2,
            "best": [
                {"seconds": 0.011, "date": "2026-01-02", "bbbv": 13},  # 1181.82 3BV/s
                {"seconds": 9.5, "date": "2026-01-03", "bbbv": 20},
            ],
        }
    }
    file = tmp_path / "crafted.json"
    file.write_text(
        json.dumps(
            {
                "app": "minesweeper",
                "records": {"version": 5, "data": {"tallies": tallies, "history": []}},
                "daily": {"version": 1, "data": {later: {"expert": {"won": True, "seconds": 60}}}},
            }
        )
    )
    open_stats(page)
    with page.expect_file_chooser() as chooser:
        page.locator("[data-data=import]").click()
    chooser.value.set_files(file)
    text = page.locator("#confirm-text")
    expect(text).to_contain_text("no player could make")
    expect(text).to_contain_text("0.01 s")
    expect(text).to_contain_text(English().date(later))
    page.locator("#confirm-ok").click()
    expect(page.locator("#message")).to_contain_text("Imported crafted.json")
    best = page.locator('.stats-card[data-category="beginner"] .best-times tbody tr')
    expect(best).to_have_count(1)
    expect(best).to_contain_text("9.50")
    expect(page.locator("#stats-daily")).to_be_empty()


# -- 8. A link's error shows, whatever game is kept ------------------------------------------------


@pytest.mark.parametrize(
    ("link", "says"),
    [
        # One fault: the order of the notes is the point; each fault's words are ui/links.py's (CPython).
        ("index.html?size=9.9.81", "This link could not be used: “9.9.81”: a 9×9 board takes 0 to 80 mines"),
    ],
)
def test_a_bad_links_error_shows_over_a_daily_kept(page: Page, link: str, says: str) -> None:
    open_game(page, "index.html?daily=2026-11-20&level=beginner")
    open_game(page, link)
    expect(page.locator("#board [data-start]")).to_have_count(1)  # the daily kept goes on
    expect(page.locator("#message")).to_contain_text(says, timeout=3000)  # in front, not after the daily's


def test_the_parts_of_a_daily_link_it_cannot_use_are_named(page: Page) -> None:
    open_game(page, "index.html?level=beginner&seed=5&mode=no-guess&daily=2026-11-20")
    expect(page.locator("#board [data-start]")).to_have_count(1)
    message = page.locator("#message")
    expect(message).to_contain_text("Part of this link was left out", timeout=3000)
    expect(message).to_contain_text(
        "a daily board is made from its day and level alone, so “seed=5&mode=no-guess” is not used."
    )


# -- The audit: ways to a record found after the eight above ----------------------------------------


def dealt(seed: int) -> Board:
    """The beginner board the page deals for `seed` (a game of its own, kept from a visit: not given) once
    (4, 4) is clicked."""
    game = Game.new(BEGINNER, seed, Settings().rules)
    game.apply(Reveal(MIDDLE))
    assert game.board is not None
    return game.board


def test_the_solver_is_no_way_out_of_a_game_begun(page: Page) -> None:
    deal(page, BEGINNER, 12)
    cell(page, 4, 4).click()  # begun: a guess ahead, say, that the player would rather not make
    assert state(page) == "playing"
    page.keyboard.press("s")
    expect(page.locator("#message")).to_contain_text("it counts as a game you left")
    expect(page.locator("#board")).to_have_attribute("data-state", "won", timeout=60_000)
    open_stats(page)
    assert "Played 1 Won 0" in figures(page, "beginner")  # left, as for a new game: the streak ends


def test_the_analysis_board_over_a_game_begun_counts_as_the_odds_shown(page: Page) -> None:
    deal(page, BEGINNER, 11)
    cell(page, 4, 4).click()
    page.locator("#game-menu-button").click()
    page.locator("#game-menu [data-command=analysis]").click()  # a board to set up as the game's
    expect(page.locator("#board")).to_have_attribute("data-study", "edit")
    expect(page.locator("#message")).to_contain_text("count as the odds shown in that game")
    page.keyboard.press("Escape")  # the game back, as it was
    expect(page.locator("#board")).not_to_have_attribute("data-study", "edit")
    clear(page, dealt(11), MIDDLE)
    expect(page.locator("#win-dialog [data-stat=odds]")).to_have_text("Shown")
    close_win_panel(page)
    open_stats(page)
    expect(page.locator('.stats-card[data-category="beginner"] .best-times')).to_have_count(0)


def test_a_daily_won_with_the_odds_shown_counts_the_day_never_its_time(page: Page) -> None:
    open_game(page, "index.html?daily&level=beginner")
    made = daily(today(page), "beginner")
    page.keyboard.press("o")  # every cell's chance, on a board that logic clears: a time for nothing
    clear(page, made.board, made.start)
    best = page.locator("#win-dialog [data-stat=best]")
    expect(best).to_contain_text("Daily boards: 1 day played, streak 1 (best 1).")
    expect(best).not_to_contain_text("Best daily times")


def test_another_tab_takes_the_think_with_the_game(page: Page) -> None:
    deal(page, BEGINNER, 11)
    cell(page, 4, 4).click()
    page.wait_for_timeout(2500)  # a long look at the board, the clock counting
    other = page.context.new_page()  # the same game, in a tab of its own: resumed from the first tab's save
    open_game(other)
    assert state(other) == "playing"
    shown = int(other.locator("#timer").inner_text())
    assert shown >= 3, f"the other tab's clock went back to the last move's second: {shown}"


def test_a_clock_turned_back_cannot_fill_a_missed_day(own_phone: Page) -> None:
    page = own_phone  # its own context: the clock set here stays with it
    now = datetime.datetime.now()
    page.clock.set_system_time(now + datetime.timedelta(days=1))  # the device a day ahead
    open_game(page, "index.html?daily&level=beginner")
    later = daily(today(page), "beginner")
    cell(page, *BEGINNER.row_col(later.start)).click()  # that day's board begun
    assert state(page) == "playing"  # (the click played, on that day)
    page.clock.set_system_time(now)  # and back: a day the streak would miss
    open_game(page, "index.html?daily&level=beginner")
    expect(page.locator("#message")).to_contain_text("can no longer count")
    made = daily(today(page), "beginner")
    clear(page, made.board, made.start)
    expect(page.locator("#win-dialog [data-stat=best]")).to_contain_text("Practice")


def test_a_game_given_to_the_solver_is_counted_once_and_left_without_asking(page: Page) -> None:
    deal(page, BEGINNER, 12)
    cell(page, 4, 4).click()  # a fifth of the board open: well under way
    page.keyboard.press("s")
    page.wait_for_function("document.querySelectorAll('#board [data-cell=flag]').length >= 1")
    page.keyboard.press("s")  # stopped, the game still under way
    assert state(page) == "playing"
    page.keyboard.press("n")  # counted already: nothing to ask, nothing to count again
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(page.locator("#leave-dialog")).to_be_hidden()
    open_stats(page)
    assert "Played 1 Won 0" in figures(page, "beginner")
