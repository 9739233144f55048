"""Offline play and updates: register the service worker, and offer a new version once it is ready.

The worker (service-worker.js) installs a new version in the background, then waits. The page shows
"A new version is ready" (#update); only the player's click (#update-accept) lets the new worker take
over, and only then does the page reload: the game in progress is saved after every action, so it comes
back. "Later" (#update-later) hides the prompt; the new version then starts with the next launch, once
every tab of the game is closed. On the first visit there is nothing to replace: nothing shows, nothing
reloads.

Glossary:
    registration  the browser's record of our worker, with its `installing`, `waiting`, `active` workers
    controller    the worker that serves this page; the first visit gets one when the worker claims it
    waiting       a new version, fully cached, that takes over only when told "skip-waiting"
"""

from __future__ import annotations

import contextlib

from pyscript import document, window
from pyscript.ffi import to_js

from .dom import Element, listen, spawn

WORKER = "service-worker.js"
# "none": the browser asks the server for the worker and its precache list at every update check,
# even when a host sends them with a max-age.
OPTIONS = {"updateViaCache": "none"}


def start() -> None:
    """Register the worker in the background; the page does not wait for it."""
    container = window.navigator.serviceWorker
    if container is not None:  # None on http:// hosts other than localhost, and in private modes
        spawn(register(container))


async def register(container: Element) -> Updates | None:
    try:
        registration = await container.register(WORKER, to_js(OPTIONS))
    except Exception as error:  # the game plays on without offline support; say why in the console
        window.console.warn(f"service worker not registered: {error}")
        return None
    if not registration:  # JS null (falsy, not None): registration is blocked, as in the tests' contexts
        return None
    return Updates(container, registration)


class Updates:
    """Watches one registration and shows the update prompt when a new version waits."""

    def __init__(self, container: Element, registration: Element) -> None:
        self.container = container
        self.registration = registration
        self.accepted = False
        self.prompt = document.getElementById("update")
        self.button = document.getElementById("update-accept")
        listen(registration, "updatefound", self._on_update_found)
        listen(container, "controllerchange", self._on_controller_change)
        listen(self.button, "click", self._on_accept)
        listen(document.getElementById("update-later"), "click", self._on_later)
        listen(document, "visibilitychange", self._on_visibility_change)
        if registration.waiting and container.controller:
            self._offer()

    def _on_update_found(self, _event: Element) -> None:
        worker = self.registration.installing

        def on_state_change(_event: Element) -> None:
            # No controller means a first install: there is no old version to replace.
            if worker.state == "installed" and self.container.controller:
                self._offer()

        listen(worker, "statechange", on_state_change)

    def _offer(self) -> None:
        self.button.disabled = False
        self.prompt.hidden = False

    def _on_accept(self, _event: Element) -> None:
        self.accepted = True
        self.button.disabled = True
        waiting = self.registration.waiting
        if waiting:
            waiting.postMessage("skip-waiting")
        else:  # another tab's Update let the new version in: it serves this page already, a reload is left
            window.location.reload()

    def _on_later(self, _event: Element) -> None:
        # The new version still waits: it starts by itself once every tab of the game is closed.
        self.prompt.hidden = True

    def _on_controller_change(self, _event: Element) -> None:
        # Another tab's click also changes our controller: reload only after a click here.
        if self.accepted:
            window.location.reload()

    def _on_visibility_change(self, _event: Element) -> None:
        # Browsers check at navigations only; an app left open for days checks when it comes back.
        if document.visibilityState == "visible":
            spawn(self.check())

    async def check(self) -> None:
        """Ask the server for a new version; offline that fails quietly."""
        with contextlib.suppress(Exception):  # offline, or the server is down: this version plays on
            await self.registration.update()
