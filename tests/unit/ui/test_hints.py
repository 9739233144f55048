"""The solver in the page's words: labels that never round a doubt away, tint buckets that keep 0 and 10
for certainties, the hint for each kind of position, and the overlay against the solver's exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Chord, FirstClick, Flag, Game, Reveal, Rules, State, level
from minesweeper.art import from_art
from minesweeper.solver import HINT_WORK, Chances, Position, probabilities
from ui.hints import (
    LARGE,
    Place,
    advise,
    apart,
    first_click_is_safe,
    label,
    odds,
    overlay,
    risk,
    split_rest,
    verdict,
    where,
)
from ui.layout import Layout

WALL = "....*.\n....**\n......"  # opened at the corner: ...2## / ...2## / ...1##
FIFTY_FIFTY = "..1*\n..1."  # opened at the corner: ..1# / ..1#, one mine in two cells
# Opened at 0, 2, 8, 16, 17: 1#2##### / 1####### / 24######, the rest covered (see test_guess).
LOOK_AHEAD = "1*21....\n13*2..11\n24*2..2*\n**32..2*\n23*21.11\n.12*1...\n..112232\n....1***"


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 1000), "<1%"),
        (Fraction(1, 200), "<1%"),
        (Fraction(1, 100), "1%"),
        (Fraction(199, 200), ">99%"),
        (Fraction(99, 100), "99%"),
        (Fraction(1, 8), "13%"),
        (Fraction(1, 3), "33%"),
        (Fraction(2, 3), "67%"),
        (Fraction(1, 2), "50%"),
    ],
)
def test_labels(p: Fraction, text: str) -> None:
    assert label(p) == text
    assert label(p, exact=False) == (text if p in (0, 1) else f"≈{text}")


@given(st.fractions(0, 1))
def test_only_certainties_read_0_or_100_and_take_the_end_buckets(p: Fraction) -> None:
    assert (label(p) in ("0%", "100%")) == (p in (0, 1))
    assert (risk(p) == 0) == (p == 0) and (risk(p) == 10) == (p == 1)
    assert abs(risk(p) - p * 10) <= 1


def open_at(art: str, cell: int = 0) -> Game:
    game = Game.from_board(from_art(art))
    game.apply(Reveal(cell))
    return game


def test_a_proved_safe_cell_is_the_hint_and_counts() -> None:
    advice = advise(open_at(WALL))
    assert (advice.cell, advice.kind, advice.counted, advice.label) == (16, "safe", True, "")
    assert advice.text == "Hint: row 3, column 5 is safe."


@pytest.mark.parametrize(
    ("touch", "text"),
    [
        (False, "The game is over: press N for a new one."),
        (True, "The game is over: tap the face for a new one."),  # a phone has no N to press
    ],
)
def test_a_hint_after_the_end_names_the_key_or_what_a_finger_does(touch: bool, text: str) -> None:
    game = open_at(WALL)
    game.apply(Reveal(4))  # the mine on the first row
    assert game.state is State.LOST
    advice = advise(game, touch=touch)
    assert (advice.cell, advice.kind, advice.counted, advice.text) == (None, "none", False, text)


def test_a_safe_cell_under_a_wrong_flag_is_hinted_as_a_wrong_flag() -> None:
    # The solver does not trust flags: the safe cell it names may be one the player flagged, which a tap
    # does not open; "row 3, column 5 is safe" over a flag read as a contradiction.
    game = open_at(WALL)
    game.apply(Flag(16))
    advice = advise(game)
    assert (advice.cell, advice.kind, advice.counted) == (16, "safe", True)
    assert advice.text == "Hint: your flag at row 3, column 5 is wrong: that cell is safe."


def test_a_least_risky_cell_under_a_flag_says_so() -> None:
    game = open_at(FIFTY_FIFTY)
    game.apply(Flag(3))
    game.apply(Flag(7))
    advice = advise(game)
    assert (advice.cell, advice.kind, advice.label) == (3, "risk", "50%")
    assert advice.text == "No cell is certain. The least risky is row 1, column 4, under your flag: 50% risk."


def test_of_cells_equally_good_the_hint_names_one_not_flagged() -> None:
    # Cells 3 and 7 are each a mine one time in two: the player flagged 3 (as good a guess as any), so
    # pointing under that flag would read as "your flag is wrong" when 7 is just as good.
    game = open_at(FIFTY_FIFTY)
    game.apply(Flag(3))
    advice = advise(game)
    assert (advice.cell, advice.kind, advice.label) == (7, "risk", "50%")
    assert advice.text == "No cell is certain. The least risky is row 2, column 4: 50% risk."


def test_with_no_safe_cell_the_hint_is_the_least_risky_with_its_risk() -> None:
    advice = advise(open_at(FIFTY_FIFTY))
    assert (advice.cell, advice.kind, advice.label, advice.counted) == (3, "risk", "50%", True)
    assert advice.text == "No cell is certain. The least risky is row 1, column 4: 50% risk."


def test_a_riskier_hint_says_why_it_is_the_best_guess() -> None:
    game = Game.from_board(from_art(LOOK_AHEAD))
    for cell in (0, 2, 8, 16, 17):
        game.apply(Reveal(cell))
    advice = advise(game)
    assert (advice.cell, advice.kind, advice.label) == (1, "risk", "8%")
    assert advice.text == (
        "No cell is certain. The best guess is row 1, column 2: 8% risk. Another cell is slightly less"
        " risky, but this one gives a better chance to survive the next move too."
    )


@pytest.mark.parametrize("rule", [FirstClick.OPENING, FirstClick.SAFE])
def test_before_a_safe_first_click_any_cell_is_safe_and_it_does_not_count(rule: FirstClick) -> None:
    game = Game.new(level("expert"), seed=1, rules=Rules(first_click=rule))
    game.apply(Flag(0))  # flags do not start the game
    advice = advise(game)
    # The solver's first click: (3, 3) when an opening is kept free, else the corner.
    start = level("expert").cell(3, 3) if rule is FirstClick.OPENING else 0
    assert (advice.cell, advice.kind, advice.counted) == (start, "safe", False)
    spot = "row 4, column 4" if rule is FirstClick.OPENING else "row 1, column 1"
    assert advice.text.startswith(f"Any cell is safe on the first click; the solver starts at {spot} (")
    assert odds(game) is None


def test_no_guess_games_start_safe_and_risky_rules_or_given_boards_do_not() -> None:
    assert first_click_is_safe(
        Game.new(level("beginner"), 1, Rules(first_click=FirstClick.NONE, no_guess=True))
    )
    risky = Game.new(level("beginner"), 1, Rules(first_click=FirstClick.NONE))
    assert not first_click_is_safe(risky)
    assert advise(risky).kind == "risk" and advise(risky).label == "12%"  # 10 mines in 81 cells
    given = Game.from_board(from_art(WALL))
    assert not first_click_is_safe(given) and advise(given).label == "17%"  # 3 in 18


def test_a_finished_game_gets_no_hint_and_no_odds() -> None:
    game = open_at(WALL)
    game.apply(Reveal(4))  # a mine
    assert advise(game).kind == "none" and advise(game).cell is None
    assert odds(game) is None and overlay(None) == {}


def test_the_overlay_shows_the_solver_s_exact_odds_on_every_covered_cell() -> None:
    game = open_at(WALL)
    found = odds(game)
    assert found is not None and found.exact
    assert found.cells == probabilities(Position(game.size, game.view))
    assert sum(found.cells.values()) == 3  # every layout has all three mines among the covered cells
    assert overlay(found) == {
        4: ("100%", "10"),
        5: ("33%", "3"),
        10: ("100%", "10"),
        11: ("33%", "3"),
        16: ("0%", "0"),
        17: ("33%", "3"),
    }


def test_estimates_say_so_except_where_logic_settled_the_cell() -> None:
    marks = overlay(Chances({0: Fraction(1, 4), 1: Fraction(0), 2: Fraction(1)}, exact=False))
    assert marks == {0: ("≈25%", "2"), 1: ("0%", "0"), 2: ("100%", "10")}


def test_where_counts_from_one() -> None:
    assert where(level("expert").row_col, 0) == {"row": "1", "column": "1"}
    assert where(level("expert").row_col, 479) == {"row": "16", "column": "30"}


def test_on_a_turned_board_the_hint_names_the_row_and_column_the_player_sees() -> None:
    game = open_at(WALL)  # 6 wide, 3 tall: the safe cell 16 is engine row 3, column 5
    turned = Layout(game.width, game.height, transposed=True)
    advice = advise(game, turned.place)
    assert advice.cell == 16 and advice.text == "Hint: row 5, column 3 is safe."
    assert advise(game, Layout(game.width, game.height).place).text == advise(game).text
    risky = advise(open_at(FIFTY_FIFTY), Layout(4, 2, transposed=True).place)
    assert risky.text == "No cell is certain. The least risky is row 4, column 1: 50% risk."


def test_a_large_board_draws_the_most_common_mark_once() -> None:
    marks = {0: ("20%", "2"), 1: ("20%", "2"), 2: ("0%", "0"), 3: ("20%", "2")}
    assert split_rest(marks, LARGE) == (marks, None)
    assert split_rest(marks, LARGE + 1) == ({2: ("0%", "0")}, ("20%", "2"))
    assert split_rest({}, LARGE + 1) == ({}, None)


def said(game: Game, place: Place | None = None, work: int = HINT_WORK) -> str | None:
    """The verdict's words."""
    found = verdict(game, place, work)
    return None if found is None else found.text


# -- the verdict on a loss ------------------------------------------------------------------------------

LESS_RISKY = ".....\n.*.*.\n...*."  # opened at the corner (a 1): 1, 5 and 6 are 1 in 3, the rest 2 in 11
NO_SAFE_CELL = (
    ".....\n...*.\n*.**."  # opened at the corner: ..111 / 123## / ##### -- 12 a sure mine, none safe
)


def lost_by(art: str, *cells: int) -> Game:
    """The given board `art` after revealing `cells` in turn."""
    game = Game.from_board(from_art(art))
    for cell in cells:
        game.apply(Reveal(cell))
    return game


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (lost_by(WALL, 0, 11), "That cell's risk was 33%, but row 3, column 5 was safe."),
        (lost_by(WALL, 0, 4), "That cell was certainly a mine, but row 3, column 5 was safe."),
        (
            lost_by(FIFTY_FIFTY, 0, 3),
            "No cell was safe, and none less risky: a forced guess (50% risk). Bad luck!",
        ),
        (
            lost_by(LESS_RISKY, 0, 6),
            "That cell's risk was 33%. No cell was safe, but row 1, column 3 was less risky: 18%.",
        ),
        (
            lost_by(NO_SAFE_CELL, 0, 12),
            "That cell was certainly a mine. No cell was safe, but row 3, column 4 was less risky: 25%.",
        ),
        (lost_by(WALL, 4), "That first click's risk was 17%: on this board, no first click is kept safe."),
    ],
)
def test_a_loss_is_told_whether_the_click_was_a_forced_guess(game: Game, text: str) -> None:
    assert game.state is State.LOST
    assert said(game) == text
    found = verdict(game)
    assert found is not None
    # The cell the words name as safe or less risky is the one marked; none for a forced guess.
    kind = "risk" if "was less risky:" in text else "safe" if text.endswith(" was safe.") else "none"
    if kind != "none":
        assert found.cell is not None and found.kind == kind
        assert f"row {found.cell // game.size.width + 1}, column {found.cell % game.size.width + 1}" in text
    else:
        assert found.cell is None and found.kind == "none"


NEAR_EQUAL = ".....1*\n11.1121\n*222*1.\n2*2*21."  # 11.2% against 10.5%: both "11%" rounded


def test_a_less_risky_cell_reads_less_risky_with_the_decimals_it_takes() -> None:
    game = lost_by(NEAR_EQUAL, 5, 13, 21, 18)
    assert said(game) == (
        "That cell's risk was 11.2%. No cell was safe, but row 2, column 5 was less risky: 10.5%."
    )


@pytest.mark.parametrize(
    ("p", "q", "texts"),
    [
        (Fraction(1, 3), Fraction(1, 5), ("33%", "20%")),
        (Fraction(52, 1000), Fraction(48, 1000), ("5.2%", "4.8%")),
        (Fraction(3, 1000), Fraction(2, 1000), ("0.3%", "0.2%")),
        (Fraction(5001, 10000), Fraction(5000, 10000), ("50.01%", "50.00%")),
    ],
)
def test_two_different_risks_never_read_the_same(p: Fraction, q: Fraction, texts: tuple[str, str]) -> None:
    assert apart(p, q) == texts


def test_the_cell_named_is_the_nearest_to_the_click_among_the_least_risky() -> None:
    # Both row 1, column 5 and row 3, column 4 were 25%: the one beside the lost click is named.
    found = verdict(lost_by(NO_SAFE_CELL, 0, 12))
    assert found is not None and found.cell == 13 and found.kind == "risk"


def test_the_hint_s_own_guess_lost_is_not_blamed_on_a_less_risky_cell() -> None:
    # The hint names cell 1 (1/12), riskier than the least risky (95/1224) for the moves after it
    # (test_guess): losing there was the best guess's bad luck, not a mistake.
    game = lost_by(LOOK_AHEAD, 0, 2, 8, 16, 17, 1)
    assert game.state is State.LOST
    found = verdict(game)
    assert found is not None and found.cell is None
    assert found.text == (
        "That cell was the best guess (8% risk): another was slightly less risky, but this one left safer"
        " moves after it. Bad luck!"
    )


def test_the_only_safe_cell_under_a_flag_is_named_as_the_player_s_flag() -> None:
    game = open_at(WALL)
    game.apply(Flag(16))  # the one safe cell
    game.apply(Reveal(11))
    assert said(game) == "That cell's risk was 33%, and your flag at row 3, column 5 was on a safe cell."


def test_a_guess_on_estimated_odds_is_not_called_forced() -> None:
    # No work allowed: the solver estimates, as on a position too complex to count in time.
    assert said(lost_by(FIFTY_FIFTY, 0, 3), work=0) == (
        "No cell could be proven safe, and none looked less risky (≈50% risk, an estimate: this position"
        " was too complex to count)."
    )


def test_a_chord_that_loses_was_a_wrong_flag() -> None:
    game = open_at(WALL)  # cell 15 (row 3, column 4) is a 1 touching 10 (a mine) and 16 (safe)
    game.apply(Flag(16))
    game.apply(Chord(15))
    assert game.state is State.LOST
    expected = "Opening around row 3, column 4 hit a mine: one of the flags around it was on a safe cell."
    assert said(game) == expected


def test_a_fifty_fifty_lost_beside_a_flag_was_forced_and_the_verdict_names_cells_as_seen() -> None:
    game = open_at(FIFTY_FIFTY)
    game.apply(Flag(7))  # as good a guess as 3 (the mine): not a reason to call opening 3 a mistake
    game.apply(Reveal(3))
    assert said(game) == "No cell was safe, and none less risky: a forced guess (50% risk). Bad luck!"
    turned = lost_by(WALL, 0, 11)
    assert said(turned, Layout(6, 3, transposed=True).place) == (
        "That cell's risk was 33%, but row 5, column 3 was safe."
    )


def test_no_verdict_unless_lost() -> None:
    won = lost_by("...\n..*", 0, 2)
    assert won.state is State.WON
    assert said(Game.from_board(from_art(WALL))) is said(open_at(WALL)) is said(won) is None
