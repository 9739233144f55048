"""One small driver interface over the three browser engines, so that a test's steps are written once.

Glossary:
    Driver    what a test may do to a tab: go to an address, reload, run a JavaScript function, click,
              press a key, tap and long press at a point; points are CSS pixels in the viewport
    adapter   a Driver for one engine: Playwright for Chromium, Selenium and WebKitWebDriver for WebKit
              (MiniBrowser under xvfb-run), WebDriver BiDi (bidi.py) for Firefox ESR
    key       a key by its KeyboardEvent.key name ("Enter", "ArrowDown", "F2", "f"), as the page sees it

Each adapter keeps one tab for a worker's whole session (a browser start costs seconds); `run` sends a
function's source and its JSON arguments and returns its awaited result through JSON, so every engine
answers with the same Python values.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Browser

from ...watchdog import reap
from . import bidi

DESKTOP = {"width": 1280, "height": 800}
BUTTONS = {"left": 0, "middle": 1, "right": 2}
# WebDriver's codes for the keys that are not characters (the W3C WebDriver spec's key table).
WEBDRIVER_KEYS = {
    "Tab": "\ue004",
    "Enter": "\ue007",
    "Escape": "\ue00c",
    " ": "\ue00d",
    "End": "\ue010",
    "Home": "\ue011",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "F2": "\ue032",
}
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
LOAD_TIMEOUT_S = 180  # a command's answer; a navigation served by WebKit's service worker can be slow
XVFB_SCREEN = "-screen 0 1600x1000x24"  # xvfb-run's default screen, 640x480, is smaller than the window
# Xvfb has no GPU: WebKit composites with Mesa's llvmpipe, whose rasterizer threads free a finished scene
# while the compositor thread still walks it (Mesa 22.3: the web process's "ThreadedCompositor" segfaulted
# in swrast_dri.so, always at the same instruction; docs/testing.md). No rasterizer threads (llvmpipe then
# draws in the calling thread) and Skia painting on the CPU (one GL context left: the compositor's) take the
# race away. A phone's GPU driver is not this code.
WEBKIT_GL = {"LP_NUM_THREADS": "0", "WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}


class Driver(Protocol):
    engine: str

    def goto(self, url: str, loaded: bool = True) -> None: ...
    def reload(self) -> None: ...
    def run(self, function: str, *args: Any) -> Any: ...
    def click(self, x: float, y: float, button: str = "left") -> None: ...
    def press(self, key: str) -> None: ...
    def tap(self, x: float, y: float) -> None: ...
    def long_press(self, x: float, y: float, ms: int) -> None: ...
    def screenshot(self, path: Path) -> None: ...
    def close(self) -> None: ...


def call(function: str, args: tuple[Any, ...]) -> str:
    """An expression that awaits `function(...args)` and gives its result as JSON text."""
    arguments = ", ".join(json.dumps(arg) for arg in args)
    return f"(async () => JSON.stringify(await ({function})({arguments})))()"


def parsed(result: str | None) -> Any:
    return None if result is None else json.loads(result)


class ChromiumDriver:
    """Playwright's page in one context of Debian's Chromium, service workers allowed."""

    engine = "chromium"

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport=DESKTOP, service_workers="allow")
        self.page = self.context.new_page()

    def goto(self, url: str, loaded: bool = True) -> None:
        """`loaded`: wait for the load event; else only until the document is there (its origin's storage
        can be reached)."""
        self.page.goto(url, wait_until="load" if loaded else "commit")

    def reload(self) -> None:
        self.page.reload()

    def run(self, function: str, *args: Any) -> Any:
        return parsed(self.page.evaluate(call(function, args)))

    def click(self, x: float, y: float, button: str = "left") -> None:
        self.page.mouse.click(x, y, button=button)  # type: ignore[arg-type]

    def press(self, key: str) -> None:
        self.page.keyboard.press("Space" if key == " " else key)

    def tap(self, x: float, y: float) -> None:
        raise NotImplementedError("Chromium's touch is tested in tests/e2e (test_touch, test_phone_touch)")

    long_press = tap  # type: ignore[assignment]

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.context.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{WEBKIT_DRIVER} exited with {process.returncode}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port)).close()
            return
        time.sleep(0.1)
    raise RuntimeError(f"{WEBKIT_DRIVER} did not listen on port {port} in {timeout_s} s")


class WebKitDriver:
    """MiniBrowser through WebKitWebDriver and Selenium, on a virtual display of its own (xvfb-run).

    WebKitWebDriver loses a right button's release (the page then sees the next left click with both
    buttons held): tests flag with F here. Its touch actions arrive as mouse events: no touch tests."""

    engine = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options

        port = free_port()
        # In the worker's process group, so that a run stopped from outside stops it too (a session of its own
        # outlived one); close() ends xvfb-run and every process under it: Xvfb, the driver, the browser.
        self.process = subprocess.Popen(
            ["xvfb-run", "--auto-servernum", f"--server-args={XVFB_SCREEN}", WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **WEBKIT_GL},
        )  # fmt: skip
        wait_for_port(port, self.process)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # MiniBrowser needs it when the driver is given its path
        address = f"http://127.0.0.1:{port}"
        config = ClientConfig(remote_server_addr=address, timeout=LOAD_TIMEOUT_S)
        self.driver = webdriver.Remote(
            command_executor=RemoteConnection(client_config=config), options=options
        )
        self.driver.set_window_rect(0, 0, DESKTOP["width"], DESKTOP["height"])

    def goto(self, url: str, loaded: bool = True) -> None:
        self.driver.get(url)  # WebDriver's get waits for the load, whatever is asked

    def reload(self) -> None:
        self.driver.refresh()

    def run(self, function: str, *args: Any) -> Any:
        return parsed(self.driver.execute_script(f"return {call(function, args)}"))

    def _pointer(self, steps: list[tuple[str, int]], x: float, y: float, kind: str) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        builder = ActionBuilder(self.driver, mouse=PointerInput(kind, kind))
        pointer = builder.pointer_action
        pointer.move_to_location(round(x), round(y))
        for step, value in steps:
            if step == "down":
                pointer.pointer_down(button=value)
            elif step == "up":
                pointer.pointer_up(button=value)
            else:
                pointer.pause(value / 1000)
        builder.perform()

    def click(self, x: float, y: float, button: str = "left") -> None:
        self._pointer([("down", BUTTONS[button]), ("up", BUTTONS[button])], x, y, "mouse")

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        code = WEBDRIVER_KEYS.get(key, key)
        ActionChains(self.driver).key_down(code).key_up(code).perform()

    def tap(self, x: float, y: float) -> None:
        raise NotImplementedError("WebKitWebDriver delivers touch actions as mouse events")

    long_press = tap  # type: ignore[assignment]

    def screenshot(self, path: Path) -> None:
        self.driver.get_screenshot_as_file(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            reap(self.process.pid)
            self.process.terminate()
            self.process.wait(timeout=10)


class FirefoxDriver:
    """Firefox ESR over WebDriver BiDi (bidi.py); `touch` makes it a touch device by its preferences."""

    engine = "firefox"

    def __init__(self, touch: bool = False) -> None:
        self.browser = bidi.Firefox(bidi.TOUCH_PREFS if touch else None)
        self.target = {"context": self.browser.context}
        self.browser.send("browsingContext.setViewport", {**self.target, "viewport": DESKTOP})

    def goto(self, url: str, loaded: bool = True) -> None:
        wait = "complete" if loaded else "interactive"
        self.browser.send("browsingContext.navigate", {**self.target, "url": url, "wait": wait})

    def reload(self) -> None:
        self.browser.send("browsingContext.reload", {**self.target, "wait": "complete"})

    def run(self, function: str, *args: Any) -> Any:
        answer = self.browser.send(
            "script.evaluate",
            {"expression": call(function, args), "target": self.target, "awaitPromise": True},
        )
        if answer["type"] == "exception":
            raise bidi.BidiError(f"script: {answer['exceptionDetails']['text']}")
        result = answer["result"]
        return parsed(result.get("value") if result["type"] == "string" else None)

    def _actions(self, source: dict[str, Any]) -> None:
        self.browser.send("input.performActions", {**self.target, "actions": [source]})
        self.browser.send("input.releaseActions", self.target)

    def _pointer(self, kind: str, x: float, y: float, *steps: dict[str, Any]) -> None:
        move = {"type": "pointerMove", "x": round(x), "y": round(y)}
        source = {"type": "pointer", "id": kind, "parameters": {"pointerType": kind}}
        self._actions({**source, "actions": [move, *steps]})

    def click(self, x: float, y: float, button: str = "left") -> None:
        self._pointer("mouse", x, y, *press_and_release(BUTTONS[button]))

    def press(self, key: str) -> None:
        code = WEBDRIVER_KEYS.get(key, key)
        steps = [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        self._actions({"type": "key", "id": "keyboard", "actions": steps})

    def tap(self, x: float, y: float) -> None:
        self._pointer("touch", x, y, *press_and_release(0))

    def long_press(self, x: float, y: float, ms: int) -> None:
        down, up = press_and_release(0)
        self._pointer("touch", x, y, down, {"type": "pause", "duration": ms}, up)

    def screenshot(self, path: Path) -> None:
        shot = self.browser.send("browsingContext.captureScreenshot", self.target)
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        self.browser.close()


def press_and_release(button: int) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"type": "pointerDown", "button": button}, {"type": "pointerUp", "button": button}
