"""The game as a player reaches it in any engine: a Tab wraps a Driver with the page contract
(docs/testing.md: the board's data-state, each cell's data-cell, #mines-left, #timer, #new-game,
data-command), read and played through real input.

The page under test carries a capture script (conftest.CAPTURE, first in its head, before the page's
Content-Security-Policy): it notes console errors, uncaught errors and rejections, failed loads and CSP
violations in `window.__problems`, the same way in every engine (WebKit's console is not readable through
its driver, and BiDi's console does not report CSP violations). The Tab reads them before each navigation
and the test fails on any.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..conftest import SCREENSHOTS
from ..play import LOOKS, drawn
from .drivers import Driver

LOAD_TIMEOUT_S = 180  # WebKit starts Pyodide 2-5x slower than Chromium; on a busy machine a start took 60 s
WAIT_TIMEOUT_S = 20

# The engine cell (row, col)'s centre in the viewport, scrolled into view; a turned board draws it turned.
CELL_POINT = """(row, col) => {
  const board = document.querySelector('#board');
  if (board.hasAttribute('data-transposed')) [row, col] = [col, row];
  const cell = board.querySelector(`[data-row="${row}"][data-col="${col}"]`);
  cell.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = cell.getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // A click there must reach the board (the page maps the point to its cell): say what covers it (a panel,
  // a message) rather than click that. Firefox hit-tests a cell's row there at times after a new game.
  const top = document.elementFromPoint(x, y);
  if (!board.contains(top)) {
    throw new Error(`cell ${row},${col} at ${x},${y} is covered by ${top && top.outerHTML.slice(0, 200)}`);
  }
  return [x, y];
}"""
POINT = """(selector) => {
  const element = document.querySelector(selector);
  if (element === null) throw new Error(`no ${selector} in the page`);
  element.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = element.getBoundingClientRect();
  if (box.width === 0) throw new Error(`${selector} is not shown`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""
PROBLEMS = "() => window.__problems === undefined ? null : window.__problems.splice(0)"


class Tab:
    """One engine's tab on the site at `url`; `problems` gathers what every page it showed noted."""

    def __init__(self, driver: Driver, url: str, other_buttons: bool = True) -> None:
        self.driver = driver
        self.url = url
        # False where the driver loses the right and middle buttons' release (WebKitWebDriver: no pointerup,
        # a mouseup of the left button, and the next click arrives with the button still held).
        self.other_buttons = other_buttons
        self.problems: list[str] = []
        self.pages = 0  # pages of the game shown, whose capture script must have been there

    @property
    def engine(self) -> str:
        return self.driver.engine

    def run(self, function: str, *args: Any) -> Any:
        return self.driver.run(function, *args)

    # -- pages ------------------------------------------------------------------------------------

    def open(self, path: str = "index.html") -> None:
        """Go to a page of the site and wait until the board takes input."""
        self.gather()
        self.driver.goto(self.url + path)
        self.wait_ready()

    def reload(self) -> None:
        self.gather()
        self.driver.reload()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.wait("() => document.querySelector('#board')?.dataset.state !== 'loading'", LOAD_TIMEOUT_S)
        self.pages += 1

    def gather(self) -> None:
        """Take what the shown page noted, before it goes; a game page without the capture is an error."""
        if self.pages == 0:
            return
        noted = self.run(PROBLEMS)
        if noted is None:
            raise AssertionError("the capture script is missing from the page: conftest.CAPTURE")
        self.problems += noted

    def wait(self, predicate: str, timeout_s: float = WAIT_TIMEOUT_S, *args: Any) -> Any:
        """Until the JavaScript `predicate(...args)` gives a true value, which is returned; a page going
        away meanwhile is waited for too."""
        deadline = time.monotonic() + timeout_s
        last: Any = None
        while time.monotonic() < deadline:
            try:
                last = self.run(predicate, *args)
            except Exception as error:  # a page unloading under the script: try again
                last = error
            else:
                if last:
                    return last
            time.sleep(0.1)
        raise AssertionError(f"{self.engine}: not true after {timeout_s} s: {predicate} (last: {last!r})")

    def wait_until(self, read: Callable[[], Any], expected: Any, timeout_s: float = WAIT_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while (value := read()) != expected:
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: {value!r}, not {expected!r} after {timeout_s} s")
            time.sleep(0.1)

    def screenshot(self, name: str) -> None:
        """Save tests/screenshots/ENGINE-NAME.png (git-ignored) for a person to look at."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.screenshot(SCREENSHOTS / f"{self.engine}-{name}.png")

    # -- reading the page -------------------------------------------------------------------------

    def state(self) -> str:
        """The board's data-state once the page has played every tap it painted ahead (`aria-busy` till then:
        js/press.js)."""
        self.wait("() => !document.querySelector('#board[aria-busy=true]:not([data-state=loading])')")
        return str(self.run("() => document.querySelector('#board').dataset.state"))

    def text(self, selector: str) -> str:
        return str(self.run("(s) => document.querySelector(s).textContent", selector))

    def attribute(self, selector: str, name: str) -> str | None:
        value = self.run("(s, n) => document.querySelector(s).getAttribute(n)", selector, name)
        return None if value is None else str(value)

    def shown(self, selector: str) -> bool:
        return bool(self.run("(s) => document.querySelector(s)?.checkVisibility() ?? false", selector))

    def picture(self) -> str:
        """The board as the player sees it, one character per cell (play.picture's alphabet)."""
        width, cells = self.run(f"() => ({LOOKS})(document.querySelector('#board'))")
        return drawn(int(width), cells)

    def looks(self) -> list[str]:
        return [str(look) for look in self.run(f"() => ({LOOKS})(document.querySelector('#board'))")[1]]

    def focused_cell(self) -> tuple[int, int] | None:
        position = self.run(
            "() => { const e = document.activeElement; return e && e.dataset.row !== undefined"
            " ? [Number(e.dataset.row), Number(e.dataset.col)] : null }"
        )
        return None if position is None else (position[0], position[1])

    # -- playing ----------------------------------------------------------------------------------

    def click(self, selector: str, button: str = "left") -> None:
        x, y = self.run(POINT, selector)
        self.driver.click(x, y, button)

    def click_cell(self, row: int, col: int, button: str = "left") -> None:
        x, y = self.run(CELL_POINT, row, col)
        self.driver.click(x, y, button)

    def tap_cell(self, row: int, col: int) -> None:
        x, y = self.run(CELL_POINT, row, col)
        self.driver.tap(x, y)

    def long_press_cell(self, row: int, col: int, ms: int) -> None:
        x, y = self.run(CELL_POINT, row, col)
        self.driver.long_press(x, y, ms)

    def press(self, key: str) -> None:
        self.driver.press(key)

    def flag(self, row: int, col: int) -> None:
        """Flag as a mouse player does, by a right click; where the driver cannot (`other_buttons`), as a
        keyboard player does: to the cell with the arrows, then F."""
        if self.other_buttons:
            self.click_cell(row, col, "right")
        else:
            self.by_key(row, col, "f")

    def chord(self, row: int, col: int) -> None:
        """Open around a number by a middle click; where the driver cannot (`other_buttons`), by C."""
        if self.other_buttons:
            self.click_cell(row, col, "middle")
        else:
            self.by_key(row, col, "c")

    def by_key(self, row: int, col: int, key: str) -> None:
        self.state()  # a click's tap played: it moves the focus cell to the cell clicked
        if self.focused_cell() is None:
            self.run("() => document.querySelector('#board [tabindex=\"0\"]').focus()")
        self.go(row, col)
        self.press(key)

    def go(self, row: int, col: int) -> None:
        """Walk the keyboard's focus cell to (row, col) with arrow keys only."""
        now = self.focused_cell()
        assert now is not None, f"{self.engine}: the focus is not on the board"
        for _ in range(abs(row - now[0])):
            self.press("ArrowDown" if row > now[0] else "ArrowUp")
        for _ in range(abs(col - now[1])):
            self.press("ArrowRight" if col > now[1] else "ArrowLeft")
        assert self.focused_cell() == (row, col)
