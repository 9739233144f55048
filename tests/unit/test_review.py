"""The review of a game against exhaustive search: each action's verdict and chances from every layout of
the position before it; pictures with known answers; the summary's invariants."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from minesweeper import Action, Board, Chord, Flag, Game, Look, Reveal, Rules, Size, State
from minesweeper.art import from_art
from minesweeper.diagram import Diagram
from minesweeper.placement import FirstClick
from minesweeper.review import Judgement, Verdict, review
from minesweeper.solver import Position, hint, solve
from tests.unit.engine_strategies import ENGINE
from tests.unit.test_guess import layouts_of
from tests.unit.test_solver import SHAPES

V = Verdict


@st.composite
def played(draw: st.DrawFn) -> Game:
    """A small game, seeded or on a given board, played by random actions: reveals most often, and flags
    and chords where they do something (beside numbers, on numbers with flags around)."""
    width, height = draw(st.sampled_from(SHAPES))
    rules = Rules(first_click=draw(st.sampled_from(FirstClick)), question_marks=draw(st.booleans()))
    cells = width * height
    if draw(st.booleans()):
        mines = draw(st.sets(st.integers(0, cells - 1), max_size=cells - 1))
        game = Game.from_board(Board.from_mines(width, height, mines), rules)
    else:
        game = Game.new(Size(width, height, draw(st.integers(0, cells - 1))), draw(st.integers(0, 99)), rules)
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from([Reveal, Reveal, Reveal, Flag, Chord]))
        game.apply(kind(draw(st.sampled_from(useful(game, kind)))))
    return game


def useful(game: Game, kind: type[Action]) -> list[int]:
    """Cells where `kind` is likely to do something, else any cell."""
    size, looks = game.size, game.looks
    numbers = [c for c, look in enumerate(looks) if look.is_open and look is not Look.N0]
    if kind is Flag:
        found = sorted({n for c in numbers for n in size.neighbours(c) if not looks[n].is_open})
    elif kind is Chord:
        found = [c for c in numbers if any(looks[n] is Look.FLAG for n in size.neighbours(c))]
    else:
        found = []
    return found or list(range(size.cells))


def opened_by(game: Game, action: Action) -> list[int]:
    """The cells `action` opens in `game` (before it is played)."""
    closed = (Look.COVERED, Look.QUESTION)
    if isinstance(action, Reveal):
        return [action.cell] if game.looks[action.cell] in closed else []
    if isinstance(action, Chord) and game.is_satisfied(action.cell):
        return [n for n in game.size.neighbours(action.cell) if game.looks[n] in closed]
    return []


def expected(game: Game, action: Action) -> tuple[Verdict, Fraction | None, Fraction | None]:
    """The verdict, chance and least chance that exhaustive search gives `action` in `game`."""
    position = Position(game.size, game.view)
    flags = frozenset(c for c, look in enumerate(game.looks) if look is Look.FLAG)
    opened = opened_by(game, action)
    neutral = game.looks[action.cell] is not Look.COVERED if isinstance(action, Flag) else not opened
    if neutral:
        return V.NEUTRAL, None, None
    if game.state is State.READY and not isinstance(action, Flag):
        return V.FIRST, None, None
    layouts = layouts_of(position)
    share = {c: Fraction(sum(c in layout for layout in layouts), len(layouts)) for c in position.covered}
    if isinstance(action, Flag):
        p = share[action.cell]
        return (V.FLAG if p == 1 else V.MISTAKE if p == 0 else V.UNPROVED), p, None
    chance = Fraction(sum(any(c in layout for c in opened) for layout in layouts), len(layouts))
    least = min(share.values())
    if chance == 0:
        return V.SAFE, chance, least
    if least == 0 or chance == 1:
        return V.MISTAKE, chance, least
    found = hint(position, flagged=flags)
    assert found is not None
    forced = chance == least or [c for c in opened if share[c]] == [found.cell]
    return (V.FORCED if forced else V.RISKY), chance, least


@ENGINE
@given(played())
def test_every_action_is_judged_once_as_exhaustive_search_judges_it(game: Game) -> None:
    judged = review(game).judgements
    assert [j.move for j in judged] == list(range(len(game.log)))
    assert [j.action for j in judged] == game.log
    replay = Game.rerun(game, [])
    for judgement, action in zip(judged, game.log, strict=True):
        flags = frozenset(c for c, look in enumerate(replay.looks) if look is Look.FLAG)
        assert judgement.before == Diagram(game.size, replay.view, flags)
        verdict, chance, least = expected(replay, action)
        assert judgement.verdict is verdict and judgement.exact
        if verdict not in (V.NEUTRAL, V.FIRST):
            assert judgement.chance == chance
        if least is not None:
            assert judgement.least == least
        replay.apply(action)
        assert judgement.lost == (replay.state is State.LOST and replay.log[-1] is action)


@ENGINE
@given(played())
def test_luck_is_at_most_best_luck_at_most_1(game: Game) -> None:
    summary = review(game).summary
    assert 0 <= summary.luck <= summary.best_luck <= 1
    assert summary.accuracy is None or 0 <= summary.accuracy <= 100
    assert sum(summary.counts.values()) == len(game.log)


@ENGINE
@given(st.sampled_from(SHAPES), st.integers(0, 2**32), st.data())
def test_a_game_won_on_proved_safe_cells_alone_is_all_safe_with_accuracy_100(
    shape: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    width, height = shape
    rng = random.Random(seed)
    game = Game.new(Size(width, height, rng.randrange(width * height)), seed)
    game.apply(Reveal(rng.randrange(width * height)))
    while game.state is State.PLAYING:
        safe = sorted(solve(Position(game.size, game.view)).safe)
        if not safe:
            return
        game.apply(Reveal(data.draw(st.sampled_from(safe))))
    if game.state is State.WON:
        found = review(game)
        assert {j.verdict for j in found.judgements[1:]} <= {V.SAFE}
        assert found.summary.accuracy in (None, 100) and found.summary.luck == 1


# -- pictures ----------------------------------------------------------------------------------------

# 123*2     after the first click on the bottom row:   #####
# *2**2                                                #####
# 12221                                                12221
# .....                                                .....
# Every layout of the 4 mines: row 1 holds 3 (cell 7, and 5 and 8 or 6 and 9), row 0 one: each row 0
# cell 1/5, the other row 1 cells 1/2. No cell is safe; the hint's endgame search (every line of play)
# takes cell 5 (1/2), not a row 0 cell (1/5).
GUESSES = from_art("123*2\n*2**2\n12221\n.....")


def judged(board: Board, actions: list[Action]) -> list[Judgement]:
    game = Game.from_board(board)
    for action in actions:
        game.apply(action)
    return list(review(game).judgements)


def test_the_position_s_chances_are_as_exhaustive_search_counts() -> None:
    game = Game.from_board(GUESSES)
    game.apply(Reveal(15))
    layouts = layouts_of(Position(game.size, game.view))
    assert len(layouts) == 5 * 2  # one row 0 cell, and cell 7 with 5 and 8 or with 6 and 9
    share = {c: Fraction(sum(c in layout for layout in layouts), len(layouts)) for c in range(10)}
    assert share == {
        **dict.fromkeys(range(5), Fraction(1, 5)),
        **dict.fromkeys((5, 6, 8, 9), Fraction(1, 2)),
        7: 1,
    }


def test_guesses_least_risky_the_hint_s_own_riskier_or_a_proved_mine() -> None:
    first, least = judged(GUESSES, [Reveal(15), Reveal(0)])
    given = Fraction(4, 20)  # a given board keeps no first click safe
    assert (first.verdict, first.chance, first.least) == (V.FIRST, given, given)
    assert (least.verdict, least.chance, least.least) == (V.FORCED, Fraction(1, 5), Fraction(1, 5))
    assert (least.best, least.best_chance) == (0, Fraction(1, 5))  # the least risky: the cell itself
    assert least.survival == least.best_survival == Fraction(4, 5)
    own = judged(GUESSES, [Reveal(15), Reveal(5)])[1]
    assert (own.verdict, own.chance, own.best, own.best_chance) == (
        V.FORCED,
        Fraction(1, 2),
        5,
        Fraction(1, 2),
    )
    risky = judged(GUESSES, [Reveal(15), Reveal(6)])[1]
    assert (risky.verdict, risky.chance, risky.least) == (V.RISKY, Fraction(1, 2), Fraction(1, 5))
    assert not risky.lost  # cell 6 is safe: a lucky guess
    assert risky.score == 100 * Fraction(1, 2) / Fraction(4, 5)  # 62.5: the share of the best survival kept
    mine = judged(GUESSES, [Reveal(15), Reveal(7)])[1]
    assert (mine.verdict, mine.chance, mine.lost, mine.score) == (V.MISTAKE, 1, True, 0)


def test_flags_are_judged_by_what_the_position_proves() -> None:
    found = judged(GUESSES, [Reveal(15), Flag(7), Flag(5), Flag(5), Flag(0)])
    assert [(j.verdict, j.chance) for j in found[1:]] == [
        (V.FLAG, 1),
        (V.UNPROVED, Fraction(1, 2)),
        (V.NEUTRAL, None),  # the flag taken off
        (V.UNPROVED, Fraction(1, 5)),
    ]


# *..*      after the first click on the bottom row:   ####
# ....                                                 1111
# ....     the four 1s prove both corners mines and   ....
# ....     the middle cells safe                      ....
CORNERS = from_art("*..*\n....\n....\n....")


def test_safe_openings_and_mistakes_beside_a_safe_cell() -> None:
    found = judged(CORNERS, [Reveal(12), Flag(2), Flag(2), Flag(0), Reveal(1), Chord(1)])
    assert [j.verdict for j in found] == [V.FIRST, V.MISTAKE, V.NEUTRAL, V.FLAG, V.SAFE, V.SAFE]
    assert found[4].chance == 0 and found[5].chance == 0 and found[5].best == 2


def test_accuracy_judges_the_decisions_alone_not_the_safe_openings() -> None:
    # The flag on cell 2 (proved safe) is the one decision: two safe openings after it leave it at 0.
    game = Game.from_board(CORNERS)
    for action in (Reveal(12), Flag(2), Flag(2), Flag(0), Reveal(1), Chord(1)):
        game.apply(action)
    assert review(game).summary.accuracy == 0
    game = Game.from_board(CORNERS)
    for action in (Reveal(12), Reveal(1)):
        game.apply(action)
    assert review(game).summary.accuracy is None  # safe openings only: nothing to judge


def test_a_game_with_no_action_has_no_judgement_and_no_accuracy() -> None:
    found = review(Game.from_board(CORNERS))
    assert found.judgements == () and found.summary.accuracy is None and found.summary.luck == 1


def test_a_chord_around_a_flag_proved_wrong_opens_a_proved_mine() -> None:
    # Cell 2 is proved safe: flagged, it satisfies the 1 at cell 6, whose chord opens cell 3, a proved mine.
    chord = judged(CORNERS, [Reveal(12), Flag(2), Chord(6)])[2]
    assert (chord.verdict, chord.chance, chord.lost, chord.least, chord.best) == (V.MISTAKE, 1, True, 0, 1)


# 11....     after the first click at cell 2:   #1....
# *3221.                                        #3221.
# *4**1.     cells 13 and 21 are proved safe;   ####1.
# 13*31.     0 and 6 are 1/2, 18 to 20 1/3      ####1.
BESIDE = from_art("11....\n*3221.\n*4**1.\n13*31.")


def test_a_guess_beside_a_safe_cell_is_a_mistake_whatever_its_chance() -> None:
    guess = judged(BESIDE, [Reveal(2), Reveal(18)])[1]
    assert (guess.verdict, guess.chance, guess.least, guess.best, guess.score) == (
        V.MISTAKE,
        Fraction(1, 3),
        0,
        13,  # the nearest proved-safe cell
        0,
    )


def test_the_summary_counts_guesses_luck_and_accuracy() -> None:
    game = Game.from_board(GUESSES)
    for action in (Reveal(15), Reveal(6)):
        game.apply(action)
    summary = review(game).summary
    assert summary.counts[V.FIRST] == summary.counts[V.RISKY] == 1 and summary.guesses == 2
    assert summary.luck == Fraction(4, 5) * Fraction(1, 2)  # the first click's 1/5, then cell 6's 1/2
    assert summary.best_luck == Fraction(4, 5) * Fraction(4, 5)  # a row 0 cell's 1/5
    assert summary.accuracy == Fraction(125, 2) and summary.exact  # the risky guess alone is scored


def test_the_first_click_is_kept_safe_or_as_risky_as_any_cell() -> None:
    kept = Game.new(Size(9, 9, 10), seed=1)
    kept.apply(Reveal(40))
    assert review(kept).judgements[0].chance == 0
    risky = Game.new(Size(9, 9, 10), seed=1, rules=Rules(first_click=FirstClick.NONE))
    risky.apply(Reveal(40))
    first = review(risky).judgements[0]
    assert first.verdict is V.FIRST and first.chance == Fraction(10, 81) and first.least == Fraction(10, 81)
    assert review(risky).summary.guesses == 1 and review(risky).summary.accuracy is None


def test_a_daily_board_s_marked_start_is_no_risk_any_other_first_click_is() -> None:
    """A daily board is given (its mines known before the first click), but its marked start is safe and
    its rules make it the first click: a review counted it as a 12% gamble (a player's review in German)."""
    for start, chance in ((15, Fraction(0)), (0, Fraction(4, 20))):
        game = Game.from_board(GUESSES)
        game.apply(Reveal(start))
        judged = review(game, safe_start=15)
        first = judged.judgements[0]
        assert (first.verdict, first.chance, first.least) == (V.FIRST, chance, chance), start
        assert judged.summary.guesses == (1 if chance else 0)
        assert judged.summary.luck == 1 - chance


def test_a_position_too_complex_to_count_is_judged_on_estimates() -> None:
    game = Game.from_board(GUESSES)
    game.apply(Reveal(15))
    game.apply(Reveal(0))
    guess = review(game, work=0).judgements[1]
    assert not guess.exact and guess.verdict in (V.FORCED, V.RISKY) and not review(game, work=0).summary.exact
