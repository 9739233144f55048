"""Solver speed: no-guess boards per preset and dense board, and exact odds on a mid-game expert position.

Run: `make bench` or `.venv/bin/python bench/solver.py [SEEDS]` (default 20 seeds per size); `--pyodide`
runs the same script in the pinned Pyodide under Node (node_modules/pyodide, after `npm ci`), the
interpreter the page uses. Figures only; nothing here fails a build. Targets (the issue's, for the page,
where Pyodide is ~1.5-3x slower than CPython): a no-guess expert board in a median 0.5 s, the dense
30x16/130 board under 2 s; a third of that on CPython. The boards' digest must be the same on both.
"""

from __future__ import annotations

import hashlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from minesweeper import Game, Reveal, Size, State, level
from minesweeper.noguess import NoGuessUnavailable, place_no_guess
from minesweeper.solver import Position, hint, probabilities, solve

SIZES = {
    "beginner 9x9/10": level("beginner"),
    "intermediate 16x16/40": level("intermediate"),
    "expert 30x16/99": level("expert"),
    "dense 30x16/130": Size(30, 16, 130),
}
# The targets are for the page (Pyodide); on CPython we aim at a third of them.
PAGE_TARGETS_MS = {"expert 30x16/99": 500.0, "dense 30x16/130": 2000.0}
PYODIDE = sys.platform == "emscripten"
TARGETS_MS = {name: ms if PYODIDE else ms / 3 for name, ms in PAGE_TARGETS_MS.items()}


def no_guess_times(size: Size, seeds: int, digest: hashlib._Hash) -> tuple[list[float], int]:
    """Milliseconds per board (first click at the centre) for seeds 0..seeds-1, and the failures.
    Each board goes into `digest`: equal digests on two interpreters mean equal boards."""
    centre = size.cell(size.height // 2, size.width // 2)
    times, failures = [], 0
    for seed in range(seeds):
        start = time.perf_counter()
        try:
            board = place_no_guess(size, centre, random.Random(seed))
            digest.update(repr(sorted(board.mines)).encode())
        except NoGuessUnavailable:
            failures += 1
            digest.update(b"unavailable")
        times.append((time.perf_counter() - start) * 1000)
    return times, failures


def mid_game(seed: int) -> Game:
    """An expert game played by logic, guessing the safest cell when stuck, until half the safe cells
    are open: the kind of position a hint is asked for."""
    size = level("expert")
    game = Game.new(size, seed)
    game.apply(Reveal(size.cell(8, 15)))
    while game.state is State.PLAYING and game.safe_left > (size.cells - size.mines) // 2:
        position = Position(game.size, game.view)
        safe = solve(position).safe
        if not safe:
            best = hint(position)
            assert best is not None
            safe = frozenset({best.cell})
        for cell in sorted(safe):
            game.apply(Reveal(cell))
    return game


def median_ms(task: Callable[[], object], runs: int = 9) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        task()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--pyodide"]
    if "--pyodide" in sys.argv[1:]:
        import pyodide_node  # only on CPython: bench/ is on sys.path when this file is run

        return pyodide_node.run(Path(__file__), args)
    seeds = int(args[0]) if args else 20
    where = "Pyodide (WebAssembly)" if PYODIDE else "CPython"
    print(f"solver on {where} {sys.version.split()[0]}; {seeds} seeds per size, first click at the centre")
    digest = hashlib.sha256()
    for name, size in SIZES.items():
        times, failures = no_guess_times(size, seeds, digest)
        target = TARGETS_MS.get(name)
        verdict = "" if target is None else f"   target median < {target:g} ms"
        verdict += "" if target is None else (" ok" if statistics.median(times) < target else " MISSED")
        print(
            f"no-guess {name:<24} median {statistics.median(times):7.1f} ms  max {max(times):7.1f} ms"
            f"  failures {failures}/{seeds}{verdict}"
        )
    print(f"boards digest {digest.hexdigest()[:16]} (the same on every interpreter: same seed, same board)")
    positions = [Position(game.size, game.view) for game in map(mid_game, range(10))]
    print("mid-game expert positions (10 games, half the safe cells open): median (max) of one run each")
    tasks: dict[str, Callable[[Position], object]] = {
        "solve": solve,
        "probabilities": probabilities,
        "hint": hint,
    }
    for name, task in tasks.items():
        times = [median_ms(partial(task, p), runs=1) for p in positions]
        print(f"  {name:<14} {statistics.median(times):7.1f} ms  ({max(times):.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
