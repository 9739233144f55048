"""A small WebDriver BiDi client: Debian's Firefox ESR driven over the websocket it opens with
`--remote-debugging-port`, with no geckodriver and no Node process in between.

Glossary:
    command  a JSON message {id, method, params}; Firefox answers with the same id, a `result` or an `error`
    event    a message without an id (log.entryAdded, ...): kept in `events` while a command is awaited
    context  a browsing context, a tab: navigations, scripts and input actions are aimed at one

Only what the browser tests need: start Firefox with a profile of its own (preferences in user.js), open a
session, and send commands one at a time (the tests are synchronous, so no reader thread is needed).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import websocket

FIREFOX = "/usr/bin/firefox-esr"
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://[\d.:]+)")
START_TIMEOUT_S = 60
COMMAND_TIMEOUT_S = 180  # a navigation through the service worker on a busy machine can take a minute

# Quiet and offline-safe: nothing phones home (there is no network to reach), no first-run pages.
# Firefox's remote agent sets its own recommended preferences on top (remote.prefs.recommended).
QUIET_PREFS: dict[str, Any] = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "remote.active-protocols": 1,  # BiDi only
}
# A touch device, Firefox's way: touch events on and a coarse primary pointer, so that WebDriver's touch
# actions reach the page as real touches and pointer events of type "touch".
TOUCH_PREFS: dict[str, Any] = {
    "dom.w3c_touch_events.enabled": 1,
    "ui.primaryPointerCapabilities": 1,  # coarse, no hover
    "ui.allPointerCapabilities": 1,
}


class BidiError(RuntimeError):
    """An error answer to a command; the message names the command and Firefox's reason."""


class Firefox:
    """One headless Firefox process with a BiDi session and its first tab."""

    def __init__(self, prefs: dict[str, Any] | None = None) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="firefox-profile-")
        write_prefs(Path(self.profile.name), {**QUIET_PREFS, **(prefs or {})})
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile.name,
             "--remote-debugging-port", "0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.socket = websocket.create_connection(
            listening_url(self.process) + "/session",
            suppress_origin=True,  # Firefox refuses a web page's Origin
        )
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self.context: str = self.send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]

    def send(self, method: str, params: dict[str, Any]) -> Any:
        """Send a command and wait for its answer; events that arrive meanwhile go to `events`."""
        sent = next(self.ids)
        self.socket.send(json.dumps({"id": sent, "method": method, "params": params}))
        self.socket.settimeout(COMMAND_TIMEOUT_S)
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != sent:
                self.events.append(message)
            elif message["type"] == "error":
                raise BidiError(f"{method}: {message['error']}: {message.get('message', '')}")
            else:
                return message["result"]

    def close(self) -> None:
        with contextlib.suppress(BidiError, OSError, websocket.WebSocketException):  # it is going anyway
            self.send("browser.close", {})
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.profile.cleanup()


def write_prefs(profile: Path, prefs: dict[str, Any]) -> None:
    lines = [f"user_pref({json.dumps(name)}, {json.dumps(value)});" for name, value in prefs.items()]
    (profile / "user.js").write_text("\n".join(lines) + "\n")


def listening_url(process: subprocess.Popen[str]) -> str:
    """The websocket address Firefox prints on stderr once its remote agent listens."""
    assert process.stderr is not None
    deadline = time.monotonic() + START_TIMEOUT_S
    seen: list[str] = []
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
        seen.append(line)
        if match := LISTENING.search(line):
            drain(process)
            return match.group(1)
    process.kill()
    raise RuntimeError(f"{FIREFOX} did not open its BiDi port; it printed: {''.join(seen)[-2000:]!r}")


def drain(process: subprocess.Popen[str]) -> None:
    """Keep reading Firefox's stderr, so that a full pipe never blocks it."""

    def read() -> None:
        assert process.stderr is not None
        for _ in process.stderr:
            pass

    threading.Thread(target=read, daemon=True).start()
