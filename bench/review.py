"""Review, analysis board and ghost speed on expert games, beside their goals.

Run: `.venv/bin/python bench/review.py [GAMES]` (default 20 games, seeds 0..GAMES-1); `--pyodide` runs the
same script in the pinned Pyodide under Node (node_modules/pyodide, after `npm ci`), the interpreter the
page uses. Figures only; nothing here fails a build.

The games are played here by a sensible player who is not the solver: each turn it opens, one click
each, the cells logic proves safe (in a seeded order), flags about half the proved mines it sees, and
when no cell is safe it takes the hint's guess 3 times in 4, else any covered cell not proved a mine; one
click in 50 is a careless one on any such cell even when a safe cell exists. Expert 30x16/99, the first
click at a seeded cell, kept free with its neighbours. Goals (the issue's, for the page, where Pyodide is
~1.5-3x slower than CPython): a review of a ~300-action game within 1 s, worst case included (0.4 s
on CPython); an expert position studied in a median 200 ms (67 ms on CPython, a third, as
bench/solver.py takes it). Each review and study is timed once, in CPU time (`cpu_seconds`).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from minesweeper import Flag, Game, Look, Reveal, State, level
from minesweeper.diagram import Diagram
from minesweeper.ghost import ghost
from minesweeper.review import Review, review
from minesweeper.solver import Position, hint, solve
from minesweeper.study import study

T = TypeVar("T")
PYODIDE = sys.platform == "emscripten"
# In the page (Pyodide), and on CPython: the review's 0.4 s is the issue's, the study's a third of 200 ms.
GOALS_MS = {"review": 400.0, "study": 67.0} if not PYODIDE else {"review": 1000.0, "study": 200.0}


def play(seed: int) -> Game:
    """An expert game by the sensible player (see above)."""
    rng = random.Random(seed)
    size = level("expert")
    game = Game.new(size, seed)
    game.apply(Reveal(rng.randrange(size.cells)))
    while game.state is State.PLAYING:
        position = Position(game.size, game.view)
        proved = solve(position)
        for mine in sorted(proved.mined):
            if game.looks[mine] is Look.COVERED and rng.random() < 0.5:
                game.apply(Flag(mine))
        flags = {c for c, look in enumerate(game.looks) if look is Look.FLAG}
        unsure = sorted(position.covered - proved.mined - flags)
        if proved.safe and rng.random() < 0.02:
            game.apply(Reveal(rng.choice(unsure)))
        elif proved.safe:
            for cell in rng.sample(sorted(proved.safe), len(proved.safe)):
                game.apply(Reveal(cell))
        else:
            found = hint(position)
            assert found is not None
            game.apply(Reveal(found.cell if rng.random() < 0.75 else rng.choice(unsure)))
    return game


def cpu_seconds() -> float:
    """This process's CPU time: CPython's, or in Pyodide under Node, Node's (the 2 cores are shared with
    other work, and a wait for one is not the task's cost)."""
    if not PYODIDE:
        return time.process_time()
    import js  # Pyodide's bridge to Node: only there

    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6


def timed(task: Callable[[], T]) -> tuple[float, T]:
    """The task's ms of CPU time (see `cpu_seconds`)."""
    start = cpu_seconds()
    result = task()
    return (cpu_seconds() - start) * 1000, result


def positions(game: Game, found: Review) -> list[Diagram]:
    """The positions a player would study: before each guess, and half way through the game."""
    chosen = [j.before for j in found.judgements if j.guess and j.move > 0]
    chosen.append(found.judgements[len(found.judgements) // 2].before)
    return chosen


def line(name: str, times: list[float], goal: float | None = None, worst: bool = False) -> str:
    """The median and worst of `times`, beside the goal (of the median, or of the worst)."""
    text = f"{name:<30} median {statistics.median(times):6.1f} ms  worst {max(times):6.1f} ms"
    if goal is not None:
        judged = max(times) if worst else statistics.median(times)
        verdict = "met" if judged <= goal else "MISSED"
        text += f"   goal: {'worst' if worst else 'median'} <= {goal:.0f} ms, {verdict}"
    return text


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--pyodide"]
    if "--pyodide" in sys.argv[1:]:
        import pyodide_node  # only on CPython: bench/ is on sys.path when this file is run

        return pyodide_node.run(Path(__file__), args)
    games = int(args[0]) if args else 20
    where = "Pyodide (WebAssembly)" if PYODIDE else "CPython"
    print(f"review on {where} {sys.version.split()[0]}: {games} expert games by the sensible player")
    reviews, actions, studies, ghosts, accuracy, luck, won, ghost_won, guesses = (
        [],
        [],
        [],
        [],
        [],
        [],
        0,
        0,
        0,
    )
    for seed in range(games):
        game = play(seed)
        ms, found = timed(partial(review, game))
        reviews.append(ms)
        actions.append(len(game.log))
        won += game.state is State.WON
        guesses += found.summary.guesses
        accuracy.append(float(found.summary.accuracy or 100))
        luck.append(float(found.summary.luck / found.summary.best_luck))
        for diagram in positions(game, found):
            studies.append(timed(partial(study, diagram))[0])
        assert game.board is not None
        first = next(a.cell for a in game.log if isinstance(a, Reveal))
        ms, played = timed(partial(ghost, game.board, first))
        ghosts.append(ms)
        ghost_won += played.won
    print(
        f"games: {statistics.median(actions):.0f} actions a game (median; {min(actions)} to {max(actions)}),"
        f" {guesses} guesses in all, {won} won; the ghost won {ghost_won} of the same boards"
    )
    print(
        f"verdicts: accuracy median {statistics.median(accuracy):.1f} (lowest {min(accuracy):.1f}); luck over"
        f" best luck median {statistics.median(luck):.2f} (lowest {min(luck):.2f})"
    )
    print(line("review of a whole game", reviews, GOALS_MS["review"], worst=True))
    print(line(f"study of a position ({len(studies)})", studies, GOALS_MS["study"]))
    print(line("ghost: the solver's own game", ghosts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
