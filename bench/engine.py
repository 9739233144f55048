"""Engine speed on CPython: the median of several runs of each task, in ms, beside its target.

Run: `make bench` or `.venv/bin/python bench/engine.py`; `--pyodide` runs the same script in the pinned
Pyodide under Node (node_modules/pyodide, after `npm ci`), the interpreter the page uses. Figures only;
nothing here fails a build. Targets: the issue's (expert first click 2 ms, whole 256x256 flood 100 ms,
on CPython); 100 ms for 3BV is our own budget. The neighbour table of each shape is built once before
timing (the page pays that once per shape; its cold cost is printed on its own line).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from minesweeper import Board, Game, Reveal, Size, level
from minesweeper.analysis import analyse
from minesweeper.grid import neighbour_table
from minesweeper.placement import FirstClick, place_mines

RUNS = 15
TARGETS = {"expert 30x16/99": 2.0}  # the targets, on CPython, with 100 ms for the flood below


def median_ms(task: Callable[[int], object], runs: int = RUNS) -> float:
    """Median wall time of task(run) over `runs` runs; each run gets its own number (a seed)."""
    times = []
    for run in range(runs):
        start = time.perf_counter()
        task(run)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def first_click(size: Size) -> Callable[[int], object]:
    """Placement and the opening of a first click at the centre, in a fresh seeded game."""
    centre = size.cell(size.height // 2, size.width // 2)
    return lambda seed: Game.new(size, seed).apply(Reveal(centre))


def flood(board: Board) -> Callable[[int], object]:
    return lambda _: Game.from_board(board).apply(Reveal(0))


def bbbv(board: Board) -> Callable[[int], object]:
    return lambda _: analyse(board)


def report(name: str, ms: float, target: float | None) -> None:
    goal = "" if target is None else f"   target < {target:g} ms {'ok' if ms < target else 'MISSED'}"
    print(f"{name:<44} {ms:8.2f} ms{goal}")


def main() -> int:
    if "--pyodide" in sys.argv[1:]:
        import pyodide_node  # only on CPython: bench/ is on sys.path when this file is run

        return pyodide_node.run(Path(__file__), [])
    where = "Pyodide (WebAssembly)" if sys.platform == "emscripten" else "CPython"
    print(f"engine on {where} {sys.version.split()[0]}, median of {RUNS} runs")
    neighbour_table.cache_clear()
    start = time.perf_counter()
    neighbour_table(256, 256)
    report("neighbour table 256x256, cold (once a shape)", (time.perf_counter() - start) * 1000, None)
    sizes = {"expert 30x16/99": level("expert"), "100x100/2000": Size(100, 100, 2000)}
    sizes["256x256/6500"] = Size(256, 256, 6500)
    for size in sizes.values():
        neighbour_table(size.width, size.height)
    for name, size in sizes.items():
        report(f"first click, {name}", median_ms(first_click(size)), TARGETS.get(name))
    report("flood of an empty 256x256 board", median_ms(flood(Board(Size(256, 256, 0), frozenset()))), 100)
    for mines in (6500, 13000):
        board = place_mines(Size(256, 256, mines), 0, FirstClick.NONE, random.Random(mines))
        report(f"3BV of 256x256/{mines}", median_ms(bbbv(board)), 100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
