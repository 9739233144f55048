"""Print the daily boards of a few days, in CPython or (with --pyodide) in the page's Pyodide under Node, to
check that both make the same boards (tests/unit/test_daily.py pins them).

    .venv/bin/python bench/daily.py [--pyodide]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

DAYS = ("2026-11-25", "2026-01-01", "2030-06-15")


def main() -> int:
    from minesweeper import LEVELS, to_code
    from minesweeper.daily import daily

    for day in DAYS:
        for level in LEVELS:
            made = daily(day, level)
            print(day, level, made.start, to_code(made.board))
    return 0


if __name__ == "__main__":
    if "--pyodide" in sys.argv:
        from pyodide_node import run

        sys.exit(run(Path(__file__), []))
    sys.exit(main())
