"""The suite's closing lines say where its time went: seconds per part (CPython unit tests, the tools,
Chromium's e2e suite, and each engine of the engines suite), summed over the workers, so a run that
grows past its budget (`make test` under 12 minutes on 2 cores) names the part that grew. Every test runs
under the watchdog's deadlines (watchdog.py)."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

pytest_plugins = ["tests.watchdog"]

ENGINE = re.compile(r"\[(?:[^\]]*-)?(chromium|webkit|firefox)\]")


def part(nodeid: str) -> str:
    """The part of the suite a test belongs to, from its node id."""
    if nodeid.startswith("tests/e2e/engines/"):
        engine = ENGINE.search(nodeid)
        # The touch tests run in a Firefox of their own, with no engine parameter.
        return f"engines: {engine.group(1) if engine else 'firefox'}"
    if nodeid.startswith("tests/e2e/"):
        return "e2e: chromium"
    if nodeid.startswith("tests/tools/"):
        return "tools"
    return "unit"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    seconds: dict[str, float] = defaultdict(float)
    for reports in terminalreporter.stats.values():
        for report in reports:
            if isinstance(report, pytest.TestReport):
                seconds[part(report.nodeid)] += report.duration
    if seconds:
        summed = ", ".join(f"{name} {total:.0f} s" for name, total in sorted(seconds.items()))
        terminalreporter.write_line(f"time by part, summed over workers: {summed}")
