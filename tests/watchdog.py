"""A deadline for every test and for the harness's own browser calls, that works with Playwright's sync
API; and no browser or driver left running after the run.

Glossary:
    deadline   a bound on a block of code (`with deadline(30, "what"):`); the suite puts one on each
               phase of each test (setup, call, teardown: PHASE_S)
    overdue    a block past its deadline: the watchdog thread prints where the test is stuck and cancels
               every Playwright call in flight, so the call raises in the test, the block raises
               `Overdue` with that stack, and that test fails while the run goes on
    backstop   a block still stuck GRACE_S after its calls were cancelled (stuck in no Playwright call):
               the watchdog prints every thread's stack and ends the worker's process; xdist reports that
               test as failed ("worker crashed") and starts another worker
    reaper     the run's first process adopts every process its workers leave behind (Linux's child
               subreaper), and ends them all once the run is over, or when the run is stopped (SIGTERM)

Why not pytest-timeout's signal method: a sync Playwright call waits in the dispatcher greenlet's event
loop; a signal that lands there is thrown into the test only by some versions of Playwright, and a run
hung for 19 minutes past its 600 s once (issue 31). A thread and the loop's own `call_soon_threadsafe`
need no signal.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import faulthandler
import heapq
import itertools
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import greenlet
import pytest

PHASE_S = 240.0  # the slowest phase seen: a WebKit start with a first visit, about a minute on a busy machine
GRACE_S = float(os.environ.get("WATCHDOG_GRACE_S", 20))  # after the cancelling, for the test to give up
PR_SET_CHILD_SUBREAPER = 36  # prctl(2)
HARNESS = ("/_pytest/", "/pluggy/", "/xdist/", "/execnet/")  # frames left out of a stuck test's stack


class Overdue(Exception):
    """A block ran past its deadline; the message says where it was stuck."""


@dataclass(order=True)
class Bound:
    expires: float
    serial: int
    what: str = field(compare=False)
    seconds: float = field(compare=False)
    waiter: greenlet.greenlet = field(compare=False)
    done: bool = field(default=False, compare=False)
    stuck_at: str | None = field(default=None, compare=False)  # set once it fired


class Watchdog:
    """One thread that watches every open deadline of this process."""

    def __init__(self) -> None:
        self.loops: list[asyncio.AbstractEventLoop] = []  # Playwright's, registered by the e2e fixtures
        self._heap: list[Bound] = []
        self._serial = itertools.count()
        self._lock = threading.Condition()
        threading.Thread(target=self._watch, name="watchdog", daemon=True).start()

    @contextlib.contextmanager
    def deadline(self, seconds: float, what: str) -> Iterator[None]:
        bound = Bound(time.monotonic() + seconds, next(self._serial), what, seconds, greenlet.getcurrent())
        with self._lock:
            heapq.heappush(self._heap, bound)
            self._lock.notify()
        try:
            yield
        except BaseException as error:
            if bound.stuck_at is None:
                raise
            raise Overdue(overdue_text(bound)) from error
        finally:
            with self._lock:
                bound.done = True
        if bound.stuck_at is not None:  # the block swallowed the cancelling: it still failed its bound
            raise Overdue(overdue_text(bound))

    def _watch(self) -> None:
        while True:
            with self._lock:
                while not self._heap or self._heap[0].done:
                    if self._heap:
                        heapq.heappop(self._heap)
                    else:
                        self._lock.wait()
                bound = self._heap[0]
                wait = bound.expires - time.monotonic()
                if wait > 0:
                    self._lock.wait(wait)
                    continue
                heapq.heappop(self._heap)
                bound.stuck_at = stack_of(bound.waiter)
            self._fire(bound)

    def _fire(self, bound: Bound) -> None:
        print(f"\n{overdue_text(bound)}", file=sys.stderr, flush=True)
        for loop in self.loops:
            with contextlib.suppress(RuntimeError):  # a loop closed since
                loop.call_soon_threadsafe(cancel_calls, loop)
        end = time.monotonic() + GRACE_S
        while time.monotonic() < end:
            if bound.done:
                return
            time.sleep(0.2)
        print(
            f"\n{bound.what}: still stuck {GRACE_S:.0f} s after its browser calls were cancelled; "
            "every thread's stack, then this process ends:",
            file=sys.stderr,
            flush=True,
        )
        faulthandler.dump_traceback(all_threads=True)
        os._exit(70)


def cancel_calls(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel every sync Playwright call waiting in `loop` (its tasks carry the caller's frame): each raises
    CancelledError in the code that made it."""
    for task in asyncio.all_tasks(loop):
        if hasattr(task, "__pw_caller_frame__") and not task.done():
            task.cancel("the watchdog: past its deadline")


def stack_of(waiter: greenlet.greenlet) -> str:
    """Where the greenlet that opened a deadline stands now (the test's own lines, not the event loop's)."""
    frame = waiter.gr_frame if waiter is not greenlet.getcurrent() else None
    if frame is None:  # running, not waiting in a sync call: read its thread's frame
        frame = sys._current_frames().get(threading.main_thread().ident or 0)
    if frame is None:
        return "(no stack)\n"
    lines = traceback.extract_stack(frame)
    harness = [i for i, line in enumerate(lines) if any(part in line.filename for part in HARNESS)]
    return "".join(traceback.format_list(lines[harness[-1] + 1 if harness else 0 :]))


def overdue_text(bound: Bound) -> str:
    return f"{bound.what}: past its deadline of {bound.seconds:.0f} s, stuck at:\n{bound.stuck_at}"


WATCHDOG = Watchdog()
deadline = WATCHDOG.deadline


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with deadline(phase_seconds(item), f"{item.nodeid} (setup)"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with deadline(phase_seconds(item), f"{item.nodeid} (call)"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    with deadline(phase_seconds(item), f"{item.nodeid} (teardown)"):
        return (yield)


def phase_seconds(item: pytest.Item) -> float:
    """PHASE_S, or the test's own `@pytest.mark.deadline(seconds)`."""
    marker = item.get_closest_marker("deadline")
    return float(marker.args[0]) if marker else PHASE_S


# -- the reaper --------------------------------------------------------------------------------------


def is_first_process(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # an xdist worker has it


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "deadline(seconds): this test's bound per phase, instead of PHASE_S")
    if is_first_process(config) and sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        signal.signal(signal.SIGTERM, end_on_term)


def end_on_term(number: int, frame: object) -> None:
    """The run is stopped from outside: end what it started (browsers start in process groups of their
    own, which a signal to the run's group does not reach), then stop as SIGTERM stops."""
    reap(os.getpid())
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


def descendants(pid: int) -> list[int]:
    """Every live process below `pid`, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
                children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def command_of(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:120]
    return "?"


def reap(pid: int) -> list[str]:
    """End every process left below `pid` (TERM, then KILL); returns their command lines."""
    with contextlib.suppress(ChildProcessError):  # adopted processes that ended already
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    left = [child for child in descendants(pid) if not zombie(child)]
    named = [command_of(child) for child in left]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for child in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, sig)
        end = time.monotonic() + 5
        while (left := [c for c in left if Path(f"/proc/{c}").exists() and not zombie(c)]) and (
            time.monotonic() < end
        ):
            time.sleep(0.1)
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    return named


def zombie(pid: int) -> bool:
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat[stat.rindex(")") + 2] == "Z"
    return True


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    if is_first_process(config) and sys.platform == "linux":
        left = reap(os.getpid())
        if left:
            print(f"\nthe watchdog ended {len(left)} processes left after the run:", file=sys.stderr)
            for command in left:
                print(f"  {command}", file=sys.stderr)
