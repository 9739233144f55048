"""The rules of play: reveal, flood, flags, chords, winning and losing, replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Board, BoardError, Chord, Flag, Game, Look, Reveal, Rules, Size, State
from minesweeper.art import from_art
from minesweeper.game import NUMBER_LOOKS
from minesweeper.noguess import NoGuessUnavailable, place_no_guess
from minesweeper.placement import FirstClick, keep_free
from tests.unit.engine_strategies import ENGINE, actions, games, rules, sizes

# How the tests draw what a player sees: one character per look.
SEEN = {"covered": "#", "flag": "F", "question": "?", "0": ".", "mine": "*", "boom": "X", "wrong-flag": "W"}


def seen(game: Game) -> str:
    chars = [SEEN.get(look.value, look.value) for look in game.looks]
    return "\n".join("".join(chars[r * game.width : (r + 1) * game.width]) for r in range(game.height))


def picture(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


# ..1*1
# ..111
# 111..
# 1*1..
CORNERS = from_art("...*.\n.....\n.....\n.*...")


def test_a_reveal_on_an_empty_cell_floods_to_the_numbers_around_it() -> None:
    game = Game.from_board(CORNERS)
    changes = game.apply(Reveal(0))
    assert seen(game) == picture(
        """
        ..1##
        ..1##
        111##
        #####
        """
    )
    assert changes == {
        0: Look.N0,
        1: Look.N0,
        5: Look.N0,
        6: Look.N0,
        2: Look.N1,
        7: Look.N1,
        10: Look.N1,
        11: Look.N1,
        12: Look.N1,
    }
    assert game.state is State.PLAYING
    game.apply(Reveal(19))
    assert seen(game) == picture(
        """
        ..1##
        ..111
        111..
        ##1..
        """
    )


def test_flood_stops_at_numbers_and_never_crosses_them() -> None:
    board = from_art(
        """
        ..2*2..
        ..3*3..
        ..2*2..
        """
    )
    game = Game.from_board(board)
    game.apply(Reveal(0))
    assert seen(game) == picture(
        """
        ..2####
        ..3####
        ..2####
        """
    )
    game.apply(Reveal(6))
    assert game.state is State.WON  # every safe cell open: the mines show flagged
    assert seen(game) == picture(
        """
        ..2F2..
        ..3F3..
        ..2F2..
        """
    )


def test_a_reveal_on_a_number_opens_that_cell_only() -> None:
    game = Game.from_board(CORNERS)
    assert game.apply(Reveal(2)) == {2: Look.N1}
    assert game.apply(Reveal(2)) == {}  # already open


def test_a_given_board_is_played_as_given_even_a_first_click_on_a_mine() -> None:
    game = Game.from_board(CORNERS)
    changes = game.apply(Reveal(3))
    assert game.state is State.LOST
    assert changes == {3: Look.BOOM, 16: Look.MINE}
    assert game.board is CORNERS


def test_losing_shows_the_boom_the_other_mines_and_the_wrong_flags() -> None:
    board = from_art(
        """
        *1.
        121
        .1*
        """
    )
    game = Game.from_board(board)
    game.apply(Flag(0))  # right
    game.apply(Flag(2))  # wrong
    game.apply(Flag(5))  # wrong
    changes = game.apply(Reveal(8))
    assert seen(game) == picture(
        """
        F#W
        ##W
        ##X
        """
    )
    assert changes == {8: Look.BOOM, 2: Look.WRONG_FLAG, 5: Look.WRONG_FLAG}
    assert game.mines_left == 2 - 3


def test_winning_flags_every_mine_and_reports_those_flags_as_changes() -> None:
    board = from_art("*1.")
    game = Game.from_board(board)
    changes = game.apply(Reveal(2))
    assert game.state is State.WON and game.is_over
    assert changes == {2: Look.N0, 1: Look.N1, 0: Look.FLAG}
    assert game.mines_left == 0


def test_flags_cycle_through_a_question_mark_only_when_the_rule_is_on() -> None:
    plain = Game.from_board(CORNERS)
    assert [plain.apply(Flag(0)) for _ in range(3)] == [{0: Look.FLAG}, {0: Look.COVERED}, {0: Look.FLAG}]
    marked = Game.from_board(CORNERS, Rules(question_marks=True))
    cycle = [marked.apply(Flag(0)) for _ in range(4)]
    assert cycle == [{0: Look.FLAG}, {0: Look.QUESTION}, {0: Look.COVERED}, {0: Look.FLAG}]


def test_flags_may_outnumber_the_mines() -> None:
    game = Game.from_board(CORNERS)
    for cell in (0, 1, 5, 6):
        game.apply(Flag(cell))
    assert game.mines_left == -2


def test_a_flag_blocks_a_reveal_and_a_question_mark_does_not() -> None:
    game = Game.from_board(CORNERS, Rules(question_marks=True))
    game.apply(Flag(2))
    assert game.apply(Reveal(2)) == {}
    game.apply(Flag(2))
    assert game.looks[2] is Look.QUESTION
    assert game.apply(Reveal(2)) == {2: Look.N1}


def test_flags_cannot_go_on_open_cells() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(2))
    assert game.apply(Flag(2)) == {}


def test_a_satisfied_chord_opens_the_other_neighbours() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(2))
    game.apply(Flag(3))
    changes = game.apply(Chord(2))
    assert changes[1] is Look.N0  # opened, and flooded from there
    assert set(changes) >= {1, 6, 7, 8}
    assert game.looks[3] is Look.FLAG and game.state is State.PLAYING


def test_an_unsatisfied_chord_does_nothing() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(2))
    assert game.apply(Chord(2)) == {}  # no flag around the 1
    game.apply(Flag(3))
    game.apply(Flag(7))
    assert game.apply(Chord(2)) == {}  # two flags around the 1
    assert game.apply(Chord(0)) == {}  # covered
    assert game.clicks.chord == 3 and game.clicks.useful == 3  # the reveal and the two flags


def test_a_number_is_satisfied_while_its_flags_match_it() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(2))
    assert not game.is_satisfied(2)
    assert game.satisfied(game.apply(Flag(3))) == {2: True}
    assert game.satisfied(game.apply(Flag(7))) == {2: False}  # a second flag around the 1
    assert game.satisfied(game.apply(Flag(7))) == {2: True}  # gone again (no question marks)
    assert not game.is_satisfied(3) and not game.is_satisfied(0)  # a flag, a covered cell


def test_a_reveal_reports_the_numbers_it_opened() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Flag(3))
    changes = game.apply(Reveal(0))  # floods the top left zeros, up to the 1s around both mines
    assert game.satisfied(changes) == {2: True, 7: True, 10: False, 11: False, 12: False}  # no zero


def test_a_big_flood_reports_the_numbers_it_opened_beside_flags() -> None:
    # A 20x20 board: a flagged mine in the top left corner, and three mines walling in the bottom right cell.
    game = Game.from_board(Board(Size(20, 20, 4), frozenset({0, 378, 379, 398})))
    game.apply(Flag(0))
    before = [game.is_satisfied(c) for c in range(400)]
    changes = game.apply(Reveal(210))
    assert len(changes) == 395 and game.state is State.PLAYING
    assert game.satisfied(changes) == {1: True, 20: True, 21: True}
    assert [c for c in range(400) if game.is_satisfied(c) != before[c]] == [1, 20, 21]


def test_a_chord_on_a_wrong_flag_hits_the_mine_and_loses() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(2))
    game.apply(Flag(7))  # wrong: the mine is at 3
    changes = game.apply(Chord(2))
    assert game.state is State.LOST
    assert changes[3] is Look.BOOM and changes[7] is Look.WRONG_FLAG


def test_actions_after_the_end_do_nothing_and_are_not_logged() -> None:
    game = Game.from_board(CORNERS)
    game.apply(Reveal(3))
    log, looks = list(game.log), list(game.looks)
    for action in (Reveal(0), Flag(0), Chord(0)):
        assert game.apply(action) == {}
    assert game.log == log and game.looks == looks


def test_clicks_are_counted_by_kind_and_usefulness() -> None:
    game = Game.from_board(CORNERS)
    for action in (Reveal(2), Reveal(2), Flag(3), Flag(3), Flag(3), Chord(2)):
        game.apply(action)
    assert (game.clicks.left, game.clicks.right, game.clicks.chord) == (2, 3, 1)
    assert game.clicks.total == 6 and game.clicks.useful == 5  # the second reveal of 2 changed nothing


def test_a_whole_256x256_empty_board_opens_in_one_reveal() -> None:
    game = Game.from_board(Board(Size(256, 256, 0), frozenset()))
    changes = game.apply(Reveal(256 * 128 + 128))
    assert len(changes) == 65536 and set(changes.values()) == {Look.N0}
    assert game.state is State.WON


def test_a_seeded_game_places_its_mines_at_the_first_reveal() -> None:
    game = Game.new(Size(30, 16, 99), seed=7)
    assert game.board is None and game.state is State.READY
    game.apply(Flag(0))
    assert game.board is None  # flags do not start the game
    game.apply(Reveal(100))
    assert game.board is not None and game.state is State.PLAYING
    assert game.looks[100] is Look.N0


def test_bad_actions_are_refused_with_the_input_quoted() -> None:
    game = Game.from_board(CORNERS)
    with pytest.raises(BoardError, match=r"cell 20: outside a 5x4/2 board"):
        game.apply(Reveal(20))
    with pytest.raises(BoardError, match=r"action 'r3': must be Reveal, Flag or Chord"):
        game.apply("r3")  # type: ignore[arg-type]
    assert game.log == [] and game.clicks.total == 0


def test_the_view_is_the_open_numbers_and_none_for_every_other_look() -> None:
    game = Game.from_board(CORNERS, Rules(question_marks=True))
    assert game.view == (None,) * 20
    game.apply(Reveal(0))
    game.apply(Flag(3))
    game.apply(Flag(19))
    game.apply(Flag(19))  # a question mark
    # ..1F#
    # ..1##
    # 111##
    # ####?
    N = None
    assert game.view == (0, 0, 1, N, N, 0, 0, 1, N, N, 1, 1, 1, N, N, N, N, N, N, N)
    game.apply(Reveal(16))  # the mine: lost, the mines shown are not numbers either
    assert game.view[16] is None and game.view[:3] == (0, 0, 1)


def test_no_guess_rules_place_mines_through_noguess_with_the_game_s_seed() -> None:
    size = Size(9, 9, 10)
    game = Game.new(size, seed=5, rules=Rules(no_guess=True))
    game.apply(Reveal(40))
    assert game.board == place_no_guess(size, 40, random.Random(5))
    assert game.state is not State.LOST and game.looks[40] is Look.N0


def test_a_no_guess_reveal_past_the_sizes_offered_fails_at_once_and_changes_nothing() -> None:
    game = Game.new(Size(256, 256, 20000), seed=1, rules=Rules(no_guess=True))
    game.apply(Flag(5))
    with pytest.raises(NoGuessUnavailable, match=r"no-guess board 256x256/20000: more than 10000 cells"):
        game.apply(Reveal(0))
    assert game.log == [Flag(5)] and game.clicks.total == 1 and game.clicks.left == 0
    assert game.state is State.READY and game.board is None and game.looks[0] is Look.COVERED
    assert Game.rerun(game, game.log).looks == game.looks


# -- invariants, over random games -----------------------------------------------------------------


@given(sizes(), st.integers(0, 2**32), st.sampled_from([FirstClick.OPENING, FirstClick.SAFE]), st.data())
@ENGINE
def test_the_first_click_never_loses_and_opens_when_there_is_room(
    size: Size, seed: int, rule: FirstClick, data: st.DataObject
) -> None:
    first = data.draw(st.integers(0, size.cells - 1))
    game = Game.new(size, seed, Rules(first_click=rule))
    game.apply(Reveal(first))
    assert game.state is not State.LOST
    area = 1 + len(size.neighbours(first))
    if rule is FirstClick.OPENING and size.cells - area >= size.mines:
        assert game.looks[first] is Look.N0


@given(games(), st.data())
@ENGINE
def test_each_action_returns_exactly_what_changed_and_the_state_is_right(
    game: Game, data: st.DataObject
) -> None:
    for action in data.draw(actions(game.size.cells, max_size=15)):
        before = list(game.looks)
        changes = game.apply(action)
        assert changes == {c: look for c, look in enumerate(game.looks) if look is not before[c]}
        check_invariants(game)


def check_invariants(game: Game) -> None:
    looks = game.looks
    if game.board is None:
        assert game.state is State.READY
        assert all(look in (Look.COVERED, Look.FLAG, Look.QUESTION) for look in looks)
        return
    board = game.board
    safe = [c for c in range(game.size.cells) if c not in board.mines]
    for cell in safe:
        assert looks[cell] in (Look.COVERED, Look.FLAG, Look.QUESTION, Look.WRONG_FLAG) or looks[cell] == str(
            board.numbers[cell]
        )
    all_open = all(looks[c].is_open for c in safe)
    assert (game.state is State.WON) == all_open
    assert (game.state is State.LOST) == (Look.BOOM in looks)
    if game.state is State.WON:
        assert all(looks[m] is Look.FLAG for m in board.mines) and game.mines_left == 0
    else:
        flags = looks.count(Look.FLAG) + looks.count(Look.WRONG_FLAG)
        assert game.mines_left == game.size.mines - flags


@given(games())
@ENGINE
def test_a_satisfied_cell_is_an_open_number_with_as_many_flags_around(game: Game) -> None:
    for cell, look in enumerate(game.looks):
        flags = sum(game.looks[n] is Look.FLAG for n in game.size.neighbours(cell))
        assert game.is_satisfied(cell) == (look in NUMBER_LOOKS[1:] and flags == int(look.value))
    assert game.satisfied_numbers() == {c for c in range(game.size.cells) if game.is_satisfied(c)}


@given(games(), st.data())
@ENGINE
def test_satisfied_names_every_number_an_action_satisfied_or_unsatisfied(
    game: Game, data: st.DataObject
) -> None:
    cells = range(game.size.cells)
    for action in data.draw(actions(game.size.cells, max_size=15)):
        before = [game.is_satisfied(c) for c in cells]
        reported = game.satisfied(game.apply(action))
        after = [game.is_satisfied(c) for c in cells]
        assert {c for c in cells if after[c] != before[c]} <= set(reported)
        assert all(reported[c] == after[c] for c in reported)


@given(games(), st.data())
@ENGINE
def test_foresee_says_what_a_reveal_would_open_and_changes_nothing(game: Game, data: st.DataObject) -> None:
    cell = data.draw(st.integers(0, game.size.cells - 1))
    before = (list(game.looks), game.state, game.board, game.flags, game.safe_left, list(game.log))
    foreseen = game.foresee(cell)
    assert (list(game.looks), game.state, game.board, game.flags, game.safe_left, list(game.log)) == before
    state = game.state
    changes = game.apply(Reveal(cell))
    if foreseen is None:  # only where the reveal opens nothing, or does more than open cells
        assert not changes or game.state is not State.PLAYING or state.is_over
    else:
        assert foreseen == changes and game.state is State.PLAYING


def test_foresee_leaves_mines_wins_and_no_guess_placements_to_the_reveal() -> None:
    game = Game.from_board(CORNERS)
    assert game.foresee(3) is None  # a mine
    assert game.foresee(0) == game.apply(Reveal(0))
    assert game.foresee(0) is None  # open already
    last = Game.from_board(from_art("*.."))
    assert last.foresee(2) is None  # the reveal would win: the page's whole path shows that
    assert Game.new(Size(9, 9, 10), seed=5, rules=Rules(no_guess=True)).foresee(40) is None


def test_a_first_reveal_foreseen_places_the_mines_once_as_the_reveal_would() -> None:
    size = Size(30, 16, 99)
    foreseen, plain = Game.new(size, seed=7), Game.new(size, seed=7)
    changes = foreseen.foresee(240)
    assert foreseen.board is None and foreseen.state is State.READY
    placed = foreseen._foreseen
    assert foreseen.apply(Reveal(240)) == changes == plain.apply(Reveal(240))
    assert placed is not None and foreseen.board is placed[1] and foreseen.board == plain.board
    other = Game.new(size, seed=7)
    other.foresee(0)  # another cell's placement is not this reveal's
    assert other.apply(Reveal(240)) == changes and other.board == plain.board


@given(games())
@ENGINE
def test_replaying_the_log_gives_the_same_game(game: Game) -> None:
    again = Game.rerun(game, game.log)
    assert again.looks == game.looks and again.state is game.state and again.board == game.board
    assert again.clicks == game.clicks and again.log == game.log


@given(sizes(), st.integers(0, 2**32), rules, st.data())
@ENGINE
def test_flags_never_change_the_layout(size: Size, seed: int, game_rules: Rules, data: st.DataObject) -> None:
    first = data.draw(st.integers(0, size.cells - 1))
    flags = data.draw(st.lists(st.integers(0, size.cells - 1).filter(lambda c: c != first), max_size=10))
    flagged, plain = Game.new(size, seed, game_rules), Game.new(size, seed, game_rules)
    for cell in flags:
        flagged.apply(Flag(cell))
    flagged.apply(Reveal(first))
    plain.apply(Reveal(first))
    assert flagged.board == plain.board
    assert not plain.board or not plain.board.mines & keep_free(size, first, game_rules.first_click)


@given(games(), st.data())
@ENGINE
def test_chord_opens_all_other_neighbours_exactly_when_the_flags_match(
    game: Game, data: st.DataObject
) -> None:
    open_numbers = [c for c, look in enumerate(game.looks) if look.is_open and look is not Look.N0]
    if game.is_over or not open_numbers:
        return
    cell = data.draw(st.sampled_from(open_numbers))
    number, around = int(game.looks[cell].value), game.size.neighbours(cell)
    # Flag some unopened neighbours (right or wrong), often exactly `number` so that the chord is satisfied.
    unopened = [n for n in around if not game.looks[n].is_open]
    count = data.draw(st.one_of(st.just(number), st.integers(0, len(unopened))))
    if count <= len(unopened):
        chosen = set(data.draw(st.permutations(unopened))[:count])
        for n in unopened:
            while (game.looks[n] is Look.FLAG) != (n in chosen):
                game.apply(Flag(n))
    flags = sum(game.looks[n] is Look.FLAG for n in around)
    closed = [n for n in around if game.looks[n] in (Look.COVERED, Look.QUESTION)]
    assert game.board is not None
    changes = game.apply(Chord(cell))
    if flags != number:
        assert changes == {}
    elif any(n in game.board.mines for n in closed):
        assert game.state is State.LOST
        assert all(changes[n] is Look.BOOM for n in closed if n in game.board.mines)
    else:
        assert all(game.looks[n].is_open for n in closed) and game.state is not State.LOST
