"""The suite's watchdog (tests/watchdog.py) on a run of its own: a browser call made to hang on purpose fails
its test within the deadline, with the test's line in the report, and the run goes on; a test stuck outside
any browser call ends its worker, which xdist reports as that test's failure; no browser outlives the run."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT

MARK = f"--watchdog-test={os.getpid()}"  # an unknown switch, ignored by Chromium: finds the run's browsers
CONFTEST = f"""
import pytest
from playwright.sync_api import sync_playwright
from tests.watchdog import WATCHDOG

@pytest.fixture(scope="session")
def page():
    with sync_playwright() as p:
        WATCHDOG.loops.append(p._loop)
        browser = p.chromium.launch(executable_path={CHROMIUM!r}, args={[*CHROMIUM_ARGS, MARK]!r})
        yield browser.new_page()
        browser.close()
"""

TESTS = """
import time
import pytest

def test_first(page):
    pass  # the browser starts here, under the suite's deadline: at a load of 19 it took more than 3 s

@pytest.mark.deadline(3)
def test_hangs(page):
    page.evaluate("new Promise(() => {})")  # never settles: Playwright waits for ever

def test_after_the_hang(page):
    assert page.evaluate("6 * 7") == 42  # the same browser still answers

@pytest.mark.deadline(2)
def test_stuck_outside_the_browser(page):
    while True:
        time.sleep(0.1)

def test_last():
    pass
"""


def run(folder: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    # The grace after the cancelling (20 s in the suite) is 10 s here: long enough for a cancelled call to
    # end its test on a machine at a load of 15 (2 s was not: the hung test's worker was ended instead).
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WATCHDOG_GRACE_S": "10"}
    command = [sys.executable, "-m", "pytest", "-p", "tests.watchdog", "-p", "no:cacheprovider", *args]
    began = time.monotonic()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=180)
    return done, time.monotonic() - began


def test_a_hung_call_fails_its_test_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (tmp_path / "test_inner.py").write_text(textwrap.dedent(TESTS))
    done, seconds = run(tmp_path, "-n", "1", "-rA", "-o", "timeout=0")
    report = done.stdout + done.stderr
    found = re.findall(r"^(PASSED|FAILED) test_inner.py::(\w+)", report, re.M)
    outcomes = {name: state for state, name in found}
    assert outcomes == {
        "test_first": "PASSED",
        "test_hangs": "FAILED",
        "test_after_the_hang": "PASSED",
        "test_stuck_outside_the_browser": "FAILED",
        "test_last": "PASSED",
    }, report
    # The hung call's report names the deadline and the test's own line.
    assert "test_hangs (call): past its deadline of 3 s" in report, report
    assert "line 10, in test_hangs" in report, report
    # The stuck test ended its worker, reported as that test's failure; a new worker ran the last test.
    assert re.search(r"worker .* crashed while running .*test_stuck_outside_the_browser", report), report
    assert seconds < 90, f"the inner run took {seconds:.0f} s"
    assert not marked(), f"browsers left by the inner run: {marked()}"


def marked() -> list[str]:
    """The command lines of the live processes that carry MARK."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                if MARK in command:
                    found.append(command[:100])
    return found
