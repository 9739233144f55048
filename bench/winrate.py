"""How often the hint wins: seeded boards, a referee that plays them, 95% intervals, paired versions.

Run: `.venv/bin/python bench/winrate.py [--games N] [--levels expert,...] [--rules classic,opening]
[--jobs J] [--against REV] [--ours REV] [--seed S] [--first K] [--log FILE]`; `--speed` times the hint
alone on the expert positions of --games games per rule that need a guess; `--summary FILE` prints
the figures of a log, even of a run still going (every game is logged as it ends, and the games are
dealt level by level and rule by rule, game 0 of each first, so a run cut short is still paired and
covers every level and rule). Figures only; nothing here fails a build.

The boards are made here, not by the engine: mines uniform over the cells the rule leaves free
(classic: the first click at (0, 0), only it kept safe; opening: the first click at (3, 3), its 3x3
kept free), seeded by (seed, level, rule, game number), so two versions play the very same boards.
The referee opens the first click, then every cell `solve` proves safe, and the hint's cell when none
is: a mine there loses. `--against REV` plays the same boards with the engine of git revision REV
and prints the paired difference (the same board won by one and lost by the other is what counts).
Also printed: milliseconds per hint when guessing (median, worst) on this interpreter, and the
seconds a game takes, to size a longer run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import multiprocessing
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
RULES = {"classic": ((0, 0), 0), "opening": ((3, 3), 1)}  # first click, and how far around it is kept free
# The table, expert 30x16/99: (classic, opening) win rates in %.
PUBLISHED = {
    "JSMinesweeper's solver (D. Hill), 10M games": ("41.13", "54.3"),
    "Tu et al. 2017, PSEQ-D256, 1e8 games": ("40.05", "53.45"),
    "least-risk guessing (about)": ("38.6-39.6", "52.8"),
}
GOALS = {"beginner": (91.7, 97.2), "intermediate": (78.2, 89.1), "expert": (41.1, 54.3)}  # classic, opening

solvers: dict[str, ModuleType] = {}  # per version, its engine's solver module (set by `use`)


@dataclass(frozen=True)
class Game:
    """One game's outcome: won or not, the hints that guessed, their milliseconds, the game's seconds."""

    version: str
    level: str
    rule: str
    index: int
    won: bool
    guesses: int
    hint_ms: tuple[float, ...]
    seconds: float


def use(versions: dict[str, str]) -> None:
    """Pool initializer: load each version's engine (version -> its py/ directory) under a name of its
    own, so that one worker plays a board with every version."""
    for version, py_dir in versions.items():
        alias = f"minesweeper_{len(solvers)}"
        package = Path(py_dir) / "minesweeper"
        spec = importlib.util.spec_from_file_location(
            alias, package / "__init__.py", submodule_search_locations=[str(package)]
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[alias] = module
        spec.loader.exec_module(module)
        solvers[version] = importlib.import_module(f"{alias}.solver")


def neighbours(width: int, height: int, cell: int) -> list[int]:
    row, col = divmod(cell, width)
    return [
        r * width + c
        for r in range(max(row - 1, 0), min(row + 2, height))
        for c in range(max(col - 1, 0), min(col + 2, width))
        if (r, c) != (row, col)
    ]


def board(level: str, rule: str, index: int, seed: int) -> tuple[frozenset[int], int]:
    """The mines of game `index` and its first click: uniform over the cells the rule leaves free."""
    width, height, mines = LEVELS[level]
    (row, col), reach = RULES[rule]
    row, col = min(row, (height - 1) // 2), min(col, (width - 1) // 2)
    first = row * width + col
    free = {first, *(neighbours(width, height, first) if reach else ())}
    rng = random.Random(f"{seed}:{level}:{rule}:{index}")
    return frozenset(rng.sample([c for c in range(width * height) if c not in free], mines)), first


def play_all(task: tuple[str, str, int, int]) -> list[Game]:
    """The board of `task` played by every version."""
    return [play(version, *task) for version in solvers]


def play(version: str, level: str, rule: str, index: int, seed: int) -> Game:
    """The referee: open the first click, then what `solve` proves safe, else the hint's cell."""
    solver = solvers[version]
    start = time.perf_counter()
    width, height, count = LEVELS[level]
    mines, first = board(level, rule, index, seed)
    table = [neighbours(width, height, c) for c in range(width * height)]
    numbers = [sum(n in mines for n in table[c]) for c in range(width * height)]
    view: list[int | None] = [None] * (width * height)
    size = solver.Size(width, height, count)
    left = width * height - count - reveal(first, view, numbers, table)
    guesses, times = 0, []
    while left:
        position = solver.Position(size, tuple(view))
        safe = solver.solve(position).safe
        if not safe:
            began = time.perf_counter()
            found = solver.hint(position)
            times.append((time.perf_counter() - began) * 1000)
            guesses += 1
            if found.cell in mines:
                return Game(
                    version, level, rule, index, False, guesses, tuple(times), time.perf_counter() - start
                )
            safe = {found.cell}
        for cell in safe:
            left -= reveal(cell, view, numbers, table)
    return Game(version, level, rule, index, True, guesses, tuple(times), time.perf_counter() - start)


def reveal(cell: int, view: list[int | None], numbers: list[int], table: list[list[int]]) -> int:
    """Open `cell` (a safe one) and the area a 0 opens; returns how many cells opened."""
    opened, todo = 0, [cell]
    while todo:
        c = todo.pop()
        if view[c] is not None:
            continue
        view[c] = numbers[c]
        opened += 1
        if not numbers[c]:
            todo.extend(n for n in table[c] if view[n] is None)
    return opened


def run(versions: dict[str, str], tasks: list[tuple[str, str, int, int]], jobs: int, log: Path) -> None:
    """Play every task with every version, appending each game to `log` as it ends."""
    with multiprocessing.Pool(max(jobs, 1), use, (versions,)) as pool, log.open("a") as out:
        for done, games in enumerate(pool.imap_unordered(play_all, tasks, chunksize=2), 1):
            for game in games:
                out.write(json.dumps(asdict(game)) + "\n")
            out.flush()
            if done % 500 == 0:
                print(f"  {done} of {len(tasks)} boards played", flush=True)


def read(log: Path) -> dict[tuple[str, str, str], dict[int, Game]]:
    """The games of a log by (version, level, rule), then by game number."""
    results: dict[tuple[str, str, str], dict[int, Game]] = {}
    for line in log.read_text().splitlines():
        try:
            fields = json.loads(line)
        except json.JSONDecodeError:  # the last line of a run cut short
            continue
        game = Game(**{**fields, "hint_ms": tuple(fields["hint_ms"])})
        results.setdefault((game.version, game.level, game.rule), {})[game.index] = game
    return results


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's: sound near 0% and 100% and for small n)."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def rate(games: dict[int, Game]) -> str:
    wins, n = sum(g.won for g in games.values()), len(games)
    low, high = wilson(wins, n)
    return f"{100 * wins / n:5.2f}% [{100 * low:5.2f}, {100 * high:5.2f}] ({wins}/{n})"


def paired(ours: dict[int, Game], theirs: dict[int, Game], z: float = 1.96) -> str:
    """Our win rate minus theirs on the same boards, with its 95% interval (normal, paired)."""
    diffs = [int(ours[i].won) - int(theirs[i].won) for i in ours if i in theirs]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    only_ours, only_theirs = diffs.count(1), diffs.count(-1)
    return (
        f"{100 * mean:+5.2f} points [{100 * (mean - half):+5.2f}, {100 * (mean + half):+5.2f}]"
        f" (won only by us {only_ours}, only by them {only_theirs})"
    )


def checkout(rev: str, into: str) -> str:
    """The engine of git revision `rev`, extracted under `into`; returns its py/ directory."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "py/minesweeper"], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    return str(Path(into) / "py")


def mkdir(parent: str, name: str) -> str:
    path = Path(parent) / name
    path.mkdir()
    return str(path)


def speed(games: dict[int, Game]) -> str:
    times = [ms for g in games.values() for ms in g.hint_ms]
    if not times:
        return "no guesses"
    per_game = statistics.mean(g.seconds for g in games.values())
    return (
        f"hint when guessing: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms"
        f" over {len(times)} hints; {per_game:.2f} s a game"
    )


def table(results: dict[tuple[str, str, str], dict[int, Game]]) -> None:
    """The issue's table of published expert win rates, our row beside them."""
    classic, opening = (
        "classic: first click at (0,0), only it safe",
        "opening: first click at (3,3), its 3x3 safe",
    )
    print(f"\n| solver | {classic} | {opening} |")
    print("|---|---|---|")
    for name, (on_classic, on_opening) in PUBLISHED.items():
        print(f"| {name} | {on_classic}% | {on_opening}% |")
    for version in sorted({version for version, _, _ in results}, key=lambda v: v != "ours"):
        cells = [results.get((version, "expert", rule)) for rule in RULES]
        if any(cells):
            figures = " | ".join(f"{rate(games)}" if games else "not run" for games in cells)
            print(f"| this engine's hint ({version}), 95% interval | {figures} |")


def positions_to_guess(level: str, rule: str, index: int, seed: int) -> list[object]:
    """The positions of a game (played by ours) in which the hint had to guess."""
    solver = solvers["ours"]
    asked = []
    hint = solver.hint

    def keep(position: object, **options: object) -> object:
        asked.append(position)
        return hint(position, **options)

    solver.hint = keep
    try:
        play("ours", level, rule, index, seed)
    finally:
        solver.hint = hint
    return asked


def speed_only(games: int, seed: int) -> None:
    """Milliseconds per hint on expert positions that need a guess: each timed 3 times, the fastest
    kept (the 2 cores are shared: the fastest run is the one least disturbed)."""
    use({"ours": str(ROOT / "py")})
    solver = solvers["ours"]
    times = []
    for index in range(games):
        for rule in RULES:
            for position in positions_to_guess("expert", rule, index, seed):
                runs = []
                for _ in range(3):
                    began = time.perf_counter()
                    solver.hint(position)
                    runs.append((time.perf_counter() - began) * 1000)
                times.append(min(runs))
    times.sort()
    print(
        f"hint on {len(times)} expert positions needing a guess ({games} games per rule): median"
        f" {statistics.median(times):.1f} ms, 90% under {times[int(0.9 * len(times))]:.1f} ms,"
        f" worst {times[-1]:.1f} ms (goal: median <= 30, worst <= 300)"
    )


def against(games: dict[int, Game], goal: float) -> str:
    """How a win rate stands against its goal: the point estimate, and whether its 95% interval settles it."""
    wins, n = sum(g.won for g in games.values()), len(games)
    low, high = (100 * bound for bound in wilson(wins, n))
    if low >= goal:
        return "met, the whole 95% interval above it"
    if 100 * wins / n >= goal:
        return "reached (the rate is at or above it; its interval reaches below)"
    if high < goal:
        return "short, the whole 95% interval below it"
    return "short (the rate is below it; its interval reaches above)"


def summary(log: Path) -> None:
    results = read(log)
    for (version, level, rule), games in sorted(
        results.items(), key=lambda item: (item[0][1:], item[0][0] != "ours")
    ):
        goal = GOALS[level][list(RULES).index(rule)]
        verdict = f"goal {goal}%: {against(games, goal)}" if version == "ours" else ""
        print(f"{level:<12} {rule:<8} {version:<8} {rate(games)}  {verdict}")
        print(f"{'':<30}{speed(games)}")
        ours = results.get(("ours", level, rule))
        if version != "ours" and ours:
            print(f"{'':<30}ours minus {version}, same boards: {paired(ours, games)}")
    table(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level and rule")
    parser.add_argument("--levels", default="expert", help=f"comma-separated, of {', '.join(LEVELS)}")
    parser.add_argument("--rules", default="classic,opening", help=f"comma-separated, of {', '.join(RULES)}")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (2 cores are shared here)")
    parser.add_argument("--against", help="a git revision whose engine plays the same boards")
    parser.add_argument("--ours", help="a git revision to play instead of the working tree's engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to extend a run)")
    parser.add_argument("--log", type=Path, help="where the games go (default: a temporary file)")
    parser.add_argument("--summary", type=Path, help="only print the figures of this log")
    parser.add_argument("--speed", action="store_true", help="only time the hint on expert positions")
    args = parser.parse_args()
    if args.speed:
        speed_only(args.games, args.seed)
        return 0
    if args.summary:
        summary(args.summary)
        return 0
    python = sys.version.split()[0]
    print(f"win rate on CPython {python}: {args.games} games per level and rule, seed {args.seed}")
    levels, rules = args.levels.split(","), args.rules.split(",")
    numbers = range(args.first, args.first + args.games)
    tasks = [(level, rule, i, args.seed) for i in numbers for level in levels for rule in rules]
    with tempfile.TemporaryDirectory() as scratch:
        # A fixed revision for ours: editing the working tree during a long run changes nothing.
        versions = {"ours": checkout(args.ours, mkdir(scratch, "ours")) if args.ours else str(ROOT / "py")}
        if args.against:
            versions[args.against] = checkout(args.against, mkdir(scratch, "theirs"))
        log = args.log or Path(scratch) / "games.jsonl"
        run(versions, tasks, args.jobs, log)
        summary(log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
